import Foundation
import Herald
import HeraldReport
import HeraldScenario
import Testing

/// The bundled examples of schedules that follow the user, played: each delivers the
/// occurrences worked out by hand in its comments, and `why` names the reason each
/// left-out occurrence was held back.
@Suite struct AdaptiveExampleTests {
    /// The reminders a run delivered, as `entity/rule occurrence` (`gym/evening 20261123T1800`).
    func delivered(_ result: ScenarioResult) -> [String] {
        result.deliveries.compactMap { delivery in
            guard !delivery.beforeStart, let identifier = NotificationIdentifier(parsing: delivery.identifier),
                  identifier.kind == .reminder else { return nil }
            return "\(identifier.entity.id)/\(identifier.rule) \(identifier.occurrence.rawValue)"
        }
    }

    func play(_ example: String) async throws -> ScenarioResult {
        let result = try await ScenarioRunner(scenario: try makeExample(example)).run()
        #expect(result.reconciles.allSatisfy { $0.failure == nil && $0.failedAdds == 0 })
        #expect(result.summary.cuts == 0)
        return result
    }

    func why(_ example: String, _ rule: String, at local: String) async throws -> OccurrenceStory {
        let parts = rule.split(separator: "/").map(String.init)
        let id = ReminderRule.ID(entity: EntityReference(namespace: "habit", id: parts[0]), rule: parts[1])
        return try await ScenarioRunner(scenario: try makeExample(example)).why(id, at: LocalDateTime(parsing: local)!)
    }

    /// The reason the story gives, if it has a `held_back` fact.
    func heldBack(_ story: OccurrenceStory) -> OccurrenceStory.HeldBack? {
        story.events.lazy.compactMap { if case .heldBack(let reason) = $0.fact { reason } else { nil } }.first
    }

    // MARK: Quota

    @Test func theGymRemindsUntilTheWeekHoldsThreeDaysAndStartsAfreshOnMonday() async throws {
        // Done Monday to Wednesday at 19:00: Thursday to Sunday are left out; the next
        // week's Monday and Tuesday remind
        #expect(delivered(try await play("gym-quota.yaml")) == [
            "gym/evening 20261123T1800", "gym/evening 20261124T1800", "gym/evening 20261125T1800",
            "gym/evening 20261130T1800", "gym/evening 20261201T1800",
        ])
    }

    @Test func whyNamesTheQuotaMetWhereTheCompletionWithdrewIt() async throws {
        let story = try await why("gym-quota.yaml", "gym/evening", at: "2026-11-26T18:00")
        #expect(heldBack(story) == .quotaMet(done: 3, times: 3, per: .week))
        #expect(story.verdict == .skipped)
        let text = OccurrenceStoryText.text(story, zone: TimeZone(identifier: "Europe/Berlin")!)
        #expect(text.contains("2026-11-25 19:00 GMT+1  plan (completed habit/gym): not planned: quota met for the week: 3 of 3"),
                "\(text)")
        // A delivered occurrence was held back by nothing
        #expect(heldBack(try await why("gym-quota.yaml", "gym/evening", at: "2026-11-30T18:00")) == nil)
    }

    // MARK: After completion

    @Test func theFernIsRemindedThreeDaysAfterEachWatering() async throws {
        // 23 November from the start; watered on the 25th: the 28th; watered on the 28th: 1 December
        #expect(delivered(try await play("plant-after-completion.yaml")) == [
            "fern/water 20261123T0900", "fern/water 20261128T0900", "fern/water 20261201T0900",
        ])
        let story = try await why("plant-after-completion.yaml", "fern/water", at: "2026-11-26T09:00")
        #expect(heldBack(story) == .waitingForCompletion(lastDone: LocalDate(iso8601: "2026-11-25")!,
                                                         next: LocalDate(iso8601: "2026-11-28")!))
    }

    // MARK: Random times

    @Test func theMoodCheckInsComeAtTheDrawsOfTheSeed() async throws {
        // Given the draws Herald's RandomTimes gives for seed 42, each rule and each day
        let scenario = try makeExample("mood-random.yaml")
        let mood = EntityReference(namespace: "habit", id: "mood")
        let rules = try scenario.entities[0].reminderRules()
        var expected: [(LocalDateTime, String)] = []
        for offset in 0..<7 {
            let day = LocalDate(iso8601: "2026-11-23")!.adding(days: offset)
            // Wednesday was done at 09:00, before its draws
            if day != LocalDate(iso8601: "2026-11-25")! {
                expected += rules[0].randomTimes!.draws(on: day, rule: rules[0].id, seed: 42)
                    .map { (LocalDateTime(date: day, time: $0), "mood/sample") }
            }
            if [.saturday, .sunday].contains(day.weekday) {
                expected += rules[1].randomTimes!.draws(on: day, rule: rules[1].id, seed: 42)
                    .map { (LocalDateTime(date: day, time: $0), "mood/weekend") }
            }
        }
        // Each day's two draws lie in 10:00...16:00, at least an hour apart
        for offset in 0..<7 {
            let draws = rules[0].randomTimes!.draws(on: LocalDate(iso8601: "2026-11-23")!.adding(days: offset),
                                                    rule: rules[0].id, seed: 42)
            #expect(draws.count == 2 && draws[0] >= LocalTime(hour: 10) && draws[1] <= LocalTime(hour: 16))
            #expect(draws[1].secondsSinceMidnight - draws[0].secondsSinceMidnight >= 3600)
        }
        // Then the run delivers exactly those, in order
        let wanted = expected.sorted { $0.0 < $1.0 }.map { "\($0.1) \($0.0.compactDescription)" }
        #expect(delivered(try await play("mood-random.yaml")) == wanted)
        #expect(rules[0].entity == mood)
        // And why names the day's draws for a time that is not one of them
        let story = try await why("mood-random.yaml", "mood/sample", at: "2026-11-23T10:00")
        #expect(heldBack(story) == .notDrawn(drawn: rules[0].randomTimes!.draws(on: LocalDate(iso8601: "2026-11-23")!,
                                                                                 rule: rules[0].id, seed: 42)))
    }

    // MARK: Vacations

    @Test func pianoPracticeRestsOverTheVacations() async throws {
        // The app's 24–26 December; the trip from the 28th, ended early on 2 January (so
        // to the 1st); the lessons rest 22 December to 3 January, the entity's own
        #expect(delivered(try await play("piano-vacation.yaml")) == [
            "lesson/weekly 20261221T1600", "piano/practice 20261221T1700", "piano/practice 20261222T1700",
            "piano/practice 20261223T1700", "piano/practice 20261227T1700", "piano/practice 20270102T1700",
            "piano/practice 20270103T1700", "lesson/weekly 20270104T1600", "piano/practice 20270104T1700",
        ])
    }

    @Test(arguments: [
        ("piano/practice", "2026-12-25T17:00", "2026-12-26") as (String, String, String?),   // the app's vacation, from the start
        ("piano/practice", "2026-12-30T17:00", "2027-01-06"),   // the trip, as it stood then
        ("lesson/weekly", "2026-12-21T16:00", nil),             // before the entity's vacation: delivered
        ("lesson/weekly", "2026-12-28T16:00", "2027-01-06"),    // the entity's to the 3rd, and the trip's: the later
    ])
    func whyNamesTheVacation(rule: String, at local: String, until: String?) async throws {
        let story = try await why("piano-vacation.yaml", rule, at: local)
        #expect(heldBack(story) == until.map { .onVacation(until: LocalDate(iso8601: $0)!) })
        #expect(story.verdict == (until == nil ? .delivered : .skipped))
    }

    // MARK: Pace

    @Test func waterRemindsOnlyWhileBehindThePace() async throws {
        // 8 by 20:00 from 08:00: 1.3 due by 10:00, 2.7 by 12:00, 4 by 14:00, 5.3 by 16:00,
        // 6.7 by 18:00, 8 by 20:00. Reported 2 at 09:30, 3 at 11:00, 7 at 15:00: 14:00 (3 < 4)
        // and 20:00 (7 < 8) remind; 08:00 never does (nothing due yet); the next day's 8 by
        // 09:00 leaves nothing
        #expect(delivered(try await play("water-pace.yaml")) == ["water/sips 20261123T1400", "water/sips 20261123T2000"])
    }

    @Test func whyNamesThePaceAsReportedBeforeTheOccurrence() async throws {
        // At 12:00 the app had reported 3 (at 11:00), not the 7 of 15:00
        let story = try await why("water-pace.yaml", "water/sips", at: "2026-11-23T12:00")
        #expect(heldBack(story) == .onPace(progress: 3, target: 8, expected: 8.0 * 4 / 12, at: LocalTime(hour: 12),
                                           by: LocalTime(hour: 20)))
        let json = OccurrenceStoryText.json(story, zone: TimeZone(identifier: "Europe/Berlin")!)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let events = try #require(object["events"] as? [[String: Any]])
        let held = try #require(events.first { $0["kind"] as? String == "held_back" })
        #expect(held["reason"] as? String == "on_pace")
        #expect(held["description"] as? String == "on pace: 3 of 8 by 12:00 (2.7 due then, 8 by 20:00)")
        #expect(held["text"] as? String == "not planned: on pace: 3 of 8 by 12:00 (2.7 due then, 8 by 20:00)")
        #expect(held["reasons"] as? [String] == ["entity changed habit/water"])
        // And 14:00, delivered, was held back by nothing
        #expect(heldBack(try await why("water-pace.yaml", "water/sips", at: "2026-11-23T14:00")) == nil)
    }

    @Test func theTimelineShowsTheVacationAndProgressEvents() async throws {
        // The text names each event; JSON carries its days and count
        let piano = try await play("piano-vacation.yaml")
        let text = piano.text()
        #expect(text.contains("2026-12-27 10:00 GMT+1  event      vacation from 2026-12-28 to 2027-01-06"), "\(text)")
        #expect(text.contains("reconcile  vacation from 2026-12-28 to 2027-01-06: "), "\(text)")
        #expect(text.contains("2027-01-02 12:00 GMT+1  event      the vacation ends: back on 2027-01-02"), "\(text)")
        let lines = piano.jsonLines().split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.contains(#""event":"vacation","from":"2026-12-28","local":"2026-12-27T10:00","to":"2027-01-06""#) })
        #expect(lines.contains { $0.hasPrefix(#"{"day":"2027-01-02","description":"the vacation ends: back on 2027-01-02""#) })
        let water = try await play("water-pace.yaml").jsonLines()
        #expect(water.contains(#"{"count":2,"day":"2026-11-23","description":"progress habit/water: 2 on 2026-11-23","entities":["habit/water"],"event":"progress""#))
    }

    @Test func onSeveralDevicesWhyReadsTheDevicesOwnVacations() async throws {
        // Given a phone and a Mac, a vacation taken on the Mac's app only, and reminders
        // switched off on the phone's
        let scenario = try makeScenario(body: """
            days: 3
            devices:
              - {id: phone, kind: iphone}
              - {id: mac, kind: mac}
            alerts_on: each
            entities:
              - {id: read, title: Read, rules: [{id: r, daily: ["20:00"]}]}
            events:
              - {at: 2026-11-21T10:00, vacation: {from: 2026-11-22, to: 2026-11-22}, on: mac}
              - {at: 2026-11-21T10:00, reminders: off, on: phone}
            """)
        let read = ReminderRule.ID(entity: EntityReference(namespace: "habit", id: "read"), rule: "r")
        let sunday = LocalDateTime(parsing: "2026-11-22T20:00")!
        // Then the Mac held Sunday back; the phone, whose reminders were off, was on no vacation
        let onMac = try await HouseholdScenarioRunner(scenario: scenario).why(read, at: sunday, on: "mac")
        #expect(heldBack(onMac) == .onVacation(until: LocalDate(iso8601: "2026-11-22")!))
        let onPhone = try await HouseholdScenarioRunner(scenario: scenario).why(read, at: sunday, on: "phone")
        #expect(heldBack(onPhone) == nil)
        #expect(onPhone.verdict == .skipped)
    }

    // MARK: Playing in parts

    @Test(arguments: [("piano-vacation.yaml", 8), ("water-pace.yaml", 1)])
    func theAppsVacationsAndProgressOutliveAPause(example: String, firstDays: Int) async throws {
        // Given the example played in two parts over one store, paused after the trip was
        // added (piano) or after the first day's reports (water)
        let file = try ScenarioFile(contentsOf: ScenarioFixtures.examples.appendingPathComponent(example))
        let session = ScenarioSession(file: file, store: InMemoryEngineStore(), location: "state.sqlite")
        let first = try await session.play(days: firstDays)
        let rest = try await session.play(days: file.scenario.days - firstDays)

        // Then the parts deliver what one run does
        let once = try await ScenarioRunner(scenario: file.scenario).run()
        #expect(delivered(first) + delivered(rest) == delivered(once))
    }

    @Test func aCheckpointKeepsTheAppsVacationsAndProgress() throws {
        // Given app data with a vacation and a day's progress
        let water = EntityReference(namespace: "habit", id: "water")
        let day = LocalDate(iso8601: "2026-11-23")!
        let vacation = try ReminderRule.Vacation(from: day, to: day.adding(days: 3))
        let data = ScenarioCheckpoint.AppData(entities: [], posted: [:], vacations: [vacation],
                                              progress: ScenarioCheckpoint.Progress.list([EngineState.EntityDay(water, day): 5]))
        // When it is stored and read back
        let decoded = try JSONDecoder().decode(ScenarioCheckpoint.AppData.self, from: JSONEncoder().encode(data))
        // Then both are there, and data stored before they existed reads with none
        #expect(decoded == data)
        #expect(decoded.progressByDay == [EngineState.EntityDay(water, day): 5])
        let stored = try JSONEncoder().encode(ScenarioCheckpoint.AppData(entities: [], posted: [:]))
        #expect(!String(decoding: stored, as: UTF8.self).contains("vacations"))
        let old = try JSONDecoder().decode(ScenarioCheckpoint.AppData.self, from: stored)
        #expect(old.vacations == nil && old.progressByDay.isEmpty)
    }
}
