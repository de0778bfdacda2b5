import Foundation
@testable import HeraldScenario
@testable import herald
import Testing

/// The `herald` command's exit statuses are sysexits(3)'s, and each error ends with the
/// one its kind says. (The commands' statuses for real input are checked by the
/// HeraldCommand suites, which run the executable.)
struct ExitStatusTests {
    @Test func theStatusesAreSysexits() {
        // /usr/include/sysexits.h: EX_USAGE 64, EX_DATAERR 65, EX_CANTCREAT 73,
        // EX_IOERR 74, EX_TEMPFAIL 75.
        #expect(ExitStatus.failure.rawValue == 1)
        #expect(ExitStatus.usage.rawValue == 64)
        #expect(ExitStatus.dataError.rawValue == 65)
        #expect(ExitStatus.cannotCreate.rawValue == 73)
        #expect(ExitStatus.ioError.rawValue == 74)
        #expect(ExitStatus.temporaryFailure.rawValue == 75)
        #expect(ExitStatus.ioError.exitCode.rawValue == 74)
    }

    @Test func eachErrorEndsWithItsKindsStatus() {
        #expect(ExitStatus.of(CommandFailure(.cannotCreate, "s.sqlite: cannot create the state file")) == .cannotCreate)
        #expect(ExitStatus.of(StateFileLock.Busy(path: "s.sqlite")) == .temporaryFailure)
        #expect(ExitStatus.of(ScenarioError(code: .syntax, at: nil, message: "not YAML")) == .dataError)
        #expect(ExitStatus.of(ScenarioStateError.notScenarioState("app.sqlite")) == .dataError)
        #expect(ExitStatus.of(OccurrenceListingError(code: .unknownZone, message: "no such zone")) == .dataError)
        #expect(ExitStatus.of(CocoaError(.fileReadUnknown)) == .failure)
    }
}
