import Foundation
import Herald
@testable import HeraldSQLite

/// A folder under the system's temporary directory, deleted with its content when
/// released.
final class TemporaryDirectory: Sendable {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appending(path: "herald-sqlite-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// A path inside the folder.
    func path(_ name: String) -> String { url.appending(path: name).path }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }
}

let water = EntityReference(namespace: "habit", id: "water")
let run = EntityReference(namespace: "habit", id: "run")
/// 2026-11-21 08:00 UTC.
let start = Date(timeIntervalSince1970: 1_795_248_000)
let today = LocalDate(year: 2026, month: 11, day: 21)

func makeReminderIdentifier(_ entity: EntityReference, day: LocalDate = today, hour: Int = 9) -> NotificationIdentifier {
    NotificationIdentifier(
        entity: entity, rule: "daily", occurrence: OccurrenceKey(LocalDateTime(date: day, time: LocalTime(hour: hour))),
        kind: .reminder
    )
}

/// A few changes of different kinds: some state to find again.
func makeSomeChanges() -> [EngineStateChange] {
    [
        .recordCompletion(Completion(entity: water, day: today, date: start)),
        .pause(run),
        .recordFired(FiredRecord(identifier: makeReminderIdentifier(water), date: start)),
        .acknowledge(makeReminderIdentifier(water), at: start.addingTimeInterval(30)),
        .setSetting(key: "reminders.enabled", true),
    ]
}

/// A file store in `directory`, holding ``makeSomeChanges()``.
func makeFileStoreWithState(in directory: TemporaryDirectory, name: String = "herald.sqlite") throws -> SQLiteEngineStore {
    let store = try SQLiteEngineStore(path: directory.path(name))
    try store.commit(makeSomeChanges())
    return store
}

/// The state ``makeSomeChanges()`` gives.
func makeExpectedState() -> EngineState {
    var state = EngineState()
    for change in makeSomeChanges() { state.apply(change) }
    return state
}

/// A batch far bigger than a page or two: it cannot fit in a database that may not grow.
func makeLargeBatch(count: Int = 300) -> [EngineStateChange] {
    (0..<count).flatMap { index -> [EngineStateChange] in
        [
            .recordFired(FiredRecord(identifier: makeReminderIdentifier(run, hour: index % 24), date: start.addingTimeInterval(Double(index)))),
            .setSetting(key: "filler-\(index)", .string(String(repeating: "x", count: 500))),
        ]
    }
}
