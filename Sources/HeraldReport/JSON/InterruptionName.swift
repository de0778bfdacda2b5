import Herald

/// `passive`, `active`, `time_sensitive`, `critical` (and `alarm` for a delivery's
/// level): as the scenario file and the JSON timeline spell an interruption level;
/// `time-sensitive` in the text timeline.
public enum InterruptionName {
    public static func of(_ level: NotificationContent.InterruptionLevel) -> String {
        switch level {
        case .passive: "passive"
        case .active: "active"
        case .timeSensitive: "time_sensitive"
        case .critical: "critical"
        }
    }

    public static func text(_ level: NotificationContent.InterruptionLevel) -> String {
        of(level).replacingOccurrences(of: "_", with: "-")
    }

    /// A delivery's level (`TimelineDelivery.level`), alarm included.
    public static func of(_ level: Urgency) -> String {
        level.interruptionLevel.map { of($0) } ?? "alarm"
    }

    public static func text(_ level: Urgency) -> String {
        of(level).replacingOccurrences(of: "_", with: "-")
    }
}
