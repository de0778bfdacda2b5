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

    /// A change to the system: one step, then the system saved (``SimulatedSystem/changing(_:_:)``).
    private func changing<T>(_ label: @autoclosure () -> String, _ body: () async throws -> T) async rethrows -> T {
        try await system.changing(label(), body)
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
