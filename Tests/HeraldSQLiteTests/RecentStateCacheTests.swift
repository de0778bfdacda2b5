import Foundation
import Herald
@testable import HeraldConformance
import HeraldTestSupport
import Testing
@testable import HeraldSQLite

/// The store keeps its last bounded read and applies its own commits to it
/// (``RecentStateCache``): every bounded read equals what the tables give at that
/// cutoff, after any sequence of commits, failed commits and cutoffs moving either
/// way, and after another connection wrote to the file.
@Suite struct RecentStateCacheTests {
    /// The oracle is the tables themselves, read at the same cutoff by the store's
    /// reader, beside the contract's `load()` pruned there.
    @Test func aBoundedReadEqualsTheTablesAfterRandomCommits() async throws {
        await PropertySeeds.check(count: 12) { seed in
            let directory = try TemporaryDirectory()
            let store = try SQLiteEngineStore(path: directory.path("herald.sqlite"))
            var batches = EngineStoreSamples.RandomBatches(seed: seed)
            var cutoff = EngineStoreSamples.start.addingTimeInterval(-4 * 86_400)
            for index in 0..<80 {
                let step: String
                switch Int.random(in: 0..<10, using: &batches.generator) {
                case 0:
                    // A commit that fails part way: nothing of it is saved, nor seen.
                    try store.simulateFullDisk(true)
                    let failed = (try? store.commit(Self.bigBatch(index))) == nil
                    try store.simulateFullDisk(false)
                    #expect(failed, "seed \(seed), step \(index): the commit should have failed")
                    step = "failed commit"
                case 1:
                    // Anywhere in the samples' days: often before the last cutoff.
                    let offset = Double.random(in: -6 * 86_400...86_400, using: &batches.generator)
                    cutoff = EngineStoreSamples.start.addingTimeInterval(offset)
                    step = "cutoff moved to \(cutoff)"
                default:
                    // The same cutoff (a clock that did not move) or a later one.
                    if Bool.random(using: &batches.generator) {
                        cutoff = cutoff.addingTimeInterval(Double.random(in: 0...14_400, using: &batches.generator))
                    }
                    let batch = batches.nextBatch()
                    try store.commit(batch)
                    step = "commit \(batch)"
                }
                let read = try store.load(since: cutoff)
                let tables = try store.writer.read { db in try StateReader(db: db, since: cutoff).read() }
                #expect(read == tables, "seed \(seed), step \(index): \(step)")
                var pruned = try store.load()
                pruned.apply(.prune(before: cutoff))
                #expect(read == pruned, "seed \(seed), step \(index): \(step)")
            }
        }
    }

    @Test func aBoundedReadSeesWhatAnotherConnectionCommitted() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("herald.sqlite")
        let app = try SQLiteEngineStore(path: path)
        let widget = try SQLiteEngineStore(path: path)
        try app.commit([.recordCompletion(Completion(entity: water, day: today, date: start))])
        #expect(try app.load(since: start).paused.isEmpty)

        try widget.commit([.pause(run), .removeCompletion(water, today)])

        let read = try app.load(since: start)
        #expect(read.paused == [run])
        #expect(read.completions.isEmpty)
    }

    @Test func aFailedCommitLeavesTheBoundedReadAsTheFileIs() throws {
        let directory = try TemporaryDirectory()
        let store = try SQLiteEngineStore(path: directory.path("herald.sqlite"))
        let completion = Completion(entity: water, day: today, date: start)
        try store.commit([.recordCompletion(completion)])
        _ = try store.load(since: start)

        try store.simulateFullDisk(true)
        #expect(throws: StoreError.self) { try store.commit([.pause(run)] + Self.bigBatch(0)) }
        try store.simulateFullDisk(false)

        let read = try store.load(since: start)
        #expect(read.paused.isEmpty)
        #expect(read.completions == [completion.entityDay: completion])
        #expect(read.fired.isEmpty)
    }

    @Test func historyCommittedOlderThanTheCutoffIsNotRead() throws {
        let store = try SQLiteEngineStore.inMemory()
        _ = try store.load(since: start)
        let old = FiredRecord(identifier: makeReminderIdentifier(water), date: start.addingTimeInterval(-1))
        let recent = FiredRecord(identifier: makeReminderIdentifier(run), date: start)

        try store.commit([
            .recordFired(old), .recordFired(recent),
            // The cutoff's UTC day less one is the first day kept: 2026-11-20.
            .recordCompletion(Completion(entity: water, day: LocalDate(year: 2026, month: 11, day: 19), date: start)),
            .recordCompletion(Completion(entity: run, day: LocalDate(year: 2026, month: 11, day: 20), date: start)),
        ])

        let read = try store.load(since: start)
        #expect(read.fired == [recent.key: recent])
        #expect(read.completions.keys.map(\.entity) == [run])
    }

    /// Hundreds of fired records with long identifiers: more pages than a database
    /// that may not grow has room for.
    static func bigBatch(_ salt: Int) -> [EngineStateChange] {
        (0..<400).map { index in
            let entity = EntityReference(namespace: "habit", id: "filler-\(salt)-\(index)-" + String(repeating: "x", count: 200))
            return .recordFired(FiredRecord(identifier: makeReminderIdentifier(entity), date: start))
        }
    }
}
