import Foundation
import Herald
import HeraldScenario
import Plot

/// The story of each delivery's and each cut's occurrence, opened under its row: a
/// `<details class="story">` with the verdict as its summary and the story's lines (no
/// script: the browser opens it on a click).
extension HTMLReport {
    /// The key of an occurrence's story: `habit/water/sips@2026-11-21T09:00`.
    static func storyKey(_ rule: ReminderRule.ID, at local: LocalDateTime) -> String {
        "\(rule)@\(local)"
    }

    /// The occurrence a delivered reminder, snooze or follow-up stands for (a repeating
    /// request's: the one of its delivery's local time); `nil` for anything else, and
    /// for a notification delivered before the run (no plan of the run had it).
    static func occurrence(of item: ReportItem) -> (rule: ReminderRule.ID, local: LocalDateTime)? {
        guard item.kind == .delivery, !item.marks.contains("before-start"), let text = item.identifier,
              let identifier = NotificationIdentifier(parsing: text),
              [.reminder, .snooze, .followUp, .backstop].contains(identifier.kind) else { return nil }
        let rule = ReminderRule.ID(entity: identifier.entity, rule: identifier.rule)
        if let local = identifier.occurrence.localDateTime { return (rule, local) }
        return identifier.occurrence.repeatingSlot == nil ? nil : (rule, item.local)
    }

    /// Asks `tell` for the story of every delivery's occurrence recorded so far and of
    /// each cut the page lists.
    ///
    /// ```swift
    /// report.tellStories(cuts: summary.cutList) { rule, local in teller.story(of: rule, at: local) }
    /// ```
    public mutating func tellStories(cuts: [ScenarioCut],
                                     _ tell: (ReminderRule.ID, LocalDateTime) -> OccurrenceStory?) {
        var asked = days.flatMap(\.items).compactMap(Self.occurrence(of:))
        asked += cuts.prefix(Self.listedCuts).map { (ReminderRule.ID(entity: $0.entity, rule: $0.rule), $0.local) }
        for (rule, local) in asked {
            let key = Self.storyKey(rule, at: local)
            if stories[key] == nil, let story = tell(rule, local) { stories[key] = story }
        }
    }

    /// The story under a row, when there is one.
    func storyDetails(_ key: String?) -> Node<HTML.BodyContext> {
        guard let key, let story = stories[key] else { return .empty }
        return .details(
            .escapedAttribute("class", "story"),
            .escapedAttribute("data-verdict", story.verdict.rawValue),
            .summary(.escapedText("why: \(story.verdict.rawValue)")),
            .ol(.forEach(OccurrenceStoryText.lines(story, zone: deviceZoneAt(story.date))) { .li(.escapedText($0)) })
        )
    }

    /// The story key of a row, when it is a delivery of an occurrence.
    func storyKey(of item: ReportItem) -> String? {
        Self.occurrence(of: item).map { Self.storyKey($0.rule, at: $0.local) }
    }
}
