#if !canImport(AlarmKit)
import Foundation
import Herald
import HeraldConformance
@testable import HeraldUserNotifications
import Testing
@_spi(Testing) import AlarmKitShim

/// The system adapter against the ``AlarmCenter`` contract, over the AlarmKit shim: the
/// shim's daemon plays the system (an alarm's time, its limit, Settings) and the user's
/// stop button. In ``SystemAlarmCenterTests``, which is serialized, because the daemon
/// is shared by the process.
extension SystemAlarmCenterTests {
    /// A fresh install over a fresh daemon: no alarm, not asked, a user who allows alarms.
    static func makeConformanceSubject(limit: Int = 8) -> AlarmCenterConformance.Subject {
        AlarmManager.resetForTesting(authorization: .notDetermined, userAnswer: .authorized, limit: limit)
        return .init(center: SystemAlarmCenter(capacity: limit, usageDescription: "Your pills, on time"), limit: limit,
                     sound: { id in try AlarmManager.alertForTesting(id: id) },
                     stop: { id in try await AlarmManager.pressForTesting(.stop, id: id) },
                     revoke: { AlarmManager.setAuthorizationForTesting(.denied) })
    }

    @Test func theSystemAdapterConformsToTheContract() async throws {
        // Given a fresh daemon and adapter for each check
        let conformance = AlarmCenterConformance { Self.makeConformanceSubject() }

        // When every check runs
        let report = try await conformance.runAll()

        // Then all pass but the one for systems without alarms
        #expect(report.passed == AlarmCenterConformanceCheck.allCases.filter { !$0.needsUnavailableCenter })
        #expect(report.skipped.map(\.check) == [.unavailableRefusesEveryCall])
    }

    @Test func withoutAUsageDescriptionTheAdapterConformsAsASystemWithoutAlarms() async throws {
        let conformance = AlarmCenterConformance {
            AlarmManager.resetForTesting(authorization: .notDetermined)
            return .init(center: SystemAlarmCenter(usageDescription: nil))
        }

        let report = try await conformance.runAll()

        #expect(report.passed == [.unavailableRefusesEveryCall])
        #expect(AlarmManager.promptsForTesting == 0)
    }
}
#endif
