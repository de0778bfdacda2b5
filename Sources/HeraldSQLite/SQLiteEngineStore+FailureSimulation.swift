import GRDB

extension SQLiteEngineStore {
    /// Simulates a full disk: caps the database at its current number of pages, so
    /// that the next write needing a new page fails with `SQLITE_FULL` partway through
    /// its transaction (`limited: false` lifts the cap). For tests of atomicity and of
    /// ``StoreError/Code/full``; the cap lasts as long as the connection.
    func simulateFullDisk(_ limited: Bool) throws {
        try writer.writeWithoutTransaction { db in
            if limited {
                let pages = try Int.fetchOne(db, sql: "PRAGMA page_count") ?? 0
                _ = try Int.fetchOne(db, sql: "PRAGMA max_page_count = \(max(pages, 1))")
            } else {
                _ = try Int.fetchOne(db, sql: "PRAGMA max_page_count = 4294967294")
            }
        }
    }
}
