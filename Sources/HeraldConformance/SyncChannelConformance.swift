import Foundation
import Herald

/// The checks every `HeraldSync.Channel` must pass: one for each point of the
/// contract written on the protocol.
///
/// Give it a factory that makes three ends of one fresh channel (three of the user's
/// devices) and the transport's part: moving what was sent to where it goes. A check
/// fails when a record sent does not arrive whole at every other end after that.
///
/// ```swift
/// @Test func theSimulatedChannelConforms() async throws {
///     let conformance = SyncChannelConformance {
///         let channel = SimulatedSyncChannel()
///         let ends = ["phone", "watch", "mac"].map { channel.endpoint(for: $0) as any HeraldSync.Channel }
///         return .init(ends: ends, deliver: { await channel.deliver() })
///     }
///     let report = try await conformance.runAll()
///     #expect(report.skipped.isEmpty)
/// }
/// ```
public struct SyncChannelConformance: Sendable {
    /// Three ends of a fresh channel and the transport's part.
    public struct Subject: Sendable {
        /// The ends, one per device (at least two; three for every check).
        public var ends: [any HeraldSync.Channel]
        /// Moves everything sent so far to the other ends' receivers, returning once it
        /// was handed over.
        public var deliver: @Sendable () async throws -> Void

        public init(ends: [any HeraldSync.Channel], deliver: @escaping @Sendable () async throws -> Void) {
            self.ends = ends
            self.deliver = deliver
        }
    }

    private let makeSubject: @Sendable () async throws -> Subject

    /// - Parameter makeSubject: Makes the ends of a fresh channel for each check.
    public init(makeSubject: @escaping @Sendable () async throws -> Subject) {
        self.makeSubject = makeSubject
    }

    /// Runs every check (except `skipping`) in ``SyncChannelConformanceCheck`` order,
    /// each on a fresh channel.
    ///
    /// - Throws: ``SyncChannelConformanceFailure`` for the first check that fails.
    public func runAll(skipping: Set<SyncChannelConformanceCheck> = []) async throws -> SyncChannelConformanceReport {
        try await ConformanceRunner.runAll(skipping: skipping) { try await run($0) }
    }

    /// Runs one check on a fresh channel.
    ///
    /// - Returns: `nil` when it passed, or the reason it was skipped.
    /// - Throws: ``SyncChannelConformanceFailure`` when it failed.
    public func run(_ check: SyncChannelConformanceCheck) async throws -> String? {
        try await ConformanceRunner.run(
            check, of: "channel", making: makeSubject,
            missing: { subject in
                subject.ends.count >= (check == .everyOtherEndReceives ? 3 : 2) ? nil
                    : "needs \(check == .everyOtherEndReceives ? 3 : 2) ends of the channel (Subject.ends has \(subject.ends.count))"
            },
            perform: { try await SyncChannelProbe(check: check, subject: $0).perform() })
    }
}

/// One check of ``SyncChannelConformance`` on one channel.
struct SyncChannelProbe: Sendable {
    let check: SyncChannelConformanceCheck
    let subject: SyncChannelConformance.Subject

    /// What each end received, by end.
    actor Received {
        var records: [Int: [HeraldSync.Record]] = [:]
        func add(_ batch: [HeraldSync.Record], at end: Int) { records[end, default: []] += batch }
        func of(_ end: Int) -> [HeraldSync.Record] { records[end] ?? [] }
    }

    func perform() async throws {
        let received = Received()
        for (index, end) in subject.ends.enumerated() {
            await end.setReceiver { batch in await received.add(batch, at: index) }
        }
        switch check {
        case .recordsArriveWhole:
            try await subject.ends[0].send(Self.samples)
            try await subject.deliver()
            try expectArrived(Self.samples, at: 1, in: await received.of(1), "the sample records")
        case .everyOtherEndReceives:
            let first = Self.records(from: "first", count: 3), second = Self.records(from: "second", count: 2)
            try await subject.ends[0].send(first)
            try await subject.ends[1].send(second)
            try await subject.deliver()
            try expectArrived(first + second, at: 2, in: await received.of(2), "both ends' records")
            try expectArrived(second, at: 0, in: await received.of(0), "the second end's records")
            try expectArrived(first, at: 1, in: await received.of(1), "the first end's records")
        case .separateSendsAllArrive:
            let first = Self.records(from: "phone", count: 2), second = Self.records(from: "phone", count: 3, offset: 2)
            try await subject.ends[0].send(first)
            try await subject.ends[0].send(second)
            try await subject.deliver()
            try expectArrived(first + second, at: 1, in: await received.of(1), "two sends' records")
        case .largeSendsArriveWhole:
            let many = Self.records(from: "phone", count: 600)
            try await subject.ends[0].send(many)
            try await subject.deliver()
            try expectArrived(many, at: 1, in: await received.of(1), "600 records sent at once")
        }
    }

    /// Every record of `sent` is among `arrived`, equal, in any order and however often.
    private func expectArrived(_ sent: [HeraldSync.Record], at end: Int, in arrived: [HeraldSync.Record],
                               _ what: String) throws(SyncChannelConformanceFailure) {
        let byID = Dictionary(arrived.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let missing = sent.filter { byID[$0.id] == nil }
        guard missing.isEmpty else {
            throw SyncChannelConformanceFailure(
                check: check, message: "end \(end) did not receive \(missing.count) of \(what), e.g. \(missing[0].id)")
        }
        if let changed = sent.first(where: { byID[$0.id] != $0 }) {
            throw SyncChannelConformanceFailure(
                check: check, message: "end \(end) received \(changed.id) changed: sent \(changed), received \(byID[changed.id]!)")
        }
    }

    static let start = Date(timeIntervalSince1970: 1_795_248_000.123_456_789)
    static let reading = EntityReference(namespace: "goal", id: "read: 📚 100% «books» 'n \"quotes\"\nnew line")

    /// One record of each kind of change, with text and instants that are easy to mangle.
    static let samples: [HeraldSync.Record] = {
        let day = LocalDate(year: 2026, month: 11, day: 21)
        let occurrence = NotificationIdentifier(entity: reading, rule: "evening «late»",
                                                occurrence: OccurrenceKey(LocalDateTime(date: day, time: LocalTime(hour: 21, minute: 30))),
                                                kind: .reminder)
        let changes: [HeraldSync.Record.Change] = [
            .completed(EngineState.Completion(entity: reading, day: day, date: start.addingTimeInterval(0.000_000_1))),
            .completionUndone(reading, day), .paused(reading), .resumed(reading), .deleted(reading),
            .deferred(EngineState.EntityDay(reading, day)),
            .snoozed(EngineState.SnoozeRecord(original: occurrence, until: start.addingTimeInterval(600.5))),
            .answered(occurrence),
        ]
        return changes.enumerated().map { index, change in
            HeraldSync.Record(device: "phone «iPhone 17» ✓", instant: start.addingTimeInterval(Double(index) * 1.000_000_7),
                              change: change)
        }
    }()

    /// `count` distinct pauses made on `device`.
    static func records(from device: String, count: Int, offset: Int = 0) -> [HeraldSync.Record] {
        (offset..<(offset + count)).map { index in
            HeraldSync.Record(device: device, instant: start.addingTimeInterval(Double(index)),
                              change: .paused(EntityReference(namespace: "habit", id: "h\(index)")))
        }
    }
}
