import Foundation
import Herald
import HeraldSimulator

/// The app's channel between the user's devices (`HeraldSync.Channel`), as a folder the
/// household's device directories share: the server, or the system's queue, that
/// outlives every app process. A send writes one file (a batch: the sender, the records
/// and their arrival, the sender's clock plus the latency), atomically, as one step of
/// the app (the process may be killed before it); once the file is there the channel
/// holds the records, and only then does the engine mark them sent. A kill between the
/// two leaves them in the outbox, so the next process sends them again: a channel may
/// carry a record twice, as the contract says.
///
/// Hearing is the app's: a device takes the batches of the other devices due by its
/// clock that it has not taken yet (``due(after:)``), hands their records to its
/// engine, and only then saves their names as taken (``ChannelCursor``), so a batch is
/// heard again after a kill before that save, never lost.
///
/// ```swift
/// let channel = ChannelFolder(folder: root.appendingPathComponent("channel"), device: "phone",
///                             clock: system.clock, latency: 30)
/// await HeraldSync.Relay(engine: engine, channel: channel).send()
/// ```
struct ChannelFolder: HeraldSync.Channel {
    /// One send: what one device handed to the channel at once.
    struct Batch: Codable, Sendable {
        var from: String
        var sentAt: Date
        var arrival: Date
        var records: [HeraldSync.Record]
    }

    let folder: URL
    let device: String
    let clock: VirtualClock
    let latency: TimeInterval

    func send(_ records: [HeraldSync.Record]) async throws {
        StepCounter.shared.step("channel send \(records.count) records")
        let now = clock.now
        let batch = Batch(from: device, sentAt: now, arrival: now.addingTimeInterval(latency), records: records)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // Named by arrival, so a listing sorts by it; unique, so a batch sent again is a file of its own.
        let milliseconds = Int64((batch.arrival.timeIntervalSince1970 * 1_000).rounded(.down))
        let name = String(format: "%015lld", milliseconds) + "-\(device)-\(UUID().uuidString).json"
        try JSONEncoder().encode(batch).write(to: folder.appendingPathComponent(name), options: .atomic)
    }

    /// The harness hands records over itself, one step at a time (``due(after:)``): a
    /// device's process is too short-lived to wait for them.
    func setReceiver(_ receiver: @escaping @Sendable ([HeraldSync.Record]) async -> Void) async {}

    /// The batches from the other devices that have arrived by this device's clock and
    /// whose names are not in `taken`, by arrival, with their file names.
    func due(after taken: Set<String>) throws -> [(name: String, batch: Batch)] {
        guard FileManager.default.fileExists(atPath: folder.path) else { return [] }
        let now = clock.now
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".json") && !taken.contains($0) }.sorted()
        return try names.compactMap { name in
            let batch = try JSONDecoder().decode(Batch.self, from: Data(contentsOf: folder.appendingPathComponent(name)))
            return batch.from != device && batch.arrival <= now ? (name, batch) : nil
        }
    }
}
