import Foundation
import Herald

/// Runs the checks of one ``ConformanceCheck`` on one fresh center; its extensions hold
/// the checks, grouped by topic.
struct ConformanceProbe: Sendable {
    let check: ConformanceCheck
    let center: any Herald.NotificationCenter
    let advance: (@Sendable (TimeInterval) async -> Void)?

    /// Fails the check with `message` unless `condition` holds.
    func expect(_ condition: Bool, _ message: @autoclosure () -> String) throws(ConformanceFailure) {
        guard condition else { throw ConformanceFailure(check: check, message: message()) }
    }

    /// A request firing `seconds` after it is added.
    func request(
        _ identifier: String, title: String? = nil, after seconds: TimeInterval = 3_600,
        repeats: Bool = false, badge: Int? = nil
    ) -> NotificationRequest {
        NotificationRequest(
            identifier: identifier,
            content: NotificationContent(title: title ?? identifier, badge: badge),
            trigger: .timeInterval(seconds, repeats: repeats)
        )
    }

    func pendingIdentifiers() async -> [String] {
        await center.pendingNotificationRequests().map(\.identifier).sorted()
    }

    func deliveredIdentifiers() async -> [String] {
        await center.deliveredNotifications().map(\.request.identifier)
    }

    /// Moves time on; only called by checks that need time, which do not run without it.
    func advanceTime(by seconds: TimeInterval) async {
        await advance?(seconds)
    }

    /// Asks for permission; skips the check when delivery is not allowed.
    func authorizeDelivery() async throws {
        guard try await center.requestAuthorization(options: [.alert, .badge, .sound]) else {
            throw CheckSkipped(reason: "the center does not allow delivery (authorization \(await center.authorizationStatus()))")
        }
    }
}
