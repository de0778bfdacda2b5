/// How big a ``SQLiteEngineStore``'s database is and what it holds: for monitoring
/// growth, checking retention, and support reports.
///
/// ```swift
/// let statistics = try store.statistics()
/// statistics.rowCounts["fired_log"] // 9000 after 90 days of a 50-habit app
/// statistics.size                   // bytes, free pages included
/// ```
public struct StoreStatistics: Hashable, Sendable, CustomStringConvertible {
    /// Rows per table (`completions`, `fired_log`, ...).
    public var rowCounts: [String: Int]
    /// Pages in the database, free pages included.
    public var pageCount: Int
    /// Pages no longer in use, which SQLite reuses before growing the file.
    public var freePageCount: Int
    /// Bytes per page.
    public var pageSize: Int
    /// `wal` for a file store, `memory` in memory.
    public var journalMode: String
    /// The schema migrations applied, in order ("v1", ...).
    public var migrations: [String]

    public init(
        rowCounts: [String: Int], pageCount: Int, freePageCount: Int, pageSize: Int, journalMode: String,
        migrations: [String]
    ) {
        self.rowCounts = rowCounts
        self.pageCount = pageCount
        self.freePageCount = freePageCount
        self.pageSize = pageSize
        self.journalMode = journalMode
        self.migrations = migrations
    }

    /// The database's size in bytes (once checkpointed into the main file).
    public var size: Int { pageCount * pageSize }

    public var description: String {
        let rows = rowCounts.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        return "\(size) bytes (\(pageCount) pages of \(pageSize), \(freePageCount) free), \(journalMode), "
            + "migrations \(migrations.joined(separator: ", ")); rows: \(rows)"
    }
}
