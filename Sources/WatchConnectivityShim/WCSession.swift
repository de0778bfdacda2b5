#if !canImport(WatchConnectivity) && !HERALD_SHIM_MACOS
import Foundation

/// Linux stand-in for `WCSession`: the link between an iPhone app and its Watch app,
/// with the SDK's signatures and the platform's rules, read strictly:
///
/// - `activate()` is asynchronous: the session is `.activated` (and the delegate told)
///   only once the system finishes, which tests play with `completeActivationForTesting()`.
/// - Sending while not activated is a programmer error (Apple: "is a programmer
///   error"): `transferUserInfo(_:)` traps.
/// - A user info must hold property-list values only, and its binary property list at
///   most 65,536 bytes (the size iOS enforced, apparently after compression; the
///   stand-in measures before, the stricter reading). Otherwise nothing is queued and
///   the delegate's `didFinish` gets `WCError` `payloadUnsupportedTypes` or
///   `payloadTooLarge`.
/// - Queued user infos are delivered in the order sent, and only while the receiving
///   app runs with an activated session: tests say when (`receiveForTesting()`).
/// - Delegate methods run on the session's own serial queue, never the main thread.
///
/// Tests make a linked pair with `makePairForTesting()`.
open class WCSession: NSObject {
    /// The budget of one user info, in bytes of its binary property list.
    static let maximumUserInfoBytes = 65_536

    nonisolated(unsafe) private static let defaultSession = WCSession.makePair().phone

    /// The app's session.
    open class var `default`: WCSession { defaultSession }

    /// Whether this device can have a counterpart; always `true` on watchOS.
    open class func isSupported() -> Bool { true }

    let link: WCLink
    let side: WCLink.Side
    let queue: DispatchQueue
    private let lock = NSLock()
    private weak var storedDelegate: (any WCSessionDelegate)?
    private var state: WCSessionActivationState = .notActivated
    var activationRequested = false

    init(link: WCLink, side: WCLink.Side) {
        self.link = link
        self.side = side
        queue = DispatchQueue(label: "WCSession.\(side).delegate")
        super.init()
    }

    static func makePair() -> (phone: WCSession, watch: WCSession) {
        let link = WCLink()
        let pair = (WCSession(link: link, side: .phone), WCSession(link: link, side: .watch))
        link.sessions = (pair.0, pair.1)
        return pair
    }

    /// Set before `activate()`; held weakly.
    open var delegate: (any WCSessionDelegate)? {
        get { lock.withLock { storedDelegate } }
        set { lock.withLock { storedDelegate = newValue } }
    }

    /// Asks the system to activate the session; it finishes later, calling the
    /// delegate's `activationDidCompleteWith`.
    open func activate() {
        lock.withLock { activationRequested = true }
    }

    open var activationState: WCSessionActivationState {
        get { lock.withLock { state } }
    }

    func setActivationState(_ newState: WCSessionActivationState) {
        lock.withLock { state = newState }
    }

    /// Whether user infos wait for this app.
    open var hasContentPending: Bool { !link.queue(to: side).isEmpty }

    /// Whether the counterpart app runs and can be messaged now; the stand-in models no
    /// live messaging: always `false`.
    open var isReachable: Bool { false }

    #if !HERALD_SHIM_WATCHOS
    /// iOS only: whether a Watch is paired.
    open var isPaired: Bool { true }
    /// iOS only: whether the Watch app is installed.
    open var isWatchAppInstalled: Bool { true }
    #else
    /// watchOS only: whether the iOS app is installed.
    open var isCompanionAppInstalled: Bool { true }
    #endif

    /// Queues `userInfo` for the counterpart, delivered in order once its app runs.
    @discardableResult
    open func transferUserInfo(_ userInfo: [String: Any] = [:]) -> WCSessionUserInfoTransfer {
        precondition(activationState == .activated,
                     "WCSession.transferUserInfo: the session is \(activationState), not activated; sending before activation completes is a programmer error")
        let transfer = WCSessionUserInfoTransfer(userInfo: userInfo)
        if let refusal = WCPayload.refusal(of: userInfo, limit: Self.maximumUserInfoBytes) {
            transfer.finish()
            // The system calls the delegate later, on the session's queue.
            let call = DelegateCall(session: self, delegate: delegate)
            queue.async { call.delegate?.session(call.session, didFinish: transfer, error: refusal) }
            return transfer
        }
        link.enqueue(transfer, to: side.other)
        return transfer
    }

    /// The user infos this app queued that were not delivered yet, oldest first.
    open var outstandingUserInfoTransfers: [WCSessionUserInfoTransfer] {
        link.queue(to: side.other).filter(\.isTransferring)
    }
}

/// A session and its delegate handed to the session's queue; the platform calls
/// delegates there whatever their isolation.
private struct DelegateCall: @unchecked Sendable {
    let session: WCSession
    let delegate: (any WCSessionDelegate)?
}

/// The two sessions of a pair and the user infos queued each way.
final class WCLink: @unchecked Sendable {
    enum Side: CustomStringConvertible {
        case phone, watch
        var other: Side { self == .phone ? .watch : .phone }
        var description: String { self == .phone ? "phone" : "watch" }
    }

    private let lock = NSLock()
    private var toPhone: [WCSessionUserInfoTransfer] = []
    private var toWatch: [WCSessionUserInfoTransfer] = []
    weak var phone: WCSession?
    weak var watch: WCSession?

    var sessions: (WCSession, WCSession) {
        get { (phone!, watch!) }
        set { (phone, watch) = newValue }
    }

    func enqueue(_ transfer: WCSessionUserInfoTransfer, to side: Side) {
        lock.withLock { side == .phone ? toPhone.append(transfer) : toWatch.append(transfer) }
    }

    func queue(to side: Side) -> [WCSessionUserInfoTransfer] {
        lock.withLock { side == .phone ? toPhone : toWatch }
    }

    /// Takes every user info queued for `side`, cancelled ones dropped.
    func takeAll(to side: Side) -> [WCSessionUserInfoTransfer] {
        lock.withLock {
            let taken = side == .phone ? toPhone : toWatch
            if side == .phone { toPhone = [] } else { toWatch = [] }
            return taken.filter(\.isTransferring)
        }
    }

    func session(on side: Side) -> WCSession? { side == .phone ? phone : watch }
}
#endif
