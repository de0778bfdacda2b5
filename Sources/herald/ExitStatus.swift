import ArgumentParser
import HeraldScenario
import HeraldSQLite

/// How `herald` ends when it does not succeed (status 0): 1 for a check that found
/// errors, or the sysexits(3) status that says what went wrong. Every command picks
/// its status here, and ``of(_:)`` is the one place that says which error ends with
/// which.
///
/// ```swift
/// throw ExitStatus.usage.exitCode                          // herald plan --at outside the run
/// throw CommandFailure(.cannotCreate, "\(path): cannot create the state file")
/// ExitStatus.of(StateFileLock.Busy(path: path))             // .temporaryFailure
/// ```
enum ExitStatus: Int32, Sendable {
    /// The command ran, and what it found is an error (`herald check`).
    case failure = 1
    /// EX_USAGE: the command line is wrong (an empty path, a clash of paths, `--at`
    /// outside the run). ArgumentParser's own validation errors end with it too.
    case usage = 64
    /// EX_DATAERR: the input is wrong (a scenario file, an RRULE, a state that belongs
    /// elsewhere or is damaged, an event that cannot happen).
    case dataError = 65
    /// EX_CANTCREAT: an output file cannot be created (a folder, a device, no permission).
    case cannotCreate = 73
    /// EX_IOERR: reading or writing failed (a full disk, a file that cannot be locked).
    case ioError = 74
    /// EX_TEMPFAIL: try again later (the state file is in use by another run).
    case temporaryFailure = 75

    /// The status as ArgumentParser ends the process with it.
    var exitCode: ExitCode { ExitCode(rawValue) }

    /// The status a command ends with when `error` stops it: a ``CommandFailure``'s own;
    /// 75 for a state file in use; for a store, 65 when what it holds is wrong and 74
    /// when reading or writing it failed; 65 for a scenario, its state or a rule that
    /// is wrong; 1 for anything else (what ArgumentParser does with an error it does
    /// not know).
    static func of(_ error: any Error) -> ExitStatus {
        switch error {
        case let failure as CommandFailure:
            failure.status
        case is StateFileLock.Busy:
            .temporaryFailure
        case let error as StoreError:
            [StoreError.Code.corrupt, .notHerald, .newerSchema].contains(error.code) ? .dataError : .ioError
        case is ScenarioError, is ScenarioStateError, is OccurrenceListingError:
            .dataError
        default:
            .failure
        }
    }
}
