import Benchmark
import Foundation
import Herald
import HeraldSimulator

/// One day, 2026-11-29 in Berlin, of a household (``SimulatedHousehold``, its default
/// sync: CloudKit, 10 s latency, two push wakes an hour per app) whose apps were
/// launched into the background the evening before: 50 daily habits (two reminders
/// each) alerting on the phone, the watch or each device in turn (on the phone alone,
/// all 50 alert there); the user, whose phone is locked and watch worn, opens the app
/// on a seeded random device 25 times between 07:00 and 22:00, completes one habit, and
/// leaves it. Each iteration is one simulated day from midnight to midnight; the custom
/// metrics count each device's center calls over that day.
struct HouseholdDay {
    static let phone = HouseholdMember(id: "phone", kind: .iPhone)
    static let watch = HouseholdMember(id: "watch", kind: .watch, pairedWith: "phone")
    static let mac = HouseholdMember(id: "mac", kind: .mac)
    static let threeDevices = [phone, watch, mac]

    let members: [HouseholdMember]
    /// Whether each app re-schedules everything on every batch of records it hears (``NaiveApp``).
    let naive: Bool

    /// When the user completes which habit, and on which of the three devices (index).
    static let completions: [(at: Date, habit: Int, device: Int)] = {
        var generator = SeededGenerator(seed: 20_261_129)
        let habits = Array(0..<Habits.count).shuffled(using: &generator).prefix(25)
        return habits.map { habit in
            let minute = Int.random(in: (7 * 60)..<(22 * 60), using: &generator)
            let device = Int.random(in: 0..<3, using: &generator)
            return (Habits.midnight.addingTimeInterval(Double(minute * 60)), habit, device)
        }.sorted { $0.at < $1.at }
    }()

    static let countKinds: [(name: String, count: @Sendable (CallCounts) -> Int)] = [
        ("adds", { $0.adds }), ("pending removal calls", { $0.pendingRemovalBatches }),
        ("requests removed", { $0.pendingRequestsRemoved }), ("delivered removal calls", { $0.deliveredRemovalBatches }),
        ("badge updates", { $0.badgeUpdates }),
    ]

    static func metric(_ device: String, _ kind: String) -> BenchmarkMetric {
        .custom("\(device) \(kind)", useScalingFactor: false)
    }

    static let metrics: [BenchmarkMetric] = threeDevices.flatMap { member in countKinds.map { metric(member.id, $0.name) } }
        + [.custom("alerted deliveries", useScalingFactor: false), .custom("records heard", useScalingFactor: false)]

    func play(_ benchmark: Benchmark) async throws {
        let household = SimulatedHousehold(start: Habits.midnight.addingTimeInterval(-3_600), timeZone: Habits.zone)
        let rules = Habits.rules(mixingAlertsOn: members.count > 1)
        var centers: [String: SimulatedNotificationCenter] = [:]
        for member in members {
            let clock = await household.makeClock()
            let center = SimulatedNotificationCenter(clock: clock, authorization: .authorized)
            let store = InMemoryEngineStore()
            let naive = self.naive
            let device = await SimulatedDevice(center: center) { () -> any SimulatedApp in
                let app = HostedApp(engine: Engine(center: center, source: HabitSource(rules: rules), store: store, clock: clock,
                                                   sync: HeraldSync(device: member.id, kind: member.kind)))
                return naive ? NaiveApp(hosted: app, center: center) : app
            }
            try await household.add(member, device: device)
            centers[member.id] = center
        }
        for member in members {
            try await household.on(member.id) { try await $0.launch(into: .background) }
        }
        await household.advance(to: Habits.midnight)
        for center in centers.values { await center.resetCallCounts() }
        let eventsBefore = await household.events.count

        benchmark.startMeasurement()
        for completion in Self.completions {
            let id = members.count == 1 ? members[0].id : members[completion.device].id
            await household.advance(to: completion.at)
            await household.setUser(HouseholdUser(using: id, phoneLocked: id != "phone", watchWorn: true))
            try await household.on(id) { device in
                if await device.appState == .notRunning { return try await device.launch() }
                return try await device.moveToForeground()
            }
            try await household.inApp(id) { app in
                try await (app as! any EngineApp).engine.completed(Habits.entity(completion.habit))
            }
            try await household.on(id) { try await $0.moveToBackground() }
            await household.setUser(HouseholdUser())
        }
        await household.advance(to: Habits.midnight.addingTimeInterval(86_400))
        benchmark.stopMeasurement()

        for member in members {
            let counts = await centers[member.id]!.callCounts
            for kind in Self.countKinds {
                benchmark.measurement(Self.metric(member.id, kind.name), kind.count(counts))
            }
        }
        let events = await household.events.dropFirst(eventsBefore)
        benchmark.measurement(.custom("alerted deliveries", useScalingFactor: false), events.filter(\.alerted).count)
        let heard = events.reduce(0) { total, event in
            if case .heard(let count, _, _) = event.kind { total + count } else { total }
        }
        benchmark.measurement(.custom("records heard", useScalingFactor: false), heard)
    }
}

/// An app whose engine the benchmark reaches from the household's `inApp`.
protocol EngineApp: SimulatedApp {
    var engine: Engine { get }
}

extension HostedApp: EngineApp {}

/// The naive strategy: the app hosts Herald's engine as ``HostedApp`` does, but on every
/// batch of records from the other devices it removes every pending request
/// (`removeAllPendingNotificationRequests`) and has the engine apply the records and
/// re-plan, so everything planned is added again (a run re-plans even when the batch
/// changed nothing). What the user does on the device itself goes through the engine
/// unchanged.
struct NaiveApp: SyncingApp, EngineApp {
    let hosted: HostedApp
    let center: SimulatedNotificationCenter

    var engine: Engine { hosted.engine }

    func didFinishLaunching(in state: AppState) async { await hosted.didFinishLaunching(in: state) }
    func didBecomeActive() async { await hosted.didBecomeActive() }
    func didEnterBackground() async { await hosted.didEnterBackground() }
    func willTerminate() async { await hosted.willTerminate() }
    func willPresent(_ notification: DeliveredNotification) async -> PresentationOptions {
        await hosted.willPresent(notification)
    }
    func didReceive(_ response: NotificationResponse) async { await hosted.didReceive(response) }
    func timeChanged(_ change: TimeChange) async { await hosted.timeChanged(change) }
    func performBackgroundRefresh() async { await hosted.performBackgroundRefresh() }
    func alarmButtonPressed(_ press: AlarmPressRecord) async { await hosted.alarmButtonPressed(press) }

    func outgoingSyncRecords() async throws -> [HeraldSync.Record] { try await hosted.outgoingSyncRecords() }
    func syncRecordsSent(_ ids: [String]) async throws { try await hosted.syncRecordsSent(ids) }
    func receive(_ records: [HeraldSync.Record]) async throws {
        await center.removeAllPendingNotificationRequests()
        if try await engine.receive(records) == nil {
            await engine.reconcile(because: "re-schedule everything")
        }
    }
}
