import Foundation

extension OccurrenceStory {
    /// How long after its instant a delivery still counts as shown at its time: a
    /// minute (a trigger matches whole minutes).
    public static let onTimeTolerance: TimeInterval = 60

    /// What became of an occurrence due at `date`, from its events, at `now`:
    ///
    /// - its first delivery (of the reminder, its alarm or the group it came in, else of
    ///   a snooze, follow-up or the alarm's backstop) decides
    ///   between ``Verdict/delivered`` (within ``onTimeTolerance`` of its time) and
    ///   ``Verdict/held`` (later);
    /// - otherwise the last plan's decision before its time: scheduled is
    ///   ``Verdict/pending`` before its time and ``Verdict/notDelivered`` after it; a
    ///   cut is ``Verdict/cut``, a displacement ``Verdict/displaced``; done, snoozed,
    ///   delivered already, paused, deleted, excluded or no longer planned is
    ///   ``Verdict/skipped``;
    /// - no decision at all is ``Verdict/neverPlanned`` (``Verdict/skipped`` when the
    ///   entity was deleted or the rule excludes it).
    ///
    /// ```swift
    /// OccurrenceStory.verdict(of: story.events, date: story.date, now: clock.now)   // == story.verdict
    /// ```
    public static func verdict(of events: [Event], date: Date, now: Date) -> Verdict {
        let deliveries = events.filter {
            switch $0.fact {
            case .delivered, .alarmSounded: true
            default: false
            }
        }
        // The reminder itself, or the group it came in.
        let reminder = deliveries.first {
            let kind = $0.fact.identifier.flatMap(NotificationIdentifier.init(parsing:))?.kind
            return kind == .reminder || kind == .group
        }
        if let first = reminder ?? deliveries.first {
            return first.date > date.addingTimeInterval(onTimeTolerance) && reminder != nil ? .held : .delivered
        }
        let decisions = events.filter { $0.fact.isPlanDecision || $0.fact == .deleted }
        guard let last = decisions.last(where: { $0.date <= date }) else { return .neverPlanned }
        switch last.fact {
        case .planned, .plannedAlarm: return date > now ? .pending : .notDelivered
        case .cut: return .cut
        case .displaced: return .displaced
        default: return .skipped
        }
    }
}
