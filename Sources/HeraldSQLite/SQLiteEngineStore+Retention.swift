import Foundation
import Herald

extension SQLiteEngineStore {
    /// Drops the history older than ``retention`` allows, in one transaction: fired
    /// records, completions, acknowledgements, handled responses, past snoozes and
    /// deferred days. Call it once a day or at launch; the time comes from your clock.
    /// (Herald's `Engine` applies its own `RetentionPolicy` at each launch; this is for
    /// tools and apps that use the store on its own.)
    ///
    /// ```swift
    /// try store.applyRetention(now: clock.now)
    /// ```
    ///
    /// SQLite reuses the freed pages, so the file stops growing once the window is full.
    public func applyRetention(now: Date) throws {
        try commit([retention.pruneChange(now: now)])
    }
}
