// The sync channels' tests drive the Linux stand-ins of CloudKit and WatchConnectivity,
// which have test hooks the SDKs do not: they run on Linux only.
#if !canImport(CloudKit) && !canImport(WatchConnectivity)
import Foundation
import Herald
@testable import HeraldUserNotifications
@_spi(Testing) import CloudKitShim
@_spi(Testing) import WatchConnectivityShim

/// An app's `CKSyncEngineDelegate` that has no records of its own: it forwards every
/// event and batch request to Herald's channel, as SyncChannels.md shows.
final class ForwardingSyncDelegate: CKSyncEngineDelegate {
    let herald: CloudKitSyncChannel

    init(herald: CloudKitSyncChannel) { self.herald = herald }

    func handleEvent(_ event: CKSyncEngine.Event, syncEngine: CKSyncEngine) async {
        await herald.handleEvent(event, syncEngine: syncEngine)
    }

    func nextRecordZoneChangeBatch(_ context: CKSyncEngine.SendChangesContext,
                                   syncEngine: CKSyncEngine) async -> CKSyncEngine.RecordZoneChangeBatch? {
        await herald.nextRecordZoneChangeBatch(context, syncEngine: syncEngine)
    }
}

/// One device of a CloudKit household: its engine, the app's delegate (the engine holds
/// it weakly) and Herald's channel.
struct CloudDevice: Sendable {
    let channel: CloudKitSyncChannel
    let delegate: ForwardingSyncDelegate
    let engine: CKSyncEngine

    init(on database: CKDatabase) async {
        channel = CloudKitSyncChannel()
        delegate = ForwardingSyncDelegate(herald: channel)
        engine = CKSyncEngine(CKSyncEngine.Configuration(database: database, stateSerialization: nil, delegate: delegate))
        await channel.connect(to: engine)
    }
}

/// What a receiver was handed, batch by batch.
actor HandedOn {
    private(set) var batches: [[HeraldSync.Record]] = []
    func add(_ batch: [HeraldSync.Record]) { batches.append(batch) }
    var records: [HeraldSync.Record] { batches.flatMap { $0 } }
}

/// A Watch app's or iPhone app's session delegate that forwards to Herald's channel and
/// keeps what was not Herald's.
final class ForwardingSessionDelegate: NSObject, WCSessionDelegate, @unchecked Sendable {
    let herald: WatchConnectivitySyncChannel
    private let lock = NSLock()
    private var foreignInfos: [[String: Any]] = []
    private var failures: [any Error] = []

    init(herald: WatchConnectivitySyncChannel) {
        self.herald = herald
        super.init()
    }

    var foreign: [[String: Any]] { lock.withLock { foreignInfos } }
    var failedTransfers: [any Error] { lock.withLock { failures } }

    func session(_ session: WCSession, activationDidCompleteWith activationState: WCSessionActivationState,
                 error: (any Error)?) {}
    func sessionDidBecomeInactive(_ session: WCSession) {}
    func sessionDidDeactivate(_ session: WCSession) {}

    func session(_ session: WCSession, didReceiveUserInfo userInfo: [String: Any]) {
        if herald.didReceiveUserInfo(userInfo) { return }
        lock.withLock { foreignInfos.append(userInfo) }
    }

    func session(_ session: WCSession, didFinish userInfoTransfer: WCSessionUserInfoTransfer, error: (any Error)?) {
        herald.didFinish(userInfoTransfer, error: error)
        if let error { lock.withLock { failures.append(error) } }
    }
}

/// One end of a paired iPhone and Watch: the session (not `Sendable`, used from the
/// test only), its delegate and Herald's channel.
struct WatchEnd: @unchecked Sendable {
    let session: WCSession
    let delegate: ForwardingSessionDelegate
    let channel: WatchConnectivitySyncChannel

    init(_ session: WCSession, activated: Bool = true) {
        self.session = session
        channel = WatchConnectivitySyncChannel(session: session)
        delegate = ForwardingSessionDelegate(herald: channel)
        session.delegate = delegate
        session.activate()
        if activated { session.completeActivationForTesting() }
    }

    /// The app runs: what was queued for it arrives and is handed to the receiver.
    func receive() async {
        session.receiveForTesting()
        await channel.handedOn()
    }

    static func pair() -> (phone: WatchEnd, watch: WatchEnd) {
        let (phone, watch) = WCSession.makePairForTesting()
        return (WatchEnd(phone), WatchEnd(watch))
    }
}

enum SyncSamples {
    static let start = Date(timeIntervalSince1970: 1_795_248_000.123_456_789)

    /// `count` distinct pauses made on `device`, a second apart.
    static func pauses(from device: String = "phone", count: Int, offset: Int = 0) -> [HeraldSync.Record] {
        (offset..<(offset + count)).map { index in
            HeraldSync.Record(device: device, instant: start.addingTimeInterval(Double(index)),
                              change: .paused(EntityReference(namespace: "habit", id: "h\(index)")))
        }
    }
}
#endif
