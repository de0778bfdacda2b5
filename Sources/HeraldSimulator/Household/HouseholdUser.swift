/// Where the user is, for a ``SimulatedHousehold``: which device they are using,
/// whether the iPhone is locked, whether the Watch is on the wrist (and unlocked). It
/// decides where a notification scheduled by the iPhone app alerts.
///
/// ```swift
/// await household.setUser(HouseholdUser(using: nil, phoneLocked: true, watchWorn: true))
/// // an iPhone notification now alerts on the Watch; its iPhone copy lands in the list silently
/// ```
public struct HouseholdUser: Hashable, Sendable, Codable {
    /// The device in the user's hands, by identifier; `nil`: none.
    public var using: String?
    /// Whether the iPhone is locked (its screen off).
    public var phoneLocked: Bool
    /// Whether the Watch is on the wrist and unlocked.
    public var watchWorn: Bool

    /// - Parameters:
    ///   - using: The device in use; `nil` (the default): none.
    ///   - phoneLocked: The default: locked.
    ///   - watchWorn: The default: on the wrist.
    public init(using: String? = nil, phoneLocked: Bool = true, watchWorn: Bool = true) {
        self.using = using
        self.phoneLocked = phoneLocked
        self.watchWorn = watchWorn
    }
}
