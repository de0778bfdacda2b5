import Foundation

/// Suggests a reminder time from when the user actually completes things (seed 003):
/// a histogram of the last 30 days of completion times, the best two-hour window
/// `[h, h+1]` (of equal windows, the one whose first hour holds more), a reminder 30
/// minutes before it, clamped to 06:00–22:00.
///
/// One function serves both the reminder and any display of the window, so the two
/// cannot disagree. It only suggests: applying a suggestion changes the reminder time
/// and never switches reminders or smart timing on.
///
/// ```swift
/// let timing = SmartReminderTiming()
/// switch timing.suggest(completions: dates, now: now, zone: zone) {
/// case .some(let suggestion): settings.reminderTime = suggestion.reminderTime
/// case .none: break // not enough history: no made-up time
/// }
/// ```
public struct SmartReminderTiming: Sendable {
    public var configuration: SmartReminderTiming.Configuration

    public init(configuration: SmartReminderTiming.Configuration = SmartReminderTiming.Configuration()) {
        self.configuration = configuration
    }

    /// The suggestion from completions within the history window before `now`, read in
    /// `zone`; `nil` when there is none to learn from.
    public func suggest(completions: [Date], now: Date, zone: TimeZone) -> SmartReminderTiming.Suggestion? {
        let converter = ZoneConverter.for(zone)
        let since = now.addingTimeInterval(-Double(configuration.historyDays) * 86_400)
        var counts = [Int](repeating: 0, count: 24)
        var total = 0
        for date in completions where date > since && date <= now {
            counts[converter.local(for: date).time.hour] += 1
            total += 1
        }
        guard total > 0 else { return nil }
        // Equal windows go to the one whose first hour holds more: play clustered at 08:xx
        // gives the window 08–09 (remind 07:30), not 07–08.
        var bestStart = 0, bestCount = -1
        for hour in 0..<24 {
            let count = counts[hour] + counts[(hour + 1) % 24]
            if count > bestCount || (count == bestCount && counts[hour] > counts[bestStart]) {
                bestStart = hour
                bestCount = count
            }
        }
        return SmartTimingSuggestion(
            windowStartHour: bestStart, reminderTime: reminderTime(forWindowStartingAt: bestStart),
            coveragePercent: bestCount * 100 / total, sampleCount: total)
    }

    /// The reminder time for a window: `leadMinutes` before its start, clamped to
    /// `earliest...latest`.
    public func reminderTime(forWindowStartingAt hour: Int) -> LocalTime {
        let minutes = ((hour * 60 - configuration.leadMinutes) % 1440 + 1440) % 1440
        let time = LocalTime(hour: minutes / 60, minute: minutes % 60)
        return min(max(time, configuration.earliest), configuration.latest)
    }

    /// Whether a suggestion computed at `computedAt` is old enough to recompute.
    public func needsRecompute(computedAt: Date?, now: Date) -> Bool {
        guard let computedAt else { return true }
        return now.timeIntervalSince(computedAt) >= configuration.recomputeAfter
    }
}
