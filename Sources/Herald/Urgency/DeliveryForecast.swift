import Foundation

/// What the user will really get from a reminder under the device's settings now: the
/// level it will be delivered at (the first of its rule's ladder the device allows),
/// why each level above it was passed over, and what will hold it.
///
/// A rule asks for an ``Urgency`` and a fallback ladder; the forecast walks
/// `[urgency] + fallback`, then ``Urgency/active``, which is always allowed:
/// - ``Urgency/timeSensitive`` needs the user's time-sensitive setting on (and the app's
///   Time Sensitive capability, without which the setting reads off);
/// - ``Urgency/critical`` needs critical alerts allowed (an Apple-approved entitlement
///   and the user's permission);
/// - ``Urgency/alarm`` needs an alarm channel the user allowed (AlarmKit, iOS 26).
///
/// A passive or active delivery waits for the scheduled summary when the user put the
/// app in it, and is held by a Focus that does not allow the app (the app cannot see a
/// Focus: ``heldByFocus`` says that one would hold it).
///
/// ```swift
/// let forecast = DeliveryForecast(urgency: .alarm, fallback: [.timeSensitive],
///                                 settings: NotificationSettings(timeSensitive: false), alarms: false)
/// forecast.level          // .active
/// forecast.description    // "active (alarm: no alarms; time-sensitive: turned off)"
/// ```
package struct DeliveryForecast: Hashable, Sendable, CustomStringConvertible {
    /// Why a level of the ladder was passed over.
    public enum Unavailable: String, Hashable, Sendable, CustomStringConvertible {
        /// The user turned the app's time-sensitive notifications off (or the app lacks
        /// the capability).
        case timeSensitiveOff
        /// Critical alerts are not allowed: no entitlement, or the user did not allow them.
        case criticalNotAllowed
        /// No alarm channel: AlarmKit is missing (before iOS 26) or the user denied alarms.
        case alarmsUnavailable
        /// The user allowed alarms, but the channel holds as many as it may
        /// (``AlarmChannel/capacity``, less the alarms the user is in the middle of).
        case alarmLimitReached

        /// `time-sensitive: turned off`.
        public var description: String {
            switch self {
            case .timeSensitiveOff: "turned off"
            case .criticalNotAllowed: "not allowed"
            case .alarmsUnavailable: "no alarms"
            case .alarmLimitReached: "the alarm limit is reached"
            }
        }
    }

    /// A level of the ladder the device did not allow, and why.
    public struct PassedOver: Hashable, Sendable {
        public var urgency: Urgency
        public var reason: Unavailable
    }

    /// What the rule asked for.
    public var requested: Urgency
    /// The level it will be delivered at.
    public var level: Urgency
    /// The levels above ``level`` that were passed over, in ladder order.
    public var passedOver: [PassedOver]
    /// Whether the scheduled summary will hold it until its next time.
    public var heldBySummary: Bool
    /// Whether a Focus that does not allow the app would hold it.
    public var heldByFocus: Bool

    /// The forecast for a rule asking `urgency` with `fallback`, under `settings`, with
    /// or without an alarm channel the user allowed and that has room.
    public init(urgency: Urgency, fallback: [Urgency] = [], settings: NotificationSettings, alarms: Bool) {
        self.init(urgency: urgency, fallback: fallback, settings: settings, alarmsPassedOver: alarms ? nil : .alarmsUnavailable)
    }

    /// The forecast under the alarm channel `channel` (`nil`: the app has none): an
    /// alarm is passed over as ``Unavailable/alarmsUnavailable`` when alarms are missing
    /// or not allowed, and as ``Unavailable/alarmLimitReached`` when they are allowed
    /// and the channel has no room.
    ///
    /// ```swift
    /// let full = AlarmChannel(authorization: .authorized, capacity: 0)
    /// DeliveryForecast(urgency: .alarm, settings: .allOn, alarmChannel: full).description
    /// // "active (alarm: the alarm limit is reached)"
    /// ```
    package init(urgency: Urgency, fallback: [Urgency] = [], settings: NotificationSettings, alarmChannel: AlarmChannel?) {
        self.init(urgency: urgency, fallback: fallback, settings: settings,
                  alarmsPassedOver: alarmChannel.map(\.unavailability) ?? .alarmsUnavailable)
    }

    /// The forecast with alarms passed over for `alarmsPassedOver` (`nil`: alarms allowed).
    init(urgency: Urgency, fallback: [Urgency], settings: NotificationSettings, alarmsPassedOver: Unavailable?) {
        requested = urgency
        var passed: [PassedOver] = []
        var chosen = Urgency.active
        for candidate in [urgency] + fallback {
            if let reason = Self.unavailability(of: candidate, settings: settings, alarms: alarmsPassedOver) {
                passed.append(PassedOver(urgency: candidate, reason: reason))
            } else {
                chosen = candidate
                break
            }
        }
        level = chosen
        passedOver = passed
        heldBySummary = settings.scheduledSummary && chosen.isHeldBySummaryAndFocus
        heldByFocus = chosen.isHeldBySummaryAndFocus
    }

    /// Why the device does not allow `urgency`; `nil` when it does.
    static func unavailability(of urgency: Urgency, settings: NotificationSettings, alarms: Unavailable?) -> Unavailable? {
        switch urgency {
        case .passive, .active: nil
        case .timeSensitive: settings.timeSensitive ? nil : .timeSensitiveOff
        case .critical: settings.criticalAlerts ? nil : .criticalNotAllowed
        case .alarm: alarms
        }
    }

    /// `active (alarm: no alarms; time-sensitive: turned off); held by the scheduled summary`.
    public var description: String {
        var text = "\(level)"
        if !passedOver.isEmpty {
            text += " (" + passedOver.map { "\($0.urgency): \($0.reason)" }.joined(separator: "; ") + ")"
        }
        if heldBySummary { text += "; held by the scheduled summary" }
        return text
    }
}
