import Foundation
import Herald
import HeraldSimulator

/// The alarm service as the app sees it, like ``PersistedNotificationCenter``: every
/// call is one step (the process may be killed before it), is forwarded to the
/// simulated system's alarm service, and every call that changes the system is
/// followed by saving the system, so the alarms the app scheduled or cancelled survive
/// a kill.
///
/// ```swift
/// let engine = Engine(center: PersistedNotificationCenter(system: system), source: app, store: store,
///                     clock: system.clock, alarms: PersistedAlarmCenter(system: system))
/// ```
struct PersistedAlarmCenter: AlarmCenter {
    let system: SimulatedSystem

    var capacity: Int { system.alarms.capacity }
    private var service: SimulatedAlarmCenter { system.alarms }

    /// Runs a change to the system as one step and saves the system after it, whether
    /// it threw or not. A save that fails ends the process.
    private func changing<T>(_ label: @autoclosure () -> String, _ body: () async throws -> T) async rethrows -> T {
        StepCounter.shared.step(label())
        let result: T
        do {
            result = try await body()
        } catch {
            await save()
            throw error
        }
        await save()
        return result
    }

    private func save() async {
        do {
            try await system.save()
        } catch {
            fatalError("saving the simulated system failed: \(error)")
        }
    }

    func authorization() async -> AlarmAuthorization {
        StepCounter.shared.step("alarms authorization")
        return await service.authorization()
    }

    func requestAuthorization() async throws -> AlarmAuthorization {
        try await changing("alarms request authorization") { try await service.requestAuthorization() }
    }

    func alarms() async throws -> [SystemAlarm] {
        StepCounter.shared.step("alarms read")
        return try await service.alarms()
    }

    func schedule(_ request: AlarmRequest) async throws {
        try await changing("alarms schedule \(request.identifier)") { try await service.schedule(request) }
    }

    func cancel(id: UUID) async throws {
        try await changing("alarms cancel \(id)") { try await service.cancel(id: id) }
    }
}
