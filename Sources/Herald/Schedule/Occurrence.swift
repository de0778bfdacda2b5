import Foundation

/// One firing of a schedule: the local date-time it stands for and the instant it fires.
///
/// The two differ from the naive reading around DST: a local 02:30 that does not exist
/// fires at the instant shown as 03:30.
public struct Occurrence: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The local date-time the schedule names (also the occurrence's identity).
    public var local: LocalDateTime
    /// The instant it fires.
    public var date: Date

    public init(local: LocalDateTime, date: Date) {
        self.local = local
        self.date = date
    }

    public static func < (lhs: Occurrence, rhs: Occurrence) -> Bool {
        (lhs.date, lhs.local) < (rhs.date, rhs.local)
    }

    public var description: String { "\(local) @ \(date)" }
}
