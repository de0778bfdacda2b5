import Foundation
import Testing
@testable import Herald

@Suite struct ScheduleOccurrenceTests {
    typealias F = ScheduleFixture

    private func makeOccurrences(_ schedule: Schedule, in zone: String, from: String, to: String) -> [Occurrence] {
        schedule.occurrences(after: F.instant(from), before: F.instant(to), deviceZone: F.zone(zone))
    }

    // MARK: DST

    @Test func springForwardFiresShiftedByTheGap() throws {
        let schedule = try Schedule.daily(at: [F.time(2, 30)])

        let occurrences = makeOccurrences(schedule, in: "Europe/Berlin", from: "2026-03-28T00:00:00Z", to: "2026-03-31T00:00:00Z")

        #expect(F.utcTexts(occurrences) == ["2026-03-28T01:30:00Z", "2026-03-29T01:30:00Z", "2026-03-30T00:30:00Z"])
        #expect(occurrences[1].local == F.local(2026, 3, 29, 2, 30))
    }

    @Test func fallBackFiresOnceAtTheFirst() throws {
        let schedule = try Schedule.daily(at: [F.time(2, 30)])

        let occurrences = makeOccurrences(schedule, in: "Europe/Berlin", from: "2026-10-24T12:00:00Z", to: "2026-10-26T00:00:00Z")

        #expect(F.utcTexts(occurrences) == ["2026-10-25T00:30:00Z"])
    }

    @Test func newYorkAcrossBothTransitions() throws {
        let schedule = try Schedule.daily(at: [F.time(1, 30), F.time(2, 30)])

        let spring = makeOccurrences(schedule, in: "America/New_York", from: "2026-03-08T00:00:00Z", to: "2026-03-09T00:00:00Z")
        let fall = makeOccurrences(schedule, in: "America/New_York", from: "2026-11-01T00:00:00Z", to: "2026-11-02T00:00:00Z")

        #expect(F.utcTexts(spring) == ["2026-03-08T06:30:00Z", "2026-03-08T07:30:00Z"])
        #expect(F.utcTexts(fall) == ["2026-11-01T05:30:00Z", "2026-11-01T07:30:00Z"])
    }

    @Test func lordHoweShiftsByHalfAnHour() throws {
        let schedule = try Schedule.daily(at: [F.time(2, 15)])

        let occurrences = makeOccurrences(schedule, in: "Australia/Lord_Howe", from: "2026-10-03T00:00:00Z", to: "2026-10-04T00:00:00Z")

        #expect(F.utcTexts(occurrences) == ["2026-10-03T15:45:00Z"])
        #expect(ZoneConverter.for(F.zone("Australia/Lord_Howe")).local(for: occurrences[0].date) == F.local(2026, 10, 4, 2, 45))
    }

    @Test func havanaMidnightTransition() throws {
        let schedule = try Schedule.daily(at: [F.time(0, 30)])

        let occurrences = makeOccurrences(schedule, in: "America/Havana", from: "2026-03-07T00:00:00Z", to: "2026-03-10T00:00:00Z")

        // 00:30 on Mar 8 does not exist and fires as 01:30 CDT.
        #expect(F.utcTexts(occurrences) == ["2026-03-07T05:30:00Z", "2026-03-08T05:30:00Z", "2026-03-09T04:30:00Z"])
        #expect(occurrences.map(\.local.date.day) == [7, 8, 9])
    }

    @Test func apiaSkippedDayFiresOnceOnEachSide() throws {
        let schedule = try Schedule.daily(at: [F.time(9)])

        let occurrences = makeOccurrences(schedule, in: "Pacific/Apia", from: "2011-12-28T00:00:00Z", to: "2012-01-01T00:00:00Z")

        // Dec 30 09:00 does not exist and shifts onto Dec 31 09:00, which fires once, as itself.
        #expect(F.utcTexts(occurrences) == ["2011-12-28T19:00:00Z", "2011-12-29T19:00:00Z", "2011-12-30T19:00:00Z",
                                            "2011-12-31T19:00:00Z"])
        #expect(occurrences.map(\.local) == [F.local(2011, 12, 28, 9), F.local(2011, 12, 29, 9), F.local(2011, 12, 31, 9),
                                             F.local(2012, 1, 1, 9)])
        #expect(Set(occurrences.map(\.date)).count == occurrences.count)
    }

    @Test func quarterHoursAcrossAGapHaveNoDuplicateInstants() throws {
        let schedule = try Schedule.everyMinutes(15, from: F.time(1), to: F.time(4))

        let occurrences = makeOccurrences(schedule, in: "Europe/Berlin", from: "2026-03-28T12:00:00Z", to: "2026-03-29T12:00:00Z")

        // 02:00–02:45 shift onto 03:00–03:45, which exist and fire once each.
        #expect(occurrences.map(\.local.time) == [F.time(1), F.time(1, 15), F.time(1, 30), F.time(1, 45),
                                                  F.time(3), F.time(3, 15), F.time(3, 30), F.time(3, 45)])
        #expect(Set(occurrences.map(\.date)).count == occurrences.count)
        #expect(occurrences.map(\.date) == occurrences.map(\.date).sorted())
    }

    @Test func shiftedOccurrenceIsOrderedByItsInstant() throws {
        // 02:15 shifts to 03:15, after the real 03:00.
        let schedule = try Schedule.daily(at: [F.time(2, 15), F.time(3)])

        let occurrences = makeOccurrences(schedule, in: "Europe/Berlin", from: "2026-03-29T00:00:00Z", to: "2026-03-29T12:00:00Z")

        #expect(occurrences.map(\.local.time) == [F.time(3), F.time(2, 15)])
        #expect(F.utcTexts(occurrences) == ["2026-03-29T01:00:00Z", "2026-03-29T01:15:00Z"])
    }

    // MARK: Kinds and bounds

    @Test func nextOccurrenceIsStrictlyAfter() throws {
        let schedule = try Schedule.daily(at: [F.time(9)])

        let next = schedule.nextOccurrence(after: F.instant("2026-07-01T09:00:00Z"), deviceZone: F.zone("UTC"))

        #expect(next?.date == F.instant("2026-07-02T09:00:00Z"))
    }

    @Test func onceFiresOnce() throws {
        let schedule = try Schedule.once(at: F.local(2026, 7, 1, 9))

        let occurrences = makeOccurrences(schedule, in: "UTC", from: "2026-01-01T00:00:00Z", to: "2027-01-01T00:00:00Z")

        #expect(F.utcTexts(occurrences) == ["2026-07-01T09:00:00Z"])
        #expect(schedule.nextOccurrence(after: F.instant("2026-07-01T09:00:00Z"), deviceZone: F.zone("UTC")) == nil)
    }

    @Test func pinnedZoneWinsOverTheDevice() throws {
        let schedule = try Schedule.daily(at: [F.time(9)], timeZone: F.zone("Asia/Kolkata"))

        let next = schedule.nextOccurrence(after: F.instant("2026-07-01T00:00:00Z"), deviceZone: F.zone("America/New_York"))

        #expect(next?.date == F.instant("2026-07-01T03:30:00Z"))
    }

    @Test func monthlyCountsNegativeDaysFromTheEndAndSkipsShortMonths() throws {
        let schedule = try Schedule.monthly(onDays: [31, -1], at: [F.time(8)])

        let occurrences = makeOccurrences(schedule, in: "UTC", from: "2026-01-01T00:00:00Z", to: "2026-05-01T00:00:00Z")

        #expect(occurrences.map(\.local.date) == [LocalDate(year: 2026, month: 1, day: 31), LocalDate(year: 2026, month: 2, day: 28),
                                                  LocalDate(year: 2026, month: 3, day: 31), LocalDate(year: 2026, month: 4, day: 30)])
    }

    @Test func everyNDaysKeepsItsAnchorsPhase() throws {
        let schedule = try Schedule.everyDays(3, from: LocalDate(year: 2026, month: 7, day: 10), at: [F.time(9)])

        let occurrences = makeOccurrences(schedule, in: "UTC", from: "2026-07-05T00:00:00Z", to: "2026-07-15T00:00:00Z")

        #expect(occurrences.map(\.local.date.day) == [7, 10, 13])
    }

    @Test func weeklyAndIntervalRulesFollowWeekdays() throws {
        let weekly = try Schedule.weekly(on: [.monday, .friday], at: [F.time(7)])
        let interval = try Schedule.everyMinutes(90, from: F.time(9), to: F.time(12), on: [.wednesday])

        let weeklyDays = makeOccurrences(weekly, in: "UTC", from: "2026-07-01T00:00:00Z", to: "2026-07-15T00:00:00Z")
        let intervalTimes = makeOccurrences(interval, in: "UTC", from: "2026-07-01T00:00:00Z", to: "2026-07-08T00:00:00Z")

        #expect(weeklyDays.map(\.local.date.day) == [3, 6, 10, 13])
        #expect(intervalTimes.map(\.local) == [F.local(2026, 7, 1, 9), F.local(2026, 7, 1, 10, 30)])
    }

    @Test func startAndUntilBoundLocally() throws {
        let schedule = try Schedule(.daily(times: [F.time(9), F.time(18)]), start: F.local(2026, 7, 1, 12),
                                    end: .until(F.local(2026, 7, 3, 9)))

        let occurrences = makeOccurrences(schedule, in: "Europe/Berlin", from: "2026-01-01T00:00:00Z", to: "2027-01-01T00:00:00Z")

        #expect(occurrences.map(\.local) == [F.local(2026, 7, 1, 18), F.local(2026, 7, 2, 9), F.local(2026, 7, 2, 18),
                                             F.local(2026, 7, 3, 9)])
    }

    @Test(arguments: [1, 2, 3, 7, 1000])
    func countStopsAfterTheNthLocalOccurrence(_ count: Int) throws {
        let schedule = try Schedule(.weekly(weekdays: [.tuesday, .thursday], times: [F.time(9), F.time(17)]),
                                    start: F.local(2026, 7, 2, 12), end: .count(count))

        let occurrences = makeOccurrences(schedule, in: "UTC", from: "2026-01-01T00:00:00Z", to: "2040-01-01T00:00:00Z")

        #expect(occurrences.count == count)
        #expect(occurrences.first?.local == F.local(2026, 7, 2, 17))
    }

    @Test func hugeCountsDoNotHang() throws {
        let schedule = try Schedule(.monthly(days: [31], times: [F.time(9)]), start: F.local(2026, 1, 1), end: .count(Int.max))

        #expect(schedule.nextOccurrence(after: F.instant("2026-02-01T00:00:00Z"), deviceZone: F.zone("UTC"))?.local
            == F.local(2026, 3, 31, 9))
    }

    @Test func endedScheduleHasNoNextOccurrence() throws {
        let schedule = try Schedule(.daily(times: [F.time(9)]), end: .until(F.local(2026, 1, 1, 9)))

        #expect(schedule.nextOccurrence(after: F.instant("2026-01-01T09:00:00Z"), deviceZone: F.zone("UTC")) == nil)
        #expect(schedule.nextOccurrence(after: .distantFuture, deviceZone: F.zone("UTC")) == nil)
    }

    @Test func extremeInstantsDoNotTrap() throws {
        let schedule = try Schedule.daily(at: [F.time(9)])

        #expect(schedule.nextOccurrence(after: .distantPast, deviceZone: F.zone("Europe/Berlin")) != nil)
        #expect(schedule.nextOccurrence(after: .distantFuture, deviceZone: F.zone("Europe/Berlin")) != nil)
        #expect(schedule.nextOccurrence(after: Date(timeIntervalSince1970: .infinity), deviceZone: F.zone("UTC")) != nil)
    }
}
