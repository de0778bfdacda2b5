import Foundation
import Testing
@testable import Herald

/// python-dateutil's own rrule tests (2.9.0.post0, `tests/test_rrule.py`, class
/// `RRuleTest`) as a reference: each case is a test's rule in RFC 5545 text and the
/// datetimes the test asserts, converted by `Scripts/convert-dateutil-rrule-tests.py`
/// (``DateutilReferenceCase``).
///
/// Of dateutil's 539 `RRuleTest` tests, 214 list an `rrule(...)`
/// against literal datetimes. RFC 5545's section 3.3.10, applied to each rule's text
/// (``DateutilReferenceCase/verdict``), decides what Herald must do:
///
/// - 136 are rules RFC 5545 allows with a frequency Herald supports: each gives exactly
///   the asserted datetimes (two assert none: `testUntilEmpty`, whose `UNTIL` is
///   before `DTSTART`, and `testMaxYear`, February 31; a refusal saying the rule
///   never occurs counts as that answer);
/// - 29 are `FREQ=SECONDLY`, refused as unsupported;
/// - 49 break a rule of RFC 5545, refused as malformed with the rule named:
///   `BYWEEKNO` outside `YEARLY` (25), `BYYEARDAY` with `DAILY`, `WEEKLY` or `MONTHLY`
///   (12), an nth `BYDAY` outside `MONTHLY` and `YEARLY` (8), `BYMONTHDAY` with
///   `WEEKLY` (4).
///
/// The 325 tests left out, and why, are in ``DateutilReferenceCase/leftOut``: 229 only
/// check that `str()` reads back, 37 use `rrulestr` (time zones, sets, dateutil's
/// keywords), 21 `byeaster` (not RFC 5545), 21 other APIs (indexing, `count()`,
/// `before`/`after`/`between`, `in`, `replace`), 7 that dateutil raises, 5 its cache,
/// 2 rule sets, 2 an `until` that is a date, 1 a `DTSTART` with microseconds.
@Suite struct DateutilReferenceTests {
    typealias Case = DateutilReferenceCase

    /// The first `limit` occurrences from the case's start, in UTC (no daylight saving
    /// time), as RFC 5545 local date-times.
    static func makeListing(_ schedule: Schedule, from start: LocalDateTime, limit: Int) -> [String] {
        var listed: [String] = []
        var after = Date(timeIntervalSince1970: TimeInterval(start.wallSeconds - 1))
        let utc = TimeZone(identifier: "UTC")!
        while listed.count < limit, let next = schedule.nextOccurrence(after: after, deviceZone: utc) {
            listed.append(next.local.rfc5545Text)
            after = next.date
        }
        return listed
    }

    @Test(arguments: Case.all.filter { $0.verdict == .answer })
    func answersWhatDateutilAsserts(_ given: Case) throws {
        // Given a rule RFC 5545 allows
        let schedule: Schedule
        do {
            schedule = try Schedule(rrule: given.text)
        } catch let error as ScheduleError where given.expected.isEmpty && error.code == .empty {
            return  // Then a rule that never occurs may be refused as such
        }

        // When its occurrences are listed from its start (one more than asserted, to see none follows)
        let listed = Self.makeListing(schedule, from: given.start, limit: given.expected.count + 1)

        // Then they are exactly the ones dateutil's test asserts
        #expect(listed == given.expected)
    }

    @Test(arguments: Case.all.filter { $0.verdict != .answer })
    func refusesWhatRFC5545ForbidsAndSecondly(_ given: Case) {
        #expect {
            try Schedule(rrule: given.text)
        } throws: { error in
            guard let error = error as? ScheduleError else { return false }
            if given.verdict == .secondly {
                return error.code == .unsupported && error.field == "FREQ" && error.message.contains("SECONDLY")
            }
            return error.code == .malformed && error.message.contains("RFC 5545")
        }
    }

    @Test func theCountsAreTheOnesDocumented() {
        let verdicts = Dictionary(grouping: Case.all, by: \.verdict.description).mapValues(\.count)

        #expect(Case.all.count == 214)
        #expect(verdicts["answer"] == 136)
        #expect(verdicts["refuse: FREQ=SECONDLY"] == 29)
        #expect(verdicts["refuse: BYWEEKNO outside YEARLY"] == 25)
        #expect(verdicts["refuse: BYYEARDAY with DAILY, WEEKLY or MONTHLY"] == 12)
        #expect(verdicts["refuse: an nth BYDAY outside MONTHLY and YEARLY"] == 8)
        #expect(verdicts["refuse: BYMONTHDAY with WEEKLY"] == 4)
        #expect(Case.leftOut.count == 325)
    }
}
