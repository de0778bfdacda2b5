import Foundation
import Herald
import Synchronization

/// The app's own data (its habits), as its database would keep it: the catalog with
/// every data change of the scenario applied up to ``appliedThrough``, an event index
/// saved in `app.json` before the app tells the engine about the change (the order a
/// real app follows: its own data first, then Herald).
///
/// ```swift
/// let data = try AppData.open(in: directory, scenario: scenario)
/// try data.apply(event: 12)                       // one step: the app's commit
/// data.habits["h04"]?.schedule                    // the edited schedule
/// ```
final class AppData: Sendable {
    private struct File: Codable {
        var appliedThrough: Int
    }

    private let url: URL
    private let scenario: CrashScenario
    private let state: Mutex<(appliedThrough: Int, habits: [String: Habit])>

    private init(url: URL, scenario: CrashScenario, appliedThrough: Int) {
        self.url = url
        self.scenario = scenario
        state = Mutex((appliedThrough, scenario.habits(through: appliedThrough)))
    }

    static func open(in directory: URL, scenario: CrashScenario) throws -> AppData {
        let url = directory.appendingPathComponent("app.json")
        var appliedThrough = -1
        if FileManager.default.fileExists(atPath: url.path) {
            appliedThrough = try JSONDecoder().decode(File.self, from: Data(contentsOf: url)).appliedThrough
        }
        return AppData(url: url, scenario: scenario, appliedThrough: appliedThrough)
    }

    /// The habits the app has now, deleted ones gone, by id.
    var habits: [String: Habit] { state.withLock { $0.habits } }

    /// Saves the data change of scenario event `index` (one step); does nothing when it
    /// is saved already (an event replayed after a kill).
    func apply(event index: Int) throws {
        guard state.withLock({ $0.appliedThrough }) < index else { return }
        StepCounter.shared.step("app data commit (event \(index))")
        try JSONEncoder().encode(File(appliedThrough: index)).write(to: url, options: .atomic)
        state.withLock { $0 = (index, scenario.habits(through: index)) }
    }
}
