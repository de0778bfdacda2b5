import Foundation
import Testing
@testable import Herald

@Suite struct InMemoryEngineStoreTests {
    let water = EntityReference(namespace: "habit", id: "water")
    let day = LocalDate(year: 2026, month: 11, day: 21)

    @Test func commitsAreReadBackAndIdempotent() {
        let store = InMemoryEngineStore()
        let completion = Completion(entity: water, day: day, date: Date(timeIntervalSince1970: 1_790_000_000))
        store.commit([.recordCompletion(completion), .pause(water)])
        store.commit([.recordCompletion(completion), .pause(water)])
        let state = store.load()
        #expect(state.isCompleted(water, on: day))
        #expect(state.completions.count == 1)
        #expect(state.paused == [water])
    }

    @Test func forgetDropsEverythingOfTheEntity() {
        let other = EntityReference(namespace: "habit", id: "run")
        let store = InMemoryEngineStore()
        store.commit([
            .recordCompletion(Completion(entity: water, day: day, date: .distantPast)),
            .recordCompletion(Completion(entity: other, day: day, date: .distantPast)),
            .pause(water),
        ])
        store.commit([.forget(water)])
        let state = store.load()
        #expect(!state.isCompleted(water, on: day))
        #expect(state.isCompleted(other, on: day))
        #expect(state.paused.isEmpty)
    }
}
