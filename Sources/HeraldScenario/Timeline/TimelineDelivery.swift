import Foundation
import Herald
import HeraldSimulator

/// A notification the simulated system delivered during a scenario run.
///
/// ```swift
/// let badges = result.deliveries.filter { !$0.beforeStart }.map(\.badge)   // [1, 2, 3]
/// ```
public struct TimelineDelivery: Hashable, Sendable {
    /// When it was delivered.
    public var date: Date
    /// When it was delivered, in the scenario's zone.
    public var local: LocalDateTime
    /// The badge its content carried (`nil`: it left the app badge alone).
    public var badge: Int?
    public var title: String
    public var body: String
    /// The request's identifier (`herald:reminder:habit:stretch:morning:20261121T0900`).
    public var identifier: String
    /// One of the scenario's `delivered` notifications, delivered before the start.
    public var beforeStart: Bool
    /// How the device showed it (`nil` before the start, when no device was there).
    public var presentation: NotificationPresentation?
    /// Where the app stood when it arrived (`nil` before the start).
    public var appState: AppState?
    /// Shown as an in-app prompt (the system banner silenced); a ``TimelinePrompt`` follows.
    public var prompted: Bool
    /// The interruption level it came at: its request's (which Herald sets from the
    /// rule's urgency and the device's settings, `DeliveryForecast`), lowered
    /// to active when the settings at delivery did not allow it
    /// (`NotificationSettings.shownLevel(of:)`).
    public var interruption: NotificationContent.InterruptionLevel = .active
    /// What held it after it fell due (the scheduled summary or a Focus); `nil` when it
    /// was shown at once. ``date`` is when the user was shown it.
    public var held: DeliveryHold.Reason?
    /// When it fell due: when it was held, and for an alarm (which sounds when due).
    public var dueLocal: LocalDateTime?
    /// An alarm the system sounded (AlarmKit), not a notification: its level is
    /// `Urgency.alarm` whatever ``interruption`` says, it is never held, and it
    /// carries no badge.
    public var isAlarm = false
    /// An alarm sounding again after the user snoozed it.
    public var afterSnooze = false
    /// An alarm that sounded while a Focus was on (it breaks through).
    public var throughFocus = false

    package init(date: Date, local: LocalDateTime, badge: Int?, title: String, body: String, identifier: String,
                beforeStart: Bool, presentation: NotificationPresentation? = nil, appState: AppState? = nil,
                prompted: Bool = false) {
        self.date = date
        self.local = local
        self.badge = badge
        self.title = title
        self.body = body
        self.identifier = identifier
        self.beforeStart = beforeStart
        self.presentation = presentation
        self.appState = appState
        self.prompted = prompted
    }

    /// The level it came at: `Urgency.alarm` for an alarm, else its
    /// ``interruption``.
    public var level: Urgency {
        if isAlarm { return .alarm }
        return switch interruption {
        case .passive: .passive
        case .active: .active
        case .timeSensitive: .timeSensitive
        case .critical: .critical
        }
    }

    /// `prompt`, `silenced`, `quiet (list, badge)` or the options shown, such as
    /// `banner, list, sound, badge`; `system` before the start; `sounding` for an alarm.
    package var presentationText: String {
        if isAlarm { return "sounding" }
        if prompted { return "prompt" }
        return presentation?.description ?? "system"
    }
}
