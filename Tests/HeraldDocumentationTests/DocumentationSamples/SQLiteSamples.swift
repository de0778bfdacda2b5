// The Swift samples of HeraldSQLite's landing page
// (Sources/HeraldSQLite/Documentation.docc/HeraldSQLite.md), each inside the context it
// needs; the documentation tests check that they appear here verbatim.
import Foundation
import Herald
import HeraldSQLite

enum HeraldSQLiteLandingPageSamples {
    static func openTheStore(supportFolder: URL, center: any Herald.NotificationCenter, habits: any ReminderSource,
                             clock: any DeviceClock) throws -> Engine {
        let path = supportFolder.appending(path: "herald.sqlite").path
        let store = try SQLiteEngineStore(path: path)   // creates or migrates the file
        let engine = Engine(center: center, source: habits, store: store, clock: clock)

        // The engine trims old history at launch. Without it, or for another window:
        try store.applyRetention(now: clock.now)  // drops what is older than 90 days
        return engine
    }

    static func refuseANewerFile(path: String) throws -> SQLiteEngineStore? {
        var store: SQLiteEngineStore?
        do {
            store = try SQLiteEngineStore(path: path)
        } catch let error as StoreError where error.code == .newerSchema {
            // Written by a newer version of the app: ask the user to update.
        }
        return store
    }
}
