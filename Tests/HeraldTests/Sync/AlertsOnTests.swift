import Foundation
import HeraldSimulator
import Testing
@testable import Herald

/// Where a rule alerts (`ReminderRule.AlertsOn`): which device's engine plans it, worked
/// by hand for every kind of device and every choice, and seen in the centers of an
/// iPhone's and a Watch's engine.
@Suite struct AlertsOnTests {
    static let water = Fixtures.dailyRule("water", at: ["09:00"])

    /// Whether each kind of device schedules a rule alerting on `phone`, `watch`, `each`:
    /// the iPhone `phone` and `each`, the watch `watch` and `each`, an iPad and a Mac
    /// only `each`: under `phone` or `watch` one device alerts.
    @Test(arguments: [
        (HeraldSync.DeviceKind.iPhone, [true, false, true]),
        (.watch, [false, true, true]),
        (.iPad, [false, false, true]),
        (.mac, [false, false, true]),
    ])
    func eachKindOfDeviceSchedulesItsShare(kind: HeraldSync.DeviceKind, expected: [Bool]) {
        let sync = HeraldSync(device: "d", kind: kind)
        let choices: [ReminderRule.AlertsOn] = [.phone, .watch, .each]
        #expect(choices.map { sync.schedules(Self.water.alerting(on: $0)) } == expected)
    }

    @Test func aRuleThatDoesNotSayFollowsTheAppsDefault() {
        #expect(Self.water.alertsOn == nil)
        #expect(HeraldSync(device: "phone").schedules(Self.water))
        #expect(!HeraldSync(device: "watch", kind: .watch).schedules(Self.water))
        #expect(HeraldSync(device: "watch", kind: .watch, alertsOn: .each).schedules(Self.water))
        #expect(!HeraldSync(device: "phone", alertsOn: .watch).schedules(Self.water))
        // A rule's own choice wins over the default
        #expect(HeraldSync(device: "phone", alertsOn: .watch).schedules(Self.water.alerting(on: .phone)))
    }

    @Test func theChoiceIsPartOfTheRuleAndSurvivesCoding() throws {
        let rule = Self.water.alerting(on: .each)
        #expect(rule != Self.water)
        #expect(try JSONDecoder().decode(ReminderRule.self, from: JSONEncoder().encode(rule)) == rule)
        // A rule stored before the choice existed decodes with none
        #expect(try JSONDecoder().decode(ReminderRule.self, from: JSONEncoder().encode(Self.water)).alertsOn == nil)
    }

    @Test func theWatchsEngineSchedulesItsRulesAndThePhonesItsOwn() async throws {
        let rules = [
            Fixtures.dailyRule("water", at: ["09:00"]),                              // the default: the phone
            Fixtures.dailyRule("stand", at: ["10:00"]).alerting(on: .watch),
            Fixtures.dailyRule("pills", at: ["11:00"]).alerting(on: .each),
        ]
        func pendingToday(_ kind: HeraldSync.DeviceKind) async -> [String] {
            let clock = VirtualClock(now: Fixtures.date("2026-11-21T08:00"), timeZone: Fixtures.berlin)
            let center = SimulatedNotificationCenter(clock: clock, authorization: .authorized)
            let engine = Engine(center: center, source: TestReminderSource(rules), clock: clock,
                                sync: HeraldSync(device: "\(kind)", kind: kind))
            await engine.launched()
            return await center.pendingNotificationRequests().map(\.identifier).filter { $0.contains("20261121") }.sorted()
        }
        #expect(await pendingToday(.iPhone) == ["herald:reminder:habit:pills:r:20261121T1100",
                                                "herald:reminder:habit:water:r:20261121T0900"])
        #expect(await pendingToday(.watch) == ["herald:reminder:habit:pills:r:20261121T1100",
                                               "herald:reminder:habit:stand:r:20261121T1000"])
    }

    @Test func theWatchsEngineExplainsThatAPhoneRuleIsNotScheduledThere() async throws {
        let clock = VirtualClock(now: Fixtures.date("2026-11-21T08:00"), timeZone: Fixtures.berlin)
        let center = SimulatedNotificationCenter(clock: clock, authorization: .authorized)
        let engine = Engine(center: center, source: TestReminderSource([Self.water]), clock: clock,
                            sync: HeraldSync(device: "watch", kind: .watch))
        await engine.launched()
        let story = await engine.explain(entity: Fixtures.habit("water"), rule: "r", at: LocalDateTime(parsing: "2026-11-21T09:00")!)
        #expect(story.events.first?.fact == .notScheduledHere(alertsOn: .phone))
        #expect(story.events.first?.fact.description == "not scheduled on this device: the rule alerts on the phone")
        #expect(!story.events.contains { $0.fact.kind == "planned" })
        // The phone's engine plans it and says nothing of the kind
        let phone = Engine(center: SimulatedNotificationCenter(clock: clock, authorization: .authorized),
                           source: TestReminderSource([Self.water]), clock: clock, sync: HeraldSync(device: "phone"))
        await phone.launched()
        let planned = await phone.explain(entity: Fixtures.habit("water"), rule: "r", at: LocalDateTime(parsing: "2026-11-21T09:00")!)
        #expect(!planned.events.contains { $0.fact.kind == "not_scheduled_here" })
        #expect(planned.events.contains { $0.fact.kind == "planned" })
    }
}
