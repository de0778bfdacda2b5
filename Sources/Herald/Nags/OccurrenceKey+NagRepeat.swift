extension OccurrenceKey {
    /// The key of repeat `index` of a nag on this occurrence (see ``Nag``): the key
    /// itself for the first (the identifier a single follow-up has always had), and
    /// `<occurrence>#<index>` from the second on.
    ///
    /// ```swift
    /// let key = OccurrenceKey(rawValue: "20261121T2100")
    /// key.nagRepeat(1)                      // "20261121T2100"
    /// key.nagRepeat(3)                      // "20261121T2100#3"
    /// key.nagRepeat(3).nagRepeatIndex       // 3
    /// key.nagRepeat(3).withoutNagRepeat     // "20261121T2100"
    /// key.nagRepeat(3).localDateTime        // 2026-11-21 21:00, the occurrence's
    /// ```
    public func nagRepeat(_ index: Int) -> OccurrenceKey {
        let base = withoutNagRepeat
        return index <= 1 ? base : OccurrenceKey(rawValue: "\(base.rawValue)\(Self.nagRepeatSeparator)\(index)")
    }

    /// Which repeat of a nag this key names: 1 for a key without a repeat index.
    public var nagRepeatIndex: Int { nagRepeatParts?.index ?? 1 }

    /// The key of the occurrence itself, without a repeat index.
    public var withoutNagRepeat: OccurrenceKey {
        nagRepeatParts.map { OccurrenceKey(rawValue: String($0.occurrence)) } ?? self
    }

    static let nagRepeatSeparator: Character = "#"

    /// The occurrence's part and the index of a key `<occurrence>#<index>`, when the
    /// index is written as ``nagRepeat(_:)`` writes it (2 or more, no leading zero);
    /// any other key names no repeat.
    var nagRepeatParts: (occurrence: Substring, index: Int)? {
        guard rawValue.utf8.contains(UInt8(ascii: "#")),
              let separator = rawValue.lastIndex(of: Self.nagRepeatSeparator) else { return nil }
        let occurrence = rawValue[..<separator]
        let digits = rawValue[rawValue.index(after: separator)...]
        guard !occurrence.isEmpty, let first = digits.first, first != "0", digits.count <= 4,
              digits.allSatisfy({ $0.isASCII && $0.isNumber }), let index = Int(digits), index >= 2 else { return nil }
        return (occurrence, index)
    }
}
