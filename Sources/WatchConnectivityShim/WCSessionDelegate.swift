#if !canImport(WatchConnectivity) && !HERALD_SHIM_MACOS
import Foundation

/// Linux stand-in for `WCSessionActivationState`.
public enum WCSessionActivationState: Int, Sendable {
    case notActivated = 0
    case inactive = 1
    case activated = 2
}

/// Linux stand-in for `WCSessionDelegate`. The system calls it on the session's own
/// serial queue, never the main thread. Its optional methods (Objective-C `optional`)
/// have empty defaults here.
public protocol WCSessionDelegate: NSObjectProtocol {
    func session(_ session: WCSession, activationDidCompleteWith activationState: WCSessionActivationState,
                 error: (any Error)?)
    #if !HERALD_SHIM_WATCHOS
    /// iOS only: the user is switching Watches.
    func sessionDidBecomeInactive(_ session: WCSession)
    /// iOS only: the switch finished; call `activate()` again.
    func sessionDidDeactivate(_ session: WCSession)
    #endif
    func sessionReachabilityDidChange(_ session: WCSession)
    func session(_ session: WCSession, didReceiveUserInfo userInfo: [String: Any])
    func session(_ session: WCSession, didFinish userInfoTransfer: WCSessionUserInfoTransfer, error: (any Error)?)
}

extension WCSessionDelegate {
    public func sessionReachabilityDidChange(_ session: WCSession) {}
    public func session(_ session: WCSession, didReceiveUserInfo userInfo: [String: Any]) {}
    public func session(_ session: WCSession, didFinish userInfoTransfer: WCSessionUserInfoTransfer, error: (any Error)?) {}
}

/// Linux stand-in for `WCSessionUserInfoTransfer`: a user info queued for the
/// counterpart.
open class WCSessionUserInfoTransfer: NSObject, @unchecked Sendable {
    /// The dictionary as queued (property-list values).
    nonisolated(unsafe) public let userInfo: [String: Any]
    private let lock = NSLock()
    private var transferring = true

    init(userInfo: [String: Any]) {
        self.userInfo = userInfo
        super.init()
    }

    /// Whether it still waits to be delivered.
    open var isTransferring: Bool { lock.withLock { transferring } }

    /// Takes it out of the queue if it was not delivered yet.
    open func cancel() {
        lock.withLock { transferring = false }
    }

    func finish() { lock.withLock { transferring = false } }
}
#endif
