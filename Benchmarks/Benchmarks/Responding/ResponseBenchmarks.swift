import Benchmark
import Foundation
@_spi(Benchmarking) import Herald
import HeraldSimulator
import Synchronization

/// Decoding, deciding and recording, and resolving one response. Target: under 10 µs
/// each (release). Receiving a response in full also re-plans (the engine is the only
/// writer of the center, so a response's effect reaches it through a run).
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal],
        timeUnits: .nanoseconds,
        maxDuration: .seconds(3),
        maxIterations: 5_000
    )

    let zone = TimeZone(identifier: "Europe/Berlin")!
    let start = Date(timeIntervalSince1970: 1_795_251_600)
    let identifier = NotificationIdentifier(
        entity: EntityReference(namespace: "goal", id: "7F3A2C"), rule: "daily",
        occurrence: OccurrenceKey(rawValue: "20261121T0900"), kind: .reminder)
    let content = NotificationContent(
        title: "Morning check-in", body: "How did you sleep?", categoryIdentifier: "goal.reminder",
        userInfo: HeraldPayload(identifier: identifier).userInfo(merging: ["questionID": "q-7", "isTest": false]))
    let request = NotificationRequest(identifier: identifier.description, content: content, trigger: nil)

    /// A distinct response for each iteration, so none is taken for a repeat.
    func response(_ index: Int) -> NotificationResponse {
        NotificationResponse(
            notification: DeliveredNotification(request: request, date: start.addingTimeInterval(Double(index))),
            actionIdentifier: NotificationResponse.defaultActionIdentifier)
    }

    Benchmark("Decode a response") { benchmark in
        let sample = response(0)
        for _ in benchmark.scaledIterations {
            blackHole(BenchmarkMachinery.decode(sample))
        }
    }

    Benchmark("Decide and record a response (ResponseStep, in-memory store)") { benchmark in
        let store = InMemoryEngineStore()
        let responses = (0..<benchmark.scaledIterations.count).map(response)
        benchmark.startMeasurement()
        BenchmarkMachinery.recordResponses(responses, in: store, now: start, zone: zone)
        benchmark.stopMeasurement()
    }

    Benchmark("Receive a response before the app is ready, with its re-plan") { benchmark in
        let engine = makeEngine(zone: zone, start: start)
        let responses = (0..<benchmark.scaledIterations.count).map(response)
        benchmark.startMeasurement()
        for sample in responses {
            await engine.received(sample)
        }
        benchmark.stopMeasurement()
    }

    Benchmark(
        "Resolve a response and hand it to the ready app",
        configuration: .init(metrics: [.wallClock, .custom("until the route reaches the app (ns)", useScalingFactor: false)])
    ) { benchmark in
        let engine = makeEngine(zone: zone, start: start)
        let responder = TimingResponder()
        await engine.ready(responder)
        let stopwatch = ContinuousClock()
        // The whole call: queue, resolve, hand over the route, then re-plan once.
        benchmark.startMeasurement()
        let began = stopwatch.now
        await engine.received(response(benchmark.currentIteration))
        benchmark.stopMeasurement()
        if let arrived = responder.lastArrival {
            let latency = arrived - began
            benchmark.measurement(.custom("until the route reaches the app (ns)", useScalingFactor: false),
                                  Int(latency.components.attoseconds / 1_000_000_000 + latency.components.seconds * 1_000_000_000))
        }
    }
}

func makeEngine(zone: TimeZone, start: Date) -> Engine {
    let clock = VirtualClock(now: start, timeZone: zone)
    let center = SimulatedNotificationCenter(clock: clock, authorization: .authorized)
    return Engine(center: center, source: NoReminders(), clock: clock)
}

struct NoReminders: ReminderSource {
    func reminderRules() async throws -> [ReminderRule] { [] }
    func content(for reminder: PlannedReminder) async throws -> NotificationContent { NotificationContent(title: "") }
}

/// Notes when each route reaches the app.
final class TimingResponder: AppResponder {
    private let arrival = Mutex<ContinuousClock.Instant?>(nil)
    var lastArrival: ContinuousClock.Instant? { arrival.withLock { $0 } }

    func resolve(_ entity: EntityReference) async -> EntityResolution { .ready(title: entity.id) }
    func handle(_ route: ResponseHandoff) async {
        let now = ContinuousClock().now
        arrival.withLock { $0 = now }
        blackHole(route)
    }
}
