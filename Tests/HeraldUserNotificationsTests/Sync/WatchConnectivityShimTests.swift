#if !canImport(WatchConnectivity)
import Foundation
@_spi(Testing) import WatchConnectivityShim
import Testing

/// The WatchConnectivity stand-in refuses what the platform refuses: non-property-list
/// values and user infos over 64 KiB, each reported to the sender's delegate.
@Suite struct WatchConnectivityShimTests {
    final class Recorder: NSObject, WCSessionDelegate, @unchecked Sendable {
        private let lock = NSLock()
        private var received: [[String: Any]] = []
        private var errors: [WCError.Code] = []
        var infos: [[String: Any]] { lock.withLock { received } }
        var failures: [WCError.Code] { lock.withLock { errors } }

        func session(_ session: WCSession, activationDidCompleteWith activationState: WCSessionActivationState,
                     error: (any Error)?) {}
        func sessionDidBecomeInactive(_ session: WCSession) {}
        func sessionDidDeactivate(_ session: WCSession) {}
        func session(_ session: WCSession, didReceiveUserInfo userInfo: [String: Any]) {
            lock.withLock { received.append(userInfo) }
        }
        func session(_ session: WCSession, didFinish userInfoTransfer: WCSessionUserInfoTransfer, error: (any Error)?) {
            if let error = error as? WCError { lock.withLock { errors.append(error.code) } }
        }
    }

    func activatedPair() -> (WCSession, Recorder, WCSession, Recorder) {
        let (phone, watch) = WCSession.makePairForTesting()
        let phoneRecorder = Recorder(), watchRecorder = Recorder()
        phone.delegate = phoneRecorder
        watch.delegate = watchRecorder
        for session in [phone, watch] {
            session.activate()
            session.completeActivationForTesting()
        }
        return (phone, phoneRecorder, watch, watchRecorder)
    }

    @Test func userInfosArriveInOrderOnlyWhenTheReceiverRuns() {
        let (phone, _, watch, watchRecorder) = activatedPair()
        phone.transferUserInfo(["n": 1])
        phone.transferUserInfo(["n": 2])
        #expect(watchRecorder.infos.isEmpty)
        #expect(watch.receiveForTesting() == 2)
        #expect(watchRecorder.infos.map { $0["n"] as? Int } == [1, 2])
    }

    @Test func aNonPropertyListValueIsRefused() {
        let (phone, phoneRecorder, watch, watchRecorder) = activatedPair()
        phone.transferUserInfo(["nothing": NSNull()])
        phone.settleForTesting()
        #expect(phoneRecorder.failures == [.payloadUnsupportedTypes])
        #expect(watch.receiveForTesting() == 0)
        #expect(watchRecorder.infos.isEmpty)
    }

    @Test func aUserInfoOver64KiBIsRefused() {
        let (phone, phoneRecorder, watch, watchRecorder) = activatedPair()
        phone.transferUserInfo(["data": Data(count: 65_536)])
        phone.transferUserInfo(["data": Data(count: 60_000)])
        phone.settleForTesting()
        #expect(phoneRecorder.failures == [.payloadTooLarge])
        #expect(watch.receiveForTesting() == 1)
        #expect((watchRecorder.infos.first?["data"] as? Data)?.count == 60_000)
    }

    /// Sending before activation completes is a programmer error: it traps, saying so.
    @Test func transferringBeforeActivationTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let (phone, _) = WCSession.makePairForTesting()
            phone.activate()
            phone.transferUserInfo(["n": 1])
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("WCSession.transferUserInfo: the session is notActivated, not activated"), "\(message)")
    }

    @Test func aSessionThatIsNotActivatedReceivesNothingYet() {
        let (phone, watch) = WCSession.makePairForTesting()
        let recorder = Recorder()
        phone.delegate = Recorder()
        watch.delegate = recorder
        phone.activate()
        phone.completeActivationForTesting()
        phone.transferUserInfo(["n": 1])
        #expect(watch.receiveForTesting() == 0)
        watch.activate()
        watch.completeActivationForTesting()
        #expect(watch.receiveForTesting() == 1)
        _ = phone
    }
}
#endif
