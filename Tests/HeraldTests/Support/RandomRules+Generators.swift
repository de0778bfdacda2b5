import Foundation
import HeraldTestSupport
import PropertyBased
@testable import Herald

/// PropertyBased generators for what ``RandomRules`` draws, for property tests run
/// through ``ShrinkingSeeds``. Each shrinks toward the plainest case: UTC, the start of
/// 2026, entity `e0`, priority 0, counted in the badge, and fewer rules.
///
/// ```swift
/// let rules = RandomRules.ruleDraws(entities: 6).array(of: 1...30)
/// ```
extension RandomRules {
    /// One rule as a property test draws it. The schedule comes whole from a seed of its
    /// own (a smaller seed is not a simpler schedule, so it is not shrunk); shrinking
    /// drops rules and moves the rest toward `e0`, priority 0 and the badge.
    struct RuleDraw: Sendable {
        var scheduleSeed: UInt64
        var entity: Int
        var priority: Int
        var leftOutOfBadge: Bool

        /// The rule, with a schedule near `date`, of entity `e0` to `e(entities - 1)`.
        func rule(id: String, entities: Int, near date: LocalDate) -> ReminderRule {
            var random = SeededGenerator(seed: scheduleSeed)
            return try! ReminderRule(entity: EntityReference(namespace: "habit", id: "e\(entity % entities)"), id: id,
                                     schedule: RandomRules.schedule(near: date, using: &random), priority: priority,
                                     countsTowardBadge: !leftOutOfBadge)
        }
    }

    /// Rules of up to `entities` entities, one in five left out of the badge, as
    /// ``rules(count:entities:near:using:)`` draws them.
    static func ruleDraws(entities: Int) -> Generator<RuleDraw, some SendableSequenceType> {
        zip(Gen.uint64().withoutShrink(), Gen.int(in: 0...(entities - 1)), Gen.int(in: 0...2), Gen.bool(0.2))
            .map { draw in
                RuleDraw(scheduleSeed: draw.0, entity: draw.1, priority: draw.2, leftOutOfBadge: draw.3)
            }
    }

    /// ``zones``, UTC first, so that a zone shrinks toward UTC.
    /// (Foundation names the zone `UTC` makes "GMT" on Linux.)
    static let zonesUTCFirst = zones.filter(isUTC) + zones.filter { !isUTC($0) }

    private static func isUTC(_ zone: TimeZone) -> Bool { ["UTC", "GMT"].contains(zone.identifier) }

    /// A zone of ``zones``, shrinking toward UTC.
    static let zoneDraws: Generator<TimeZone, some SendableSequenceType> =
        Gen.int(in: 0...(zones.count - 1)).map { zonesUTCFirst[$0] }

    /// An instant as ``now(using:)`` draws it: in 2026–2027, shrinking toward the start
    /// of 2026, or one time in ten within ten days of Apia's skipped day in 2011.
    static let instantDraws: Generator<Date, some SendableSequenceType> =
        zip(Gen.bool(0.1), Gen.int(in: 0...63_072_000)).map { nearApia, seconds in
            nearApia ? Date(timeIntervalSince1970: 1_325_000_000 + Double(seconds % 864_001))
                : Date(timeIntervalSince1970: 1_767_225_600 + Double(seconds))
        }

    /// One line for a rule in a counterexample: its identifier, priority and badge,
    /// and its schedule as RFC 5545 text, or, for a typed schedule RFC 5545 cannot
    /// write, its recurrence and the zone it is pinned to.
    static func line(for rule: ReminderRule) -> String {
        let badge = rule.countsTowardBadge ? "" : ", not in the badge"
        return "\(rule.id) (priority \(rule.priority)\(badge)): \(summary(of: rule.schedule))"
    }

    /// `schedule` in one line, as ``line(for:)`` writes it.
    static func summary(of schedule: Schedule) -> String {
        if let text = try? schedule.rrule { return text.replacingOccurrences(of: "\n", with: " ") }
        let recurrence = String(describing: schedule.recurrence).replacingOccurrences(of: "Herald.", with: "")
        return schedule.timeZone.map { "\(recurrence) in \($0.identifier)" } ?? recurrence
    }
}
