// The adoption example (README, HeraldUserNotifications' Adoption article) is an iOS
// app (background refresh has no macOS counterpart).
#if os(iOS) || os(visionOS) || os(Linux)
import Foundation
import Herald
import Testing

@MainActor
struct AdoptionExampleTests {
    @Test func theExampleSourceWaitsForItsDataThenDeclaresItsRules() async throws {
        // Given the adoption example's model before its data is loaded
        let model = HabitModel()
        let habits = Habits(model: model)

        // Then the source says it is not ready, so nothing pending is touched
        await #expect(throws: ReminderSourceNotReady.self) { _ = try await habits.reminderRules() }

        // When the data is loaded, then the water habit has its daily rule at 09:00
        await model.load()
        let rules = try await habits.reminderRules()
        #expect(rules.map(\.entity) == [EntityReference(namespace: "habit", id: "water")])
        #expect(rules.first?.schedule == (try Schedule.daily(at: [LocalTime(hour: 9)])))
        #expect(await habits.resolve(EntityReference(namespace: "habit", id: "water")) == .ready(title: "Drink water"))
        #expect(await habits.resolve(EntityReference(namespace: "habit", id: "gone")) == .missing)
    }
}
#endif
