import Foundation
import Herald
import HeraldSimulator
import Synchronization

/// The simulated operating system around the app: the notification center, the alarm
/// service (on the same clock, its alarms authorized), the device clock and the user's
/// gestures, persisted in a directory so that they outlive the app's process.
///
/// The system is saved after every change (``save()``), but it lives in the app's
/// process only for convenience: what matters is that the file holds the system's
/// state whenever the app's process dies. So by default ``save()`` keeps the state in
/// memory and the file is written when the process is about to be killed
/// (``StepCounter``'s last act) and when the scenario ends; with `writesEveryChange`
/// (`--write-system-every-change`) each save writes the file, atomically, which gives
/// the same results about ten times slower. A process that is not to be killed (no
/// `--kill-at`) has no use for the saved state before its end: there ``save()`` does
/// nothing, and ``saveAndWrite()`` takes the state once, when the scenario ends.
///
/// ```swift
/// let system = try SimulatedSystem.openOrCreate(in: directory, start: start, zone: berlin)
/// await system.center.advance(to: nineOClock)   // the system moves time on its own
/// try await system.save()
/// ```
final class SimulatedSystem: Sendable {
    let directory: URL
    let clock: VirtualClock
    let center: SimulatedNotificationCenter
    let alarms: SimulatedAlarmCenter
    let writesEveryChange: Bool
    private let gestures: Mutex<[SystemState.UserGesture]>
    /// The state as of the last save, not yet written to the file.
    private let unwritten = Mutex<SystemState?>(nil)

    private init(directory: URL, clock: VirtualClock, center: SimulatedNotificationCenter,
                 alarms: SimulatedAlarmCenter, gestures: [SystemState.UserGesture], writesEveryChange: Bool) {
        self.directory = directory
        self.clock = clock
        self.center = center
        self.alarms = alarms
        self.gestures = Mutex(gestures)
        self.writesEveryChange = writesEveryChange
    }

    /// The system as the last process left it, or a fresh device (notifications and
    /// alarms authorized, nothing pending) standing at `start`, saved at once.
    static func openOrCreate(in directory: URL, start: Date, zone: TimeZone,
                             writesEveryChange: Bool = false) async throws -> SimulatedSystem {
        if let state = try SystemState.load(from: directory) {
            guard let zone = TimeZone(identifier: state.timeZoneIdentifier) else {
                throw HarnessError("system.json names an unknown time zone \(state.timeZoneIdentifier)")
            }
            let clock = VirtualClock(now: state.now, timeZone: zone)
            return SimulatedSystem(directory: directory, clock: clock,
                                   center: SimulatedNotificationCenter(restoring: state.center, clock: clock),
                                   alarms: SimulatedAlarmCenter(restoring: state.alarms, clock: clock),
                                   gestures: state.gestures, writesEveryChange: writesEveryChange)
        }
        let clock = VirtualClock(now: start, timeZone: zone)
        let system = SimulatedSystem(directory: directory, clock: clock,
                                     center: SimulatedNotificationCenter(clock: clock, authorization: .authorized),
                                     alarms: SimulatedAlarmCenter(clock: clock, authorization: .authorized),
                                     gestures: [], writesEveryChange: writesEveryChange)
        try await system.saveAndWrite()
        return system
    }

    /// Saves the centers, the clock and the gestures: in memory until ``write()``, or
    /// to the file at once with `writesEveryChange`; nothing in a process that is not
    /// to be killed (see above).
    func save() async throws {
        guard writesEveryChange || StepCounter.shared.killAt != nil else { return }
        try await capture()
    }

    /// Saves the system and writes the file, whatever the options: when the scenario
    /// ends, and for a fresh system.
    func saveAndWrite() async throws {
        try await capture()
        try write()
    }

    private func capture() async throws {
        let state = SystemState(center: await center.snapshot(), alarms: await alarms.snapshot(), now: clock.now,
                                timeZoneIdentifier: clock.timeZone.identifier,
                                gestures: gestures.withLock { $0 })
        unwritten.withLock { $0 = state }
        if writesEveryChange { try write() }
    }

    /// Runs a change the app makes to the system (a center's or the alarm service's
    /// call) as one step, the process may be killed before it, and saves the system
    /// after it, whether it threw or not. A save that fails ends the process: the test
    /// sees a non-zero exit, not a silent loss.
    func changing<T>(_ label: @autoclosure () -> String, _ body: () async throws -> T) async rethrows -> T {
        StepCounter.shared.step(label())
        let result: T
        do {
            result = try await body()
        } catch {
            await saveOrEnd()
            throw error
        }
        await saveOrEnd()
        return result
    }

    private func saveOrEnd() async {
        do {
            try await save()
        } catch {
            fatalError("saving the simulated system failed: \(error)")
        }
    }

    /// Writes the last saved state to the file, atomically, if it is not there yet.
    func write() throws {
        guard let state = unwritten.withLock({ $0 }) else { return }
        try state.save(to: directory)
        unwritten.withLock { $0 = nil }
    }

    /// The gesture recorded for a scenario event: `nil` when none was chosen yet,
    /// `.some(nil)` when the user had nothing to act on.
    func gesture(for event: Int) -> NotificationResponse?? {
        gestures.withLock { list in list.first { $0.event == event }.map(\.response) }
    }

    func record(_ response: NotificationResponse?, for event: Int) {
        gestures.withLock { $0.append(SystemState.UserGesture(event: event, response: response)) }
    }

    /// The alarm press recorded for a scenario event: `nil` when the user has not
    /// pressed yet, `.some(nil)` when no alarm of the habit was sounding.
    func alarmGesture(for event: Int) -> AlarmCenterSnapshot.Press?? {
        gestures.withLock { list in list.first { $0.event == event }.map(\.alarmPress) }
    }

    func record(_ press: AlarmPressRecord?, for event: Int) {
        gestures.withLock {
            $0.append(SystemState.UserGesture(event: event, alarmPress: press.map(AlarmCenterSnapshot.Press.init)))
        }
    }
}

/// A harness failure that is not the engine's: bad arguments, unreadable files.
struct HarnessError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
