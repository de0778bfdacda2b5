extension NotificationIdentifier {
    /// The identifier of repeat `index` (from 1) of a nag on the occurrence this
    /// identifier names, of kind ``NotificationKind/followUp``. The first repeat keeps
    /// the identifier a single follow-up has always had; the second and later carry
    /// their index after the occurrence (``OccurrenceKey/nagRepeat(_:)``).
    ///
    /// ```swift
    /// let pill = NotificationIdentifier(parsing: "herald:reminder:med:pill:evening:20261121T2100")!
    /// pill.nagRepeat(1).description   // "herald:followup:med:pill:evening:20261121T2100"
    /// pill.nagRepeat(2).description   // "herald:followup:med:pill:evening:20261121T2100#2"
    /// pill.nagRepeat(2).original      // pill
    /// pill.nagRepeat(2).nagRepeatIndex   // 2
    /// ```
    public func nagRepeat(_ index: Int) -> NotificationIdentifier {
        NotificationIdentifier(entity: entity, rule: rule, occurrence: occurrence.withoutNagRepeat.nagRepeat(index),
                               kind: .followUp)
    }

    /// Which repeat of a nag a follow-up is (1 for the first); 1 for every other kind.
    public var nagRepeatIndex: Int { kind == .followUp ? occurrence.nagRepeatIndex : 1 }
}
