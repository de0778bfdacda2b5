// The Swift samples of SyncChannels.md
// (Sources/HeraldUserNotifications/Documentation.docc/SyncChannels.md), each inside the
// context it needs; the documentation tests check that they appear here verbatim.
import Foundation
import Herald
import HeraldSQLite
import HeraldUserNotifications
#if canImport(CloudKit)
import CloudKit
#else
import CloudKitShim
#endif
#if canImport(WatchConnectivity)
import WatchConnectivity
#elseif os(Linux)
import WatchConnectivityShim
#endif

/// SyncChannels.md: the app's records, for the samples.
struct AppRecordLibrary: Sendable {
    func record(for id: CKRecord.ID) async -> CKRecord? { nil }
}

// SyncChannels.md: the app's CKSyncEngine delegate forwarding to Herald's channel.
final class SyncDelegate: CKSyncEngineDelegate {
    let herald: CloudKitSyncChannel
    let appRecord: @Sendable (CKRecord.ID) async -> CKRecord?

    init(herald: CloudKitSyncChannel, appRecord: @escaping @Sendable (CKRecord.ID) async -> CKRecord?) {
        self.herald = herald
        self.appRecord = appRecord
    }

    func handleEvent(_ event: CKSyncEngine.Event, syncEngine: CKSyncEngine) async {
        await herald.handleEvent(event, syncEngine: syncEngine)   // Herald's zone only
        // … the app's own events; skip records whose zoneID is herald.zoneID
    }

    func nextRecordZoneChangeBatch(_ context: CKSyncEngine.SendChangesContext,
                                   syncEngine: CKSyncEngine) async -> CKSyncEngine.RecordZoneChangeBatch? {
        if let batch = await herald.nextRecordZoneChangeBatch(context, syncEngine: syncEngine) { return batch }
        let mine = syncEngine.state.pendingRecordZoneChanges.filter { !herald.owns($0) && context.options.scope.contains($0) }
        return await CKSyncEngine.RecordZoneChangeBatch(pendingChanges: mine, recordProvider: appRecord)
    }
}

enum SyncChannelSamples {
    /// What the app keeps alive for the CloudKit channel.
    struct CloudKitWiring {
        let relay: HeraldSync.Relay
        let delegate: SyncDelegate
        let syncEngine: CKSyncEngine
    }

    static func cloudKit(engine: Engine, library: AppRecordLibrary,
                         savedState: CKSyncEngine.State.Serialization?) async -> CloudKitWiring {
        let herald = CloudKitSyncChannel()
        let delegate = SyncDelegate(herald: herald, appRecord: { id in await library.record(for: id) })
        let database = CKContainer(identifier: "iCloud.com.example.habits").privateCloudDatabase
        let syncEngine = CKSyncEngine(CKSyncEngine.Configuration(database: database, stateSerialization: savedState,
                                                                 delegate: delegate))
        await herald.connect(to: syncEngine)          // adds Herald's zone as a pending database change
        let relay = HeraldSync.Relay(engine: engine, channel: herald)
        await relay.start()                           // every run's records are saved to CloudKit
        return CloudKitWiring(relay: relay, delegate: delegate, syncEngine: syncEngine)
    }
}

#if os(iOS) || os(watchOS) || os(Linux)
// SyncChannels.md: the app's WCSession delegate forwarding to Herald's channel.
final class SessionDelegate: NSObject, WCSessionDelegate {
    let herald: WatchConnectivitySyncChannel
    let activated: @Sendable () -> Void

    init(herald: WatchConnectivitySyncChannel, activated: @escaping @Sendable () -> Void) {
        self.herald = herald
        self.activated = activated
    }

    func session(_ session: WCSession, activationDidCompleteWith activationState: WCSessionActivationState,
                 error: (any Error)?) {
        if activationState == .activated { activated() }   // send what waited in the outbox
    }

    func session(_ session: WCSession, didReceiveUserInfo userInfo: [String: Any] = [:]) {
        if herald.didReceiveUserInfo(userInfo) { return }
        // … the app's own user infos
    }

    func session(_ session: WCSession, didFinish userInfoTransfer: WCSessionUserInfoTransfer, error: (any Error)?) {
        herald.didFinish(userInfoTransfer, error: error)   // logs a Herald transfer that failed
    }

    #if !os(watchOS)
    func sessionDidBecomeInactive(_ session: WCSession) {}
    func sessionDidDeactivate(_ session: WCSession) { session.activate() }   // the user switched Watches
    #endif
}

extension SyncChannelSamples {
    static func watchConnectivity(engine: Engine) async -> (HeraldSync.Relay, SessionDelegate) {
        let session = WCSession.default
        let herald = WatchConnectivitySyncChannel(session: session)
        let relay = HeraldSync.Relay(engine: engine, channel: herald)
        let delegate = SessionDelegate(herald: herald, activated: { Task { await relay.send() } })
        session.delegate = delegate                   // before activate(); the session holds it weakly
        session.activate()
        await relay.start()                           // until activation completes, sends wait in the outbox
        return (relay, delegate)
    }
}
#endif

/// Adoption.md, "An iPhone app and its Watch app"
enum AdoptionPairSamples {
    @MainActor
    static func pair(exercises: any ReminderSource, phonePath: String, watchPath: String, categories: CategoryRegistry,
                     standup: EntityReference, hourly: Schedule) throws -> (HeraldSystem, HeraldSystem, [ReminderRule]) {
        // The iPhone app
        let phone = HeraldSystem(source: exercises, store: try SQLiteEngineStore(path: phonePath), categories: categories,
                                 sync: HeraldSync(device: "phone", kind: .iPhone))
        // The Watch app: its own store, its own engine
        let watch = HeraldSystem(source: exercises, store: try SQLiteEngineStore(path: watchPath), categories: categories,
                                 sync: HeraldSync(device: "watch", kind: .watch))
        // Exercise reminders alert once, on the phone or forwarded; stand reminders on the Watch alone
        let move = try ReminderRule(entity: standup, id: "hourly", schedule: hourly)
        let stand = try ReminderRule(entity: standup, id: "stand", schedule: hourly).alerting(on: .watch)
        return (phone, watch, [move, stand])
    }
}
