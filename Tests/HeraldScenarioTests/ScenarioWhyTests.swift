import Foundation
import Herald
import HeraldScenario
import Testing

/// `ScenarioRunner.why(_:at:)`: a scenario for each verdict, its story checked against
/// steps worked out by hand (Europe/Berlin, Saturday 2026-11-21, start 08:00, the app
/// launched into the background unless told).
struct ScenarioWhyTests {
    func makeStory(_ body: String, _ rule: String, at local: String) async throws -> OccurrenceStory {
        let parts = rule.split(separator: "/").map(String.init)
        let id = ReminderRule.ID(entity: EntityReference(namespace: parts[0], id: parts[1]), rule: parts[2])
        return try await ScenarioRunner(scenario: makeScenario(body: body)).why(id, at: LocalDateTime(parsing: local)!)
    }

    func at(_ local: String) -> Date {
        ZoneConverter.for(TimeZone(identifier: "Europe/Berlin")!).instant(for: LocalDateTime(parsing: local)!).date
    }

    static let stretch = "herald:reminder:habit:stretch:morning:"

    @Test func delivered() async throws {
        // Given 09:00 daily: planned (badge 1) and added by the 08:00 launch, shown at 09:00
        let story = try await makeStory("""
            days: 1
            entities: [{id: stretch, title: Stretch, rules: [{id: morning, daily: ["09:00"]}]}]
            """, "habit/stretch/morning", at: "2026-11-21T09:00")
        #expect(story.events.map(\.fact) == [
            .planned(identifier: Self.stretch + "20261121T0900", badge: 1, firesAt: at("2026-11-21T09:00")),
            .added(identifier: Self.stretch + "20261121T0900"),
            .delivered(identifier: Self.stretch + "20261121T0900", held: nil),
        ])
        #expect(story.events.map(\.date) == [at("2026-11-21T08:00"), at("2026-11-21T08:00"), at("2026-11-21T09:00")])
        #expect(story.verdict == .delivered)
    }

    @Test func aNaggedOccurrencesStoryHoldsEveryRepeatAndTheAnswerToOne() async throws {
        // Given 09:00 daily nagged every 10 minutes 3 times, and a tap at 09:22 on the
        // latest notification: the reminder shows at 09:00, its repeats at 09:10 and
        // 09:20 (…T0900#2); the tap answers the second repeat and the run it asks for
        // withdraws the 09:30 one (…T0900#3), which never shows
        let story = try await makeStory("""
            days: 1
            entities: [{id: stretch, title: Stretch, rules: [{id: morning, daily: ["09:00"], nag: {every: 10, times: 3}}]}]
            events:
              - {at: 2026-11-21T09:22, tap: stretch}
            """, "habit/stretch/morning", at: "2026-11-21T09:00")
        let followUp = "herald:followup:habit:stretch:morning:20261121T0900"
        let deliveries = story.events.filter { $0.fact.kind == "delivered" }
        #expect(deliveries == [
            OccurrenceStory.Event(date: at("2026-11-21T09:00"), fact: .delivered(identifier: Self.stretch + "20261121T0900", held: nil)),
            OccurrenceStory.Event(date: at("2026-11-21T09:10"), fact: .delivered(identifier: followUp, held: nil)),
            OccurrenceStory.Event(date: at("2026-11-21T09:20"), fact: .delivered(identifier: followUp + "#2", held: nil)),
        ])
        #expect(story.events.contains(OccurrenceStory.Event(
            date: at("2026-11-21T09:22"), fact: .responded(identifier: followUp + "#2", action: "open"))))
        #expect(story.events.contains(OccurrenceStory.Event(date: at("2026-11-21T09:22"), fact: .removed(identifier: followUp + "#3"))))
        #expect(story.verdict == .delivered)
    }

    @Test func heldByTheQuietHoursInItsGroup() async throws {
        // Given quiet hours from 22:00 to 07:00 that defer past midnight, and water at
        // 23:00 and stretch at 01:00: the 08:00 launch plans Saturday's water and Sunday's
        // stretch as one group at Sunday 07:00 (06:00 UTC), the first of Sunday's
        // deliveries, badge 2, and says water is deferred until then; the suspended app
        // never runs again, and the system shows it then, 8 hours after water was due
        let group = "herald:group:quiet:20261122T0600"
        let story = try await makeStory("""
            days: 2
            planner: {quiet_hours: {from: "22:00", to: "07:00", defer_past_midnight: on}}
            entities:
              - {id: water, title: Water, rules: [{id: late, daily: ["23:00"]}]}
              - {id: stretch, title: Stretch, rules: [{id: night, daily: ["01:00"]}]}
            """, "habit/water/late", at: "2026-11-21T23:00")
        #expect(story.date == at("2026-11-21T23:00"))
        #expect(story.events.map(\.fact) == [
            .planned(identifier: group, badge: 2, firesAt: at("2026-11-22T07:00")),
            .deferred(until: at("2026-11-22T07:00")),
            .delivered(identifier: group, held: "quiet hours"),
        ])
        #expect(story.events.map(\.date) == [at("2026-11-21T08:00"), at("2026-11-21T08:00"), at("2026-11-22T07:00")])
        #expect(story.verdict == .held)
    }

    @Test func heldByAFocus() async throws {
        // Given a Focus from 08:10 to 09:30: the 09:00 reminder falls due under it and is
        // shown when it ends, at 09:30 (the suspended app never runs again: the
        // delivery comes from the system's log)
        let story = try await makeStory("""
            days: 1
            entities: [{id: stretch, title: Stretch, rules: [{id: morning, daily: ["09:00"]}]}]
            events:
              - {at: 2026-11-21T08:10, focus: {until: "09:30"}}
            """, "habit/stretch/morning", at: "2026-11-21T09:00")
        #expect(story.events.last == OccurrenceStory.Event(
            date: at("2026-11-21T09:30"), fact: .delivered(identifier: Self.stretch + "20261121T0900", held: "a Focus")))
        #expect(story.verdict == .held)
    }

    @Test func cut() async throws {
        // Given a budget of 4 (64 less a reserve of 60) and a 2-day horizon over 09:00,
        // 10:00 and 11:00 daily: the launch keeps Saturday's three and Sunday 09:00; no
        // run follows, so Sunday 10:00 is still cut when its time comes
        let story = try await makeStory("""
            days: 2
            planner: {reserve: 60, horizon_days: 2}
            entities: [{id: stretch, title: Stretch, rules: [{id: morning, daily: ["09:00", "10:00", "11:00"]}]}]
            """, "habit/stretch/morning", at: "2026-11-22T10:00")
        #expect(story.events == [OccurrenceStory.Event(
            date: at("2026-11-21T08:00"),
            fact: .cut(held: 4, capacity: 64, latest: [Self.stretch + "20261121T1100", Self.stretch + "20261122T0900"]),
            reasons: ["launch"])])
        #expect(story.verdict == .cut)
    }

    @Test func displaced() async throws {
        // Given a reserve of 1 and a sip every 10 minutes from 08:30 (93 a day, budget
        // 63): the launch keeps 08:30 to 18:50 and cuts 19:00. The 08:31 snooze of
        // 08:30 (two hours) fills the reserve, and that run keeps 08:40 to 19:00; the
        // 08:41 snooze of 08:40 outgrows it, and the last kept, 19:10, gives it its slot
        let story = try await makeStory("""
            days: 1
            planner: {reserve: 1, horizon_days: 1}
            categories:
              - id: sip
                actions: [{id: later, title: Later, kind: snooze, minutes: 120}]
            entities:
              - id: water
                title: Water
                rules: [{id: sips, category: sip, every_minutes: {minutes: 10, from: "08:30", to: "23:59"}}]
            events:
              - {at: 2026-11-21T08:31, action: {on: habit/water/sips, id: later}}
              - {at: 2026-11-21T08:41, action: {on: habit/water/sips, id: later}}
            """, "habit/water/sips", at: "2026-11-21T19:10")
        let facts = story.events.map(\.fact)
        #expect(facts.map(\.kind) == ["cut", "displaced"])
        // The launch and the 08:31 run cut it (told once); the 08:41 run displaced it
        #expect(story.events.map(\.date) == [at("2026-11-21T08:00"), at("2026-11-21T08:41")])
        #expect(story.events[0].until == at("2026-11-21T08:31"))
        #expect(story.verdict == .displaced)
    }

    @Test func skippedAsDone() async throws {
        // Given the app in the foreground and stretch completed at 08:30: the launch
        // planned 09:00, the completion's run skips it and removes its request
        let story = try await makeStory("""
            days: 1
            app: foreground
            entities: [{id: stretch, title: Stretch, rules: [{id: morning, daily: ["09:00"]}]}]
            events:
              - {at: 2026-11-21T08:30, complete: stretch}
            """, "habit/stretch/morning", at: "2026-11-21T09:00")
        #expect(story.events.map(\.fact) == [
            .planned(identifier: Self.stretch + "20261121T0900", badge: 1, firesAt: at("2026-11-21T09:00")),
            .added(identifier: Self.stretch + "20261121T0900"),
            .skipped(.satisfied),
            .removed(identifier: Self.stretch + "20261121T0900"),
        ])
        #expect(story.events[2].date == at("2026-11-21T08:30"))
        #expect(story.events[2].reasons == ["completed habit/stretch"])
        #expect(story.verdict == .skipped)
    }

    @Test func notDeliveredWhileNotificationsAreOff() async throws {
        // Given notifications turned off at 08:15 while the app is in the background;
        // back in the foreground at 08:20 its run finds them off; 09:00 never comes
        let story = try await makeStory("""
            days: 1
            app: foreground
            entities: [{id: stretch, title: Stretch, rules: [{id: morning, daily: ["09:00"]}]}]
            events:
              - {at: 2026-11-21T08:10, background}
              - {at: 2026-11-21T08:15, settings: denied}
              - {at: 2026-11-21T08:20, foreground}
            """, "habit/stretch/morning", at: "2026-11-21T09:00")
        #expect(story.events.map(\.fact).suffix(2) == [.notificationsOff, .notDelivered(.notificationsOff)])
        #expect(story.events.map(\.date).suffix(2) == [at("2026-11-21T08:20"), at("2026-11-21T09:00")])
        #expect(story.verdict == .notDelivered)
    }

    @Test func notDeliveredWhenDroppedAboveTheCapacity() async throws {
        // Given no reserve and 5 reminders a day (ScenarioDropTests): the launch fills
        // all 64 places to 3 December 12:00; at 09:05 another SDK adds two requests and
        // the center drops 3 December 12:00. The suspended app never runs again.
        let story = try await makeStory("""
            days: 13
            planner: {reserve: 0}
            entities: [{id: water, title: Water, rules: [{id: r, daily: ["09:00", "10:00", "11:00", "12:00", "13:00"]}]}]
            events:
              - {at: 2026-11-21T09:05, foreign: 2}
            """, "habit/water/r", at: "2026-12-03T12:00")
        #expect(story.events.map(\.fact.kind) == ["planned", "added", "not_delivered"])
        #expect(story.events.last == OccurrenceStory.Event(date: at("2026-12-03T12:00"),
                                                          fact: .notDelivered(.droppedAboveCapacity)))
        #expect(story.verdict == .notDelivered)
    }

    @Test func neverPlanned() async throws {
        // Given 07:00 daily and a start at 08:00: no plan ever had Saturday 07:00
        let story = try await makeStory("""
            days: 1
            entities: [{id: stretch, title: Stretch, rules: [{id: morning, daily: ["07:00"]}]}]
            """, "habit/stretch/morning", at: "2026-11-21T07:00")
        #expect(story.events.isEmpty)
        #expect(story.verdict == .neverPlanned)
    }

    @Test func aRuleTheScenarioNeverMentionsIsAnError() async throws {
        let error = await #expect(throws: ScenarioError.self) {
            _ = try await makeStory("""
                days: 1
                entities: [{id: stretch, title: Stretch, rules: [{id: morning, daily: ["07:00"]}]}]
                """, "habit/stretch/evening", at: "2026-11-21T07:00")
        }
        #expect(error?.code == .invalidValue)
        #expect(error?.message.contains("the scenario never mentions habit/stretch/evening") == true)
        #expect(error?.message.contains("(habit/stretch/morning)") == true)
    }
}
