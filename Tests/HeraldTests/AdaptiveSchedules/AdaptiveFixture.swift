import Foundation
import HeraldSimulator
import Synchronization
@testable import Herald

/// A source whose vacations and progress a test sets, as an app's data would change.
final class FollowingSource: ReminderSource {
    private let state: Mutex<(rules: [ReminderRule], vacations: [ReminderRule.Vacation], progress: [EntityDay: Int])>

    init(_ rules: [ReminderRule]) { state = Mutex((rules, [], [:])) }

    func set(_ rules: [ReminderRule]) { state.withLock { $0.rules = rules } }
    func setVacations(_ vacations: [ReminderRule.Vacation]) { state.withLock { $0.vacations = vacations } }
    func setProgress(_ count: Int, of entity: EntityReference, on day: LocalDate) {
        state.withLock { $0.progress[EntityDay(entity, day)] = count }
    }

    func reminderRules() async throws -> [ReminderRule] { state.withLock { $0.rules } }
    func vacations() async throws -> [ReminderRule.Vacation] { state.withLock { $0.vacations } }
    func progress(of entity: EntityReference, on day: LocalDate) async throws -> Int? {
        state.withLock { $0.progress[EntityDay(entity, day)] }
    }
    func content(for reminder: PlannedReminder) async throws -> NotificationContent {
        NotificationContent(title: reminder.rule.entity.id, body: reminder.rule.ruleID)
    }
}

/// One device with the engine, the simulated center and a ``FollowingSource``, for the
/// schedules that follow the user.
struct AdaptiveFixture {
    let clock: VirtualClock
    let center: SimulatedNotificationCenter
    let source: FollowingSource
    let engine: Engine

    init(_ rules: [ReminderRule], at start: String, zone: TimeZone = Fixtures.berlin,
         configuration: PlannerConfiguration = PlannerConfiguration()) {
        clock = VirtualClock(now: Fixtures.date(start, in: zone), timeZone: zone)
        center = SimulatedNotificationCenter(clock: clock, authorization: .authorized)
        source = FollowingSource(rules)
        engine = Engine(center: center, source: source, clock: clock, configuration: configuration)
    }

    /// Moves the device's time to `local` in `zone` (the fixture's zone when `nil`);
    /// the app does not run.
    func advance(to local: String, in zone: TimeZone? = nil) async {
        _ = await center.advance(to: Fixtures.date(local, in: zone ?? clock.timeZone))
    }

    /// Every Herald reminder delivered so far: its occurrence (`20261123T1800`) and when it came.
    func delivered() async -> [(occurrence: String, date: Date)] {
        await center.deliveryLog.compactMap { record in
            guard let identifier = record.notification.request.heraldIdentifier, identifier.kind == .reminder else {
                return nil
            }
            return (identifier.occurrence.rawValue, record.notification.date)
        }
    }

    /// The occurrences of the reminders delivered so far, in order.
    func deliveredOccurrences() async -> [String] { await delivered().map(\.occurrence) }

    /// The occurrences pending in the center, sorted.
    func pendingOccurrences() async -> [String] {
        await center.pendingNotificationRequests().compactMap(\.heraldIdentifier).filter { $0.kind == .reminder }
            .map(\.occurrence.rawValue).sorted()
    }
}

extension LocalDate {
    /// A date from `2026-11-23`.
    init(_ text: String) { self = LocalDateTime(parsing: text + "T00:00")!.date }
}
