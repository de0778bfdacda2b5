import Foundation
import Testing
@testable import Herald

/// Which floating rules a zone change away from home affects
/// (``TravelNotice/affectedRules(_:home:zone:now:trip:)``), worked out by hand: each
/// rule's next occurrence at home and here, as instants and local times.
@Suite struct TravelNoticeTests {
    let berlin = Fixtures.berlin
    let newYork = TimeZone(identifier: "America/New_York")!
    let lisbon = TimeZone(identifier: "Europe/Lisbon")!
    let paris = TimeZone(identifier: "Europe/Paris")!
    let lagos = TimeZone(identifier: "Africa/Lagos")!

    func makeUTC(_ text: String) -> Date { Fixtures.date(text, in: TimeZone(identifier: "UTC")!) }
    func makeLocal(_ text: String) -> LocalDateTime { LocalDateTime(parsing: text)! }

    /// `rule: home local @ UTC (here) | local @ UTC`: one affected rule in words.
    func describe(_ rule: TravelNotice.AffectedRule) -> String {
        let utc = ZoneConverter.utc
        return "\(rule.rule): \(rule.atHome.local) @ \(utc.local(for: rule.atHome.date)) (\(rule.homeTimeHere))"
            + " | \(rule.local.local) @ \(utc.local(for: rule.local.date))"
    }

    @Test func berlinToNewYorkListsEveryFloatingRuleWithItsNextTimeBothWays() {
        // Given a morning pill at 08:00 and a walk at 18:00, floating, and the device in
        // New York on Wednesday 2026-12-02 at 14:10 EST (19:10 UTC)
        let rules = [Fixtures.dailyRule("pill", "morning", at: ["08:00"]), Fixtures.dailyRule("walk", "daily", at: ["18:00"])]

        // When Herald compares them with home (Berlin, CET = UTC+1; New York EST = UTC-5)
        let affected = TravelNotice.affectedRules(rules, home: berlin, zone: newYork, now: makeUTC("2026-12-02T19:10"))

        // Then both are listed:
        //   pill at home Thursday 08:00 CET = 07:00 UTC = 02:00 EST; here Thursday 08:00 EST = 13:00 UTC
        //   walk at home Wednesday 18:00 CET = 17:00 UTC is past, so Thursday 18:00 CET = 17:00 UTC
        //   = 12:00 EST; here Wednesday 18:00 EST = 23:00 UTC
        #expect(affected.map(describe) == [
            "habit/pill/morning: 2026-12-03T08:00 @ 2026-12-03T07:00 (2026-12-03T02:00) | 2026-12-03T08:00 @ 2026-12-03T13:00",
            "habit/walk/daily: 2026-12-03T18:00 @ 2026-12-03T17:00 (2026-12-03T12:00) | 2026-12-02T18:00 @ 2026-12-02T23:00",
        ])
        #expect(affected.allSatisfy { $0.choice == .followLocal })
    }

    @Test func anOccurrenceThatFiredAtHomeIsNotTheNextHere() {
        // Given Wednesday's 18:00 walk delivered in Berlin (17:00 UTC), and the device in
        // New York at 14:10 EST (19:10 UTC), where 18:00 of that local day is still ahead
        let walk = Fixtures.dailyRule("walk", "daily", at: ["18:00"])
        let fired = NotificationIdentifier(entity: Fixtures.habit("walk"), rule: "daily",
                                           occurrence: OccurrenceKey(makeLocal("2026-12-02T18:00")), kind: .reminder)

        // When Herald compares it with home, knowing what fired
        let affected = TravelNotice.affectedRules([walk], home: berlin, zone: newYork, now: makeUTC("2026-12-02T19:10"),
                                                  fired: [fired])

        // Then following local time it next comes on Thursday at 18:00 EST (23:00 UTC)
        #expect(affected.map(describe) == [
            "habit/walk/daily: 2026-12-03T18:00 @ 2026-12-03T17:00 (2026-12-03T12:00) | 2026-12-03T18:00 @ 2026-12-03T23:00",
        ])
    }

    @Test(arguments: [
        // Winter, Thursday 2026-01-15 12:00 UTC: Berlin CET = UTC+1, Lisbon WET = UTC+0.
        // Today's 09:00 is past in both. At home Friday 09:00 CET = 08:00 UTC = 08:00 in
        // Lisbon; here Friday 09:00 WET = 09:00 UTC.
        ("2026-01-15T12:00", "2026-01-16T09:00 @ 2026-01-16T08:00 (2026-01-16T08:00) | 2026-01-16T09:00 @ 2026-01-16T09:00"),
        // Summer, Wednesday 2026-07-15 12:00 UTC: Berlin CEST = UTC+2, Lisbon WEST = UTC+1.
        // At home Thursday 09:00 CEST = 07:00 UTC = 08:00 in Lisbon; here Thursday
        // 09:00 WEST = 08:00 UTC.
        ("2026-07-15T12:00", "2026-07-16T09:00 @ 2026-07-16T07:00 (2026-07-16T08:00) | 2026-07-16T09:00 @ 2026-07-16T08:00"),
    ])
    func berlinToLisbonIsAnHourApartInWinterAndInSummer(now: String, expected: String) {
        // Given a floating 09:00 rule and the device in Lisbon
        let rules = [Fixtures.dailyRule("stretch", at: ["09:00"])]

        // When Herald compares it with home
        let affected = TravelNotice.affectedRules(rules, home: berlin, zone: lisbon, now: makeUTC(now))

        // Then it is listed, an hour apart, with the offsets of that season
        #expect(affected.map(describe) == ["habit/stretch/r: " + expected])
    }

    @Test func aRulePinnedToAZoneIsNeverListed() {
        // Given a rule pinned to Berlin and one pinned to Tokyo, and the device in New York
        let pinned = [
            try! ReminderRule(entity: Fixtures.habit("rent"), id: "r",
                              schedule: try! .daily(at: [LocalTime(hour: 8)], timeZone: berlin)),
            try! ReminderRule(entity: Fixtures.habit("call"), id: "r",
                              schedule: try! .daily(at: [LocalTime(hour: 8)], timeZone: TimeZone(identifier: "Asia/Tokyo")!)),
        ]

        // When Herald compares them with home
        let affected = TravelNotice.affectedRules(pinned, home: berlin, zone: newYork, now: makeUTC("2026-12-02T19:10"))

        // Then neither is listed: each keeps its instant wherever the device is
        #expect(affected.isEmpty)
    }

    @Test func equalOffsetsListNothing() {
        // Given a floating 09:00 rule
        let rules = [Fixtures.dailyRule("stretch", at: ["09:00"])]

        // When the device is in Paris (always Berlin's offset), or in Lagos (UTC+1, no
        // summer time) in January, when Berlin is UTC+1 too
        let paris = TravelNotice.affectedRules(rules, home: berlin, zone: paris, now: makeUTC("2026-07-15T12:00"))
        let lagosInWinter = TravelNotice.affectedRules(rules, home: berlin, zone: lagos, now: makeUTC("2026-01-15T12:00"))

        // Then nothing is listed: every occurrence lands at the same instant
        #expect(paris.isEmpty)
        #expect(lagosInWinter.isEmpty)
    }

    @Test func offsetsThatPartWithinTheWeekListTheRule() {
        // Given a floating 09:00 rule and the device in Lagos (UTC+1) on Wednesday
        // 2026-03-25 at 12:00 UTC; Berlin moves to summer time (UTC+2) on Sunday the 29th
        let rules = [Fixtures.dailyRule("stretch", at: ["09:00"])]

        // When Herald compares the week ahead with home
        let affected = TravelNotice.affectedRules(rules, home: berlin, zone: lagos, now: makeUTC("2026-03-25T12:00"))

        // Then it is listed: Thursday 09:00 is 08:00 UTC both ways, but from Sunday
        // 09:00 CEST is 07:00 UTC while 09:00 in Lagos stays 08:00 UTC
        #expect(affected.map(describe) == [
            "habit/stretch/r: 2026-03-26T09:00 @ 2026-03-26T08:00 (2026-03-26T09:00) | 2026-03-26T09:00 @ 2026-03-26T08:00",
        ])
    }

    @Test func atHomeNothingIsListedAndChoicesAreCarried() {
        let rules = [Fixtures.dailyRule("pill", "morning", at: ["08:00"]), Fixtures.dailyRule("walk", "daily", at: ["18:00"])]
        let now = makeUTC("2026-12-02T19:10")

        // Given a trip whose pill keeps home time
        var trip = EngineState.Trip(zone: newYork)
        trip.choose(.keepHome, for: ReminderRule.ID(entity: Fixtures.habit("pill"), rule: "morning"))

        // Then in New York each rule carries its choice; at home nothing is listed
        let away = TravelNotice.affectedRules(rules, home: berlin, zone: newYork, now: now, trip: trip)
        #expect(away.map(\.choice) == [.keepHome, .followLocal])
        #expect(TravelNotice.affectedRules(rules, home: berlin, zone: berlin, now: now, trip: trip).isEmpty)
    }
}
