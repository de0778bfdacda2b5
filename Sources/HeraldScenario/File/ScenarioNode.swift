import Foundation
import Herald
import Yams

/// A YAML node of a scenario file together with its field path, so that every value
/// read from it can report where it came from.
struct ScenarioNode {
    let node: Node
    /// The field path from the root: `entities[2].rules[0].daily[1]`.
    let path: String
    let file: String

    var line: Int { node.mark?.line ?? 0 }
    var column: Int { node.mark?.column ?? 0 }

    func error(_ code: ScenarioError.Code, _ message: String) -> ScenarioError {
        ScenarioError(code: code, file: file, line: line, column: column, field: path, message: message)
    }

    func child(_ node: Node, key: String) -> ScenarioNode {
        ScenarioNode(node: node, path: path.isEmpty ? key : "\(path).\(key)", file: file)
    }

    func child(_ node: Node, index: Int) -> ScenarioNode {
        ScenarioNode(node: node, path: "\(path)[\(index)]", file: file)
    }

    // MARK: Shapes

    /// What the node is, for "expected ..., found ..." messages.
    var shape: String {
        switch node {
        case .mapping: "a mapping"
        case .sequence: "a list"
        case .scalar where isNull: "nothing"
        case .scalar(let scalar): "\"\(scalar.string)\""
        case .alias: "an alias"
        }
    }

    var isNull: Bool {
        guard case .scalar(let scalar) = node, scalar.style == .plain else { return false }
        return ["", "~", "null", "Null", "NULL"].contains(scalar.string)
    }

    /// The node as a mapping whose keys must all be in `allowed`.
    func mapping(_ what: String, allowed: [String]) throws(ScenarioError) -> ScenarioMapping {
        guard case .mapping(let mapping) = node else {
            throw error(.wrongType, "expected \(what) (a mapping with \(Self.list(allowed))), found \(shape)")
        }
        var entries: [(key: String, keyNode: ScenarioNode, value: ScenarioNode)] = []
        for (keyNode, value) in mapping {
            let key = child(keyNode, key: keyNode.scalar?.string ?? "?")
            guard case .scalar(let scalar) = keyNode else {
                throw key.error(.wrongType, "expected a key (one of \(Self.list(allowed))), found \(key.shape)")
            }
            guard allowed.contains(scalar.string) else {
                throw key.error(.unknownKey, "unknown key \(InputExcerpt(scalar.string, quote: "\"")) (expected one of \(Self.list(allowed)))")
            }
            guard !entries.contains(where: { $0.key == scalar.string }) else {
                throw key.error(.duplicate, "the key \(InputExcerpt(scalar.string, quote: "\"")) is given twice")
            }
            entries.append((scalar.string, key, child(value, key: scalar.string)))
        }
        return ScenarioMapping(owner: self, entries: entries)
    }

    /// The node as a list; a single scalar counts as a list of one when `allowsScalar`.
    func sequence(_ what: String, allowsScalar: Bool = false) throws(ScenarioError) -> [ScenarioNode] {
        switch node {
        case .sequence(let sequence):
            return sequence.enumerated().map { child($0.element, index: $0.offset) }
        case .scalar where allowsScalar && !isNull:
            return [ScenarioNode(node: node, path: "\(path)[0]", file: file)]
        default:
            throw error(.wrongType, "expected a list of \(what), found \(shape)")
        }
    }

    /// The node's text; throws for a mapping, a list or nothing.
    func string(_ what: String) throws(ScenarioError) -> String {
        guard case .scalar(let scalar) = node, !isNull else {
            throw error(.wrongType, "expected \(what), found \(shape)")
        }
        return scalar.string
    }

    func int(_ what: String, in range: ClosedRange<Int>) throws(ScenarioError) -> Int {
        let text = try string(what)
        guard let value = Int(text) else { throw error(.invalidValue, "\(InputExcerpt(text, quote: "\"")) is not \(what) (expected a whole number)") }
        guard range.contains(value) else {
            let bounds = range.upperBound == Int.max ? "at least \(range.lowerBound)" : "\(range.lowerBound)...\(range.upperBound)"
            throw error(.invalidValue, "\(value) is out of range (expected \(bounds))")
        }
        return value
    }

    func bool(_ what: String) throws(ScenarioError) -> Bool {
        let text = try string(what)
        switch text.lowercased() {
        case "true", "yes": return true
        case "false", "no": return false
        default: throw error(.invalidValue, "\(InputExcerpt(text, quote: "\"")) is not \(what) (expected true or false)")
        }
    }

    /// `on` or `off` (also `true`/`false`, `yes`/`no`): a switch in the app's settings.
    func onOff(_ what: String) throws(ScenarioError) -> Bool {
        let text = try string(what)
        switch text.lowercased() {
        case "on", "true", "yes": return true
        case "off", "false", "no": return false
        default: throw error(.invalidValue, "\(InputExcerpt(text, quote: "\"")) is not \(what) (expected on or off)")
        }
    }

    func time() throws(ScenarioError) -> LocalTime {
        let text = try string("a time (HH:mm)")
        guard let time = LocalTime(parsing: text) else {
            throw error(.invalidValue, "\(InputExcerpt(text, quote: "\"")) is not a time (expected HH:mm)")
        }
        return time
    }

    /// A time of day that may also be `24:00`, the end of the day.
    func timeOrEndOfDay() throws(ScenarioError) -> LocalTime {
        let text = try string("a time (HH:mm)")
        if text == "24:00" { return LocalTime(hour: 24) }
        guard let time = LocalTime(parsing: text) else {
            throw error(.invalidValue, "\(InputExcerpt(text, quote: "\"")) is not a time (expected HH:mm, or 24:00 for the end of the day)")
        }
        return time
    }

    func times() throws(ScenarioError) -> [LocalTime] {
        var result: [LocalTime] = []
        for item in try sequence("times (HH:mm)", allowsScalar: true) { result.append(try item.time()) }
        return result
    }

    func date() throws(ScenarioError) -> LocalDate {
        let text = try string("a date (yyyy-MM-dd)")
        guard let date = LocalDate(iso8601: text) else {
            throw error(.invalidValue, "\(InputExcerpt(text, quote: "\"")) is not a date (expected yyyy-MM-dd)")
        }
        try checkYear(date.year, text)
        return date
    }

    func dateTime() throws(ScenarioError) -> LocalDateTime {
        let text = try string("a date-time (yyyy-MM-ddTHH:mm)")
        let normalized = text.count > 10 && text[text.index(text.startIndex, offsetBy: 10)] == " "
            ? text.prefix(10) + "T" + text.dropFirst(11) : Substring(text)
        guard let value = LocalDateTime(parsing: normalized) else {
            throw error(.invalidValue, "\(InputExcerpt(text, quote: "\"")) is not a date-time (expected yyyy-MM-ddTHH:mm)")
        }
        try checkYear(value.date.year, text)
        return value
    }

    /// Dates in a scenario have years 1 to 9999, as RRULE dates and `--from` do.
    private func checkYear(_ year: Int, _ text: String) throws(ScenarioError) {
        guard (1...9999).contains(year) else {
            throw error(.invalidValue, "\(InputExcerpt(text, quote: "\"")) has year \(year); dates need a year from 1 to 9999")
        }
    }

    func weekdays() throws(ScenarioError) -> Set<Weekday> {
        var result: Set<Weekday> = []
        for item in try sequence("weekdays (MO, TU, WE, TH, FR, SA, SU)", allowsScalar: true) {
            let text = try item.string("a weekday")
            guard let day = Weekday(rfc5545Code: text) else {
                throw item.error(.invalidValue, "\(InputExcerpt(text, quote: "\"")) is not a weekday (expected MO, TU, WE, TH, FR, SA or SU)")
            }
            result.insert(day)
        }
        return result
    }

    func zone() throws(ScenarioError) -> TimeZone {
        let text = try string("a time zone id")
        guard let zone = TimeZone(checkedIdentifier: text) else {
            throw error(.invalidValue, "\(InputExcerpt(text, quote: "\"")) is not a known time zone (expected an IANA id such as Europe/Berlin)")
        }
        return zone
    }

    static func list(_ keys: [String]) -> String {
        switch keys.count {
        case 0: "no keys"
        case 1: keys[0]
        default: keys.dropLast().joined(separator: ", ") + " or " + keys[keys.count - 1]
        }
    }
}

/// The entries of a mapping node, checked against the keys it may have.
struct ScenarioMapping {
    let owner: ScenarioNode
    let entries: [(key: String, keyNode: ScenarioNode, value: ScenarioNode)]

    subscript(key: String) -> ScenarioNode? {
        entries.first { $0.key == key }?.value
    }

    func required(_ key: String, _ what: String) throws(ScenarioError) -> ScenarioNode {
        guard let value = self[key] else {
            let field = owner.path.isEmpty ? key : "\(owner.path).\(key)"
            throw ScenarioError(code: .missingKey, file: owner.file, line: owner.line, column: owner.column,
                                field: field, message: "missing key \"\(key)\" (expected \(what))")
        }
        return value
    }

    /// The one key of `choices` present; throws when none or several are.
    func exactlyOne(of choices: [String], _ what: String) throws(ScenarioError) -> (key: String, value: ScenarioNode) {
        let present = entries.filter { choices.contains($0.key) }
        guard let first = present.first else {
            throw owner.error(.missingKey, "\(what) needs one of \(ScenarioNode.list(choices))")
        }
        if present.count > 1 {
            throw present[1].keyNode.error(
                .invalidValue, "\(what) has both \"\(first.key)\" and \"\(present[1].key)\" (expected exactly one of \(ScenarioNode.list(choices)))")
        }
        return (first.key, first.value)
    }
}
