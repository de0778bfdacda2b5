extension RecurrenceRule {
    private enum CodingKeys: String, CodingKey {
        case frequency, interval, anchor, months, monthDays, weekdays, yearDays, weekNumbers, setPositions, times, hours,
             minutes, seconds, weekStart
    }

    /// Reads a rule, also one stored before ``yearDays``, ``weekNumbers`` and
    /// ``seconds`` existed (they are then empty).
    ///
    /// ```swift
    /// let rule = try JSONDecoder().decode(RecurrenceRule.self, from: stored)
    /// ```
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(frequency: try container.decode(Frequency.self, forKey: .frequency),
                  interval: try container.decode(Int.self, forKey: .interval),
                  anchor: try container.decode(LocalDateTime.self, forKey: .anchor),
                  months: try container.decode([Int].self, forKey: .months),
                  monthDays: try container.decode([Int].self, forKey: .monthDays),
                  weekdays: try container.decode([OrdinalWeekday].self, forKey: .weekdays),
                  yearDays: try container.decodeIfPresent([Int].self, forKey: .yearDays) ?? [],
                  weekNumbers: try container.decodeIfPresent([Int].self, forKey: .weekNumbers) ?? [],
                  setPositions: try container.decode([Int].self, forKey: .setPositions),
                  times: try container.decode([LocalTime].self, forKey: .times),
                  hours: try container.decode([Int].self, forKey: .hours),
                  minutes: try container.decode([Int].self, forKey: .minutes),
                  seconds: try container.decodeIfPresent([Int].self, forKey: .seconds) ?? [],
                  weekStart: try container.decode(Weekday.self, forKey: .weekStart))
    }

    /// Writes the rule; the parts added later only when used, so that a rule without
    /// them reads the same as before.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(frequency, forKey: .frequency)
        try container.encode(interval, forKey: .interval)
        try container.encode(anchor, forKey: .anchor)
        try container.encode(months, forKey: .months)
        try container.encode(monthDays, forKey: .monthDays)
        try container.encode(weekdays, forKey: .weekdays)
        if !yearDays.isEmpty { try container.encode(yearDays, forKey: .yearDays) }
        if !weekNumbers.isEmpty { try container.encode(weekNumbers, forKey: .weekNumbers) }
        try container.encode(setPositions, forKey: .setPositions)
        try container.encode(times, forKey: .times)
        try container.encode(hours, forKey: .hours)
        try container.encode(minutes, forKey: .minutes)
        if !seconds.isEmpty { try container.encode(seconds, forKey: .seconds) }
        try container.encode(weekStart, forKey: .weekStart)
    }
}
