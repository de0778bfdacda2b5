import Foundation
import Testing
@testable import Herald

/// One of python-dateutil's own rrule tests, converted to RFC 5545 text by
/// `Scripts/convert-dateutil-rrule-tests.py`: the rule and the occurrences the test
/// asserts (its `datetime(...)` literals, never the output of a run), in
/// `DateutilRRuleCases.swift`.
///
/// ```swift
/// let cases = DateutilReferenceCase.all
/// cases[0].text     // "DTSTART:19970902T090000\nRRULE:FREQ=YEARLY;COUNT=3"
/// cases[0].expected // ["19970902T090000", "19980902T090000", "19990902T090000"]
/// ```
struct DateutilReferenceCase: Sendable, CustomTestStringConvertible {
    /// The dateutil test's name (`testYearlyByWeekNo`).
    var name: String
    var text: String
    /// The asserted occurrences as RFC 5545 local date-times, ascending.
    var expected: [String]

    var testDescription: String { "\(name): \(text.replacingOccurrences(of: "\n", with: " "))" }

    /// What RFC 5545 says of the case, read from its text alone: answer it, or refuse it.
    enum Verdict: Equatable, CustomStringConvertible {
        case answer
        /// `FREQ=SECONDLY`, which Herald does not support.
        case secondly
        /// A combination RFC 5545 forbids, with the rule of section 3.3.10 it breaks.
        case forbidden(String)

        var description: String {
            switch self {
            case .answer: "answer"
            case .secondly: "refuse: FREQ=SECONDLY"
            case .forbidden(let rule): "refuse: \(rule)"
            }
        }
    }

    /// Section 3.3.10's table and notes, applied to the rule's parts.
    var verdict: Verdict {
        let parts = Dictionary(uniqueKeysWithValues: text.components(separatedBy: "RRULE:")[1].split(separator: ";").map { part in
            let pair = part.split(separator: "=", maxSplits: 1)
            return (String(pair[0]), String(pair[1]))
        })
        let frequency = parts["FREQ"]!
        let hasOrdinal = parts["BYDAY"]?.split(separator: ",").contains { $0.count > 2 } ?? false
        if frequency == "SECONDLY" { return .secondly }
        if parts["BYWEEKNO"] != nil, frequency != "YEARLY" { return .forbidden("BYWEEKNO outside YEARLY") }
        if parts["BYYEARDAY"] != nil, ["DAILY", "WEEKLY", "MONTHLY"].contains(frequency) {
            return .forbidden("BYYEARDAY with DAILY, WEEKLY or MONTHLY")
        }
        if parts["BYMONTHDAY"] != nil, frequency == "WEEKLY" { return .forbidden("BYMONTHDAY with WEEKLY") }
        if hasOrdinal, !["MONTHLY", "YEARLY"].contains(frequency) { return .forbidden("an nth BYDAY outside MONTHLY and YEARLY") }
        if hasOrdinal, parts["BYWEEKNO"] != nil { return .forbidden("an nth BYDAY with BYWEEKNO") }
        return .answer
    }

    /// Every converted case, in the order of dateutil's test file.
    static let all: [DateutilReferenceCase] = {
        var cases: [DateutilReferenceCase] = []
        let lines = fixture.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        for index in stride(from: 0, to: lines.count, by: 4) {
            let expected = lines[index + 3].dropFirst().split(separator: " ").map(String.init)
            cases.append(DateutilReferenceCase(name: lines[index], text: lines[index + 1] + "\n" + lines[index + 2], expected: expected))
        }
        return cases
    }()

    /// The `DTSTART` of the case, as a wall time.
    var start: LocalDateTime { Self.local(String(text.dropFirst("DTSTART:".count).prefix(15))) }

    /// `19970902T090000` as a local date-time.
    static func local(_ text: String) -> LocalDateTime {
        let digits = Array(text.replacingOccurrences(of: "T", with: ""))
        func number(_ range: Range<Int>) -> Int { Int(String(digits[range]))! }
        return LocalDateTime(date: LocalDate(year: number(0..<4), month: number(4..<6), day: number(6..<8)),
                             time: LocalTime(hour: number(8..<10), minute: number(10..<12), second: number(12..<14)))
    }
}
