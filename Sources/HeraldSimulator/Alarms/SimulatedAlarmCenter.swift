import Foundation
import Herald

/// The system's alarm service (AlarmKit's `AlarmManager`), simulated in virtual time:
/// what Herald's tests drive instead of the real alarms.
///
/// It holds alarms by id, refuses a new one past its ``systemLimit`` with
/// `AlarmCenterError.maximumLimitReached` (AlarmKit does not publish its limit; 8 by
/// default here, so tests reach it), and sounds nothing until virtual time moves:
/// ``advance(to:)``, ``advance(by:)`` and ``fireDue()`` put every alarm whose time came
/// into `AlarmState.alerting` and log it in ``firings``. The user then presses a button
/// (``press(_:on:)``); the app's intent receives it (``takePresses()``).
///
/// ```swift
/// let clock = VirtualClock(now: start, timeZone: TimeZone(identifier: "Europe/Berlin")!)
/// let alarms = SimulatedAlarmCenter(clock: clock, authorization: .authorized)
/// try await alarms.schedule(AlarmRequest(identifier: identifier, schedule: .fixed(eight), title: "Pill",
///                                        secondary: .snooze(title: "Later", minutes: 10)))
/// await alarms.advance(to: eight)                    // sounding
/// try await alarms.press(.snooze, on: AlarmRequest.id(for: identifier))
/// await alarms.advance(by: 600)                      // sounding again at 08:10
/// ```
///
/// ## As simulated here (never kinder than iOS)
///
/// - Authorization starts `notDetermined`; scheduling is refused until it is
///   `authorized` (the user is asked only by ``requestAuthorization()``, once).
///   `AlarmAuthorization.unavailable` stands for a system without AlarmKit: every call
///   throws `AlarmCenterError.unavailable`.
/// - Replacing an id the system holds never counts against the limit; the replaced
///   alarm starts afresh as scheduled.
/// - A fixed date sounds at its instant whatever the zone; a relative (weekly) one at
///   its wall time in the clock's zone at the time it sounds, so it follows a zone
///   change. A fixed date already past sounds at the next move of time.
/// - Stopping a one-shot alarm (fixed, or relative without weekdays) deletes it: it is
///   gone from ``alarms()``. A weekly one waits for its next time after the press.
/// - An alarm nobody stops keeps sounding (how long AlarmKit lets it sound is not
///   documented); a weekly one does not sound again meanwhile.
/// - An alarm sounds through Focus and Silent mode (``focusActive`` is only recorded).
/// - Turning alarms off in Settings (``setAuthorization(_:)`` to `denied`) drops the
///   alarms held, so none sounds (``AlarmsWhenRevoked/silenced``, the default: iOS does
///   not document what it does), or leaves them to sound (``AlarmsWhenRevoked/sound``).
///   A system without alarms (`unavailable`) holds and sounds none.
///
/// With a clock another center moves (a ``SimulatedNotificationCenter``), call
/// ``fireDue()`` after each move, and before the zone changes.
/// A ``SimulatedDevice`` made with it (`alarms:`) does that itself: its alarms sound as
/// time moves through the device. ``snapshot()`` saves its state and
/// ``init(restoring:clock:)`` brings it back.
public actor SimulatedAlarmCenter: AlarmCenter {
    /// The device clock; ``advance(to:)`` and ``setTimeZone(_:)`` move it.
    public nonisolated let clock: VirtualClock
    /// How many alarms the system holds at most before it throws.
    public nonisolated let systemLimit: Int
    /// How many alarms Herald plans at most (`AlarmCenter.capacity`).
    public nonisolated let capacity: Int
    /// What the system does with the alarms it holds when the user turns alarms off.
    public nonisolated let whenRevoked: AlarmsWhenRevoked

    var held: [UUID: HeldAlarm] = [:]
    var nextSequence = 0
    var authorizationState: AlarmAuthorization
    var userAnswer: UserAuthorizationAnswer
    /// Whether a Focus or Silent mode is on; alarms sound through it, ``firings`` say so.
    public internal(set) var focusActive = false
    /// Every time an alarm started sounding, in order.
    public internal(set) var firings: [AlarmFiring] = []
    var presses: [AlarmPressRecord] = []
    /// How many times each kind of call was made; see ``resetCallCounts()``.
    public internal(set) var callCounts = AlarmCallCounts()

    /// A fresh device holding no alarms.
    ///
    /// - Parameters:
    ///   - clock: The device clock.
    ///   - systemLimit: The most alarms the system holds (AlarmKit's is not published).
    ///   - capacity: The most alarms Herald plans; `nil`: the system limit.
    ///   - authorization: The state at start; a freshly installed app is `notDetermined`.
    ///   - userAnswer: What the scripted user answers when asked.
    ///   - whenRevoked: What the system does with the alarms it holds when the user
    ///     turns alarms off; the stricter reading unless said.
    public init(
        clock: VirtualClock,
        systemLimit: Int = 8,
        capacity: Int? = nil,
        authorization: AlarmAuthorization = .notDetermined,
        userAnswer: UserAuthorizationAnswer = .allow,
        whenRevoked: AlarmsWhenRevoked = .silenced
    ) {
        precondition(systemLimit > 0, "An alarm center holds at least one alarm.")
        self.clock = clock
        self.systemLimit = systemLimit
        self.capacity = capacity ?? systemLimit
        self.whenRevoked = whenRevoked
        authorizationState = authorization
        self.userAnswer = userAnswer
    }

    /// The service as a ``snapshot()`` left it, on `clock` (call counts start afresh).
    public init(restoring snapshot: AlarmCenterSnapshot, clock: VirtualClock) {
        precondition(snapshot.systemLimit > 0, "An alarm center holds at least one alarm.")
        self.clock = clock
        systemLimit = snapshot.systemLimit
        capacity = snapshot.capacity
        whenRevoked = snapshot.whenRevoked ?? .silenced
        authorizationState = snapshot.authorization
        userAnswer = snapshot.userAnswer
        nextSequence = snapshot.nextSequence
        focusActive = snapshot.focusActive
        firings = snapshot.firings
        presses = snapshot.presses.map(\.record)
        held = Dictionary(snapshot.alarms.map { alarm in
            (alarm.request.id, HeldAlarm(request: alarm.request, state: alarm.state, sequence: alarm.sequence,
                                         searchAfter: alarm.searchAfter, countdownEnds: alarm.countdownEnds))
        }, uniquingKeysWith: { _, last in last })
    }

    // MARK: AlarmCenter

    public func authorization() async -> AlarmAuthorization {
        authorizationState
    }

    /// Asks the scripted user when the app has not been asked yet; otherwise answers
    /// what was decided.
    public func requestAuthorization() async throws -> AlarmAuthorization {
        switch authorizationState {
        case .unavailable:
            throw AlarmCenterError.unavailable
        case .notDetermined:
            callCounts.authorizationPrompts += 1
            authorizationState = userAnswer == .allow ? .authorized : .denied
        case .denied, .authorized:
            break
        }
        return authorizationState
    }

    /// The alarms held now, in the order they were first scheduled, each a copy.
    public func alarms() async throws -> [SystemAlarm] {
        try checkAvailable()
        callCounts.reads += 1
        return heldInOrder.map(\.snapshot)
    }

    public func schedule(_ request: AlarmRequest) async throws {
        do {
            try checkAvailable()
            guard authorizationState == .authorized else { throw AlarmCenterError.notAuthorized }
            guard held[request.id] != nil || held.count < systemLimit else {
                throw AlarmCenterError.maximumLimitReached
            }
        } catch {
            callCounts.failedSchedules += 1
            throw error
        }
        callCounts.schedules += 1
        let sequence = held[request.id]?.sequence ?? nextSequence
        if held[request.id] == nil { nextSequence += 1 }
        held[request.id] = HeldAlarm(request: request, state: .scheduled, sequence: sequence,
                                     searchAfter: clock.now)
    }

    public func cancel(id: UUID) async throws {
        try checkAvailable()
        callCounts.cancels += 1
        held[id] = nil
    }

    // MARK: Inspection

    /// The held alarm's request, as scheduled; `nil` when the system does not hold it.
    public func request(for id: UUID) -> AlarmRequest? {
        held[id]?.request
    }

    /// When the held alarm sounds next with the device in its current zone; `nil` while
    /// it sounds, or when the system does not hold it.
    public func nextAlert(of id: UUID) -> Date? {
        held[id]?.nextAlert(in: clock.timeZone)
    }

    /// The alarms held in `state` now, in the order they were first scheduled.
    ///
    /// ```swift
    /// let sounding = await alarms.requests(in: .alerting).map(\.identifier)
    /// ```
    public func requests(in state: SystemAlarm.State) -> [AlarmRequest] {
        heldInOrder.filter { $0.state == state }.map(\.request)
    }

    /// The state of the held alarm; `nil` when the system does not hold it.
    public func state(of id: UUID) -> SystemAlarm.State? {
        held[id]?.state
    }

    /// Starts counting calls afresh.
    public func resetCallCounts() {
        callCounts = AlarmCallCounts()
    }

    var heldInOrder: [HeldAlarm] {
        held.values.sorted { $0.sequence < $1.sequence }
    }

    func checkAvailable() throws(AlarmCenterError) {
        if authorizationState == .unavailable { throw .unavailable }
    }
}
