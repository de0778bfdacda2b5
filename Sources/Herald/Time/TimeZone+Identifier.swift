import Foundation

extension TimeZone {
    /// The zone an IANA identifier (`Europe/Berlin`, `America/Los_Angeles`, `UTC`)
    /// names, or `nil` when `identifier` is no zone id: empty, longer than 255
    /// characters, or holding anything but ASCII letters, digits and `/ _ + -`.
    ///
    /// Foundation's `TimeZone(identifier:)` gives a zone at UTC+0 for
    /// `"Europe/Berlin\0"` once Berlin has been loaded, so a rule at 09:00 would fire
    /// at 10:00 Berlin time; every zone Herald reads from text (scenario files, RRULE
    /// `TZID`, stored schedules and payloads, the command line) comes through here.
    ///
    /// ```swift
    /// TimeZone(checkedIdentifier: "Europe/Berlin")    // Europe/Berlin
    /// TimeZone(checkedIdentifier: "Europe/Berlin\0")  // nil
    /// TimeZone(checkedIdentifier: "America/Los Angeles")  // nil (the id has an underscore)
    /// ```
    public init?(checkedIdentifier identifier: some StringProtocol) {
        guard (1...255).contains(identifier.utf8.count),
              identifier.utf8.allSatisfy({ Self.identifierBytes.contains($0) }),
              let zone = TimeZone(identifier: String(identifier)) else { return nil }
        self = zone
    }

    /// The bytes an IANA zone id is made of.
    private static let identifierBytes: Set<UInt8> = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789/_+-".utf8)
}
