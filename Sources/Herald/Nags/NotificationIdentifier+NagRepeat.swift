extension NotificationIdentifier {
    /// The identifier of repeat `index` (from 1) of a nag on the occurrence this
    /// identifier names, of kind ``NotificationKind/followUp`` (``repeat``). The first
    /// repeat keeps the identifier a single follow-up has always had; the second and later
    /// are written with their index after the occurrence.
    ///
    /// ```swift
    /// let pill = NotificationIdentifier(parsing: "herald:reminder:med:pill:evening:20261121T2100")!
    /// pill.nagRepeat(1).description   // "herald:followup:med:pill:evening:20261121T2100"
    /// pill.nagRepeat(2).description   // "herald:followup:med:pill:evening:20261121T2100#2"
    /// pill.nagRepeat(2).original      // pill
    /// pill.nagRepeat(2).repeat        // 2
    /// ```
    public func nagRepeat(_ index: Int) -> NotificationIdentifier {
        NotificationIdentifier(entity: entity, rule: rule, occurrence: occurrence.withoutNagRepeat, kind: .followUp,
                               repeat: max(1, index))
    }
}
