import Foundation

/// Which of the channel's batches (``ChannelFolder``) one device's app has heard, by
/// file name, in `channel-taken.json` in the device's directory: what CloudKit's
/// sync engine keeps as its state serialization, saved by the app after it handled
/// the changes fetched. Saving it is one step of the app, after the engine applied the
/// records: a kill before it makes the next process hear the same batches again,
/// which the engine applies once.
///
/// ```swift
/// var cursor = try ChannelCursor.load(in: directory)
/// let due = try channel.due(after: cursor.taken)
/// try await engine.receive(due.flatMap(\.batch.records))
/// try cursor.save(adding: due.map(\.name))
/// ```
struct ChannelCursor: Sendable {
    let url: URL
    private(set) var taken: Set<String>

    static func load(in directory: URL) throws -> ChannelCursor {
        let url = directory.appendingPathComponent("channel-taken.json")
        guard FileManager.default.fileExists(atPath: url.path) else { return ChannelCursor(url: url, taken: []) }
        return ChannelCursor(url: url, taken: Set(try JSONDecoder().decode([String].self, from: Data(contentsOf: url))))
    }

    /// Adds `names` to the batches taken and saves the file, atomically: one step.
    mutating func save(adding names: [String]) throws {
        StepCounter.shared.step("channel taken \(names.count) batches")
        taken.formUnion(names)
        try JSONEncoder().encode(taken.sorted()).write(to: url, options: .atomic)
    }
}
