import Foundation
import HeraldTestSupport
import Testing
@testable import Herald

/// Records from three devices, received in any order, in any batches, some twice:
/// the state they leave is the one a model written here gives (for each subject, the
/// latest record holds, answers too; a deferral holds once made), and a
/// deletion leaves nothing of its entity made before it, whatever arrives after.
@Suite struct SyncConvergencePropertyTests {
    static let entities = [Fixtures.habit("water"), Fixtures.habit("run")]
    static let days = [LocalDate(year: 2026, month: 11, day: 21), LocalDate(year: 2026, month: 11, day: 22)]
    static let devices = ["watch", "mac", "ipad"]
    static let start = Fixtures.date("2026-11-21T08:00")

    static func occurrence(_ entity: EntityReference, _ day: LocalDate) -> NotificationIdentifier {
        NotificationIdentifier(entity: entity, rule: "r", occurrence: OccurrenceKey(LocalDateTime(date: day, time: LocalTime(hour: 9, minute: 0))),
                               kind: .reminder)
    }

    /// Records of every kind but deletion, at distinct instants (one a second at most).
    static func records(using random: inout SeededGenerator) -> [HeraldSync.Record] {
        let count = Int.random(in: 1...14, using: &random)
        let seconds = Array((0..<3_600).shuffled(using: &random).prefix(count))
        return seconds.map { second in
            let instant = start.addingTimeInterval(Double(second))
            let entity = entities.randomElement(using: &random)!, day = days.randomElement(using: &random)!
            let change: HeraldSync.Record.Change = switch Int.random(in: 0..<7, using: &random) {
            case 0: .completed(Completion(entity: entity, day: day, date: instant))
            case 1: .completionUndone(entity, day)
            case 2: .paused(entity)
            case 3: .resumed(entity)
            case 4: .deferred(EntityDay(entity, day))
            case 5: .snoozed(SnoozeRecord(original: occurrence(entity, day), until: instant.addingTimeInterval(600)))
            default: .answered(occurrence(entity, day))
            }
            return HeraldSync.Record(device: devices.randomElement(using: &random)!, instant: instant, change: change)
        }
    }

    /// The records, each one to three times, shuffled and cut into batches.
    static func arrivals(of records: [HeraldSync.Record], using random: inout SeededGenerator) -> [[HeraldSync.Record]] {
        var stream = records.flatMap { record in Array(repeating: record, count: Int.random(in: 1...3, using: &random)) }
        stream.shuffle(using: &random)
        var batches: [[HeraldSync.Record]] = []
        while !stream.isEmpty {
            let size = Int.random(in: 1...max(1, stream.count), using: &random)
            batches.append(Array(stream.prefix(size)))
            stream.removeFirst(size)
        }
        return batches
    }

    /// What a phone that received `batches` holds, through the step it runs.
    static func received(_ batches: [[HeraldSync.Record]]) -> EngineState {
        var state = EngineState()
        for batch in batches {
            let inputs = EngineStep.Inputs(now: start.addingTimeInterval(7_200), deviceZone: Fixtures.berlin, state: state,
                                           sync: HeraldSync(device: "phone"))
            for change in SyncStep.incoming(batch, given: inputs) { state.apply(change) }
        }
        return state
    }

    /// The model: the state the records mean, worked out from them directly.
    struct Model: Equatable, CustomStringConvertible {
        var completions: [EntityDay: Completion] = [:]
        var paused: Set<EntityReference> = []
        var deferred: Set<EntityDay> = []
        var snoozes: [NotificationIdentifier: SnoozeRecord] = [:]
        var acknowledged: [NotificationIdentifier: Date] = [:]

        init(_ records: [HeraldSync.Record]) {
            func later(_ a: HeraldSync.Record, than b: HeraldSync.Record?) -> Bool {
                guard let b else { return true }
                return (a.instant, a.device) > (b.instant, b.device)
            }
            var completion: [EntityDay: HeraldSync.Record] = [:], pause: [EntityReference: HeraldSync.Record] = [:]
            var snooze: [NotificationIdentifier: HeraldSync.Record] = [:]
            for record in records {
                switch record.change {
                case .completed(let done):
                    if later(record, than: completion[done.entityDay]) { completion[done.entityDay] = record }
                case .completionUndone(let entity, let day):
                    if later(record, than: completion[EntityDay(entity, day)]) { completion[EntityDay(entity, day)] = record }
                case .paused(let entity), .resumed(let entity):
                    if later(record, than: pause[entity]) { pause[entity] = record }
                case .deferred(let entityDay):
                    deferred.insert(entityDay)
                case .snoozed(let record2):
                    if later(record, than: snooze[record2.original]) { snooze[record2.original] = record }
                case .answered(let identifier):
                    acknowledged[identifier] = max(acknowledged[identifier] ?? record.instant, record.instant)
                case .deleted:
                    Issue.record("the model takes no deletions")
                }
            }
            for case let (day, record) in completion {
                if case .completed(let done) = record.change { completions[day] = done }
            }
            paused = Set(pause.compactMap { entity, record in
                if case .paused = record.change { entity } else { nil }
            })
            for case let (original, record) in snooze {
                if case .snoozed(let value) = record.change { snoozes[original] = value }
            }
        }

        init(_ state: EngineState) {
            completions = state.completions
            paused = state.paused
            deferred = state.deferred
            snoozes = state.snoozes
            acknowledged = state.acknowledged
        }

        var description: String {
            "completions \(completions.keys.map(\.description).sorted()), paused \(paused.map(\.description).sorted()), "
                + "deferred \(deferred.map(\.description).sorted()), snoozes \(snoozes.count), answered \(acknowledged.count)"
        }
    }

    @Test func anyOrderOfArrivalLeavesTheStateTheRecordsMean() async {
        await PropertySeeds.check(count: 400) { seed in
            var random = SeededGenerator(seed: seed)
            let records = Self.records(using: &random)
            let expected = Model(records)
            let state = Self.received(Self.arrivals(of: records, using: &random))
            #expect(Model(state) == expected, "records \(records.map(\.id))")
            // And receiving them all once more changes nothing
            let inputs = EngineStep.Inputs(now: Self.start.addingTimeInterval(7_200), deviceZone: Fixtures.berlin,
                                           state: state, sync: HeraldSync(device: "phone"))
            #expect(SyncStep.incoming(records, given: inputs).isEmpty)
        }
    }

    @Test func aDeletionLeavesNothingOfItsEntityMadeBeforeIt() async {
        await PropertySeeds.check(count: 200) { seed in
            var random = SeededGenerator(seed: seed)
            // Records within the first hour, a deletion of water after them all
            let records = Self.records(using: &random)
            let deletion = HeraldSync.Record(device: Self.devices.randomElement(using: &random)!,
                                             instant: Self.start.addingTimeInterval(3_600), change: .deleted(Self.entities[0]))
            let state = Self.received(Self.arrivals(of: records + [deletion], using: &random))
            let water = Self.entities[0]
            #expect(state.deletions[water] == deletion.instant)
            #expect(!state.completions.keys.contains { $0.entity == water })
            #expect(!state.paused.contains(water))
            #expect(!state.deferred.contains { $0.entity == water })
            #expect(!state.snoozes.keys.contains { $0.entity == water })
            #expect(!state.acknowledged.keys.contains { $0.entity == water })
            // And what the records say of the other entity holds as without the deletion
            let run = Self.entities[1]
            let expected = Model(records.filter { $0.change.entity == run })
            #expect(Model(state) == expected, "records \(records.map(\.id))")
        }
    }
}
