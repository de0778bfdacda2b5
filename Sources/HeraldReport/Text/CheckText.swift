import Foundation
import HeraldScenario

/// How `herald check` prints its findings: one line each, then a count; or JSON.
///
/// ```text
/// Examples/habits.yaml: warning: habit/stretch/morning: 2027-03-28T02:30 does not exist in Europe/Berlin ...
/// Examples/habits.yaml:52:5: error: events[5].tap: at 2026-11-21 09:00 CET: nothing of habit/stretch ...
/// 1 warning, 1 error
/// ```
package enum CheckText {
    package static func text(_ findings: [ScenarioCheck.Finding], file: String) -> String {
        var lines = findings.map { finding in
            let place = finding.location.map { "\($0.file):\($0.line):\($0.column)" } ?? file
            return "\(place): \(finding.severity.rawValue): \(PrintableText.escaped(finding.subject)): \(PrintableText.escaped(finding.message))"
        }
        lines.append(count(findings))
        return lines.joined(separator: "\n") + "\n"
    }

    /// `no warnings, no errors`, `2 warnings, 1 error`.
    static func count(_ findings: [ScenarioCheck.Finding]) -> String {
        let warnings = findings.filter { $0.severity == .warning }.count
        let errors = findings.count - warnings
        func plural(_ count: Int, _ word: String) -> String {
            count == 0 ? "no \(word)s" : "\(count) \(word)\(count == 1 ? "" : "s")"
        }
        return "\(plural(warnings, "warning")), \(plural(errors, "error"))"
    }

    /// `{"errors": N, "warnings": N, "findings": [{"severity", "kind", "subject", "message",
    /// "file", "line", "column"}]}` with sorted keys; `line` and `column` only for located findings.
    package static func json(_ findings: [ScenarioCheck.Finding], file: String) -> String {
        struct Line: Encodable {
            var severity, kind, subject, message, file: String
            var line, column: Int?
        }
        struct Report: Encodable {
            var warnings, errors: Int
            var findings: [Line]
        }
        let lines = findings.map { finding in
            Line(severity: finding.severity.rawValue, kind: finding.kind.rawValue, subject: finding.subject,
                 message: finding.message, file: finding.location?.file ?? file, line: finding.location?.line,
                 column: finding.location?.column)
        }
        let warnings = findings.filter { $0.severity == .warning }.count
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Encoding these plain records cannot fail.
        let data = (try? encoder.encode(Report(warnings: warnings, errors: findings.count - warnings, findings: lines)))
            ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
