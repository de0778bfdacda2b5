import Foundation
import HeraldScenario

/// Turns a scenario run into output piece by piece, as its timeline is streamed: the
/// header, then each entry, then the summary. Each call returns the text to write next
/// (possibly empty); the pieces written in order are the whole output.
///
/// ``ScenarioTextFormatter`` writes the aligned text timeline and
/// ``ScenarioJSONLinesFormatter`` one JSON object per line; ``ScenarioFormattingSink``
/// drives either as a run streams.
///
/// ```swift
/// var formatter = ScenarioJSONLinesFormatter()
/// var output = formatter.header(header)
/// for entry in timeline { output += formatter.entry(entry) }
/// output += formatter.summary(summary)
/// ```
public protocol ScenarioTimelineFormatter: Sendable {
    mutating func header(_ header: ScenarioRunHeader) -> String
    mutating func entry(_ entry: TimelineEntry) -> String
    mutating func summary(_ summary: ScenarioSummary) -> String
}

extension ScenarioTimelineFormatter {
    /// The whole output of a collected result.
    mutating func format(_ result: ScenarioResult) -> String {
        var output = header(result.header)
        for entry in result.timeline { output += self.entry(entry) }
        return output + summary(result.summary)
    }
}
