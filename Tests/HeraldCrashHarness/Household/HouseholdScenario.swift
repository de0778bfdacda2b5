import Foundation
import Herald

/// The day a household crash run plays: three of the user's devices (an iPhone, a Mac
/// whose app alerts for every rule that does not say otherwise, a Watch), five habits
/// alerting on the phone, on the watch or on each device, and one seed's list of
/// steps on one timeline in Europe/Berlin, Wednesday 2026-04-15 from 06:00 to 23:30.
///
/// Every device's app is launched at 06:00 and once more at 23:30 (when everything sent
/// has arrived). In between the user acts on a device at seeded instants, many of them
/// minutes after a reminder of a habit that device alerts for: completes a habit in
/// the app, answers its newest delivered notification (done, snooze, tomorrow, a tap),
/// pauses or resumes it. What the act records leaves for the channel in the same step;
/// it arrives at each other device after the seed's latency, and that device's app
/// is woken then to hear it (a background push). Each step is one process of the app
/// on its device (``HouseholdHarness``).
///
/// ```swift
/// let scenario = HouseholdScenario(seed: 7)
/// scenario.steps[0]   // 06:00 phone: launch
/// ```
struct HouseholdScenario: Sendable {
    static let zone = TimeZone(identifier: "Europe/Berlin")!
    static let day = LocalDate(year: 2026, month: 4, day: 15)

    /// One of the user's devices: its identifier (its engine's `HeraldSync.device`),
    /// its kind, and where a rule that does not say alerts.
    struct Member: Sendable {
        var id: String
        var kind: HeraldSync.DeviceKind
        var alertsOn: ReminderRule.AlertsOn = .phone

        var sync: HeraldSync { HeraldSync(device: id, kind: kind, alertsOn: alertsOn) }

        func schedules(_ habit: Habit) -> Bool { sync.schedules(habit.rule) }
    }

    /// What a step does on its device (``HouseholdHarness``).
    enum Action: Sendable, Hashable, CustomStringConvertible {
        /// The app runs and does nothing the user asked: it hears what has arrived and
        /// sends what it has (the morning launch, a background push, the evening's launch).
        case wake(String)
        case complete(String)
        /// The user answers the newest delivered notification of the habit (nothing
        /// when none is listed).
        case respond(String, action: String)
        case pause(String)
        case resume(String)

        var description: String {
            switch self {
            case .wake(let why): why
            case .complete(let habit): "complete \(habit)"
            case .respond(let habit, let action): "respond \(action) on \(habit)"
            case .pause(let habit): "pause \(habit)"
            case .resume(let habit): "resume \(habit)"
            }
        }
    }

    /// One step: one process of the app on `device`, at `date`.
    struct Step: Sendable, CustomStringConvertible {
        var device: String
        var date: Date
        var action: Action

        var description: String {
            let local = ZoneConverter.for(HouseholdScenario.zone).local(for: date)
            return "\(local.time) \(device): \(action)"
        }
    }

    static let members = [
        Member(id: "phone", kind: .iPhone),
        Member(id: "mac", kind: .mac, alertsOn: .each),
        Member(id: "watch", kind: .watch),
    ]

    /// Water and vitamins alert on each device, stretch on the phone, stand on the
    /// watch; read says nothing (the phone's and the Mac's, by their defaults).
    static let catalog = [
        habit("water", "Water", alertsOn: .each), habit("vitamins", "Vitamins", alertsOn: .each),
        habit("stretch", "Stretch", alertsOn: .phone), habit("stand", "Stand", alertsOn: .watch),
        habit("read", "Read", alertsOn: nil),
    ]

    /// Each habit's reminder times, by id.
    static let times: [String: [LocalTime]] = [
        "water": [time(9), time(13), time(17)], "vitamins": [time(8), time(20)],
        "stretch": [time(7, 30), time(18, 30)], "stand": [time(10), time(15)], "read": [time(21, 30)],
    ]

    private static func habit(_ id: String, _ name: String, alertsOn: ReminderRule.AlertsOn?) -> Habit {
        // Listed, valid times, by construction.
        Habit(id: id, name: name, schedule: try! .daily(at: times[id]!), alertsOn: alertsOn)
    }

    static let actions = ["done", "snooze", "tomorrow", NotificationResponse.defaultActionIdentifier]

    let seed: UInt64
    /// Seconds from a record's send to its arrival at each other device.
    let latency: TimeInterval
    let steps: [Step]

    /// The instant the day starts: 06:00.
    static var start: Date { instant(time(6)) }
    /// The instant the last launches happen: 23:30.
    static var end: Date { instant(time(23, 30)) }

    static func instant(_ time: LocalTime) -> Date {
        ZoneConverter.for(zone).instant(for: LocalDateTime(date: day, time: time)).date
    }

    static func time(_ hour: Int, _ minute: Int = 0) -> LocalTime { LocalTime(hour: hour, minute: minute) }

    static func member(_ id: String) throws -> Member {
        guard let member = members.first(where: { $0.id == id }) else { throw HarnessError("no device \(id)") }
        return member
    }

    /// The seed's day: `acts` acts of the user (from 8 to 14 when `nil`, as the seed draws).
    init(seed: UInt64, acts: Int? = nil) {
        self.seed = seed
        var random = SplitMix(seed: seed)
        latency = Double(Int.random(in: 5...180, using: &random))
        var steps = Self.members.map { Step(device: $0.id, date: Self.start, action: .wake("launch")) }
        let drawn = Int.random(in: 8...14, using: &random)
        for index in 0..<(acts ?? drawn) {
            // The first three acts are one on each device.
            let member = index < Self.members.count ? Self.members[index] : Self.members.randomElement(using: &random)!
            let act = Self.act(on: member, using: &random)
            steps.append(Step(device: member.id, date: act.date, action: act.action))
            for other in Self.members where other.id != member.id {
                steps.append(Step(device: other.id, date: act.date.addingTimeInterval(latency), action: .wake("push")))
            }
        }
        steps += Self.members.map { Step(device: $0.id, date: Self.end, action: .wake("last launch")) }
        // By instant; at one instant, in the order made.
        self.steps = steps.enumerated().sorted { ($0.element.date, $0.offset) < ($1.element.date, $1.offset) }
            .map(\.element)
    }

    /// One act of the user on `member`: an answer a few minutes after a reminder of a
    /// habit it alerts for, or a completion, a pause or a resume, at a reminder's time
    /// or anywhere in the day.
    private static func act(on member: Member, using random: inout SplitMix) -> (date: Date, action: Action) {
        let own = catalog.filter(member.schedules)
        let habit = (own.isEmpty ? catalog : own).randomElement(using: &random)!
        let reminders = (times[habit.id] ?? []).map { instant($0) }
        let nearReminder = reminders.randomElement(using: &random)!
        let anytime = start.addingTimeInterval(Double(Int.random(in: 1_800...(16 * 3_600), using: &random)))
        let choice = Int.random(in: 0..<100, using: &random)
        switch choice {
        case 0..<60:
            let action = actions.randomElement(using: &random)!
            return (nearReminder.addingTimeInterval(Double(Int.random(in: 30...900, using: &random))),
                    .respond(habit.id, action: action))
        case 60..<75:
            let date = Bool.random(using: &random) ? nearReminder.addingTimeInterval(-120) : anytime
            return (date, .complete(habit.id))
        case 75..<87: return (anytime, .pause(habit.id))
        default: return (anytime, .resume(habit.id))
        }
    }

    /// SplitMix64, as `HeraldTestSupport`'s `SeededGenerator` (which links Testing, so
    /// not this executable): one seed, one sequence, on every platform.
    struct SplitMix: RandomNumberGenerator {
        private var state: UInt64
        init(seed: UInt64) { state = seed }

        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }
}
