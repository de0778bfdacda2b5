#if !canImport(BackgroundTasks) && !HERALD_SHIM_MACOS && !HERALD_SHIM_WATCHOS
import Foundation

/// Linux stand-in for `BGTaskScheduler`, with the SDK's signatures and the platform's
/// rules: an identifier is registered once and before the app finishes launching
/// (Apple: "You must register launch handlers before your application finishes
/// launching. Attempting to register a handler after launch or multiple handlers for
/// the same identifier is an error"; both trap, as the SDK's assertion does), only
/// permitted identifiers (Info.plist's `BGTaskSchedulerPermittedIdentifiers`) can be
/// submitted, one pending request per identifier (resubmitting replaces it), and the
/// system decides when a task runs, never before `earliestBeginDate`.
///
/// The launch handler is a plain closure, not `@Sendable`, as the SDK declares it, and
/// is called on the registered queue or, when `queue` is `nil`, on the stand-in's own
/// serial queue (Apple: "handlers will be called on a background queue"), never as if
/// on the main actor. The stand-in cannot reproduce the device's trap when a handler
/// formed in `@MainActor` code is called there (the Swift runtime checks a closure's
/// actor when the Objective-C SDK calls it, not when a Swift function does): the adapter
/// forms its handlers in nonisolated code.
///
/// Tests make a scheduler with ``makeForTesting(permittedIdentifiers:)``, end the
/// launch with ``finishLaunchingForTesting()`` and play the system with
/// ``launchForTesting(identifier:)``:
///
/// ```swift
/// let scheduler = BGTaskScheduler.makeForTesting(permittedIdentifiers: ["app.refresh"])
/// scheduler.finishLaunchingForTesting()       // registering from now on traps
/// let task = scheduler.launchForTesting(identifier: "app.refresh")
/// ```
open class BGTaskScheduler: NSObject {
    nonisolated(unsafe) private static let sharedScheduler = BGTaskScheduler(permittedIdentifiers: nil)

    /// The app's scheduler.
    open class var shared: BGTaskScheduler { sharedScheduler }

    private let lock = NSLock()
    private let permittedIdentifiers: Set<String>?
    private var handlers: [String: (queue: DispatchQueue?, handler: (BGTask) -> Void)] = [:]
    private var pending: [String: BGTaskRequest] = [:]
    private var launchFinished = false

    init(permittedIdentifiers: Set<String>?) {
        self.permittedIdentifiers = permittedIdentifiers
        super.init()
    }

    /// Registers the handler the system calls to run a task, on `queue` or, when it is
    /// `nil`, on a background queue; must happen before launch finishes, once per
    /// identifier (otherwise it traps).
    ///
    /// - Returns: `false` when the identifier is not permitted.
    open func register(forTaskWithIdentifier identifier: String, using queue: DispatchQueue?,
                       launchHandler: @escaping (BGTask) -> Void) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        precondition(!launchFinished, "All launch handlers must be registered before application finishes launching (registering \(identifier))")
        precondition(handlers[identifier] == nil, "Launch handler for task with identifier \(identifier) has already been registered")
        guard permittedIdentifiers?.contains(identifier) ?? true else { return false }
        handlers[identifier] = (queue, launchHandler)
        return true
    }

    /// Asks the system to run a task; replaces a pending request with its identifier.
    /// As on iOS, one refresh request at most may be pending: another identifier's is
    /// refused with ``Error/Code/tooManyPendingTaskRequests``, and an identifier that
    /// is not permitted with ``Error/Code/notPermitted``.
    open func submit(_ taskRequest: BGTaskRequest) throws {
        lock.lock()
        defer { lock.unlock() }
        guard permittedIdentifiers?.contains(taskRequest.identifier) ?? true else {
            throw Error(.notPermitted)
        }
        if taskRequest is BGAppRefreshTaskRequest,
           pending.values.contains(where: { $0 is BGAppRefreshTaskRequest && $0.identifier != taskRequest.identifier }) {
            throw Error(.tooManyPendingTaskRequests)
        }
        pending[taskRequest.identifier] = taskRequest
    }

    /// Withdraws the pending request with this identifier, if any.
    open func cancel(taskRequestWithIdentifier identifier: String) {
        lock.lock()
        defer { lock.unlock() }
        pending[identifier] = nil
    }
}

extension BGTaskScheduler {
    /// Linux stand-in for `BGTaskScheduler.Error`: why the scheduler refused a request,
    /// with the SDK's codes (domain `BGTaskSchedulerErrorDomain`).
    public struct Error: Swift.Error, Hashable, Sendable, CustomStringConvertible {
        public enum Code: Int, Hashable, Sendable {
            /// Background work is unavailable (the user turned background refresh off).
            case unavailable = 1
            /// Too many requests of the kind are pending (one refresh request at most).
            case tooManyPendingTaskRequests = 2
            /// The identifier is not in `BGTaskSchedulerPermittedIdentifiers`.
            case notPermitted = 3
        }

        public let code: Code

        public init(_ code: Code) {
            self.code = code
        }

        public var description: String { "BGTaskSchedulerErrorDomain \(code.rawValue) (\(code))" }
    }
}

extension BGTaskScheduler {
    /// A scheduler for tests; only `permittedIdentifiers` can be registered and submitted.
    @_spi(Testing)
    public static func makeForTesting(permittedIdentifiers: Set<String>) -> BGTaskScheduler {
        BGTaskScheduler(permittedIdentifiers: permittedIdentifiers)
    }

    /// The app finished launching: registering a launch handler from now on traps.
    @_spi(Testing)
    public func finishLaunchingForTesting() {
        lock.lock()
        defer { lock.unlock() }
        launchFinished = true
    }

    /// The requests waiting for the system to run them.
    @_spi(Testing)
    public var pendingRequestsForTesting: [BGTaskRequest] {
        lock.lock()
        defer { lock.unlock() }
        return pending.values.sorted { $0.identifier < $1.identifier }
    }

    /// The system runs the pending refresh task with this identifier: the request leaves
    /// the pending list and the registered handler is called with a new task, on the
    /// registered queue or a background one; this returns once the handler has (so
    /// never call it on the queue the handler was registered with).
    ///
    /// - Returns: the task handed to the handler, or `nil` when nothing is registered.
    @_spi(Testing)
    @discardableResult
    public func launchForTesting(identifier: String) -> BGAppRefreshTask? {
        lock.lock()
        let registration = handlers[identifier]
        pending[identifier] = nil
        lock.unlock()
        guard let registration else { return nil }
        let task = BGAppRefreshTask(identifier: identifier)
        (registration.queue ?? Self.systemQueue).sync { registration.handler(task) }
        return task
    }

    /// Where the stand-in calls handlers registered without a queue, and expiration
    /// handlers, as the system's background queue.
    static let systemQueue: DispatchQueue = {
        let queue = DispatchQueue(label: "BGTaskScheduler.system")
        queue.setSpecific(key: systemQueueKey, value: true)
        return queue
    }()

    private static let systemQueueKey = DispatchSpecificKey<Bool>()

    /// Whether the caller runs on the queue where the stand-in calls handlers, as the
    /// system's background queue.
    @_spi(Testing)
    public static var isOnSystemQueueForTesting: Bool {
        DispatchQueue.getSpecific(key: systemQueueKey) ?? false
    }
}
#endif
