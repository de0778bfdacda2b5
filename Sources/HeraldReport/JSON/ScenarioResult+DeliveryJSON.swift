import Foundation
import Herald
import HeraldScenario

/// `delivery`: a notification the system delivered, with its badge, texts, how it was
/// shown, where the app stood, and the level it came at (`interruption`, `alarm` for an
/// alarm the system sounded, with `due_local` and, after a snooze, `after_snooze`).
struct DeliveryLine: Encodable {
    var type = "delivery"
    var utc: String
    var local: String
    var badge: Int?
    var title: String
    var body: String
    var identifier: String
    var alreadyDelivered: Bool?
    var presentation: String
    var appState: String?
    var interruption: String
    var held: String?
    var dueLocal: String?
    var afterSnooze: Bool?
    var throughFocus: Bool?

    init(_ delivery: TimelineDelivery) {
        utc = TimeText.utc(delivery.date)
        local = delivery.local.description
        badge = delivery.badge
        title = delivery.title
        body = delivery.body
        identifier = delivery.identifier
        alreadyDelivered = delivery.beforeStart ? true : nil
        presentation = delivery.presentationText
        appState = delivery.appState.map(AppStateName.of)
        interruption = InterruptionName.of(delivery.level)
        held = delivery.held?.rawValue
        dueLocal = delivery.dueLocal?.description
        afterSnooze = delivery.afterSnooze ? true : nil
        throughFocus = delivery.throughFocus ? true : nil
    }

    enum CodingKeys: String, CodingKey {
        case type, utc, local, badge, title, body, identifier, presentation, interruption, held
        case dueLocal = "due_local"
        case afterSnooze = "after_snooze"
        case throughFocus = "through_focus"
        case alreadyDelivered = "already_delivered"
        case appState = "app_state"
    }
}
