#if !canImport(WatchConnectivity) && !HERALD_SHIM_MACOS
import Foundation

/// What tests do that only the system does: pair an iPhone and a Watch, finish an
/// activation, and run the receiving app so that what was queued for it arrives.
///
/// ```swift
/// let (phone, watch) = WCSession.makePairForTesting()
/// phone.delegate = phoneDelegate; phone.activate(); phone.completeActivationForTesting()
/// watch.delegate = watchDelegate; watch.activate(); watch.completeActivationForTesting()
/// phone.transferUserInfo(["note": "hi"])
/// watch.receiveForTesting()      // the watch app runs: didReceiveUserInfo, in order
/// ```
extension WCSession {
    /// An iPhone's session and its paired Watch's, linked to each other, neither
    /// activated.
    @_spi(Testing)
    public static func makePairForTesting() -> (phone: WCSession, watch: WCSession) {
        makePair()
    }

    /// The system finishes the activation `activate()` asked for: the session is
    /// activated and the delegate's `activationDidCompleteWith` called (on the
    /// session's queue; this waits for it).
    @_spi(Testing)
    public func completeActivationForTesting() {
        precondition(activationRequested, "WCSession: completeActivationForTesting() before activate()")
        setActivationState(.activated)
        let delegate = delegate
        queue.sync { delegate?.session(self, activationDidCompleteWith: .activated, error: nil) }
    }

    /// This session's app runs: every user info queued for it is delivered to its
    /// delegate's `didReceiveUserInfo`, in the order sent, and the sender's delegate
    /// is told each transfer finished. Nothing is delivered while the session is not
    /// activated or has no delegate: it stays queued.
    ///
    /// - Returns: how many user infos were delivered.
    @_spi(Testing)
    @discardableResult
    public func receiveForTesting() -> Int {
        guard activationState == .activated, let delegate else { return 0 }
        let transfers = link.takeAll(to: side)
        let sender = link.session(on: side.other)
        for transfer in transfers {
            queue.sync { delegate.session(self, didReceiveUserInfo: transfer.userInfo) }
            transfer.finish()
            if let sender, let senderDelegate = sender.delegate {
                sender.queue.sync { senderDelegate.session(sender, didFinish: transfer, error: nil) }
            }
        }
        return transfers.count
    }

    /// Waits until the delegate calls queued on the session's queue have run.
    @_spi(Testing)
    public func settleForTesting() {
        queue.sync {}
    }

    /// The refusal `transferUserInfo(_:)` would give `userInfo` (its types or size);
    /// `nil` when it would be queued.
    @_spi(Testing)
    public static func refusalForTesting(of userInfo: [String: Any]) -> WCError? {
        WCPayload.refusal(of: userInfo, limit: maximumUserInfoBytes)
    }
}
#endif
