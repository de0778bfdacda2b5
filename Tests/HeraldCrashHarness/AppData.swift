import Foundation
import Herald
import Synchronization

/// The app's own data (its habits), as its database would keep it: the catalog with
/// every data change of the scenario applied up to ``appliedThrough``, an event index
/// saved in `app.json` before the app tells the engine about the change (the order a
/// real app follows: its own data first, then Herald), and the log of the responses
/// Herald handed to the app (``handoffs``).
///
/// ```swift
/// let data = try AppData.open(in: directory, scenario: scenario)
/// try data.apply(event: 12)                       // one step: the app's commit
/// data.habits["h04"]?.schedule                    // the edited schedule
/// ```
final class AppData: Sendable {
    private struct File: Codable {
        var appliedThrough: Int
        var handoffs: [String]
    }

    private struct State {
        var file: File
        var habits: [String: Habit]
    }

    private let url: URL
    private let scenario: CrashScenario
    private let state: Mutex<State>

    private init(url: URL, scenario: CrashScenario, file: File) {
        self.url = url
        self.scenario = scenario
        state = Mutex(State(file: file, habits: scenario.habits(through: file.appliedThrough)))
    }

    static func open(in directory: URL, scenario: CrashScenario) throws -> AppData {
        let url = directory.appendingPathComponent("app.json")
        var file = File(appliedThrough: -1, handoffs: [])
        if FileManager.default.fileExists(atPath: url.path) {
            file = try JSONDecoder().decode(File.self, from: Data(contentsOf: url))
        }
        return AppData(url: url, scenario: scenario, file: file)
    }

    /// The habits the app has now, deleted ones gone, by id.
    var habits: [String: Habit] { state.withLock { $0.habits } }

    /// Every response Herald handed to the app, in order, as
    /// `identifier|action identifier|delivery instant`.
    var handoffs: [String] { state.withLock { $0.file.handoffs } }

    /// Saves the data change of scenario event `index` (one step); does nothing when it
    /// is saved already (an event replayed after a kill).
    func apply(event index: Int) throws {
        guard state.withLock({ $0.file.appliedThrough }) < index else { return }
        StepCounter.shared.step("app data commit (event \(index))")
        var file = state.withLock { $0.file }
        file.appliedThrough = index
        try JSONEncoder().encode(file).write(to: url, options: .atomic)
        state.withLock { $0 = State(file: file, habits: scenario.habits(through: index)) }
    }

    /// Saves a response Herald handed over, as the app's handler does first thing.
    /// Not a step of its own: Herald marks a response handed over (a store commit, a
    /// step) right before it calls the handler, and the harness kills only before
    /// steps, so a handoff is never lost between the two here (on a device, a kill in
    /// that window would lose it: Herald hands a response over at most once).
    func recordHandoff(_ route: ResponseHandoff) {
        let line = "\(route.notification.request.identifier)|\(route.actionIdentifier)|"
            + route.notification.date.formatted(.iso8601)
        let file = state.withLock { state in
            state.file.handoffs.append(line)
            return state.file
        }
        do {
            try JSONEncoder().encode(file).write(to: url, options: .atomic)
        } catch {
            fatalError("saving the app's data failed: \(error)")
        }
    }
}
