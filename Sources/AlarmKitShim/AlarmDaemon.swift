#if !canImport(AlarmKit) && !HERALD_SHIM_MACOS && !HERALD_SHIM_WATCHOS && !HERALD_SHIM_VISIONOS
import Foundation

/// What the shim's daemon keeps of a scheduled configuration (its metadata type erased).
public struct ScheduledAlarmConfiguration: Sendable {
    public var schedule: Alarm.Schedule?
    public var countdownDuration: Alarm.CountdownDuration?
    public var presentation: AlarmPresentation
    public var stopIntent: (any LiveActivityIntent)?
    public var secondaryIntent: (any LiveActivityIntent)?
    public var sound: AlertConfiguration.AlertSound
}

/// The shim's alarm daemon: every app's alarms (one app here), the user's answer and
/// the limit.
struct AlarmDaemon {
    struct Entry {
        var alarm: Alarm
        var configuration: ScheduledAlarmConfiguration
        var sequence: Int
    }

    var authorization = AlarmManager.AuthorizationState.notDetermined
    var userAnswer = AlarmManager.AuthorizationState.authorized
    var limit = 8
    var prompts = 0
    var entries: [UUID: Entry] = [:]
    var nextSequence = 0

    mutating func schedule(id: UUID, configuration: ScheduledAlarmConfiguration) throws -> Alarm {
        guard authorization == .authorized else { throw AlarmShimError.notAuthorized }
        guard entries[id] != nil || entries.count < limit else { throw AlarmManager.AlarmError.maximumLimitReached }
        let alarm = Alarm(id: id, schedule: configuration.schedule, countdownDuration: configuration.countdownDuration,
                          state: configuration.schedule == nil ? .countdown : .scheduled)
        let sequence = entries[id]?.sequence ?? nextSequence
        if entries[id] == nil { nextSequence += 1 }
        entries[id] = Entry(alarm: alarm, configuration: configuration, sequence: sequence)
        return alarm
    }

    mutating func cancel(id: UUID) throws {
        guard entries.removeValue(forKey: id) != nil else { throw AlarmShimError.unknownAlarm(id) }
    }

    mutating func stop(id: UUID) throws {
        guard let entry = entries[id] else { throw AlarmShimError.unknownAlarm(id) }
        if case .relative(let relative)? = entry.alarm.schedule, relative.repeats != .never {
            entries[id]?.alarm.state = .scheduled
        } else {
            entries[id] = nil
        }
    }

    mutating func move(_ id: UUID, from: Alarm.State, to: Alarm.State) throws {
        guard let entry = entries[id] else { throw AlarmShimError.unknownAlarm(id) }
        guard entry.alarm.state == from else { throw AlarmShimError.wrongState(id, entry.alarm.state) }
        entries[id]?.alarm.state = to
    }

    func snapshot() -> [Alarm] {
        entries.values.sorted { $0.sequence < $1.sequence }.map(\.alarm)
    }
}
#endif
