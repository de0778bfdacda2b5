import Foundation
import Testing
@testable import Herald

@Suite struct ScheduleValidationTests {
    typealias F = ScheduleFixture

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var recurrence: Recurrence
        var start: LocalDateTime? = nil
        var end: Schedule.End? = nil
        var code: ScheduleError.Code
        var field: String
        var testDescription: String { name }
    }

    @Test(arguments: [
        Case(name: "hour 25", recurrence: .daily(times: [LocalTime(hour: 25)]), code: .outOfRange, field: "hour"),
        Case(name: "minute 60", recurrence: .daily(times: [LocalTime(hour: 9, minute: 60)]), code: .outOfRange, field: "minute"),
        Case(name: "interval 0", recurrence: .everyNDays(interval: 0, anchor: LocalDate(year: 2026, month: 1, day: 1), times: [F.time(9)]),
             code: .outOfRange, field: "interval"),
        Case(name: "minutes 0", recurrence: .minuteInterval(minutes: 0, window: .allDay, weekdays: Weekday.everyDay),
             code: .outOfRange, field: "minutes"),
        Case(name: "no weekdays", recurrence: .weekly(weekdays: [], times: [F.time(9)]), code: .empty, field: "weekdays"),
        Case(name: "no interval weekdays", recurrence: .minuteInterval(minutes: 5, window: .allDay, weekdays: []),
             code: .empty, field: "weekdays"),
        Case(name: "no times", recurrence: .daily(times: []), code: .empty, field: "times"),
        Case(name: "window start = end", recurrence: .minuteInterval(minutes: 5, window: Schedule.DailyWindow(start: F.time(9), end: F.time(9)),
                                                                   weekdays: Weekday.everyDay), code: .malformed, field: "window"),
        Case(name: "window start > end", recurrence: .minuteInterval(minutes: 5, window: Schedule.DailyWindow(start: F.time(17), end: F.time(9)),
                                                                   weekdays: Weekday.everyDay), code: .malformed, field: "window"),
        Case(name: "month day 0", recurrence: .monthly(days: [0], times: [F.time(9)]), code: .outOfRange, field: "days"),
        Case(name: "month day 32", recurrence: .monthly(days: [32], times: [F.time(9)]), code: .outOfRange, field: "days"),
        Case(name: "month day -32", recurrence: .monthly(days: [-32], times: [F.time(9)]), code: .outOfRange, field: "days"),
        Case(name: "February 30", recurrence: .once(F.local(2026, 2, 30, 9)), code: .invalidDate, field: "date"),
        Case(name: "invalid start", recurrence: .daily(times: [F.time(9)]), start: F.local(2026, 13, 1), code: .invalidDate, field: "start"),
        Case(name: "year 10000", recurrence: .once(F.local(10_000, 1, 1)), code: .outOfRange, field: "date"),
        Case(name: "count 0", recurrence: .daily(times: [F.time(9)]), start: F.local(2026, 1, 1), end: .count(0),
             code: .outOfRange, field: "count"),
        Case(name: "count without start", recurrence: .daily(times: [F.time(9)]), end: .count(3), code: .missing, field: "count"),
        Case(name: "until February 30", recurrence: .daily(times: [F.time(9)]), end: .until(F.local(2026, 2, 30)),
             code: .invalidDate, field: "until"),
    ])
    func rejects(_ given: Case) {
        #expect {
            try Schedule(given.recurrence, start: given.start, end: given.end)
        } throws: { error in
            let error = error as? ScheduleError
            return error?.code == given.code && error?.field == given.field && error?.position == nil
        }
    }

    @Test func normalisesTimesAndEveryOneDay() throws {
        let anchor = LocalDate(year: 2026, month: 1, day: 1)

        let schedule = try Schedule.everyDays(1, from: anchor, at: [F.time(15), F.time(9), F.time(15)])

        #expect(schedule.recurrence == .daily(times: [F.time(9), F.time(15)]))
    }

    @Test func errorsSayWhatAndWhere() {
        #expect(throws: ScheduleError.self) { try Schedule.daily(at: [LocalTime(hour: 25)]) }
        let error = ScheduleError.outOfRange("hour", 25, 0...23).at(position: 12, field: "BYHOUR")
        #expect(error.description == "BYHOUR at position 12: 25 is out of range 0...23")
    }
}
