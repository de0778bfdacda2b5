import Foundation
import Herald
import HeraldSimulator

/// The zone every showcase test runs in.
let berlin = TimeZone(identifier: "Europe/Berlin")!

/// A Berlin wall-clock instant, `2026-06-01T09:00` or `2026-06-01T09:00:30`.
func instant(_ text: String) -> Date {
    let parts = text.split(whereSeparator: { "-T:".contains($0) }).map { Int($0)! }
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = berlin
    let components = DateComponents(year: parts[0], month: parts[1], day: parts[2], hour: parts[3], minute: parts[4],
                                    second: parts.count > 5 ? parts[5] : 0)
    return calendar.date(from: components)!
}

/// A Berlin local date.
func day(_ text: String) -> LocalDate { LocalDate(iso8601: text)! }

/// A fresh system center on a virtual clock starting at `start` (Monday 1 June 2026,
/// 08:00 in Berlin, by default).
func makeCenter(
    at start: String = "2026-06-01T08:00",
    authorization: AuthorizationStatus = .authorized,
    userAnswer: UserAuthorizationAnswer = .allow
) -> SimulatedNotificationCenter {
    SimulatedNotificationCenter(
        clock: VirtualClock(now: instant(start), timeZone: berlin), authorization: authorization, userAnswer: userAnswer)
}

extension SimulatedNotificationCenter {
    /// Herald's pending requests, parsed, in identifier order.
    func heraldPending() async -> [NotificationIdentifier] {
        await pendingNotificationRequests().compactMap(\.heraldIdentifier).sorted()
    }

    /// Herald's delivered notifications in the list, parsed, in delivery order.
    func heraldDelivered() async -> [NotificationIdentifier] {
        await deliveredNotifications().compactMap(\.request.heraldIdentifier)
    }

    /// The identifier of the latest delivered notification of an entity in the list.
    func deliveredIdentifier(of entity: EntityReference, kind: NotificationKind? = nil) async -> String? {
        await deliveredNotifications().last { notification in
            guard let identifier = notification.request.heraldIdentifier else { return false }
            return identifier.entity == entity && (kind == nil || identifier.kind == kind)
        }?.request.identifier
    }
}

extension HeraldPayload.InvalidReason {
    /// The case and its key part, without sizes: `missingKey(entity)`, `oversized`.
    var caseName: String {
        switch self {
        case .notHerald: "notHerald"
        case .missingKey(let key): "missingKey(\(key))"
        case .wrongType(let key, _, _): "wrongType(\(key))"
        case .unsupportedSchemaVersion(let version): "unsupportedSchemaVersion(\(version))"
        case .unknownKind(let kind): "unknownKind(\(kind))"
        case .malformedValue(let key, _): "malformedValue(\(key))"
        case .oversized: "oversized"
        }
    }
}

/// What a showcase app's process answers to: the system's delegate calls, shaped as
/// the showcase modules (which depend on Herald only) define them.
protocol ShowcaseProcess: Sendable {
    func didFinishLaunching() async
    func didBecomeActive() async
    func willPresent(_ notification: DeliveredNotification) async -> PresentationOptions
    func didReceive(_ response: NotificationResponse) async
}

/// A showcase app as the simulated device runs it: each device call forwarded to one
/// process of the app.
struct SimulatedShowcase<App: ShowcaseProcess>: SimulatedApp {
    let app: App

    func didFinishLaunching(in state: AppState) async { await app.didFinishLaunching() }
    func didBecomeActive() async { await app.didBecomeActive() }
    func didEnterBackground() async {}
    func willPresent(_ notification: DeliveredNotification) async -> PresentationOptions {
        await app.willPresent(notification)
    }
    func didReceive(_ response: NotificationResponse) async { await app.didReceive(response) }
}
