import Foundation
import Herald
import HeraldSimulator
import Synchronization

/// The simulated operating system around the app: the notification center, the device
/// clock and the user's gestures, persisted in a directory so that they outlive the
/// app's process.
///
/// The system is saved after every change (``save()``), but it lives in the app's
/// process only for convenience: what matters is that the file holds the system's
/// state whenever the app's process dies. So by default ``save()`` keeps the state in
/// memory and the file is written when the process is about to be killed
/// (``StepCounter``'s last act) and when the scenario ends; with `writesEveryChange`
/// (`--write-system-every-change`) each save writes the file, atomically, which gives
/// the same results about ten times slower.
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
    let writesEveryChange: Bool
    private let gestures: Mutex<[SystemState.UserGesture]>
    /// The state as of the last save, not yet written to the file.
    private let unwritten = Mutex<SystemState?>(nil)

    private init(directory: URL, clock: VirtualClock, center: SimulatedNotificationCenter,
                 gestures: [SystemState.UserGesture], writesEveryChange: Bool) {
        self.directory = directory
        self.clock = clock
        self.center = center
        self.gestures = Mutex(gestures)
        self.writesEveryChange = writesEveryChange
    }

    /// The system as the last process left it, or a fresh device (authorized, nothing
    /// pending) standing at `start`, saved at once.
    static func openOrCreate(in directory: URL, start: Date, zone: TimeZone,
                             writesEveryChange: Bool = false) async throws -> SimulatedSystem {
        if let state = try SystemState.load(from: directory) {
            guard let zone = TimeZone(identifier: state.timeZoneIdentifier) else {
                throw HarnessError("system.json names an unknown time zone \(state.timeZoneIdentifier)")
            }
            let clock = VirtualClock(now: state.now, timeZone: zone)
            return SimulatedSystem(directory: directory, clock: clock,
                                   center: SimulatedNotificationCenter(restoring: state.center, clock: clock),
                                   gestures: state.gestures, writesEveryChange: writesEveryChange)
        }
        let clock = VirtualClock(now: start, timeZone: zone)
        let system = SimulatedSystem(directory: directory, clock: clock,
                                     center: SimulatedNotificationCenter(clock: clock, authorization: .authorized),
                                     gestures: [], writesEveryChange: writesEveryChange)
        try await system.save()
        try system.write()
        return system
    }

    /// Saves the center, the clock and the gestures: in memory until ``write()``, or
    /// to the file at once with `writesEveryChange`.
    func save() async throws {
        let state = SystemState(center: await center.snapshot(), now: clock.now,
                                timeZoneIdentifier: clock.timeZone.identifier,
                                gestures: gestures.withLock { $0 })
        unwritten.withLock { $0 = state }
        if writesEveryChange { try write() }
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
}

/// A harness failure that is not the engine's: bad arguments, unreadable files.
struct HarnessError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
