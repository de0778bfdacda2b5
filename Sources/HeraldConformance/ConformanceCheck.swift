/// One point of the `NotificationCenter` contract, checked by
/// ``NotificationCenterConformance``.
///
/// ```swift
/// // A real device cannot be reset to "not asked yet":
/// try await conformance.runAll(skipping: [.authorizationStartsNotDetermined])
/// ```
public enum ConformanceCheck: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// Adding an identifier that is pending replaces the request: one per identifier.
    case addReplaces
    /// Repeating intervals under 60 s and non-positive intervals throw and change nothing.
    case addValidatesTriggers
    /// Pending lists each request once, with the content and trigger it was added with.
    case pendingListsEachRequestOnce
    /// A one-shot calendar date in the past can never fire, so it is not pending.
    case passedDateIsNotPending
    /// Removal is by identifier and ignores unknown identifiers.
    case removalIsByIdentifier
    /// Removing all pending requests empties the list.
    case removeAllPendingEmptiesTheList
    /// The badge is set to absolute counts, `0` included.
    case badgeAcceptsAbsoluteCounts
    /// Categories are replaced as a whole and read back unchanged.
    case categoriesAreReplacedAsAWhole
    /// A fresh install has not been asked for permission.
    case authorizationStartsNotDetermined
    /// Asking answers whether delivery is allowed and fixes the status.
    case requestAuthorizationFixesTheStatus
    /// No more than `capacity` requests stay pending.
    case capacityIsEnforced
    /// A repeating request takes one place of the capacity.
    case repeatingRequestCountsOnce
    /// A one-shot request leaves pending when it fires and shows in delivered.
    case firedOneShotLeavesPending
    /// A repeating request stays pending after it fires.
    case repeatingRequestStaysPending
    /// Delivered notifications are listed oldest first.
    case deliveredIsOldestFirst
    /// Removing pending never touches delivered, and the other way round.
    case pendingAndDeliveredAreIndependent

    /// Whether the check needs requests to fire, and so a way to move time.
    public var needsTime: Bool {
        switch self {
        case .firedOneShotLeavesPending, .repeatingRequestStaysPending, .deliveredIsOldestFirst,
             .pendingAndDeliveredAreIndependent:
            true
        default:
            false
        }
    }

    public var description: String { rawValue }
}
