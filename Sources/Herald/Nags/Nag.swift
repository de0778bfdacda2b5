import Foundation

/// How a rule repeats an occurrence nobody acted on: a follow-up every ``every``
/// seconds after the occurrence was delivered, at most ``times`` of them.
///
/// Repeat `k` fires at the original's delivery plus `k × every`. Repeats stop at the
/// first response to any of them (or to the original), a completion of the
/// occurrence's day, a snooze or a pause, and none fires after the occurrence's
/// device-local day. They come out of the reserve's follow-up share (see <doc:Budget>),
/// soonest first, and carry no badge: the occurrence they repeat is counted already.
///
/// ```swift
/// let nag = try Nag(every: 600, times: 3)        // 10, 20 and 30 minutes after
/// let pills = try rule.nagging(every: 600, times: 3)
/// pills.nag == nag                               // true
/// ```
///
/// A single follow-up (``ReminderRule/followUpAfter``) is a nag of `times` 1.
public struct Nag: Hashable, Sendable, Codable {
    /// Seconds between the original's delivery and the first repeat, and between repeats.
    public let every: TimeInterval
    /// How many repeats at most, the first included.
    public let times: Int

    /// The most repeats a nag may ask for.
    public static let maximumTimes = 24
    /// The longest interval between repeats: a day (repeats never fire after the
    /// occurrence's day, so a longer one could never fire).
    public static let longestInterval: TimeInterval = 86_400

    /// - Throws: ``DeclarationError`` (`invalidNag`) when `every` is not a finite
    ///   number of seconds above 0 and at most ``longestInterval``, or `times` is not
    ///   from 1 to ``maximumTimes``.
    public init(every: TimeInterval, times: Int) throws(DeclarationError) {
        try self.init(every: every, times: times, named: "a nag")
    }

    /// A nag checked, named `subject` in the error (`the nag of rule habit/water/morning`).
    init(every: TimeInterval, times: Int, named subject: String) throws(DeclarationError) {
        guard every.isFinite, every > 0, every <= Self.longestInterval else {
            throw .invalidNag("\(subject) repeats every \(every) seconds; give a finite number of seconds above 0 and at most \(Int(Self.longestInterval)) (a day): repeats never fire after the occurrence's day")
        }
        guard (1...Self.maximumTimes).contains(times) else {
            throw .invalidNag("\(subject) repeats \(times) times; give times from 1 to \(Self.maximumTimes)")
        }
        self.init(unchecked: every, times: times)
    }

    /// A nag as given, for ``ReminderRule/followUpAfter`` (which accepts a delay of 0,
    /// as it always has) and for values decoded after their check.
    init(unchecked every: TimeInterval, times: Int) {
        self.every = every
        self.times = times
    }

    /// When repeat `index` (from 1) fires, for an original delivered at `delivered`.
    public func date(ofRepeat index: Int, deliveredAt delivered: Date) -> Date {
        delivered.addingTimeInterval(every * Double(index))
    }

    private enum CodingKeys: String, CodingKey { case every, times }

    /// Decodes a nag, checked as ``init(every:times:)`` checks one.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let every = try container.decode(TimeInterval.self, forKey: .every)
        let times = try container.decode(Int.self, forKey: .times)
        do {
            try self.init(every: every, times: times)
        } catch {
            throw DecodingError.dataCorruptedError(forKey: .times, in: container, debugDescription: error.message)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(every, forKey: .every)
        try container.encode(times, forKey: .times)
    }
}
