import Foundation
import Herald
import Synchronization

/// The harness's app on one device of a household run: the day's habits
/// (``HouseholdScenario/catalog``, each device planning those its kind alerts for), and
/// the log of the responses Herald handed to it, kept in `app.json` in the device's
/// directory as ``AppData`` keeps the single-device run's. Pauses are Herald's: a pause
/// made on another device reaches this one as a record, not through the app's data.
///
/// ```swift
/// let app = try HouseholdApp.open(in: directory)
/// let engine = Engine(center: center, source: app, store: store, clock: clock,
///                     categories: HarnessApp.categories, sync: member.sync)
/// ```
final class HouseholdApp: ReminderSource, AppResponder, Sendable {
    private let url: URL
    private let log: Mutex<[String]>

    private init(url: URL, handoffs: [String]) {
        self.url = url
        log = Mutex(handoffs)
    }

    static func open(in directory: URL) throws -> HouseholdApp {
        let url = directory.appendingPathComponent("app.json")
        guard FileManager.default.fileExists(atPath: url.path) else { return HouseholdApp(url: url, handoffs: []) }
        return HouseholdApp(url: url, handoffs: try JSONDecoder().decode([String].self, from: Data(contentsOf: url)))
    }

    /// Every response Herald handed to the app, in order, as
    /// `identifier|action identifier|delivery instant`.
    var handoffs: [String] { log.withLock { $0 } }

    func reminderRules() async throws -> [ReminderRule] {
        HouseholdScenario.catalog.map(\.rule)
    }

    func content(for reminder: PlannedReminder) async throws -> NotificationContent {
        guard let habit = HouseholdScenario.catalog.first(where: { $0.id == reminder.rule.entity.id }) else {
            throw HarnessError("no habit \(reminder.rule.entity.id) for \(reminder.identifier)")
        }
        return NotificationContent(title: habit.name, body: "Due \(reminder.triggerTime)",
                                   categoryIdentifier: habit.category)
    }

    func resolve(_ entity: EntityReference) async -> EntityResolution {
        guard let habit = HouseholdScenario.catalog.first(where: { $0.id == entity.id }) else { return .missing }
        return .ready(title: habit.name)
    }

    /// Saves a response Herald handed over, as the app's handler does first thing (see
    /// ``AppData/recordHandoff(_:)`` for why this is no step of its own).
    func handle(_ route: ResponseHandoff) async {
        let line = "\(route.notification.request.identifier)|\(route.actionIdentifier)|"
            + route.notification.date.formatted(.iso8601)
        let handoffs = log.withLock { log in
            log.append(line)
            return log
        }
        do {
            try JSONEncoder().encode(handoffs).write(to: url, options: .atomic)
        } catch {
            fatalError("saving the app's data failed: \(error)")
        }
    }
}
