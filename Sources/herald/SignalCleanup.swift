#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Runs cleanups when `herald` is interrupted (SIGINT, Ctrl-C) or asked to stop
/// (SIGTERM), then exits with 128 + the signal's number, as shells report a death by
/// that signal: a temporary state file is removed on every exit path the process
/// controls. SIGKILL cannot be caught.
///
/// What a cleanup removes is created through ``create(_:cleanup:)``: the cleanup is
/// registered first, and the creation and the signal's cleanups exclude each other, so
/// a signal never comes between the two, and once the cleanups ran nothing new is
/// created (a creation after the signal waits for the exit).
///
/// ```swift
/// SignalCleanup.install()                                      // before anything is created
/// try SignalCleanup.create({ try makeFolder(at: path) }, cleanup: { removeFolder(at: path) })
/// ```
enum SignalCleanup {
    /// The cleanups, and whether the signals are caught yet.
    private final class Registry: @unchecked Sendable {
        // Every property is only touched while holding `lock`.
        let lock = NSLock()
        var installed = false
        var cleanups: [@Sendable () -> Void] = []
        /// A signal is stopping the process: its cleanups ran or are running.
        var stopping = false
    }

    private static let registry = Registry()

    /// Catches SIGINT and SIGTERM from now on; later calls do nothing.
    ///
    /// A C handler catches the signal on whichever thread the kernel picks and only
    /// writes its number to a pipe (all a handler may safely do); a thread of its own
    /// reads it, runs the cleanups and exits. (A `DispatchSource` needs the signal
    /// ignored, and on Linux the kernel then drops one sent to a thread that does not
    /// block it: the run went on as if it had not been stopped.)
    static func install() {
        registry.lock.lock()
        defer { registry.lock.unlock() }
        guard !registry.installed else { return }
        registry.installed = true
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return }
        _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
        signalPipe = ends[1]
        let readEnd = ends[0]
        let reader = Thread {
            var number: UInt8 = 0
            while read(readEnd, &number, 1) != 1 {}
            runCleanups()
            exit(128 + Int32(number))
        }
        reader.start()
        for signalNumber in [SIGINT, SIGTERM] {
            signal(signalNumber) { number in
                var byte = UInt8(truncatingIfNeeded: number)
                _ = write(signalPipe, &byte, 1)
            }
        }
    }

    /// Registers `cleanup`, then runs `create`, both while no signal's cleanups run; a
    /// signal that came before never lets `create` run (the process is exiting). Each
    /// cleanup must be safe to run after the normal end's own cleanup, and at the same
    /// time as the run.
    static func create<Value>(_ create: () throws -> Value, cleanup: @escaping @Sendable () -> Void) rethrows -> Value {
        registry.lock.lock()
        defer { registry.lock.unlock() }
        while registry.stopping {
            // The signal's handler is on its way to exit(): wait for it.
            registry.lock.unlock()
            Thread.sleep(forTimeInterval: 1)
            registry.lock.lock()
        }
        registry.cleanups.append(cleanup)
        return try create()
    }

    /// Called on the way out of a run, however it ends: when a signal is stopping the
    /// process, its handler exits with 128 + the signal, not this path. A failure the
    /// cleanups caused (a temporary folder gone under SQLite) never ends the process
    /// with its own status first.
    static func holdIfStopping() {
        registry.lock.lock()
        let stopping = registry.stopping
        registry.lock.unlock()
        // The handler is on its way to exit().
        while stopping { Thread.sleep(forTimeInterval: 1) }
    }

    private static func runCleanups() {
        registry.lock.lock()
        defer { registry.lock.unlock() }
        registry.stopping = true
        for cleanup in registry.cleanups { cleanup() }
    }
}

/// The pipe's end the signal handler writes to (set once, before the handler is).
nonisolated(unsafe) private var signalPipe: Int32 = -1
