/// One point of the `HeraldSync.Channel` contract, checked by ``SyncChannelConformance``.
///
/// ```swift
/// let report = try await SyncChannelConformance { try await makeThreeEnds() }.runAll()
/// print(report.passed)   // [.recordsArriveWhole, ...]
/// ```
public enum SyncChannelConformanceCheck: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// Records of every kind of change, with text a careless encoding would mangle and
    /// instants to the nanosecond, arrive at another end equal to what was sent.
    case recordsArriveWhole
    /// What each end sends reaches every other end.
    case everyOtherEndReceives
    /// Two sends from one end before the transport moves both arrive, in any order.
    case separateSendsAllArrive
    /// 600 records in one send (more than CloudKit saves in one request) all arrive.
    case largeSendsArriveWhole

    public var description: String { rawValue }
}
