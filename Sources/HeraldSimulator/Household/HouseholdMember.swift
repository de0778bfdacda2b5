import Herald

/// One of the user's devices in a ``SimulatedHousehold``: its identifier (the one its
/// engine's `HeraldSync` names), its kind, and for a Watch the iPhone it is paired with.
///
/// ```swift
/// let phone = HouseholdMember(id: "phone", kind: .iPhone)
/// let watch = HouseholdMember(id: "watch", kind: .watch, pairedWith: "phone")
/// let mac = HouseholdMember(id: "mac", kind: .mac)
/// ```
public struct HouseholdMember: Hashable, Sendable, Codable {
    /// The device's identifier: its engine's `HeraldSync.device`.
    public var id: String
    public var kind: HeraldSync.DeviceKind
    /// For a Watch, the iPhone it is paired with: that iPhone's notifications may be
    /// forwarded to it, and a dismissal on it dismisses the iPhone's copy.
    public var pairedWith: String?

    public init(id: String, kind: HeraldSync.DeviceKind, pairedWith: String? = nil) {
        self.id = id
        self.kind = kind
        self.pairedWith = pairedWith
    }
}
