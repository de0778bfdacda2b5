#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import Foundation

/// Runs cleanups when `herald` is interrupted (SIGINT, Ctrl-C) or asked to stop
/// (SIGTERM), then exits with 128 + the signal's number, as shells report a death by
/// that signal: a temporary state file and a state file's lock are removed on every
/// exit path the process controls. SIGKILL cannot be caught.
///
/// ```swift
/// SignalCleanup.install()                               // before anything is created
/// SignalCleanup.register { removeFiles(at: path) }      // as soon as it is
/// ```
enum SignalCleanup {
    /// The signal sources (kept alive for the process's life) and the cleanups.
    private final class Registry: @unchecked Sendable {
        // Every property is only touched while holding `lock`.
        let lock = NSLock()
        var sources: [any DispatchSourceSignal] = []
        var cleanups: [@Sendable () -> Void] = []
    }

    private static let registry = Registry()

    /// Catches SIGINT and SIGTERM from now on; later calls do nothing.
    static func install() {
        registry.lock.lock()
        defer { registry.lock.unlock() }
        guard registry.sources.isEmpty else { return }
        for signalNumber in [SIGINT, SIGTERM] {
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler {
                runCleanups()
                exit(128 + signalNumber)
            }
            source.resume()
            registry.sources.append(source)
        }
    }

    /// Adds a cleanup to run if a signal stops the process (each must be safe to run
    /// after the normal end's own cleanup, and at the same time as the run).
    static func register(_ cleanup: @escaping @Sendable () -> Void) {
        registry.lock.lock()
        registry.cleanups.append(cleanup)
        registry.lock.unlock()
    }

    private static func runCleanups() {
        registry.lock.lock()
        let cleanups = registry.cleanups
        registry.lock.unlock()
        for cleanup in cleanups { cleanup() }
    }
}
