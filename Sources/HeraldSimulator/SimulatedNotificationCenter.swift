import Foundation
import Herald

/// The operating system's notification center, simulated in virtual time: what Herald's
/// tests, scenarios and the CLI drive instead of `UNUserNotificationCenter`.
///
/// It keeps pending requests keyed by identifier, enforces the 64-request limit with a
/// selectable ``DropRule``, matches calendar triggers with Foundation's calendar in the
/// device's zone (or the trigger's pinned one), and delivers nothing until virtual time
/// moves: ``advance(by:)``, ``advance(to:)`` and ``run(until:)`` fire what is due in
/// order of fire date, then of addition, setting the clock to each fire date as it goes.
///
/// ```swift
/// let clock = VirtualClock(now: start, timeZone: TimeZone(identifier: "Europe/Berlin")!)
/// let center = SimulatedNotificationCenter(clock: clock, authorization: .authorized)
/// try await center.add(NotificationRequest(
///     identifier: "water",
///     content: NotificationContent(title: "Drink water", badge: 1),
///     trigger: .calendar(CalendarTrigger(hour: 9, minute: 0, repeats: true))
/// ))
/// let delivered = await center.advance(by: 86_400)   // the next 09:00
/// let badge = await center.badgeCount                // 1
/// ```
///
/// ## Behaviour the platform leaves open, as simulated here
///
/// - A request with a `nil` trigger is due at the instant it is added and is delivered
///   by the next call that moves time (`advance(by: 0)` is enough); until then it is
///   pending. Deliveries therefore only ever happen inside the time-moving calls, and
///   `add` never calls back into the app.
/// - A request that fires while the app is `denied` or `notDetermined` is consumed like
///   any other (a one-shot leaves pending, a repeating one is rescheduled) but is not
///   delivered: it is logged as ``DeliveryRecord/Outcome/suppressed``.
/// - Delivering a notification whose identifier is already in the delivered list
///   replaces that entry (the list holds one notification per identifier). One that a
///   ``SimulatedDevice`` presents without `.list` or `.banner` (silenced in the
///   foreground) leaves the list alone, and its badge is applied only with `.badge`.
/// - Clock jumps and time-zone changes: see ``jumpClock(to:)`` and ``setTimeZone(_:)``.
///
/// The center stands for the system, which outlives the app: ``snapshot()`` and
/// ``init(restoring:clock:)`` keep its state across a simulated crash of the app.
public actor SimulatedNotificationCenter: Herald.NotificationCenter {
    /// The device clock this center moves; share it with the engine under test.
    public nonisolated let clock: VirtualClock
    public nonisolated let capacity: Int
    public nonisolated let dropRule: DropRule
    /// What the app sees of its pending requests while notifications are turned off.
    public nonisolated let deniedCenter: DeniedCenter
    /// Whether notifications fired by location are in ``deliveredNotifications()``
    /// (``LocationDeliveries/hidden`` by default, as Apple documents).
    public nonisolated let locationDeliveries: LocationDeliveries

    /// Pending requests by identifier.
    var pending: [String: ScheduledRequest] {
        didSet { pendingInOrder = nil }
    }
    /// ``pending`` in the order ``pendingSchedule()`` gives, kept until it changes: the
    /// engine reads the list at every run, and a run that changes nothing in it (most
    /// runs) does not sort it again.
    private var pendingInOrder: (schedule: [ScheduledRequest], requests: [NotificationRequest])?
    var nextSequence: Int
    /// What the user can still see, oldest first, indexed by identifier.
    var delivered: DeliveredList
    /// The app icon's badge.
    public internal(set) var badgeCount: Int
    var categories: Set<NotificationCategory>
    var authorization: AuthorizationStatus
    /// The user's alert, sound and badge switches (``notificationSettings()``).
    var settings = NotificationSettings.allOn
    /// The user's location access for the app (``setLocationAccess(_:)``).
    public internal(set) var locationAccess = LocationAccess.always
    /// The scheduled summary's times in the device's zone (``setScheduledSummary(_:)``);
    /// `nil` when the app is not in the summary.
    public internal(set) var summaryTimes: [LocalTime]?
    /// When the Focus in effect ends (``setFocus(until:)``); `nil`: none.
    public internal(set) var focusUntil: Date?
    /// Notifications that fell due and wait for the summary or the Focus, in order.
    var held: [HeldDelivery] = []
    var userAnswer: UserAuthorizationAnswer
    /// Requests the system discarded because more than ``capacity`` were pending, in the
    /// order they were dropped.
    public internal(set) var droppedRequests: [NotificationRequest]
    /// Every firing, in order, with what became of it.
    public internal(set) var deliveryLog: [DeliveryRecord]

    /// How many times each kind of call was made; see ``resetCallCounts()``.
    public internal(set) var callCounts = CallCounts()
    var failingAddCount = 0
    var addFailurePredicate: (@Sendable (NotificationRequest) -> Bool)?
    var failingBadgeUpdateCount = 0
    var deliveryHandler: (@Sendable (DeliveredNotification) async -> Void)?
    /// Set by ``SimulatedDevice``: decides how each delivery is presented, before it
    /// reaches the list and the badge. `nil` presents everything (`.all`).
    /// Where the device is (``move(to:)``); `nil` until the first position.
    public internal(set) var position: Coordinate?
    /// For each pending location request, whether the device was inside its region at
    /// the last position; a request added before any position has no entry yet.
    var insideRegion: [String: Bool] = [:]
    /// How long after crossing a region's boundary its trigger fires: about 20 s on iOS.
    public internal(set) var regionDelay: TimeInterval = 20
    /// Whether a delivery or a region crossing's report goes first when both fall at
    /// one instant (``SameInstantOrder/deliveriesFirst`` unless set).
    public internal(set) var sameInstantOrder: SameInstantOrder = .deliveriesFirst
    var positionHandler: (@Sendable (Coordinate) async -> Void)?
    /// Regions the app monitors (``startMonitoring(_:)``), by identifier.
    var monitoredRegions: [String: LocationRegion] = [:]
    /// For each monitored region, whether the device was inside it at the last position.
    var insideMonitoredRegion: [String: Bool] = [:]
    /// Crossings of monitored regions not reported to the app yet.
    var regionEvents: [RegionEvent] = []
    var regionHandler: (@Sendable (RegionEvent) async -> Void)?
    /// The device's hook for crossings (it wakes or relaunches the app first).
    var regionRelay: (@Sendable (RegionEvent) async -> Void)?
    var presenter: (@Sendable (DeliveredNotification, DeliveryRecord.Outcome) async -> PresentationOptions)?

    /// A fresh device: nothing pending or delivered, badge 0, no categories.
    ///
    /// - Parameters:
    ///   - clock: The device clock; the center moves it.
    ///   - capacity: The most requests kept pending (64 on Apple platforms).
    ///   - dropRule: Which requests survive above the capacity.
    ///   - authorization: The status at start; a freshly installed app is
    ///     `notDetermined`.
    ///   - userAnswer: What the scripted user answers when first asked for permission.
    ///   - deniedCenter: What the app sees of its pending requests while notifications
    ///     are turned off.
    ///   - locationDeliveries: Whether the app reads location deliveries back.
    public init(
        clock: VirtualClock,
        capacity: Int = 64,
        dropRule: DropRule = .keepMostRecentlyAdded,
        authorization: AuthorizationStatus = .notDetermined,
        userAnswer: UserAuthorizationAnswer = .allow,
        deniedCenter: DeniedCenter = .empty,
        locationDeliveries: LocationDeliveries = .hidden
    ) {
        precondition(capacity > 0, "A notification center keeps at least one pending request.")
        self.clock = clock
        self.capacity = capacity
        self.dropRule = dropRule
        self.deniedCenter = deniedCenter
        self.locationDeliveries = locationDeliveries
        pending = [:]
        nextSequence = 0
        delivered = DeliveredList()
        badgeCount = 0
        categories = []
        self.authorization = authorization
        self.userAnswer = userAnswer
        droppedRequests = []
        deliveryLog = []
    }

    /// The system as a ``snapshot()`` left it, after the app's process died. Time goes
    /// on from wherever `clock` stands; requests that fell due in the meantime fire on
    /// the next call that moves time (a region crossed before the kill fires its delay
    /// after the crossing, not after the relaunch). The device's position and which
    /// regions it is inside are restored too. Call counts, injected failures and the delivery
    /// handler (the app's) start afresh.
    public init(restoring snapshot: SimulatorSnapshot, clock: VirtualClock) {
        self.clock = clock
        capacity = snapshot.capacity
        dropRule = snapshot.dropRule
        deniedCenter = snapshot.deniedCenter ?? .empty
        locationDeliveries = snapshot.locationDeliveries ?? .hidden
        pending = Dictionary(uniqueKeysWithValues: snapshot.pending.map { ($0.identifier, $0) })
        nextSequence = snapshot.nextSequence
        delivered = DeliveredList(snapshot.delivered)
        badgeCount = snapshot.badgeCount
        categories = snapshot.categories
        authorization = snapshot.authorization
        settings = snapshot.notificationSettings ?? .allOn
        locationAccess = snapshot.locationAccess ?? .always
        summaryTimes = snapshot.summaryTimes
        focusUntil = snapshot.focusUntil
        held = snapshot.held ?? []
        userAnswer = snapshot.userAnswer
        droppedRequests = snapshot.droppedRequests
        deliveryLog = snapshot.deliveryLog
        position = snapshot.position
        insideRegion = snapshot.insideRegions ?? [:]
        regionDelay = snapshot.regionDelay ?? 20
        sameInstantOrder = snapshot.sameInstantOrder ?? .deliveriesFirst
        monitoredRegions = Dictionary((snapshot.monitoredRegions ?? []).map { ($0.identifier, $0) },
                                      uniquingKeysWith: { $1 })
        insideMonitoredRegion = snapshot.insideMonitoredRegions ?? [:]
        regionEvents = snapshot.regionEvents ?? []
    }

    // MARK: Pending requests

    public func add(_ request: NotificationRequest) async throws {
        guard !hidesPending else {
            callCounts.ignoredWhileDenied += 1
            return
        }
        do {
            try TriggerSchedule.validate(request.trigger)
            try checkInjectedAddFailure(for: request)
        } catch {
            callCounts.failedAdds += 1
            throw error
        }
        callCounts.adds += 1
        let now = clock.now
        pending[request.identifier] = nil
        let fireDate: Date?
        switch TriggerSchedule.placement(of: request.trigger, addedAt: now, deviceZone: clock.timeZone) {
        case .fires(let date): fireDate = date
        case .waitsForRegion:
            fireDate = nil
            // Being inside already is not a crossing: it fires on the next entry or exit.
            if case .location(let region, _)? = request.trigger {
                insideRegion[request.identifier] = position.map { region.contains($0) }
            }
        case .never: return  // A one-shot date that has passed: the system does not keep it.
        }
        pending[request.identifier] = ScheduledRequest(
            request: request, sequence: takeSequence(), addedAt: now, nextFireDate: fireDate
        )
        dropAboveCapacity()
    }

    /// The app's view of its pending requests: none while notifications are turned off
    /// and ``deniedCenter`` is `.empty` (``pendingSchedule()`` is the system's).
    public func pendingNotificationRequests() async -> [NotificationRequest] {
        hidesPending ? [] : orderedPending().requests
    }

    /// Whether the app's pending requests are hidden from it and out of its reach now:
    /// notifications are turned off and ``deniedCenter`` is `.empty`.
    public var hidesPending: Bool {
        authorization == .denied && deniedCenter == .empty
    }

    /// Pending requests with their next fire dates, soonest first (location requests
    /// last), then in order of addition: what the system keeps, whether or not the app
    /// may see it (``hidesPending``).
    public func pendingSchedule() -> [ScheduledRequest] {
        orderedPending().schedule
    }

    private func orderedPending() -> (schedule: [ScheduledRequest], requests: [NotificationRequest]) {
        if let pendingInOrder { return pendingInOrder }
        let schedule = pending.values.sorted { $0.firesBefore($1) }
        let ordered = (schedule, schedule.map(\.request))
        pendingInOrder = ordered
        return ordered
    }

    public func removePendingNotificationRequests(withIdentifiers identifiers: [String]) async {
        guard !hidesPending else {
            callCounts.ignoredWhileDenied += 1
            return
        }
        callCounts.pendingRemovalBatches += 1
        for identifier in Set(identifiers) where pending.removeValue(forKey: identifier) != nil {
            callCounts.pendingRequestsRemoved += 1
        }
    }

    public func removeAllPendingNotificationRequests() async {
        guard !hidesPending else {
            callCounts.ignoredWhileDenied += 1
            return
        }
        callCounts.pendingRemovalBatches += 1
        callCounts.pendingRequestsRemoved += pending.count
        pending.removeAll()
    }

    // MARK: Delivered notifications

    /// The delivered notifications the app may read, oldest first: under
    /// ``LocationDeliveries/hidden`` (the default) not those a location trigger fired,
    /// which the user still sees (``notificationList()``) and the app can still remove.
    public func deliveredNotifications() async -> [DeliveredNotification] {
        locationDeliveries == .hidden ? delivered.notificationsNotTriggeredByLocation() : delivered.notifications()
    }

    /// What the user sees in Notification Center, oldest first: every delivered
    /// notification, those fired by location included. Not an app's call.
    public func notificationList() -> [DeliveredNotification] {
        delivered.notifications()
    }

    public func removeDeliveredNotifications(withIdentifiers identifiers: [String]) async {
        callCounts.deliveredRemovalBatches += 1
        delivered.remove(identifiers)
    }

    public func removeAllDeliveredNotifications() async {
        callCounts.deliveredRemovalBatches += 1
        delivered.removeAll()
    }

    // MARK: Badge and categories

    /// Sets the app badge; `0` clears it. Throws `badgeFailed` for a negative count or
    /// an injected failure (``failNextBadgeUpdates(count:)``).
    public func setBadgeCount(_ count: Int) async throws {
        callCounts.badgeUpdates += 1
        if failingBadgeUpdateCount > 0 {
            failingBadgeUpdateCount -= 1
            throw NotificationCenterError(code: .badgeFailed, message: "Injected failure: setBadgeCount(\(count)) failed.")
        }
        guard count >= 0 else {
            throw NotificationCenterError(code: .badgeFailed, message: "A badge count cannot be negative, got \(count); use 0 to clear the badge.")
        }
        badgeCount = count
    }

    public func setNotificationCategories(_ categories: Set<NotificationCategory>) async {
        callCounts.categoryUpdates += 1
        self.categories = categories
    }

    public func notificationCategories() async -> Set<NotificationCategory> {
        categories
    }

    // MARK: Helpers

    func takeSequence() -> Int {
        defer { nextSequence += 1 }
        return nextSequence
    }

    /// Discards requests above the capacity according to the drop rule.
    private func dropAboveCapacity() {
        guard pending.count > capacity else { return }
        let ranked: [ScheduledRequest] = switch dropRule {
        case .keepSoonest: pending.values.sorted { $0.firesBefore($1) }
        case .keepMostRecentlyAdded: pending.values.sorted { $0.sequence > $1.sequence }
        }
        for entry in ranked.dropFirst(capacity) {
            pending[entry.identifier] = nil
            droppedRequests.append(entry.request)
        }
    }
}
