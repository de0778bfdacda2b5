import Foundation

/// What the app learned about the user's personality, used to tailor reminder text.
/// Only a recent analysis is trusted (seed 004's `hasRecentAnalysis`).
public struct PersonalityProfile: Hashable, Sendable {
    public enum Trait: String, Hashable, Sendable {
        case achiever, explorer, socializer
    }

    public var dominantTrait: Trait
    public var analyzedAt: Date

    public init(dominantTrait: Trait, analyzedAt: Date) {
        self.dominantTrait = dominantTrait
        self.analyzedAt = analyzedAt
    }

    /// Whether the analysis is recent enough (30 days) to tailor content.
    public func isRecent(at now: Date) -> Bool {
        now.timeIntervalSince(analyzedAt) < 30 * 86_400
    }
}
