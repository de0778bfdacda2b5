extension NotificationIdentifier {
    private enum CodingKeys: String, CodingKey {
        case entity, rule, occurrence, kind
    }

    /// Decodes an identifier as it has always been stored: a nag's repeat and a group's
    /// part are read from the `#<n>` after the occurrence
    /// (``init(entity:rule:occurrence:kind:repeat:part:)``).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(entity: try container.decode(EntityReference.self, forKey: .entity),
                  rule: try container.decode(String.self, forKey: .rule),
                  occurrence: try container.decode(OccurrenceKey.self, forKey: .occurrence),
                  kind: try container.decode(NotificationKind.self, forKey: .kind))
    }

    /// Encodes the identifier in the stored form every version reads: the repeat or part
    /// is written after the occurrence (``occurrenceText``).
    ///
    /// ```swift
    /// try JSONEncoder().encode(pill.nagRepeat(2))
    /// // {"entity":{...},"rule":"evening","occurrence":{"rawValue":"20261121T2100#2"},"kind":"followup"}
    /// ```
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(entity, forKey: .entity)
        try container.encode(rule, forKey: .rule)
        try container.encode(occurrenceText, forKey: .occurrence)
        try container.encode(kind, forKey: .kind)
    }
}
