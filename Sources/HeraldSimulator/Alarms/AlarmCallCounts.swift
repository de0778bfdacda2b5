/// How many times the app called the simulated alarm center, so tests can assert that a
/// reconcile touched exactly the alarms it had to.
///
/// ```swift
/// await alarms.resetCallCounts()
/// try await alarms.schedule(request)
/// #expect(await alarms.callCounts.schedules == 1)
/// ```
public struct AlarmCallCounts: Hashable, Sendable {
    /// Successful `schedule` calls (each stores or replaces one alarm).
    public var schedules = 0
    /// `schedule` calls that threw (limit, authorization, unavailable).
    public var failedSchedules = 0
    /// `cancel` calls, whether or not the id was held.
    public var cancels = 0
    /// `alarms()` reads.
    public var reads = 0
    /// Times the user was shown the permission prompt.
    public var authorizationPrompts = 0

    public init() {}
}
