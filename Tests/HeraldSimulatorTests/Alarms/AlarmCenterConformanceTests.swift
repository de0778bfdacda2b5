import Foundation
import Herald
import HeraldConformance
import HeraldSimulator
import Testing

/// The simulated alarm service against the ``AlarmCenter`` contract, with either answer
/// to what the system does when the user turns alarms off, and as a system without
/// alarms.
struct AlarmCenterConformanceTests {
    /// A fresh install on a clock a day before the checks' alarms (2100-01-01 08:00 UTC),
    /// with the system's and the user's part played through the simulator.
    static func makeSubject(whenRevoked: AlarmsWhenRevoked) -> AlarmCenterConformance.Subject {
        let clock = VirtualClock(now: instant("2099-12-31T09:00:00+01:00"), timeZone: berlin)
        let alarms = SimulatedAlarmCenter(clock: clock, whenRevoked: whenRevoked)
        return .init(center: alarms, limit: alarms.systemLimit,
                     sound: { id in
                         let due = try #require(await alarms.nextAlert(of: id), "the alarm has no next time")
                         _ = await alarms.advance(to: due)
                     },
                     stop: { id in try await alarms.press(.stop, on: id) },
                     revoke: { await alarms.setAuthorization(.denied) })
    }

    @Test(arguments: AlarmsWhenRevoked.allCases)
    func theSimulatedCenterConformsToTheContract(whenRevoked: AlarmsWhenRevoked) async throws {
        // Given a fresh simulated center for each check
        let conformance = AlarmCenterConformance { Self.makeSubject(whenRevoked: whenRevoked) }

        // When every check runs
        let report = try await conformance.runAll()

        // Then all pass but the one for systems without alarms
        #expect(report.passed == AlarmCenterConformanceCheck.allCases.filter { !$0.needsUnavailableCenter })
        #expect(report.skipped.map(\.check) == [.unavailableRefusesEveryCall])
    }

    @Test func aSimulatedSystemWithoutAlarmsRefusesEveryCall() async throws {
        let conformance = AlarmCenterConformance {
            .init(center: SimulatedAlarmCenter(clock: VirtualClock(now: instant("2099-12-31T09:00:00+01:00"),
                                                                   timeZone: berlin),
                                               authorization: .unavailable))
        }

        let report = try await conformance.runAll()

        #expect(report.passed == [.unavailableRefusesEveryCall])
    }
}
