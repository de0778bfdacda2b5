import Foundation
import Testing
@testable import Herald

/// The sync's pure steps (`SyncStep`), each case worked by hand: what a local event
/// queues for the other devices, and what a record from another device changes here.
@Suite struct SyncStepTests {
    static let water = Fixtures.habit("water")
    static let now = Fixtures.date("2026-11-21T09:30")
    static let today = LocalDate(year: 2026, month: 11, day: 21)
    static let nine = NotificationIdentifier(entity: water, rule: "r",
                                             occurrence: OccurrenceKey(LocalDateTime(parsing: "2026-11-21T09:00")!),
                                             kind: .reminder)

    func inputs(device: String? = "phone", state: EngineState = EngineState(), now: Date = now) -> EngineStep.Inputs {
        EngineStep.Inputs(now: now, deviceZone: Fixtures.berlin, state: state, sync: device.map { HeraldSync(device: $0) })
    }

    func record(_ device: String, _ text: String, _ change: HeraldSync.Record.Change) -> HeraldSync.Record {
        HeraldSync.Record(device: device, instant: Fixtures.date(text), change: change)
    }

    func applying(_ changes: [EngineStateChange], to state: EngineState = EngineState()) -> EngineState {
        var state = state
        for change in changes { state.apply(change) }
        return state
    }

    // MARK: Outgoing

    @Test func whatTheUserDoesHereIsQueuedForTheOtherDevices() throws {
        let completion = Completion(entity: Self.water, day: Self.today, date: Self.now)
        let completed = try EngineStep.outcome(of: .completed(completion), given: inputs())
        #expect(completed.changes == [
            .recordCompletion(completion),
            .queueSyncRecord(HeraldSync.Record(device: "phone", instant: Self.now, change: .completed(completion))),
        ])
        let paused = try EngineStep.outcome(of: .paused(Self.water), given: inputs())
        #expect(paused.changes.last == .queueSyncRecord(
            HeraldSync.Record(device: "phone", instant: Self.now, change: .paused(Self.water))))
        // A deletion: one record for the entity, made now.
        let deleted = try EngineStep.outcome(of: .deleted([Self.water]), given: inputs())
        #expect(deleted.changes.compactMap(\.queuedRecord) == [
            HeraldSync.Record(device: "phone", instant: Self.now, change: .deleted(Self.water)),
        ])
    }

    @Test func anEngineWithoutSyncQueuesNothing() throws {
        let outcome = try EngineStep.outcome(of: .paused(Self.water), given: inputs(device: nil))
        #expect(outcome.changes == [.pause(Self.water)])
    }

    // MARK: Incoming

    @Test func aRecordFromAnotherDeviceAppliesAsOfItsInstant() throws {
        // Given a completion made on the watch at 09:10 for today
        let completion = Completion(entity: Self.water, day: Self.today, date: Fixtures.date("2026-11-21T09:10"))
        let done = record("watch", "2026-11-21T09:10", .completed(completion))
        // When the phone receives it at 09:30
        let changes = SyncStep.incoming([done], given: inputs())
        // Then the completion counts for its day, made at 09:10, and its stamp is kept
        let state = applying(changes)
        #expect(state.completions[EntityDay(Self.water, Self.today)] == completion)
        #expect(state.sync.stamps[done.subject] == HeraldSync.Stamp(instant: Fixtures.date("2026-11-21T09:10"), device: "watch"))
        #expect(state.sync.outbox.isEmpty)
        // And a deletion made there at 09:20 is dated 09:20 here
        let deletion = record("watch", "2026-11-21T09:20", .deleted(Self.water))
        let deleted = applying(SyncStep.incoming([deletion], given: inputs(state: state)), to: state)
        #expect(deleted.deletions[Self.water] == Fixtures.date("2026-11-21T09:20"))
        #expect(deleted.completions.isEmpty)
        // And an answer there at 09:05 acknowledges the occurrence at 09:05
        let answer = record("mac", "2026-11-21T09:05", .answered(Self.nine))
        #expect(applying(SyncStep.incoming([answer], given: inputs())).acknowledged[Self.nine] == Fixtures.date("2026-11-21T09:05"))
    }

    @Test func aRecordThatArrivesTwiceLateOrOutOfOrderChangesNothingMore() {
        let pause = record("watch", "2026-11-21T09:20", .paused(Self.water))
        let resume = record("mac", "2026-11-21T09:10", .resumed(Self.water))
        let paused = applying(SyncStep.incoming([pause], given: inputs()))
        #expect(paused.paused == [Self.water])
        // Twice: nothing
        #expect(SyncStep.incoming([pause], given: inputs(state: paused)).isEmpty)
        // Late, older than the pause: nothing
        #expect(SyncStep.incoming([resume], given: inputs(state: paused)).isEmpty)
        // In one batch in either order: the later pause holds
        for batch in [[pause, resume], [resume, pause]] {
            #expect(applying(SyncStep.incoming(batch, given: inputs())).paused == [Self.water])
        }
        // A resume later than the pause applies
        let later = record("mac", "2026-11-21T09:25", .resumed(Self.water))
        #expect(applying(SyncStep.incoming([later], given: inputs(state: paused)), to: paused).paused.isEmpty)
    }

    @Test func aRecordMadeBeforeWhatTheUserDidHereChangesNothing() throws {
        // Given the user paused water here at 09:30
        let here = try EngineStep.outcome(of: .paused(Self.water), given: inputs())
        let state = applying(here.changes)
        // When the mac's resume of 09:10 arrives: nothing; its resume of 09:40 applies
        #expect(SyncStep.incoming([record("mac", "2026-11-21T09:10", .resumed(Self.water))], given: inputs(state: state)).isEmpty)
        let later = SyncStep.incoming([record("mac", "2026-11-21T09:40", .resumed(Self.water))], given: inputs(state: state))
        #expect(applying(later, to: state).paused.isEmpty)
    }

    @Test func recordsOfThisDeviceOlderThanTheRetentionOrBeforeADeletionAreIgnored() {
        let completion = Completion(entity: Self.water, day: Self.today, date: Fixtures.date("2026-11-21T09:10"))
        // Its own record, come back through the channel
        #expect(SyncStep.incoming([record("phone", "2026-11-21T09:10", .completed(completion))], given: inputs()).isEmpty)
        // Older than the retention (90 days)
        let old = record("watch", "2026-08-01T09:00", .paused(Self.water))
        #expect(SyncStep.incoming([old], given: inputs()).isEmpty)
        // Made before a deletion this device knows of
        let deletion = record("mac", "2026-11-21T09:20", .deleted(Self.water))
        let deleted = applying(SyncStep.incoming([deletion], given: inputs()))
        #expect(SyncStep.incoming([record("watch", "2026-11-21T09:10", .completed(completion))],
                                  given: inputs(state: deleted)).isEmpty)
        // A completion after the deletion (the entity made again) applies
        let again = Completion(entity: Self.water, day: Self.today, date: Fixtures.date("2026-11-21T09:25"))
        #expect(!SyncStep.incoming([record("watch", "2026-11-21T09:25", .completed(again))], given: inputs(state: deleted)).isEmpty)
    }

    /// The user's last answer holds: it settles every copy delivered before it.
    @Test func ofTwoAnswersToOneOccurrenceTheLaterHolds() {
        let early = record("watch", "2026-11-21T09:02", .answered(Self.nine))
        let late = record("mac", "2026-11-21T09:07", .answered(Self.nine))
        for batches in [[[early], [late]], [[late], [early]], [[late, early]]] {
            var state = EngineState()
            for batch in batches { state = applying(SyncStep.incoming(batch, given: inputs(state: state)), to: state) }
            #expect(state.acknowledged[Self.nine] == Fixtures.date("2026-11-21T09:07"))
            #expect(state.sync.stamps[late.subject] == late.stamp)
        }
    }
}

extension EngineStateChange {
    /// The record a change queues for the other devices, if it is one.
    var queuedRecord: HeraldSync.Record? {
        if case .queueSyncRecord(let record) = self { record } else { nil }
    }
}
