#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
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
    /// The signal sources (kept alive for the process's life) and the cleanups.
    private final class Registry: @unchecked Sendable {
        // Every property is only touched while holding `lock`.
        let lock = NSLock()
        var sources: [any DispatchSourceSignal] = []
        var cleanups: [@Sendable () -> Void] = []
        /// A signal is stopping the process: its cleanups ran or are running.
        var stopping = false
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
