import Foundation
import HeraldSimulator
import HeraldTestSupport
import Synchronization
import Testing
@testable import Herald

/// Random households (an iPhone; maybe a Watch paired with it, an iPad, a Mac), one to
/// three daily rules alerting on the phone, the watch or each device, a random channel
/// (latency 0–300 s, 0–3 pushes an hour, CloudKit or WatchConnectivity, Watch dedupe
/// failing or working), each app launched into the background, the foreground or not at
/// all, and a day or two of what the user does at random instants, many of them within
/// five minutes of a reminder: where they are (the device in use, the iPhone locked, the
/// Watch worn), completions in an app (for the day, now and then for the day before or
/// after), pauses, resumes and deletions, taps, "done", snoozes, "remind tomorrow",
/// opens and dismissals on delivered copies and on copies forwarded to the Watch,
/// launches, moves between foreground and background, background refreshes,
/// terminations, force-quits and crashes.
///
/// The oracle is a model written here, from the household's timeline and from what
/// each app was told: every app is wrapped in a ``RecordingApp`` that logs, by its
/// device's clock, each record it received and each it made. From those logs alone
/// the model says what each device knew at each instant (for each subject the latest
/// record by instant then device, a deletion for good), and from the rules alone where
/// each rule may alert. It checks:
///
/// 1. no occurrence alerts twice on one device, save the platform's documented
///    duplicate: under `each` with `watchDedupe: .fails` a worn Watch alerts for its own
///    copy and for the iPhone's forwarded copy (one of each at most);
/// 2. under `phone` or `watch` an occurrence alerts on one device at most;
/// 3. no device alerts for an occurrence it knew, before the alert, was settled: its
///    entity completed for the occurrence's day (not undone since) or put off from that
///    day ("remind tomorrow", which holds once made), paused, deleted, or that
///    occurrence answered (a snooze's copy excepted: the user asked for it again). A
///    copy forwarded to a Watch is the iPhone's: what counts is what the iPhone knew;
/// 4. the timeline is sane: every delivery is on a device of the household, one the
///    rule is scheduled on (or a Watch it was forwarded to), and a forwarded delivery
///    only on a Watch paired with its source.
@Suite struct HouseholdPropertyTests {
    static let zone = Fixtures.berlin
    static let entities = ["water", "run", "read"]
    static let phone = HouseholdMember(id: "phone", kind: .iPhone)
    static let watch = HouseholdMember(id: "watch", kind: .watch, pairedWith: "phone")
    static let iPad = HouseholdMember(id: "ipad", kind: .iPad)
    static let mac = HouseholdMember(id: "mac", kind: .mac)

    // MARK: What each app was told

    /// Every record one device's app received or made, with the device clock's time.
    final class RecordLog: Sendable {
        struct Entry: Sendable {
            /// When the device knew it: when it received it, or the record's instant for its own.
            var known: Date
            var record: HeraldSync.Record
            var own: Bool
        }

        private let entries = Mutex<[Entry]>([])
        private let ownIDs = Mutex<Set<String>>([])

        func heard(_ records: [HeraldSync.Record], at date: Date) {
            entries.withLock { $0 += records.map { Entry(known: date, record: $0, own: false) } }
        }

        func made(_ records: [HeraldSync.Record]) {
            let fresh = ownIDs.withLock { ids in records.filter { ids.insert($0.id).inserted } }
            entries.withLock { $0 += fresh.map { Entry(known: $0.instant, record: $0, own: true) } }
        }

        var all: [Entry] { entries.withLock { $0 } }
    }

    /// The app of one device: hands everything to its `HostedApp` and logs the records.
    /// As an app's own data would, it drops a deleted entity's rules from its source.
    struct RecordingApp: SyncingApp {
        let hosted: HostedApp
        let log: RecordLog
        let clock: VirtualClock
        let source: TestReminderSource
        let rules: RuleList

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

        func outgoingSyncRecords() async throws -> [HeraldSync.Record] {
            let records = try await hosted.outgoingSyncRecords()
            log.made(records)
            return records
        }

        func syncRecordsSent(_ ids: [String]) async throws { try await hosted.syncRecordsSent(ids) }

        func receive(_ records: [HeraldSync.Record]) async throws {
            let deleted = Set(records.compactMap { record -> EntityReference? in
                if case .deleted(let entity) = record.change { entity } else { nil }
            })
            if !deleted.isEmpty { dropRules(of: deleted) }
            try await hosted.receive(records)
            log.heard(records, at: clock.now)
        }

        func dropRules(of entities: Set<EntityReference>) {
            source.set(rules.dropping(entities))
        }
    }

    /// The rules one device's app still has (a deletion drops an entity's).
    final class RuleList: Sendable {
        private let rules: Mutex<[ReminderRule]>
        init(_ rules: [ReminderRule]) { self.rules = Mutex(rules) }

        func dropping(_ entities: Set<EntityReference>) -> [ReminderRule] {
            rules.withLock { rules in
                rules.removeAll { entities.contains($0.entity) }
                return rules
            }
        }
    }

    // MARK: The generator

    enum Gesture: String { case tap, done, snooze, tomorrow, open, dismiss }

    enum Step {
        case user(HouseholdUser)
        /// A completion for the device's day, or (`dayOffset` ±1) logged for the day before or after.
        case complete(String, entity: String, dayOffset: Int)
        case pause(String, entity: String)
        case resume(String, entity: String)
        case delete(String, entity: String)
        case gesture(String, Gesture, pick: Int)
        case answerOnWatch(action: String?, pick: Int)
        case dismissOnWatch(pick: Int)
        case forceQuit(String)
        case terminate(String)
        case crash(String)
        case launch(String, AppState)
        case moveToBackground(String)
        case moveToForeground(String)
        case backgroundRefresh(String)
    }

    struct Scenario {
        var members: [HouseholdMember]
        var rules: [ReminderRule]
        /// Each rule's times of day, as drawn.
        var times: [[String]]
        var sync: HouseholdSync
        var reportsDismissal: Bool
        var start: Date
        var end: Date
        var user: HouseholdUser
        var launches: [String: AppState]
        var steps: [(date: Date, step: Step)]

        var description: String {
            let rules = zip(rules, times).map { "\($0.entity.id):\($0.ruleID)@\($0.alertsOn?.rawValue ?? "-") \($1)" }
            return "devices \(members.map(\.id)), rules \(rules), sync latency \(Int(sync.latency)) s, "
                + "\(sync.pushWakesPerHour) pushes/h, \(sync.channel.rawValue), dedupe \(sync.watchDedupe.rawValue), "
                + "reportsDismissal \(reportsDismissal), start \(start.formatted(.iso8601)), launches \(launches.sorted { $0.key < $1.key })"
        }
    }

    static func scenario(using random: inout SeededGenerator) -> Scenario {
        var members = [phone]
        if Bool.random(using: &random) || Bool.random(using: &random) { members.append(watch) }
        if Int.random(in: 0..<5, using: &random) < 2 { members.append(iPad) }
        if Int.random(in: 0..<5, using: &random) < 2 { members.append(mac) }
        let ids = members.map(\.id)

        var rules: [ReminderRule] = [], ruleTimes: [[String]] = []
        for index in 0..<Int.random(in: 1...3, using: &random) {
            let entity = entities.randomElement(using: &random)!
            var times: Set<String> = []
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                // Mostly daytime; now and then around midnight, so snoozes and hearing cross days
                let hour = Int.random(in: 0..<6, using: &random) == 0 ? [23, 0, 1].randomElement(using: &random)!
                    : Int.random(in: 7...22, using: &random)
                let minute = 5 * Int.random(in: 0..<12, using: &random)
                times.insert(String(format: "%02d:%02d", hour, minute))
            }
            let on = ReminderRule.AlertsOn.allCases.randomElement(using: &random)!
            rules.append(Fixtures.dailyRule(entity, "r\(index)", at: times.sorted()).alerting(on: on))
            ruleTimes.append(times.sorted())
        }
        let sync = HouseholdSync(latency: Double(Int.random(in: 0...300, using: &random)),
                                 pushWakesPerHour: Int.random(in: 0...3, using: &random),
                                 channel: HouseholdSync.Channel.allCases.randomElement(using: &random)!,
                                 watchDedupe: HouseholdSync.WatchDedupe.allCases.randomElement(using: &random)!)
        let start = Fixtures.date("2026-11-21T06:00").addingTimeInterval(60 * Double(Int.random(in: 0...240, using: &random)))
        let end = start.addingTimeInterval(3_600 * Double(Int.random(in: 24...48, using: &random)))
        var launches: [String: AppState] = [:]
        for id in ids {
            launches[id] = [AppState.notRunning, .background, .foreground].randomElement(using: &random)!
        }

        // Step times: some anywhere, some within five minutes of a reminder
        let fireTimes = fireInstants(of: ruleTimes.flatMap(\.self), from: start, to: end)
        var steps: [(date: Date, step: Step)] = []
        for _ in 0..<Int.random(in: 8...36, using: &random) {
            let date: Date
            if !fireTimes.isEmpty, Bool.random(using: &random) {
                date = fireTimes.randomElement(using: &random)!.addingTimeInterval(Double(Int.random(in: -300...300, using: &random)))
            } else {
                date = start.addingTimeInterval(Double.random(in: 0..<end.timeIntervalSince(start), using: &random).rounded())
            }
            guard date > start, date < end else { continue }
            steps.append((date, step(ids: ids, using: &random)))
        }
        steps.sort { $0.date < $1.date }
        return Scenario(members: members, rules: rules, times: ruleTimes, sync: sync, reportsDismissal: Bool.random(using: &random),
                        start: start, end: end, user: user(ids: ids, using: &random), launches: launches, steps: steps)
    }

    static func user(ids: [String], using random: inout SeededGenerator) -> HouseholdUser {
        HouseholdUser(using: ([nil] + ids.map(Optional.some)).randomElement(using: &random)!,
                      phoneLocked: Bool.random(using: &random), watchWorn: Int.random(in: 0..<4, using: &random) > 0)
    }

    static func step(ids: [String], using random: inout SeededGenerator) -> Step {
        let device = ids.randomElement(using: &random)!
        let entity = entities.randomElement(using: &random)!
        let pick = Int.random(in: 0..<1_000, using: &random)
        switch Int.random(in: 0..<100, using: &random) {
        case 0..<12: return .user(user(ids: ids, using: &random))
        case 12..<28:
            let offset = Int.random(in: 0..<8, using: &random) == 0 ? [-1, 1].randomElement(using: &random)! : 0
            return .complete(device, entity: entity, dayOffset: offset)
        case 28..<32: return .pause(device, entity: entity)
        case 32..<36: return .resume(device, entity: entity)
        case 36..<38: return .delete(device, entity: entity)
        case 38..<56:
            let gesture = [Gesture.tap, .done, .snooze, .tomorrow, .open, .dismiss].randomElement(using: &random)!
            return .gesture(device, gesture, pick: pick)
        case 56..<64: return .answerOnWatch(action: [nil, "done", "snooze", "tomorrow", "open"].randomElement(using: &random)!, pick: pick)
        case 64..<68: return .dismissOnWatch(pick: pick)
        case 68..<73: return .forceQuit(device)
        case 73..<76: return .terminate(device)
        case 76..<77: return .crash(device)
        case 77..<84: return .launch(device, Bool.random(using: &random) ? .foreground : .background)
        case 84..<89: return .moveToBackground(device)
        case 89..<93: return .moveToForeground(device)
        default: return .backgroundRefresh(device)
        }
    }

    // MARK: Calendar arithmetic (Foundation's, not Herald's)

    static var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return calendar
    }

    static func instant(_ local: LocalDateTime) -> Date {
        calendar.date(from: DateComponents(year: local.date.year, month: local.date.month, day: local.date.day,
                                           hour: local.time.hour, minute: local.time.minute, second: local.time.second))!
    }

    static func localDay(of date: Date) -> LocalDate {
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return LocalDate(year: parts.year!, month: parts.month!, day: parts.day!)
    }

    static func fireInstants(of times: [String], from start: Date, to end: Date) -> [Date] {
        var dates: [Date] = []
        var day = calendar.startOfDay(for: start)
        while day < end {
            for time in times.compactMap(LocalTime.init(parsing:)) {
                let date = calendar.date(bySettingHour: time.hour, minute: time.minute, second: 0, of: day)!
                if date > start, date <= end { dates.append(date) }
            }
            day = calendar.date(byAdding: .day, value: 1, to: day)!
        }
        return dates
    }

    // MARK: Running a scenario

    static let category = ReminderCategory(identifier: "habit", actions: [
        .complete("done", title: "Done"), .snooze("snooze", title: "Later", for: 600),
        .remindTomorrow("tomorrow", title: "Tomorrow"), .open("open", title: "Open"),
    ])

    static func household(for scenario: Scenario) async throws -> (SimulatedHousehold, [String: RecordLog]) {
        let household = SimulatedHousehold(start: scenario.start, timeZone: zone, sync: scenario.sync, user: scenario.user)
        let category = ReminderCategory(identifier: "habit", actions: Self.category.actions,
                                        reportsDismissal: scenario.reportsDismissal)
        var logs: [String: RecordLog] = [:]
        for member in scenario.members {
            let clock = await household.makeClock()
            let center = SimulatedNotificationCenter(clock: clock, authorization: .authorized)
            let store = InMemoryEngineStore()
            let source = TestReminderSource(scenario.rules, categoryIdentifier: "habit")
            let rules = RuleList(scenario.rules)
            let log = RecordLog()
            logs[member.id] = log
            let device = await SimulatedDevice(center: center) {
                let hosted = HostedApp(engine: Engine(center: center, source: source, store: store, clock: clock,
                                                      categories: try! CategoryRegistry([category]),
                                                      sync: HeraldSync(device: member.id, kind: member.kind)))
                return RecordingApp(hosted: hosted, log: log, clock: clock, source: source, rules: rules)
            }
            try await household.add(member, device: device)
        }
        return (household, logs)
    }

    /// Plays the scenario; returns what it did, step by step.
    static func play(_ scenario: Scenario, on household: SimulatedHousehold) async throws -> [String] {
        var trace: [String] = []
        for member in scenario.members {
            guard let state = scenario.launches[member.id], state != .notRunning else { continue }
            try await household.on(member.id) { try await $0.launch(into: state) }
        }
        for (date, step) in scenario.steps {
            await household.advance(to: date)
            let note = try await perform(step, on: household)
            trace.append("\(date.formatted(.iso8601)) \(note)")
        }
        await household.advance(to: scenario.end)
        return trace
    }

    /// The user opens the app on `id` if it is not in the foreground.
    static func open(_ id: String, in household: SimulatedHousehold) async throws {
        switch await (try household.device(id)).appState {
        case .notRunning: try await household.on(id) { try await $0.launch(into: .foreground) }
        case .background: try await household.on(id) { try await $0.moveToForeground() }
        case .foreground: break
        }
    }

    static func inApp(_ id: String, in household: SimulatedHousehold,
                      _ body: @escaping @Sendable (RecordingApp) async throws -> Void) async throws {
        try await open(id, in: household)
        try await household.inApp(id) { app in try await body(app as! RecordingApp) }
    }

    static func perform(_ step: Step, on household: SimulatedHousehold) async throws -> String {
        switch step {
        case .user(let user):
            await household.setUser(user)
            return "user: using \(user.using ?? "nothing"), phone \(user.phoneLocked ? "locked" : "unlocked"), watch \(user.watchWorn ? "worn" : "off")"
        case .complete(let id, let entity, let offset):
            let date = await household.now
            let day = offset == 0 ? nil : localDay(of: calendar.date(byAdding: .day, value: offset, to: date)!)
            try await inApp(id, in: household) { try await $0.engine.completed(Fixtures.habit(entity), on: day) }
            return "\(id): completed \(entity) in the app\(day.map { " for \($0)" } ?? "")"
        case .pause(let id, let entity):
            try await inApp(id, in: household) { try await $0.engine.paused(Fixtures.habit(entity)) }
            return "\(id): paused \(entity) in the app"
        case .resume(let id, let entity):
            try await inApp(id, in: household) { try await $0.engine.resumed(Fixtures.habit(entity)) }
            return "\(id): resumed \(entity) in the app"
        case .delete(let id, let entity):
            try await inApp(id, in: household) { app in
                app.dropRules(of: [Fixtures.habit(entity)])
                try await app.engine.deleted([Fixtures.habit(entity)])
            }
            return "\(id): deleted \(entity) in the app"
        case .gesture(let id, let gesture, let pick):
            let device = try await household.device(id)
            let list = await device.center.notificationList().map(\.request.identifier)
            guard !list.isEmpty else { return "\(id): \(gesture.rawValue) on nothing (empty list)" }
            let identifier = list[pick % list.count]
            do {
                switch gesture {
                case .tap: try await household.on(id) { try await $0.tap(identifier) }
                case .dismiss: try await household.on(id) { try await $0.dismiss(identifier) }
                case .done, .snooze, .tomorrow, .open:
                    try await household.on(id) { try await $0.choose(action: gesture.rawValue, on: identifier) }
                }
            } catch let error as DeviceError where error.code == .actionNotOffered {
                return "\(id): \(gesture.rawValue) on \(identifier) not offered"
            }
            return "\(id): \(gesture.rawValue) on \(identifier)"
        case .answerOnWatch(let action, let pick):
            guard try await hasWatch(household) else { return "no watch" }
            let copies = await household.forwardedCopies(on: "watch")
            guard !copies.isEmpty else { return "watch: \(action ?? "tap") on nothing forwarded" }
            let identifier = copies[pick % copies.count]
            do {
                try await household.answerOnWatch("watch", to: identifier, action: action)
            } catch let error as HouseholdError where error.code == .actionNotOffered {
                return "watch: \(action ?? "tap") on forwarded \(identifier) not offered"
            }
            return "watch: \(action ?? "tap") on forwarded \(identifier)"
        case .dismissOnWatch(let pick):
            guard try await hasWatch(household) else { return "no watch" }
            let copies = await household.forwardedCopies(on: "watch")
            guard !copies.isEmpty else { return "watch: dismiss on nothing forwarded" }
            let identifier = copies[pick % copies.count]
            try await household.dismissOnWatch("watch", identifier)
            return "watch: dismissed forwarded \(identifier)"
        case .forceQuit(let id):
            try await household.on(id) { await $0.forceQuit() }
            return "\(id): force-quit"
        case .terminate(let id):
            try await household.on(id) { await $0.terminate() }
            return "\(id): terminated"
        case .crash(let id):
            try await household.on(id) { await $0.crash() }
            return "\(id): crashed"
        case .launch(let id, let state):
            guard await (try household.device(id)).appState == .notRunning else { return "\(id): launch skipped (running)" }
            try await household.on(id) { try await $0.launch(into: state) }
            return "\(id): launched into \(state)"
        case .moveToBackground(let id):
            guard await (try household.device(id)).appState == .foreground else { return "\(id): not in the foreground" }
            try await household.on(id) { try await $0.moveToBackground() }
            return "\(id): moved to the background"
        case .moveToForeground(let id):
            guard await (try household.device(id)).appState == .background else { return "\(id): not in the background" }
            try await household.on(id) { try await $0.moveToForeground() }
            return "\(id): moved to the foreground"
        case .backgroundRefresh(let id):
            guard await (try household.device(id)).appState != .foreground else { return "\(id): no refresh (foreground)" }
            try await household.on(id) { try await $0.backgroundRefresh() }
            return "\(id): background refresh"
        }
    }

    static func hasWatch(_ household: SimulatedHousehold) async throws -> Bool {
        await household.members.contains { $0.id == "watch" }
    }

    // MARK: The model

    /// What one device knew at an instant, from its log alone.
    struct Knowledge {
        var completed: Set<String> = []   // "entity|day"
        var deferred: Set<String> = []    // "entity|day", for good once made
        var paused: Set<EntityReference> = []
        var deleted: Set<EntityReference> = []
        var answered: Set<NotificationIdentifier> = []

        init(_ entries: [RecordLog.Entry], before date: Date) {
            let known = entries.filter { $0.known < date }.map(\.record)
            func stamp(_ record: HeraldSync.Record) -> (Date, String) { (record.instant, record.device) }
            var completion: [String: HeraldSync.Record] = [:], pause: [EntityReference: HeraldSync.Record] = [:]
            for record in known {
                switch record.change {
                case .completed(let done):
                    let key = "\(done.entity)|\(done.day)"
                    if completion[key].map({ stamp($0) < stamp(record) }) ?? true { completion[key] = record }
                case .completionUndone(let entity, let day):
                    let key = "\(entity)|\(day)"
                    if completion[key].map({ stamp($0) < stamp(record) }) ?? true { completion[key] = record }
                case .paused(let entity), .resumed(let entity):
                    if pause[entity].map({ stamp($0) < stamp(record) }) ?? true { pause[entity] = record }
                case .deleted(let entity): deleted.insert(entity)
                case .answered(let identifier): answered.insert(identifier)
                case .deferred(let entityDay): deferred.insert("\(entityDay.entity)|\(entityDay.day)")
                case .snoozed: break
                }
            }
            completed = Set(completion.compactMap { key, record in
                if case .completed = record.change { key } else { nil }
            })
            paused = Set(pause.compactMap { entity, record in
                if case .paused = record.change { entity } else { nil }
            })
        }

        /// Why the device should not have alerted `identifier` (`nil`: it may).
        func settles(_ identifier: NotificationIdentifier, day: LocalDate) -> String? {
            if deleted.contains(identifier.entity) { return "\(identifier.entity) deleted" }
            if paused.contains(identifier.entity) { return "\(identifier.entity) paused" }
            if completed.contains("\(identifier.entity)|\(day)") { return "\(identifier.entity) completed for \(day)" }
            if deferred.contains("\(identifier.entity)|\(day)") { return "\(identifier.entity) put off from \(day) to the next day" }
            // A snooze is the user asking to be reminded again: an answer does not settle it
            if identifier.kind != .snooze, answered.contains(identifier) { return "\(identifier) answered" }
            return nil
        }
    }

    /// The rule's alertsOn, by entity and rule identifier.
    static func alertsOn(_ identifier: NotificationIdentifier, in rules: [ReminderRule]) -> ReminderRule.AlertsOn? {
        rules.first { $0.entity == identifier.entity && $0.ruleID == identifier.rule }?.alertsOn
    }

    /// Whether a device of `kind` schedules a rule alerting on `on` (the rules, not HeraldSync's code).
    static func schedules(_ kind: HeraldSync.DeviceKind, _ on: ReminderRule.AlertsOn) -> Bool {
        switch on {
        case .each: true
        case .phone: kind == .iPhone
        case .watch: kind == .watch
        }
    }

    /// The occurrence's local day: its key's, or for a repeating key the day it fired.
    static func day(of identifier: NotificationIdentifier, firedAt date: Date) -> LocalDate {
        identifier.occurrence.localDateTime?.date ?? localDay(of: date)
    }

    /// Every violation of the four properties in the household's timeline.
    static func violations(_ scenario: Scenario, events: [HouseholdEvent], logs: [String: RecordLog]) -> [String] {
        var problems: [String] = []
        let members = Dictionary(uniqueKeysWithValues: scenario.members.map { ($0.id, $0) })
        var perDevice: [String: (own: Int, forwarded: Int)] = [:]
        var devicesOf: [String: Set<String>] = [:]
        let entries = logs.mapValues(\.all)

        for event in events {
            guard case .delivered(let text, let alerted, let forwardedFrom) = event.kind else { continue }
            let when = event.date.formatted(.iso8601)
            // (4) a device of the household; forwarded only to a Watch paired with the source
            guard let member = members[event.device] else {
                problems.append("\(text) delivered on \(event.device) at \(when), no device of the household")
                continue
            }
            if let source = forwardedFrom {
                if member.kind != .watch || member.pairedWith != source || members[source]?.kind != .iPhone {
                    problems.append("\(text) forwarded from \(source) to \(event.device) at \(when), which is no Watch paired with it")
                }
            }
            guard let identifier = NotificationIdentifier(parsing: text) else { continue }
            let scheduler = forwardedFrom ?? event.device
            guard let on = alertsOn(identifier, in: scenario.rules) else {
                problems.append("\(text) delivered on \(event.device) at \(when) belongs to no rule")
                continue
            }
            if let kind = members[scheduler]?.kind, !schedules(kind, on) {
                problems.append("\(text) (\(on.rawValue)) delivered on \(event.device) at \(when), scheduled by \(scheduler), a \(kind.rawValue), which does not schedule it")
            }
            guard alerted else { continue }
            // One alert: a reminder's identifier names its occurrence; a snooze's may come again at another time
            let occurrence = identifier.kind == .reminder ? text : "\(text)@\(when)"

            // (1) once per device, save a worn Watch's own copy plus the iPhone's under each with dedupe failing
            var count = perDevice["\(event.device)|\(occurrence)"] ?? (0, 0)
            if forwardedFrom == nil { count.own += 1 } else { count.forwarded += 1 }
            perDevice["\(event.device)|\(occurrence)"] = count
            let duplicateAllowed = member.kind == .watch && on == .each && scenario.sync.watchDedupe == .fails
            if count.own > 1 || count.forwarded > 1 || (count.own + count.forwarded > 1 && !duplicateAllowed) {
                problems.append("(1) \(occurrence) alerted on \(event.device) again at \(when) (own \(count.own), forwarded \(count.forwarded), \(on.rawValue), dedupe \(scenario.sync.watchDedupe.rawValue))")
            }

            // (2) under phone or watch, on one device
            devicesOf[occurrence, default: []].insert(event.device)
            if on != .each, devicesOf[occurrence]!.count > 1 {
                problems.append("(2) \(occurrence) (\(on.rawValue)) alerted on \(devicesOf[occurrence]!.sorted()) (last \(event.device) at \(when))")
            }

            // (3) not after the device that scheduled it knew it was settled
            let knowledge = Knowledge(entries[scheduler] ?? [], before: event.date)
            if let why = knowledge.settles(identifier, day: day(of: identifier, firedAt: event.date)) {
                let heard = (entries[scheduler] ?? []).filter { $0.known < event.date && $0.record.change.entity == identifier.entity }
                    .map { "\($0.known.formatted(.iso8601)) \($0.own ? "made" : "heard") \($0.record.id)" }
                problems.append("(3) \(text) alerted on \(event.device) at \(when)\(forwardedFrom.map { " (forwarded from \($0))" } ?? "") though \(scheduler) knew: \(why); its records of the entity: \(heard)")
            }
        }
        return problems
    }

    // MARK: The property

    @Test func everyHouseholdAlertsEachOccurrenceWhereTheRulesSayAndNeverOnceSettled() async {
        // How many households alerted at all: the generator must not settle everything at once
        let seeds = Mutex(0), alerting = Mutex(0)
        // 13223784587102975521: a snoozed copy answered on the phone stays listed on the Mac
        // (found by a check of the lists, not one of these properties; kept as a case)
        await PropertySeeds.check(count: 60, regressions: [13_223_784_587_102_975_521]) { seed in
            var random = SeededGenerator(seed: seed)
            let scenario = Self.scenario(using: &random)
            let (household, logs) = try await Self.household(for: scenario)
            let trace = try await Self.play(scenario, on: household)
            let events = await household.events
            let problems = Self.violations(scenario, events: events, logs: logs)
            if events.contains(where: \.alerted) { alerting.withLock { $0 += 1 } }
            seeds.withLock { $0 += 1 }
            if !problems.isEmpty {
                Issue.record(Comment(rawValue: """
                    seed \(seed): \(problems.count) violation\(problems.count == 1 ? "" : "s")
                    \(problems.prefix(8).joined(separator: "\n"))
                    scenario: \(scenario.description)
                    steps:
                    \(trace.joined(separator: "\n"))
                    timeline:
                    \(events.map(\.description).joined(separator: "\n"))
                    """))
            }
        }
        let (run, alerted) = (seeds.withLock { $0 }, alerting.withLock { $0 })
        if run >= PropertySeeds.quickSeeds {
            #expect(alerted * 2 >= run, "only \(alerted) of \(run) households alerted at all: the generator settles too much")
        }
    }
}
