import Foundation
import Herald
import HeraldConformance
@testable import HeraldCrashHarness
import HeraldSimulator
import Synchronization
import Testing

/// The crash harness's alarm center (each call a step, the system saved after each
/// change) against the ``AlarmCenter`` contract, over a fresh harness system in a
/// temporary folder. The harness's device starts with alarms authorized, as its
/// scenario needs, so the check of a freshly installed app's answer does not apply.
struct PersistedAlarmCenterConformanceTests {
    @Test func theCrashHarnessCenterConformsToTheContract() async throws {
        // Given a fresh harness system for each check, a day before the checks' alarms
        let folders = FolderList()
        defer { folders.removeAll() }
        let conformance = AlarmCenterConformance {
            let folder = try folders.make()
            let system = try await SimulatedSystem.openOrCreate(
                in: folder, start: Date(timeIntervalSince1970: 4_102_389_000),  // 2099-12-31T08:30:00Z
                zone: TimeZone(identifier: "Europe/Berlin")!)
            let alarms = system.alarms
            return .init(center: PersistedAlarmCenter(system: system), limit: alarms.systemLimit,
                         sound: { id in
                             guard let due = await alarms.nextAlert(of: id) else { throw HarnessError("\(id) has no next time") }
                             _ = await alarms.advance(to: due)
                         },
                         stop: { id in try await alarms.press(.stop, on: id) },
                         revoke: { await alarms.setAuthorization(.denied) })
        }

        // When every check runs but the fresh install's answer
        let report = try await conformance.runAll(skipping: [.authorizationStartsNotDetermined])

        // Then all pass but the one for systems without alarms
        #expect(report.passed == AlarmCenterConformanceCheck.allCases.filter {
            !$0.needsUnavailableCenter && $0 != .authorizationStartsNotDetermined
        })
    }
}

/// Temporary folders made for one test, removed at its end.
final class FolderList: Sendable {
    private let made = Mutex<[URL]>([])

    func make() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appending(path: "herald-alarm-conformance-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        made.withLock { $0.append(url) }
        return url
    }

    func removeAll() {
        for url in made.withLock({ $0 }) { try? FileManager.default.removeItem(at: url) }
    }
}
