import Foundation
import Herald
import HeraldSimulator
import ShowcaseExercise
import Testing

extension ExerciseApp: ShowcaseProcess {}

/// The exercise app as the simulated device runs it.
typealias SimulatedExerciseApp = SimulatedShowcase<ExerciseApp>

/// A device running the exercise app, with what outlives its processes.
struct ExerciseFixture {
    let device: SimulatedDevice
    let center: SimulatedNotificationCenter
    let engineStore: InMemoryEngineStore
    var clock: VirtualClock { center.clock }

    func app() async throws -> ExerciseApp {
        let running = await device.app as? SimulatedExerciseApp
        return try #require(running).app
    }

    /// The pending Herald requests of a kind.
    func pending(_ kind: NotificationKind) async -> [NotificationIdentifier] {
        await center.heraldPending().filter { $0.kind == kind }
    }

    /// The instants the pending requests of a kind fire at.
    func pendingDates(_ kind: NotificationKind) async -> [Date] {
        await center.pendingSchedule().filter { $0.request.heraldIdentifier?.kind == kind }.compactMap(\.nextFireDate).sorted()
    }

    /// Checks that only planned breaks are pending (no snooze, follow-up or event left
    /// behind, unless allowed) and that no response is left waiting.
    func expectNothingUnexpectedPending(allowing allowed: Set<NotificationKind> = [.reminder, .followUp],
                                        sourceLocation: SourceLocation = #_sourceLocation) async {
        let kinds = Set(await center.heraldPending().map(\.kind))
        #expect(kinds.isSubset(of: allowed), "unexpected pending kinds \(kinds)", sourceLocation: sourceLocation)
        #expect(await center.pendingNotificationRequests().allSatisfy { $0.heraldIdentifier != nil },
                sourceLocation: sourceLocation)
        #expect(engineStore.load().queuedResponses.isEmpty, sourceLocation: sourceLocation)
    }
}

/// Breaks every 30 minutes from 09:00 to 12:00, with a follow-up 10 minutes after an
/// unanswered one.
func makeExercisePlan(followUpAfter: Double? = 600) -> ExercisePlan {
    ExercisePlan(everyMinutes: 30, from: LocalTime(hour: 9), to: LocalTime(hour: 12), followUpAfter: followUpAfter)
}

/// A device with the exercise app installed (not running) at 08:50 on Monday.
func makeExerciseApp(plan: ExercisePlan? = makeExercisePlan(), at start: String = "2026-06-01T08:50") async -> ExerciseFixture {
    let center = makeCenter(at: start)
    let engineStore = InMemoryEngineStore()
    let device = await SimulatedDevice(center: center) { [clock = center.clock] in
        SimulatedExerciseApp(app: ExerciseApp(plan: plan, engineStore: engineStore, center: center, clock: clock))
    }
    return ExerciseFixture(device: device, center: center, engineStore: engineStore)
}
