import Foundation
import Testing
@testable import Herald

/// The alarm channel of a plan: rules that ask for an alarm while the user allows alarms
/// are planned within the channel's own capacity, weekly where that is exact and one
/// alarm per occurrence otherwise, and take no slot of the notification center. Every
/// expectation is worked out by hand from a Berlin Wednesday, 2026-11-25 at 10:00, with
/// the default 14-day horizon (to 2026-12-09 10:00; no daylight-saving change in it).
@Suite struct AlarmPlanningTests {
    static let now = Fixtures.date("2026-11-25T10:00")
    static let everyDay = Set(Weekday.allCases)

    static func pills(fixedContent: Bool = true, zone: TimeZone? = nil, at times: [String] = ["08:00", "20:00"],
                      entity: String = "pills") -> ReminderRule {
        try! ReminderRule(entity: Fixtures.habit(entity), id: "r",
                          schedule: try! .daily(at: Fixtures.times(times), timeZone: zone),
                          fixedContent: fixedContent).urgent(.alarm, fallback: [.timeSensitive])
    }

    static func input(_ rules: [ReminderRule], alarms: AlarmChannel? = AlarmChannel(authorization: .authorized, capacity: 8),
                      satisfied: Set<EntityDay> = [], now: Date = now) -> PlanningInput {
        var input = PlanningInput(now: now, deviceZone: Fixtures.berlin, rules: rules, satisfied: satisfied)
        input.alarms = alarms
        return input
    }

    static func describe(_ alarm: PlannedAlarm) -> String {
        let key = alarm.identifier.occurrence.rawValue
        switch alarm.schedule {
        case .fixed(let date): return "\(alarm.identifier.entity.id) \(key) fixed \(ZoneConverter.for(Fixtures.berlin).local(for: date))"
        case .weekly(let time, let days): return "\(alarm.identifier.entity.id) \(key) weekly \(time) \(days == everyDay ? "every day" : days.sorted().map(\.rfc5545Code).joined(separator: ","))"
        }
    }

    @Test func aDailyPillWithFixedContentIsTwoWeeklyAlarmsAndTakesNoNotificationSlot() {
        let water = Fixtures.dailyRule("water", at: ["12:00"])
        let plan = Planner().plan(Self.input([Self.pills(), water]))
        #expect(plan.alarms.map(Self.describe) == [
            "pills every-2000 weekly 20:00 every day",
            "pills every-0800 weekly 08:00 every day",
        ])
        #expect(plan.alarms.map(\.firstDate) == [Fixtures.date("2026-11-25T20:00"), Fixtures.date("2026-11-26T08:00")])
        #expect(plan.alarms.allSatisfy { $0.id == AlarmRequest.id(for: $0.identifier) })
        // Water's 14 noons (25 November to 8 December) are the only notifications.
        #expect(plan.reminders.count == 14 && plan.reminders.allSatisfy { $0.rule.entity.id == "water" })
        #expect(plan.alarmsAvailable && plan.alarmCapacity == 8)
        // Weekly alarms are counted up to the horizon, the furthest they were checked.
        #expect(plan.guaranteedCoverage == .until(Fixtures.date("2026-12-09T10:00")))
    }

    @Test func aPillDoneTodayIsNotWeeklyExactSoItsOccurrencesAreFixedAlarmsWithinTheCap() {
        let done = EntityDay(Fixtures.habit("pills"), LocalDate(year: 2026, month: 11, day: 25))
        let plan = Planner().plan(Self.input([Self.pills()], satisfied: [done]))
        // Tonight's 20:00 is done; the next eight are 26 to 29 November, 08:00 and 20:00.
        #expect(plan.alarms.map(Self.describe) == [26, 27, 28, 29].flatMap { day in
            ["08:00", "20:00"].map { "pills 202611\(day)T\($0.replacingOccurrences(of: ":", with: "")) fixed 2026-11-\(day)T\($0)" }
        })
        #expect(plan.skipped.map { "\($0.occurrence.local) \($0.reason)" } == ["2026-11-25T20:00 satisfied"])
        #expect(plan.guaranteedCoverage == .until(Fixtures.date("2026-11-30T08:00")))
        #expect(plan.reminders.isEmpty)
    }

    @Test func contentThatIsNotFixedOrAZonePinnedRuleGetsOneFixedAlarmPerOccurrence() {
        for rule in [Self.pills(fixedContent: false), Self.pills(zone: TimeZone(identifier: "Asia/Tokyo")!)] {
            let plan = Planner().plan(Self.input([rule]))
            #expect(plan.alarms.count == 8)
            #expect(plan.alarms.allSatisfy { if case .fixed = $0.schedule { true } else { false } })
        }
        let floating = Planner().plan(Self.input([Self.pills(fixedContent: false)]))
        // 25 November 20:00, then 26 to 28 November twice, then 29 November 08:00.
        #expect(floating.alarms.first?.firstDate == Fixtures.date("2026-11-25T20:00"))
        #expect(floating.alarms.last?.firstDate == Fixtures.date("2026-11-29T08:00"))
        #expect(floating.guaranteedCoverage == .until(Fixtures.date("2026-11-29T20:00")))
    }

    @Test func withoutAnAllowedAlarmChannelThePillFallsBackToATimeSensitiveNotification() {
        for channel in [nil, AlarmChannel(authorization: .denied, capacity: 8),
                        AlarmChannel(authorization: .notDetermined, capacity: 8),
                        AlarmChannel(authorization: .authorized, capacity: 0)] as [AlarmChannel?] {
            let plan = Planner().plan(Self.input([Self.pills()], alarms: channel))
            #expect(plan.alarms.isEmpty)
            #expect(!plan.alarmsAvailable)
            // 25 November 20:00, then two a day to 9 December 08:00: 1 + 13 × 2 + 1 = 28.
            #expect(plan.reminders.count == 28)
            #expect(plan.reminders.allSatisfy { plan.delivery(of: $0)?.level == .timeSensitive })
        }
    }

    @Test func whenTheCapCannotHoldASecondRulesWeeklyAlarmsItGetsFixedOnesInTheRoomLeft() {
        let vitamins = Self.pills(at: ["09:00", "21:00"], entity: "vitamins")
        let plan = Planner().plan(Self.input([Self.pills(), vitamins],
                                             alarms: AlarmChannel(authorization: .authorized, capacity: 3)))
        // Pills sound first (20:00 tonight): two weekly alarms. Vitamins' two do not fit
        // in the one left: its next occurrence, 21:00 tonight, is a fixed alarm.
        #expect(plan.alarms.map(Self.describe) == [
            "pills every-2000 weekly 20:00 every day",
            "vitamins 20261125T2100 fixed 2026-11-25T21:00",
            "pills every-0800 weekly 08:00 every day",
        ])
        #expect(plan.guaranteedCoverage == .until(Fixtures.date("2026-11-26T09:00")))
    }

    @Test func aRuleTheFullChannelHasNoRoomForFallsBackToANotificationRatherThanNothing() {
        // Two slots; content that is not fixed, so one fixed alarm per occurrence.
        let a = Self.pills(fixedContent: false, at: ["11:00"], entity: "a")
        let b = Self.pills(fixedContent: false, at: ["12:00"], entity: "b")
        let c = Self.pills(fixedContent: false, at: ["20:00"], entity: "c")
        let plan = Planner().plan(Self.input([a, b, c], alarms: AlarmChannel(authorization: .authorized, capacity: 2)))
        // Today's 11:00 and 12:00 take both slots; C gets none, so it is a time-sensitive
        // notification every evening from tonight to 8 December (14), not silence.
        #expect(plan.alarms.map(Self.describe) == ["a 20261125T1100 fixed 2026-11-25T11:00",
                                                   "b 20261125T1200 fixed 2026-11-25T12:00"])
        #expect(plan.reminders.count == 14 && plan.reminders.allSatisfy { $0.rule.entity.id == "c" })
        #expect(plan.reminders.first?.date == Fixtures.date("2026-11-25T20:00"))
        #expect(plan.reminders.allSatisfy { plan.delivery(of: $0)?.level == .timeSensitive })
        // The alarms reach until A's next occurrence, tomorrow 11:00, the first left out.
        #expect(plan.guaranteedCoverage == .until(Fixtures.date("2026-11-26T11:00")))
    }

    @Test func aFallenBackRuleTakesTheNextRungOrActive() throws {
        let ladder = try Self.pills().urgent(.alarm, fallback: [.critical, .timeSensitive])
        let once = Planner.fallingBackFromAlarm(ladder)
        #expect(once.urgency == .critical && once.fallback == [.timeSensitive] && once.id == ladder.id)
        #expect(Planner.fallingBackFromAlarm(try Self.pills().urgent(.alarm)).urgency == .active)
    }

    @Test func aWeeklyRuleIsOneAlarmOnItsWeekdays() throws {
        let rule = try ReminderRule(entity: Fixtures.habit("injection"), id: "r",
                                    schedule: try .weekly(on: [.monday, .thursday], at: Fixtures.times(["08:00"])),
                                    fixedContent: true).urgent(.alarm)
        let plan = Planner().plan(Self.input([rule]))
        // Wednesday now: the next Thursday is 26 November.
        #expect(plan.alarms.map(Self.describe) == ["injection every-0800 weekly 08:00 MO,TH"])
        #expect(plan.alarms.first?.firstDate == Fixtures.date("2026-11-26T08:00"))
    }

    @Test func aTimeADaylightSavingChangeSkipsIsFixedAlarmsAndAnotherTimeStaysWeekly() {
        // Berlin springs forward on 28 March 2027 at 02:00: 02:30 does not exist that day.
        let now = Fixtures.date("2027-03-20T10:00")
        let plan = Planner().plan(Self.input([Self.pills(at: ["02:30"]), Self.pills(at: ["08:00"], entity: "morning")],
                                             alarms: AlarmChannel(authorization: .authorized, capacity: 5), now: now))
        #expect(plan.alarms.map(Self.describe) == [
            "pills 20270321T0230 fixed 2027-03-21T02:30",
            "morning every-0800 weekly 08:00 every day",
            "pills 20270322T0230 fixed 2027-03-22T02:30",
            "pills 20270323T0230 fixed 2027-03-23T02:30",
            "pills 20270324T0230 fixed 2027-03-24T02:30",
        ])
    }
}
