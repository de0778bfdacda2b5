#if !canImport(BackgroundTasks) && !HERALD_SHIM_MACOS && !HERALD_SHIM_WATCHOS
import Foundation

/// Linux stand-in for `BGTask`: a run the system granted. The app must call
/// ``setTaskCompleted(success:)`` once, and stop when ``expirationHandler`` is called.
/// Apple gives it no public initializer.
open class BGTask: NSObject {
    open private(set) var identifier: String
    /// A plain closure, not `@Sendable`, as the SDK declares it. The system calls it on
    /// its own queue, not the app's, and sets it to `nil` once it has run (Apple: "The
    /// manager sets the value expirationHandler to nil after the handler completes").
    /// Setting it is not synchronized: set it before handing the task to other threads.
    open var expirationHandler: (() -> Void)?

    private let lock = NSLock()
    private var completions: [Bool] = []

    init(identifier: String) {
        self.identifier = identifier
        super.init()
    }

    open func setTaskCompleted(success: Bool) {
        lock.lock()
        defer { lock.unlock() }
        completions.append(success)
    }

    /// A task for tests, as the system would hand it to a launch handler.
    @_spi(Testing)
    public static func makeForTesting(identifier: String) -> BGAppRefreshTask {
        BGAppRefreshTask(identifier: identifier)
    }

    /// Every `setTaskCompleted(success:)` call so far, in order (the platform expects one).
    @_spi(Testing)
    public var completionsForTesting: [Bool] {
        lock.lock()
        defer { lock.unlock() }
        return completions
    }

    /// The system's time for the task ran out: calls the expiration handler on the
    /// system's queue (also after the task completed: the adapter must cope), waits for
    /// it, then clears it.
    @_spi(Testing)
    public func expireForTesting() {
        guard let handler = expirationHandler else { return }
        BGTaskScheduler.systemQueue.sync { handler() }
        expirationHandler = nil
    }
}

/// Linux stand-in for `BGAppRefreshTask`.
open class BGAppRefreshTask: BGTask {}
#endif
