import Foundation
import Herald

/// The checks every `AlarmCenter` implementation must pass: one for each point
/// of the contract written on the protocol.
///
/// Give it a factory that makes a fresh center (a freshly installed app: no alarm, not
/// yet asked for permission, a user who allows alarms when asked) and, when the
/// implementation can, the system's and the user's part: an alarm's time coming, the
/// stop button, alarms turned off in Settings, and the system's limit. Checks that need
/// one of them are skipped without it. A factory that makes a center of a system
/// without alarms (`authorization()` answers `unavailable`) runs
/// ``AlarmCenterConformanceCheck/unavailableRefusesEveryCall`` and skips the rest.
///
/// ```swift
/// @Test func conformsToTheContract() async throws {
///     let conformance = AlarmCenterConformance {
///         let alarms = SimulatedAlarmCenter(clock: VirtualClock(now: start, timeZone: berlin))
///         return .init(center: alarms, limit: alarms.systemLimit,
///                      sound: { id in _ = await alarms.advance(to: await alarms.nextAlert(of: id) ?? start) },
///                      stop: { id in try await alarms.press(.stop, on: id) },
///                      revoke: { await alarms.setAuthorization(.denied) })
///     }
///     let report = try await conformance.runAll()
///     #expect(report.skipped.map(\.check) == [.unavailableRefusesEveryCall])
/// }
/// ```
public struct AlarmCenterConformance: Sendable {
    /// A fresh center under test and the means to play the system and the user.
    public struct Subject: Sendable {
        public var center: any AlarmCenter
        /// How many alarms the system holds before it refuses a new one; `nil` (AlarmKit
        /// does not publish it) skips ``AlarmCenterConformanceCheck/limitRefusesNewAlarmsOnly``.
        public var limit: Int?
        /// Makes the held alarm with this id sound now (its time comes); `nil` skips the
        /// checks that need a sounding alarm.
        public var sound: (@Sendable (UUID) async throws -> Void)?
        /// The user presses the stop button of the sounding alarm with this id; `nil`
        /// skips the checks that need it.
        public var stop: (@Sendable (UUID) async throws -> Void)?
        /// The user turns the app's alarms off in Settings; `nil` skips
        /// ``AlarmCenterConformanceCheck/revokedRefusesSchedulesButReadsAndCancels``.
        public var revoke: (@Sendable () async -> Void)?

        public init(
            center: any AlarmCenter, limit: Int? = nil, sound: (@Sendable (UUID) async throws -> Void)? = nil,
            stop: (@Sendable (UUID) async throws -> Void)? = nil, revoke: (@Sendable () async -> Void)? = nil
        ) {
            self.center = center
            self.limit = limit
            self.sound = sound
            self.stop = stop
            self.revoke = revoke
        }
    }

    private let makeSubject: @Sendable () async throws -> Subject

    /// - Parameter makeSubject: Makes a fresh center for each check.
    public init(makeSubject: @escaping @Sendable () async throws -> Subject) {
        self.makeSubject = makeSubject
    }

    /// Runs every check (except `skipping`) in ``AlarmCenterConformanceCheck`` order, each
    /// on a fresh center.
    ///
    /// - Returns: which checks passed and which were skipped, and why.
    /// - Throws: ``AlarmCenterConformanceFailure`` for the first check that fails.
    public func runAll(skipping: Set<AlarmCenterConformanceCheck> = []) async throws -> AlarmCenterConformanceReport {
        try await ConformanceRunner.runAll(skipping: skipping) { try await run($0) }
    }

    /// Runs one check on a fresh center.
    ///
    /// - Returns: `nil` when it passed, or the reason it was skipped.
    /// - Throws: ``AlarmCenterConformanceFailure`` when it failed.
    public func run(_ check: AlarmCenterConformanceCheck) async throws -> String? {
        try await ConformanceRunner.run(check, of: "center", making: makeSubject,
                                        missing: { await Self.missing(for: check, in: $0) },
                                        perform: { try await perform(check, on: AlarmCenterProbe(check: check, subject: $0)) })
    }

    /// Why `check` cannot run on `subject`, or `nil` when it can.
    private static func missing(for check: AlarmCenterConformanceCheck, in subject: Subject) async -> String? {
        let unavailable = await subject.center.authorization() == .unavailable
        if check.needsUnavailableCenter != unavailable {
            return unavailable ? "the center has no alarms (authorization is unavailable)"
                : "needs a center without alarms (authorization unavailable)"
        }
        if check.needsSound, subject.sound == nil { return "needs a way to make an alarm sound (Subject.sound is nil)" }
        if check.needsStop, subject.stop == nil { return "needs a way to stop an alarm (Subject.stop is nil)" }
        if check == .limitRefusesNewAlarmsOnly, subject.limit == nil { return "needs the system's limit (Subject.limit is nil)" }
        if check == .revokedRefusesSchedulesButReadsAndCancels, subject.revoke == nil {
            return "needs a way to turn alarms off (Subject.revoke is nil)"
        }
        return nil
    }

    private func perform(_ check: AlarmCenterConformanceCheck, on probe: AlarmCenterProbe) async throws {
        switch check {
        case .capacityIsFixed: try probe.capacityIsFixed()
        case .authorizationStartsNotDetermined: try await probe.authorizationStartsNotDetermined()
        case .requestAuthorizationFixesTheAnswer: try await probe.requestAuthorizationFixesTheAnswer()
        case .unavailableRefusesEveryCall: try await probe.unavailableRefusesEveryCall()
        case .freshCenterHoldsNothing: try await probe.freshCenterHoldsNothing()
        case .scheduledAlarmsAreListedOnce: try await probe.scheduledAlarmsAreListedOnce()
        case .scheduleReplacesTheSameID: try await probe.scheduleReplacesTheSameID()
        case .cancelRemovesOnlyThatAlarm: try await probe.cancelRemovesOnlyThatAlarm()
        case .limitRefusesNewAlarmsOnly: try await probe.limitRefusesNewAlarmsOnly()
        case .revokedRefusesSchedulesButReadsAndCancels: try await probe.revokedRefusesSchedulesButReadsAndCancels()
        case .soundingAlarmIsAlerting: try await probe.soundingAlarmIsAlerting()
        case .stoppedOneShotIsGone: try await probe.stoppedOneShotIsGone()
        case .stoppedWeeklyAlarmStays: try await probe.stoppedWeeklyAlarmStays()
        case .cancelRemovesASoundingAlarm: try await probe.cancelRemovesASoundingAlarm()
        }
    }
}
