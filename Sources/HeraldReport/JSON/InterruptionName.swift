import Herald

/// `passive`, `active`, `time_sensitive`, `critical`: as the scenario file and the JSON
/// timeline spell an interruption level; `time-sensitive` in the text timeline.
public enum InterruptionName {
    public static func of(_ level: InterruptionLevel) -> String {
        switch level {
        case .passive: "passive"
        case .active: "active"
        case .timeSensitive: "time_sensitive"
        case .critical: "critical"
        }
    }

    public static func text(_ level: InterruptionLevel) -> String {
        of(level).replacingOccurrences(of: "_", with: "-")
    }
}
