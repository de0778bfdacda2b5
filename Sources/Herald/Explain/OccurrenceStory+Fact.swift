import Foundation

extension OccurrenceStory {
    /// What one plan, reconcile, delivery or response did with the occurrence.
    ///
    /// ```swift
    /// switch event.fact {
    /// case .cut(let held, let capacity, let latest): print("cut: \(held)/\(capacity) slots, latest \(latest)")
    /// default: print(event.fact)
    /// }
    /// ```
    public enum Fact: Hashable, Sendable, CustomStringConvertible {
        /// A plan scheduled it: the request's identifier, its badge, and when it fires.
        case planned(identifier: String, badge: Int?, firesAt: Date)
        /// A plan scheduled it as an alarm (`Plan.alarms`): the alarm's identifier (a
        /// weekly alarm's names its time of day), and when it sounds.
        case plannedAlarm(identifier: String, soundsAt: Date)
        /// A plan left it out for lack of room: `held` requests took the slots Herald
        /// may use (`capacity`), `latest` names the last of them (the latest kept).
        case cut(held: Int, capacity: Int, latest: [String])
        /// A plan fitted it, but snoozes and posted events took its slot.
        case displaced
        /// A plan left it out as satisfied: done or deferred that day, snoozed (its
        /// snooze stands in for it), or delivered already; or dropped because the quiet
        /// hours would defer it past the end of its day (``PlanSkip/Reason/pastDayEnd``).
        case skipped(PlanSkip.Reason)
        /// The plan that scheduled it deferred it out of the quiet hours, to `until`
        /// (the end of its quiet period, or of the group it came in): shown then, it is
        /// ``Verdict/held``. Told after each plan that deferred it.
        case deferred(until: Date)
        /// A plan left it out because its entity was paused.
        case paused
        /// Its entity was deleted.
        case deleted
        /// Its rule excludes it (an excluded date or time).
        case excluded
        /// Its rule has no occurrence at that local date-time: outside its window, its
        /// days or its times (or before its start, after its end).
        case notAnOccurrence
        /// A plan no longer had it, before its time, for none of the reasons above: its
        /// rule changed or was removed, or reminders were switched off.
        case unplanned
        /// A run found notifications turned off and left the center as it was.
        case notificationsOff
        /// A reconcile added its request.
        case added(identifier: String)
        /// A reconcile replaced its pending request (its content, badge or trigger changed).
        case replaced(identifier: String)
        /// A reconcile added its request again: the center no longer held the one the
        /// last run left pending, which was not delivered (the system dropped it).
        case readded(identifier: String)
        /// A reconcile removed its pending request.
        case removed(identifier: String)
        /// The center refused its request; the next run adds it again.
        case addFailed(identifier: String)
        /// The system showed it. `held` says what held it back when it was shown
        /// after its time, when that is known (the scheduled summary, a Focus).
        case delivered(identifier: String, held: String?)
        /// Its alarm sounded (a run found it sounding, or gone after its time).
        case alarmSounded(identifier: String)
        /// Its time passed and the system did not deliver it.
        case notDelivered(NotDeliveredReason)
        /// The user answered it: `action` is `open`, `dismiss` or the action's identifier.
        case responded(identifier: String, action: String)
        /// A run removed it from the delivered list: it no longer asks anything.
        case removedDelivered(identifier: String)
        /// What the user did on another of their devices about it reached this one (a
        /// ``HeraldSync/Record``): `change` (`done`, `answered`, `paused`, ...) on `device`
        /// at `madeAt`; the event is when this device heard it.
        case heardFrom(device: String, change: String, madeAt: Date)
        /// This device's app does not schedule the rule: it alerts on `alertsOn`
        /// (``ReminderRule/AlertsOn``).
        case notScheduledHere(alertsOn: ReminderRule.AlertsOn)
        /// A schedule that follows the user left the occurrence out (a quota met, a
        /// completion awaited, a random time not drawn, a vacation, on pace).
        case heldBack(HeldBack)

        /// The fact's name in JSON: `planned`, `cut`, `not_delivered`, ...
        public var kind: String {
            switch self {
            case .planned: "planned"
            case .plannedAlarm: "planned_alarm"
            case .cut: "cut"
            case .displaced: "displaced"
            case .skipped: "skipped"
            case .deferred: "deferred"
            case .paused: "paused"
            case .deleted: "deleted"
            case .excluded: "excluded"
            case .notAnOccurrence: "not_an_occurrence"
            case .unplanned: "unplanned"
            case .notificationsOff: "notifications_off"
            case .added: "added"
            case .replaced: "replaced"
            case .readded: "readded"
            case .removed: "removed"
            case .addFailed: "add_failed"
            case .delivered: "delivered"
            case .alarmSounded: "alarm_sounded"
            case .notDelivered: "not_delivered"
            case .responded: "responded"
            case .removedDelivered: "removed_delivered"
            case .heardFrom: "heard_from"
            case .notScheduledHere: "not_scheduled_here"
            case .heldBack: "held_back"
            }
        }

        /// The request the fact is about, when it names one.
        public var identifier: String? {
            switch self {
            case .planned(let identifier, _, _), .added(let identifier), .replaced(let identifier),
                 .readded(let identifier), .removed(let identifier), .addFailed(let identifier),
                 .delivered(let identifier, _), .responded(let identifier, _), .removedDelivered(let identifier),
                 .plannedAlarm(let identifier, _), .alarmSounded(let identifier):
                identifier
            default:
                nil
            }
        }

        /// Whether a plan decided it (as opposed to a reconcile, the system or the user).
        public var isPlanDecision: Bool {
            switch self {
            case .planned, .plannedAlarm, .cut, .displaced, .skipped, .paused, .deleted, .excluded, .notAnOccurrence, .unplanned,
                 .heldBack: true
            default: false
            }
        }

        public var description: String {
            switch self {
            case .planned(let identifier, let badge, _):
                "planned as \(identifier)" + (badge.map { " (badge \($0))" } ?? "")
            case .plannedAlarm(let identifier, _): "planned as an alarm, \(identifier)"
            case .cut(let held, let capacity, let latest):
                "cut by the budget: \(held) sooner requests held the reminders' slots (Herald may use \(capacity), less the reserve)"
                    + (latest.isEmpty ? "" : ", the latest \(latest.joined(separator: ", "))")
            case .displaced: "displaced: snoozes and posted events outgrew the reserve and took its slot"
            case .skipped(.satisfied): "skipped: done (or deferred) for its day"
            case .skipped(.snoozed): "skipped: snoozed, its snooze stands in for it"
            case .skipped(.alreadyFired): "skipped: delivered already"
            case .skipped(.pastDayEnd):
                "skipped: the quiet hours would defer it past the end of its day, when it would be stale"
            case .paused: "not planned: its entity is paused"
            case .deleted: "its entity was deleted"
            case .excluded: "not planned: its rule excludes this date or time"
            case .notAnOccurrence: "not planned: its rule has no occurrence then (outside its window, days or times)"
            case .deferred(let until):
                "deferred by the quiet hours until \(ZoneConverter.utc.local(for: until)) UTC, the end of its quiet period"
            case .unplanned: "no longer planned: its rule changed or was removed, or reminders were switched off"
            case .notificationsOff: "notifications are turned off: the center was left as it was"
            case .added(let identifier): "added \(identifier) to the center"
            case .replaced(let identifier): "replaced \(identifier) in the center"
            case .readded(let identifier): "added \(identifier) again: the center no longer held it (the system dropped it)"
            case .removed(let identifier): "removed \(identifier) from the center"
            case .addFailed(let identifier): "the center refused \(identifier); the next run adds it again"
            case .delivered(let identifier, let held):
                "delivered \(identifier)" + (held.map { ", held by \($0)" } ?? "")
                    + (identifier.hasPrefix("herald:backstop:") ? ", the backstop of its alarm (no answer to the alarm came)" : "")
            case .alarmSounded(let identifier): "its alarm sounded, \(identifier)"
            case .notDelivered(let reason): "not delivered: \(reason)"
            case .responded(let identifier, let action): "the user answered \(identifier): \(action)"
            case .removedDelivered(let identifier): "removed \(identifier) from the delivered list: it asks nothing more"
            case .heardFrom(let device, let change, let madeAt):
                "\(change) on \(device) at \(ZoneConverter.utc.local(for: madeAt)) UTC, heard here"
            case .notScheduledHere(let alertsOn):
                "not scheduled on this device: the rule alerts on \(alertsOn == .each ? "each device" : "the \(alertsOn.rawValue)")"
            case .heldBack(let reason): "not planned: \(reason)"
            }
        }
    }

    /// Why the system did not deliver an occurrence that was planned.
    public enum NotDeliveredReason: String, Hashable, Sendable, CustomStringConvertible {
        /// Notifications were turned off (denied) at the last run before its time.
        case notificationsOff = "notifications_off"
        /// The system dropped the request: more than 64 were pending with other
        /// requests (another SDK's), and it kept others.
        case droppedAboveCapacity = "dropped_above_capacity"
        /// The request was pending after the last run before its time, and was never
        /// delivered: the system dropped it, or notifications were turned off after it.
        case lost

        public var description: String {
            switch self {
            case .notificationsOff: "notifications were turned off"
            case .droppedAboveCapacity: "the system dropped the request: more than 64 were pending with other requests"
            case .lost:
                "its request was pending after the last run before its time and never came: "
                    + "the system dropped it, or notifications were turned off"
            }
        }
    }
}
