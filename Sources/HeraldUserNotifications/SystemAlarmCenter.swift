import Foundation
import Herald
import Logging
#if (os(iOS) && canImport(AlarmKit)) || (os(Linux) && !HERALD_SHIM_MACOS && !HERALD_SHIM_WATCHOS && !HERALD_SHIM_VISIONOS)
#if canImport(AlarmKit)
import AlarmKit
import SwiftUI
#else
import AlarmKitShim
#endif

/// Herald's `AlarmCenter` over AlarmKit's `AlarmManager` (iOS and Mac
/// Catalyst 26; elsewhere, and before 26, every call answers
/// `AlarmCenterError.unavailable`).
///
/// A request becomes an alarm configuration with the 26.0 alert (title, stop button,
/// secondary button): a snooze is the `.countdown` behaviour with the minutes as the
/// post-alert duration, an action the `.custom` behaviour. Every button runs an
/// ``AlarmButtonIntent``, which hands the press to ``AlarmButtonRouter``. A weekly
/// schedule is a relative schedule (its seconds are dropped: AlarmKit's time has hours
/// and minutes only).
///
/// Without `NSAlarmKitUsageDescription` in Info.plist (or with an empty one) the app
/// cannot schedule alarms: the center then logs the cause and acts as unavailable, never
/// calling AlarmKit.
///
/// ```swift
/// let alarms = SystemAlarmCenter(capacity: 8)
/// if await alarms.authorization() == .notDetermined { _ = try await alarms.requestAuthorization() }
/// ```
public struct SystemAlarmCenter: AlarmCenter {
    public let capacity: Int
    /// Whether Info.plist says why the app sets alarms.
    public let hasUsageDescription: Bool

    /// - Parameters:
    ///   - capacity: How many alarms Herald plans at most (AlarmKit does not publish its
    ///     limit).
    ///   - usageDescription: Info.plist's `NSAlarmKitUsageDescription` (read from the main
    ///     bundle unless given).
    public init(capacity: Int = 8, usageDescription: String? = SystemAlarmCenter.bundleUsageDescription) {
        self.capacity = capacity
        hasUsageDescription = !(usageDescription ?? "").isEmpty
        if !hasUsageDescription {
            Logger(label: "Herald.SystemAlarmCenter").error(
                "NSAlarmKitUsageDescription is missing from Info.plist or empty: the app cannot schedule alarms")
        }
    }

    public func authorization() async -> AlarmAuthorization {
        guard hasUsageDescription, #available(iOS 26, macCatalyst 26, *) else { return .unavailable }
        return Self.authorization(AlarmManager.shared.authorizationState)
    }

    public func requestAuthorization() async throws -> AlarmAuthorization {
        guard hasUsageDescription, #available(iOS 26, macCatalyst 26, *) else { throw AlarmCenterError.unavailable }
        return Self.authorization(try await AlarmManager.shared.requestAuthorization())
    }

    public func alarms() async throws -> [SystemAlarm] {
        guard hasUsageDescription, #available(iOS 26, macCatalyst 26, *) else { throw AlarmCenterError.unavailable }
        return try AlarmManager.shared.alarms.map { alarm in
            SystemAlarm(id: alarm.id, schedule: alarm.schedule.flatMap(Self.heraldSchedule),
                        state: Self.state(alarm.state))
        }
    }

    /// - Throws: `AlarmCenterError.maximumLimitReached` past the system's
    ///   limit, `AlarmCenterError.notAuthorized` when the user has not allowed
    ///   alarms, `AlarmCenterError.unavailable` without AlarmKit.
    public func schedule(_ request: AlarmRequest) async throws {
        guard hasUsageDescription, #available(iOS 26, macCatalyst 26, *) else { throw AlarmCenterError.unavailable }
        let manager = AlarmManager.shared
        if case .denied = manager.authorizationState { throw AlarmCenterError.notAuthorized }
        do {
            _ = try await manager.schedule(id: request.id, configuration: Self.configuration(for: request))
        } catch AlarmManager.AlarmError.maximumLimitReached {
            throw AlarmCenterError.maximumLimitReached
        } catch {
            // What AlarmKit throws without authorization is not documented.
            if case .authorized = manager.authorizationState { throw error }
            throw AlarmCenterError.notAuthorized
        }
    }

    /// Deletes the alarm; one the system does not hold is ignored.
    public func cancel(id: UUID) async throws {
        guard hasUsageDescription, #available(iOS 26, macCatalyst 26, *) else { throw AlarmCenterError.unavailable }
        do {
            try AlarmManager.shared.cancel(id: id)
        } catch {
            if let held = try? AlarmManager.shared.alarms, !held.contains(where: { $0.id == id }) { return }
            throw error
        }
    }
}

@available(iOS 26, macCatalyst 26, *)
extension SystemAlarmCenter {
    /// What Herald keeps on each alarm: the identifier's text.
    struct Metadata: AlarmMetadata {
        var identifier: String
    }

    /// The configuration a request becomes.
    static func configuration(for request: AlarmRequest) -> AlarmManager.AlarmConfiguration<Metadata> {
        var secondaryButton: AlarmButton?
        var behavior: AlarmPresentation.Alert.SecondaryButtonBehavior?
        var secondaryIntent: AlarmButtonIntent?
        var countdown: Alarm.CountdownDuration?
        switch request.secondary {
        case .snooze(let title, let minutes):
            secondaryButton = AlarmButton(text: LocalizedStringResource(stringLiteral: title), textColor: .white,
                                          systemImageName: "zzz")
            behavior = .countdown
            countdown = Alarm.CountdownDuration(preAlert: nil, postAlert: TimeInterval(minutes) * 60)
            secondaryIntent = AlarmButtonIntent(identifier: request.identifier, press: .snooze)
        case .action(let identifier, let title):
            secondaryButton = AlarmButton(text: LocalizedStringResource(stringLiteral: title), textColor: .white,
                                          systemImageName: "checkmark.circle")
            behavior = .custom
            secondaryIntent = AlarmButtonIntent(identifier: request.identifier, press: .action(identifier))
        case nil:
            break
        }
        let alert = AlarmPresentation.Alert(
            title: LocalizedStringResource(stringLiteral: request.title),
            stopButton: AlarmButton(text: LocalizedStringResource(stringLiteral: request.stopTitle),
                                    textColor: .white, systemImageName: "stop.circle"),
            secondaryButton: secondaryButton, secondaryButtonBehavior: behavior
        )
        return AlarmManager.AlarmConfiguration(
            countdownDuration: countdown, schedule: platformSchedule(request.schedule),
            attributes: AlarmAttributes(presentation: AlarmPresentation(alert: alert),
                                        metadata: Metadata(identifier: request.identifier.description),
                                        tintColor: .accentColor),
            stopIntent: AlarmButtonIntent(identifier: request.identifier, press: .stop),
            secondaryIntent: secondaryIntent
        )
    }

    /// AlarmKit's schedule for Herald's: fixed stays fixed, weekly is relative.
    static func platformSchedule(_ schedule: AlarmSchedule) -> Alarm.Schedule {
        switch schedule {
        case .fixed(let date):
            return .fixed(date)
        case .weekly(let time, let days):
            let weekdays = Weekday.allCases.filter(days.contains).map(localeWeekday)
            return .relative(Alarm.Schedule.Relative(
                time: Alarm.Schedule.Relative.Time(hour: time.hour, minute: time.minute),
                repeats: weekdays.isEmpty ? .never : .weekly(weekdays)
            ))
        }
    }

    /// Herald's schedule for AlarmKit's; `nil` for one Herald does not make.
    static func heraldSchedule(_ schedule: Alarm.Schedule) -> AlarmSchedule? {
        if case .fixed(let date) = schedule { return .fixed(date) }
        guard case .relative(let relative) = schedule else { return nil }
        let time = LocalTime(hour: relative.time.hour, minute: relative.time.minute)
        guard case .weekly(let weekdays) = relative.repeats else { return .weekly(time, on: []) }
        return .weekly(time, on: Set(Weekday.allCases.filter { weekdays.contains(localeWeekday($0)) }))
    }

    static func localeWeekday(_ day: Weekday) -> Locale.Weekday {
        switch day {
        case .sunday: .sunday
        case .monday: .monday
        case .tuesday: .tuesday
        case .wednesday: .wednesday
        case .thursday: .thursday
        case .friday: .friday
        case .saturday: .saturday
        }
    }

    static func state(_ state: Alarm.State) -> AlarmState {
        if case .alerting = state { return .alerting }
        if case .countdown = state { return .countdown }
        if case .paused = state { return .paused }
        return .scheduled
    }

    static func authorization(_ state: AlarmManager.AuthorizationState) -> AlarmAuthorization {
        if case .authorized = state { return .authorized }
        if case .denied = state { return .denied }
        return .notDetermined
    }
}
#else

/// Herald's ``Herald/AlarmCenter`` where the platform has no AlarmKit (macOS, watchOS,
/// tvOS, visionOS): authorization is ``Herald/AlarmAuthorization/unavailable`` and every
/// other call throws ``Herald/AlarmCenterError/unavailable``.
public struct SystemAlarmCenter: AlarmCenter {
    public let capacity: Int
    public let hasUsageDescription: Bool

    public init(capacity: Int = 8, usageDescription: String? = SystemAlarmCenter.bundleUsageDescription) {
        self.capacity = capacity
        hasUsageDescription = !(usageDescription ?? "").isEmpty
    }

    public func authorization() async -> AlarmAuthorization { .unavailable }
    public func requestAuthorization() async throws -> AlarmAuthorization { throw AlarmCenterError.unavailable }
    public func alarms() async throws -> [SystemAlarm] { throw AlarmCenterError.unavailable }
    public func schedule(_ request: AlarmRequest) async throws { throw AlarmCenterError.unavailable }
    public func cancel(id: UUID) async throws { throw AlarmCenterError.unavailable }
}
#endif

extension SystemAlarmCenter {
    /// The main bundle's `NSAlarmKitUsageDescription`, if any.
    public static var bundleUsageDescription: String? {
        Bundle.main.object(forInfoDictionaryKey: "NSAlarmKitUsageDescription") as? String
    }
}
