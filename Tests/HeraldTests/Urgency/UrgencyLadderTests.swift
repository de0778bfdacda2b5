import Foundation
import HeraldSimulator
import Testing
@testable import Herald

/// The urgency ladder: a rule asks for a level with a fallback, and the plan says the
/// level the user will really get under each missing permission, and what holds it.
/// Every expectation is worked out by hand from the rules of ``DeliveryForecast``: the
/// first level of `[urgency] + fallback` the settings allow, else active.
@Suite struct UrgencyLadderTests {
    static let pillLadder: (Urgency, [Urgency]) = (.alarm, [.critical, .timeSensitive])

    @Test(arguments: [
        // settings, alarms, expected level, expected passed-over levels
        (NotificationSettings(), false, Urgency.timeSensitive, ["alarm: no alarms", "critical: not allowed"]),
        (NotificationSettings(), true, Urgency.alarm, []),
        (NotificationSettings(criticalAlerts: true), false, Urgency.critical, ["alarm: no alarms"]),
        (NotificationSettings(timeSensitive: false), false, Urgency.active,
         ["alarm: no alarms", "critical: not allowed", "time-sensitive: turned off"]),
        (NotificationSettings(timeSensitive: false, criticalAlerts: true), false, Urgency.critical, ["alarm: no alarms"]),
    ])
    func thePillLadderFallsToTheFirstLevelTheDeviceAllows(
        settings: NotificationSettings, alarms: Bool, level: Urgency, passed: [String]
    ) {
        let forecast = DeliveryForecast(urgency: Self.pillLadder.0, fallback: Self.pillLadder.1, settings: settings,
                                        alarms: alarms)
        #expect(forecast.requested == .alarm)
        #expect(forecast.level == level)
        #expect(forecast.passedOver.map { "\($0.urgency): \($0.reason)" } == passed)
        #expect(!forecast.heldBySummary)
        #expect(forecast.heldByFocus == (level == .active))
    }

    @Test func theSummaryHoldsPassiveAndActiveOnly() {
        let summary = NotificationSettings(criticalAlerts: true, scheduledSummary: true)
        let held = Urgency.allCases.filter {
            DeliveryForecast(urgency: $0, settings: summary, alarms: true).heldBySummary
        }
        #expect(held == [.passive, .active])
        let fallen = DeliveryForecast(urgency: .timeSensitive, settings: NotificationSettings(timeSensitive: false,
                                                                                             scheduledSummary: true),
                                      alarms: false)
        #expect(fallen.level == .active && fallen.heldBySummary)
        #expect(fallen.description == "active (time-sensitive: turned off); held by the scheduled summary")
    }

    @Test func aLevelTheSettingsNoLongerAllowIsShownAsActive() {
        // A request scheduled time-sensitive or critical before the user changed the
        // settings breaks through nothing: hand-worked from the settings' rules
        let off = NotificationSettings(timeSensitive: false)
        #expect(NotificationContent.InterruptionLevel.allCases.map { off.shownLevel(of: $0) } == [.passive, .active, .active, .active])
        let critical = NotificationSettings(criticalAlerts: true)
        #expect(NotificationContent.InterruptionLevel.allCases.map { critical.shownLevel(of: $0) } == [.passive, .active, .timeSensitive, .critical])
    }

    @Test func aLadderNamesEachLevelOnceAndEndsAtAnAlwaysAllowedOne() throws {
        let rule = Fixtures.dailyRule("pills", at: ["21:00"])
        #expect(try rule.urgent(.alarm, fallback: [.timeSensitive, .passive]).fallback == [.timeSensitive, .passive])
        #expect(throws: DeclarationError.self) { try rule.urgent(.alarm, fallback: [.timeSensitive, .alarm]) }
        do {
            _ = try rule.urgent(.active, fallback: [.passive])
            Issue.record("a ladder going on after active was accepted")
        } catch {
            #expect(error.code == .invalidUrgency)
            #expect(error.message == "the urgency ladder of rule habit/pills/r goes on after active, which is always allowed (active, passive); end it there")
        }
    }

    @Test func aRuleStoredBeforeUrgencyExistedDecodesWithNone() throws {
        let rule = Fixtures.dailyRule("water", at: ["09:00"])
        var object = try JSONSerialization.jsonObject(with: JSONEncoder().encode(rule)) as! [String: Any]
        object["urgency"] = nil
        object["fallback"] = nil
        let decoded = try JSONDecoder().decode(ReminderRule.self, from: JSONSerialization.data(withJSONObject: object))
        #expect(decoded == rule && decoded.urgency == nil && decoded.fallback.isEmpty)
        let urgent = try rule.urgent(.timeSensitive)
        #expect(try JSONDecoder().decode(ReminderRule.self, from: JSONEncoder().encode(urgent)) == urgent)
        let old = try JSONDecoder().decode(NotificationSettings.self, from: Data(#"{"alert":true,"sound":false,"badge":true}"#.utf8))
        #expect(old == NotificationSettings(sound: false))
    }

    @Test func theRequestCarriesTheLevelTheUserWillGetAndTheContentsOtherwise() async throws {
        // Given a pill rule (alarm, else critical, else time-sensitive) and a plain one
        // whose content asks for passive, on a device without alarms or critical alerts
        let clock = VirtualClock(now: Fixtures.date("2026-11-21T08:00"), timeZone: Fixtures.berlin)
        let center = SimulatedNotificationCenter(clock: clock, authorization: .authorized)
        let pills = try Fixtures.dailyRule("pills", at: ["21:00"]).urgent(.alarm, fallback: [.critical, .timeSensitive])
        let water = Fixtures.dailyRule("water", at: ["10:00"])
        let source = TestReminderSource([pills, water])
        source.contentLevel = .passive
        let engine = Engine(center: center, source: source, store: InMemoryEngineStore(), clock: clock)

        // When the engine plans
        let report = await engine.launched()

        // Then the pill reminder is time-sensitive and says why; water keeps its content's level
        let levels = Dictionary(await center.pendingNotificationRequests().map {
            ($0.heraldIdentifier!.entity.id, $0.content.interruptionLevel)
        }, uniquingKeysWith: { first, _ in first })
        #expect(levels == ["pills": .timeSensitive, "water": .passive])
        let plan = try #require(report.plan)
        let pill = try #require(plan.reminders.first { $0.rule.entity.id == "pills" })
        #expect(plan.delivery(of: pill)?.description == "time-sensitive (alarm: no alarms; critical: not allowed)")
        #expect(plan.delivery(of: try #require(plan.reminders.first { $0.rule.entity.id == "water" })) == nil)

        // When the user turns time-sensitive notifications off: active, at the next run
        await center.setNotificationSettings(NotificationSettings(timeSensitive: false))
        await engine.becameActive()
        let pending = await center.pendingNotificationRequests().filter { $0.heraldIdentifier?.entity.id == "pills" }
        #expect(!pending.isEmpty && pending.allSatisfy { $0.content.interruptionLevel == .active })
    }
}
