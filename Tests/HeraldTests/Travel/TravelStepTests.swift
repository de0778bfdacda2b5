import Foundation
import Testing
@testable import Herald

/// The pure decisions about travel (``TravelStep``) and the choice event's step
/// (``EngineStep``), against hand-worked changes.
@Suite struct TravelStepTests {
    let berlin = Fixtures.berlin
    let newYork = TimeZone(identifier: "America/New_York")!
    let tokyo = TimeZone(identifier: "Asia/Tokyo")!
    let pill = ReminderRule.ID(entity: Fixtures.habit("pill"), rule: "morning")
    let walk = ReminderRule.ID(entity: Fixtures.habit("walk"), rule: "daily")

    func makeState(home: TimeZone?, trip: EngineState.Trip? = nil) -> EngineState {
        var state = EngineState()
        if let home { state.apply(.setHomeZone(identifier: home.identifier)) }
        if let trip { state.apply(.setTrip(trip)) }
        return state
    }

    func makeInputs(_ state: EngineState, zone: TimeZone) -> EngineStep.Inputs {
        EngineStep.Inputs(now: Fixtures.date("2026-12-02T14:10", in: zone), deviceZone: zone, state: state)
    }

    // MARK: Noticing the zone

    @Test func theFirstZoneSeenBecomesHomeWithoutANotice() {
        // Given nothing known, when the first run sees Berlin
        let noticed = TravelStep.noticing(deviceZone: berlin, state: makeState(home: nil))

        // Then Berlin is home, and there is nothing to tell
        #expect(noticed == TravelStep.Noticed(
            changes: [.setHomeZone(identifier: "Europe/Berlin")], reports: false))
        #expect(TravelStep.noticing(deviceZone: berlin, state: makeState(home: berlin)).changes.isEmpty)
    }

    @Test func aZoneAwayFromHomeBeginsATripOnceAndMovingOnKeepsItsChoices() {
        // Given home in Berlin, when the device is in New York
        let arrived = TravelStep.noticing(deviceZone: newYork, state: makeState(home: berlin))

        // Then a trip to New York begins, and the app is told
        #expect(arrived == TravelStep.Noticed(
            changes: [.setTrip(EngineState.Trip(zone: newYork))], reports: true))
        // and the next run in New York records and tells nothing
        #expect(TravelStep.noticing(deviceZone: newYork, state: makeState(home: berlin, trip: EngineState.Trip(zone: newYork)))
            == TravelStep.Noticed(changes: [], reports: false))

        // When the trip moves on to Tokyo with the pill kept at home time
        let movedOn = TravelStep.noticing(
            deviceZone: tokyo, state: makeState(home: berlin, trip: EngineState.Trip(zone: newYork, rules: [pill: .keepHome])))

        // Then the trip is in Tokyo with the same choice, and the app is told again
        #expect(movedOn == TravelStep.Noticed(
            changes: [.setTrip(EngineState.Trip(zone: tokyo, rules: [pill: .keepHome]))],
            reports: true))
    }

    @Test func comingHomeEndsTheTripAndItsChoicesLapse() {
        // Given a trip to New York where every rule keeps home time
        let state = makeState(home: berlin, trip: EngineState.Trip(zone: newYork, allRules: .keepHome))

        // When the device is in Berlin again
        let noticed = TravelStep.noticing(deviceZone: berlin, state: state)

        // Then the trip is removed, with its choices, and the app is told
        #expect(noticed == TravelStep.Noticed(changes: [.setTrip(nil)], reports: true))
        var after = state
        for change in noticed.changes { after.apply(change) }
        #expect(after.trip == nil)
        #expect(!after.keepsHomeTime(pill, in: newYork))
    }

    // MARK: The choice event

    @Test func aChoiceForOneRuleIsRecordedOnTheTrip() throws {
        // Given a trip to New York with nothing chosen
        let state = makeState(home: berlin, trip: EngineState.Trip(zone: newYork))

        // When the app keeps home time for the pill
        let outcome = try EngineStep.outcome(of: .travelChoice(.keepHome, rule: pill), given: makeInputs(state, zone: newYork))

        // Then the trip keeps the pill at home time; the walk still follows local time
        #expect(outcome.changes == [.setTrip(EngineState.Trip(zone: newYork, rules: [pill: .keepHome]))])
        #expect(outcome.reason == .travelChoice(.keepHome, rule: pill))
        #expect(EngineStep.needs(of: .travelChoice(.keepHome, rule: nil)) == [.recentState])
        var after = state
        for change in outcome.changes { after.apply(change) }
        #expect(after.keepsHomeTime(pill, in: newYork))
        #expect(!after.keepsHomeTime(walk, in: newYork))
    }

    @Test func aChoiceForAllReplacesEachRulesOwn() throws {
        // Given a trip where the pill keeps home time and the walk follows local time
        let state = makeState(home: berlin, trip: EngineState.Trip(zone: newYork, rules: [pill: .keepHome, walk: .followLocal]))

        // When the app keeps home time for every rule
        let outcome = try EngineStep.outcome(of: .travelChoice(.keepHome, rule: nil), given: makeInputs(state, zone: newYork))

        // Then one choice stands for all: the single rules' are gone
        #expect(outcome.changes == [.setTrip(EngineState.Trip(zone: newYork, allRules: .keepHome))])
    }

    @Test func aChoiceAtHomeRecordsNothing() throws {
        // Given the device at home in Berlin (a prompt answered after the flight home)
        let state = makeState(home: berlin)

        // When the app keeps home time for every rule
        let outcome = try EngineStep.outcome(of: .travelChoice(.keepHome, rule: nil), given: makeInputs(state, zone: berlin))

        // Then nothing is recorded: there is no trip to keep it for
        #expect(outcome.changes.isEmpty)
    }

    @Test func settingTheHomeZoneEndsAnyTrip() throws {
        let state = makeState(home: berlin, trip: EngineState.Trip(zone: newYork, allRules: .keepHome))

        let outcome = try EngineStep.outcome(of: .homeZoneChanged(newYork), given: makeInputs(state, zone: newYork))

        #expect(outcome.changes == [.setHomeZone(identifier: "America/New_York"), .setTrip(nil)])
    }

    // MARK: Planning and storage

    @Test func aKeptRuleIsPlannedPinnedToHomeAndTheOthersAsTheyAre() throws {
        // Given a floating pill, a floating walk and a rule pinned to Tokyo, on a trip to
        // New York where every rule keeps home time
        let rules = [Fixtures.dailyRule("pill", "morning", at: ["08:00"]), Fixtures.dailyRule("walk", "daily", at: ["18:00"]),
                     try ReminderRule(entity: Fixtures.habit("call"), id: "r",
                                      schedule: try .daily(at: [LocalTime(hour: 8)], timeZone: tokyo))]
        let away = makeState(home: berlin, trip: EngineState.Trip(zone: newYork, allRules: .keepHome, rules: [walk: .followLocal]))

        // When the planner's rules are made in New York, and at home
        let planned = TravelStep.effectiveRules(rules, state: away, deviceZone: newYork)
        let atHome = TravelStep.effectiveRules(rules, state: away, deviceZone: berlin)

        // Then the pill is pinned to Berlin; the walk floats; the Tokyo rule stays Tokyo's
        #expect(planned.map { $0.schedule.timeZone?.identifier } == ["Europe/Berlin", nil, "Asia/Tokyo"])
        #expect(planned[0].id == rules[0].id)
        // and at home every rule is as the app declared it
        #expect(atHome == rules)
    }

    @Test func aTripReadsBackAsWrittenAndAnUnreadableEntryFollowsTheChoiceForAll() {
        let trip = EngineState.Trip(zone: newYork, allRules: .keepHome, rules: [pill: .followLocal])
        #expect(EngineState.Trip(json: trip.json) == trip)

        // Given a stored trip one of whose entries names an unknown choice
        let stored: JSONValue = ["zone": "America/New_York", "all": "keepHome", "rules": [
            ["namespace": "habit", "entity": "pill", "rule": "morning", "choice": "sideways"],
        ]]

        // Then the trip is kept, and that rule follows the choice for all
        #expect(EngineState.Trip(json: stored) == EngineState.Trip(zone: newYork, allRules: .keepHome))
        #expect(EngineState.Trip(json: ["zone": "Mars/Base"]) == nil)
    }
}
