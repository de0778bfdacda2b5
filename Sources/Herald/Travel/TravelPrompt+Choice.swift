import Foundation

extension TravelPrompt {
    /// How a floating rule's times behave while the user is away from the home zone
    /// (``EngineState/homeZone``), as the app chose on the user's behalf.
    ///
    /// ```swift
    /// try await engine.chooseTravel(.keepHome, for: pill.id)   // 08:00 Berlin, wherever the user is
    /// try await engine.chooseTravel(.followLocal)              // every rule: 08:00 where the user is
    /// ```
    public enum Choice: String, Hashable, Sendable, Codable, CaseIterable, CustomStringConvertible {
        /// The rule keeps its wall-clock time in the zone the device is in (08:00 in New
        /// York): what a floating rule does when nothing is chosen.
        case followLocal
        /// The rule keeps its home time while away: its occurrences are planned as if it
        /// were pinned to the home zone (08:00 in Berlin, 02:00 in New York).
        case keepHome

        public var description: String {
            switch self {
            case .followLocal: "follow local time"
            case .keepHome: "keep home time"
            }
        }
    }
}
