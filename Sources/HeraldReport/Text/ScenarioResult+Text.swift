import Foundation
import Herald
import HeraldScenario

extension ScenarioResult {
    /// The timeline as aligned text, one line per entry, then a summary block, and a
    /// warning line when the center dropped requests above its capacity (see
    /// ``ScenarioTextFormatter``), its columns as wide as the widest entry.
    ///
    /// ```text
    /// 2026-11-21 08:00 CET  app        launched into the background
    /// 2026-11-21 08:00 CET  reconcile  launch: +3 -0 =0, planned 3, app badge set to 0
    /// 2026-11-21 09:00 CET  delivery   badge 1   Stretch  herald:reminder:habit:stretch:morning:20261121T0900  [banner, list, sound, badge; background]
    /// ```
    public func text() -> String {
        var formatter = ScenarioTextFormatter(columns: .init(of: self))
        return formatter.format(self)
    }

    /// The title and the timeline, without the summary: what is printed before the
    /// error when an event cannot happen.
    public func timelineText() -> String {
        var formatter = ScenarioTextFormatter(columns: .init(of: self))
        var output = formatter.header(header)
        for entry in timeline { output += formatter.entry(entry) }
        return output
    }
}
