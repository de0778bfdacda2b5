import Foundation
import HeraldScenario
import Synchronization

/// A `ScenarioTimelineSink` that formats each piece as it comes and hands the text to
/// `write` at once, in order: the run keeps nothing of its timeline.
///
/// ```swift
/// let sink = ScenarioFormattingSink(ScenarioJSONLinesFormatter()) { text in
///     FileHandle.standardOutput.write(Data(text.utf8))
/// }
/// ```
public final class ScenarioFormattingSink<Formatter: ScenarioTimelineFormatter>: ScenarioTimelineSink {
    private let formatter: Mutex<Formatter>
    private let write: @Sendable (String) -> Void

    public init(_ formatter: Formatter, write: @escaping @Sendable (String) -> Void) {
        self.formatter = Mutex(formatter)
        self.write = write
    }

    public func begin(_ header: ScenarioRunHeader) {
        emit { $0.header(header) }
    }

    public func record(_ entry: TimelineEntry) {
        emit { $0.entry(entry) }
    }

    public func finish(_ summary: ScenarioSummary) {
        emit { $0.summary(summary) }
    }

    /// Formats and writes under the lock, so pieces are written in the order they came:
    /// also a piece that is not part of the run, such as where it stopped.
    public func emit(_ piece: (inout Formatter) -> String) {
        formatter.withLock { formatter in
            let text = piece(&formatter)
            if !text.isEmpty { write(text) }
        }
    }
}
