#if !canImport(UserNotifications)
import Foundation

/// Linux stand-in for `UNUserNotificationCenter`, with the signatures of Apple's SDK
/// documentation and the platform's behaviour: at most 64 pending
/// requests (above that one is dropped by a selectable rule, `add` does not throw), an
/// identifier added again replaces the pending request, the delivered list, the badge
/// as an absolute number set by delivered content, and authorization that the user
/// answers once.
///
/// No kinder than iOS where the adapter depends on it:
/// - `add` traps on a `userInfo` value that is not a property-list type (`NSNull`, an
///   arbitrary object), naming its key path (see ``ShimPropertyList``).
/// - `setNotificationCategories`, `removePendingNotificationRequests(withIdentifiers:)`,
///   `removeAllPendingNotificationRequests()`,
///   `removeDeliveredNotifications(withIdentifiers:)` and
///   `removeAllDeliveredNotifications()` return before anything changed
///   (Apple, of `removeAllPendingNotificationRequests()`: "This method executes
///   asynchronously, removing all pending notification requests on a secondary
///   thread"): they are queued, in call order, and reads
///   (`notificationCategories()`, `pendingNotificationRequests()`,
///   `deliveredNotifications()`) show the state from before until the system settles
///   (``settleForTesting()``). An `add` goes through the same serial queue, so what was
///   queued before it is applied first: a removal followed by an add of the same
///   identifier leaves it added. Time passing does not settle the queue: Apple does not
///   promise that a removed request cannot fire while its removal is queued ("If the
///   identifier belongs to a non repeating request, and the trigger condition for that
///   request has already been met, this method ignores the identifier"), so the
///   stand-in lets it fire; when the removal lands it removes what it names.
///   ``ShimReadBack/immediate`` applies them at once instead, for tests of something else.
///
/// Adapter code only uses what Apple declares. Tests make a center with
/// ``makeForTesting(now:timeZone:userAnswer:dropRule:readBack:)``, move its time with
/// ``advanceForTesting(by:)`` and let queued changes land with ``settleForTesting()``:
///
/// ```swift
/// let center = UNUserNotificationCenter.makeForTesting(now: start, timeZone: berlin)
/// try await center.add(request)
/// center.advanceForTesting(by: 3_600)          // due requests are delivered
/// await center.deliveredNotifications()
/// ```
///
/// Not `Sendable`, like the SDK's class; its state sits behind a lock because the
/// platform's center may be called from any thread.
open class UNUserNotificationCenter: NSObject {
    /// The app's center on Linux. The stand-in never reads the wall clock or the current
    /// zone: its clock starts at 2001-01-01 00:00 UTC and moves only when a test moves it
    /// (tests make their own centers with ``makeForTesting(now:timeZone:userAnswer:dropRule:readBack:)``).
    nonisolated(unsafe) private static let shared = UNUserNotificationCenter(
        now: Date(timeIntervalSinceReferenceDate: 0), timeZone: TimeZone(identifier: "UTC")!,
        userAnswer: .grant, dropRule: .keepSoonest, readBack: .stale
    )

    /// The shared center's virtual instant and zone: what the stand-in's triggers
    /// answer `nextTriggerDate()` from, as Apple's answer from the device's clock.
    static var sharedClock: (now: Date, timeZone: TimeZone) {
        shared.withState { ($0.now, $0.timeZone) }
    }

    /// The app's notification center.
    open class func current() -> UNUserNotificationCenter { shared }

    /// Receives responses and foreground presentations; the center does not retain it.
    weak open var delegate: (any UNUserNotificationCenterDelegate)?

    let lock = NSLock()
    var state: ShimCenterState

    init(now: Date, timeZone: TimeZone, userAnswer: ShimAuthorizationAnswer, dropRule: ShimPendingDropRule,
         readBack: ShimReadBack) {
        state = ShimCenterState(now: now, timeZone: timeZone, userAnswer: userAnswer, dropRule: dropRule,
                                readBack: readBack)
        super.init()
    }

    func withState<T>(_ body: (inout ShimCenterState) throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(&state)
    }

    open func requestAuthorization(options: UNAuthorizationOptions = []) async throws -> Bool {
        withState { $0.requestAuthorization(options: options) }
    }

    open func notificationSettings() async -> UNNotificationSettings {
        withState { state in
            UNNotificationSettings(authorizationStatus: state.authorizationStatus, alertSetting: state.alertSetting,
                                   soundSetting: state.soundSetting, badgeSetting: state.badgeSetting,
                                   timeSensitiveSetting: state.timeSensitiveSetting,
                                   criticalAlertSetting: state.criticalAlertSetting,
                                   scheduledDeliverySetting: state.scheduledDeliverySetting)
        }
    }

    /// Queued: ``notificationCategories()`` shows the previous set until the system settles.
    open func setNotificationCategories(_ categories: Set<UNNotificationCategory>) {
        withState { $0.submit(.setCategories(categories)) }
    }

    open func notificationCategories() async -> Set<UNNotificationCategory> {
        withState { $0.categories }
    }

    /// Adds or replaces, after what was queued before it; traps on a `userInfo` value
    /// that is not a property-list type, the stricter reading of what the SDK leaves
    /// undocumented (``ShimPropertyList``).
    open func add(_ request: UNNotificationRequest) async throws {
        if let violation = ShimPropertyList.violation(in: request.content.userInfo) {
            preconditionFailure("UNUserNotificationCenter.add(\(request.identifier)): \(violation); userInfo must hold property-list types only (NSNull is none)")
        }
        try withState { try $0.add(request) }
    }

    open func pendingNotificationRequests() async -> [UNNotificationRequest] {
        withState { $0.pending.map(\.request) }
    }

    /// Queued: ``pendingNotificationRequests()`` still lists them until the system settles.
    open func removePendingNotificationRequests(withIdentifiers identifiers: [String]) {
        withState { $0.submit(.removePending(Set(identifiers))) }
    }

    /// Queued: ``pendingNotificationRequests()`` still lists them until the system settles.
    open func removeAllPendingNotificationRequests() {
        withState { $0.submit(.removeAllPending) }
    }

    /// The delivered notifications, oldest first; not those a location trigger fired,
    /// which the platform never lists (they can still be removed by identifier).
    open func deliveredNotifications() async -> [UNNotification] {
        withState { $0.listedDelivered }
    }

    /// Queued: ``deliveredNotifications()`` still lists them until the system settles.
    open func removeDeliveredNotifications(withIdentifiers identifiers: [String]) {
        withState { $0.submit(.removeDelivered(Set(identifiers))) }
    }

    /// Queued: ``deliveredNotifications()`` still lists them until the system settles.
    open func removeAllDeliveredNotifications() {
        withState { $0.submit(.removeAllDelivered) }
    }

    #if !HERALD_SHIM_WATCHOS
    /// Not on watchOS, which has no app badge.
    open func setBadgeCount(_ newBadgeCount: Int) async throws {
        try withState { state in
            guard newBadgeCount >= 0 else { throw UNError(.badgeInputInvalid) }
            state.badge = newBadgeCount
        }
    }
    #endif
}
#endif
