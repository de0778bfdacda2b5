import Foundation
import Herald
import HeraldSimulator
import Testing

/// The simulated alarm center's limit, authorization, buttons and bookkeeping.
struct SimulatedAlarmCenterTests {
    private let noon = instant("2026-03-25T13:00:00+01:00")

    @Test func aNewAlarmPastTheSystemLimitIsRefusedAndAReplacementIsNot() async throws {
        let center = makeAlarmCenter(systemLimit: 3)
        for index in 0..<3 { try await center.schedule(makeAlarm("a\(index)", .fixed(noon))) }

        await #expect(throws: AlarmCenterError.maximumLimitReached) {
            try await center.schedule(makeAlarm("a3", .fixed(noon)))
        }
        try await center.schedule(makeAlarm("a1", .fixed(noon.addingTimeInterval(60))))

        #expect(try await center.alarms().map(\.id) == (0..<3).map { makeAlarm("a\($0)", .fixed(noon)).id })
        #expect(try await center.alarms()[1].schedule == .fixed(noon.addingTimeInterval(60)))
        #expect(await center.callCounts.schedules == 4)
        #expect(await center.callCounts.failedSchedules == 1)
        #expect(center.capacity == 3)
    }

    @Test func capacityIsSeparateFromTheSystemLimit() {
        #expect(makeAlarmCenter(systemLimit: 8, capacity: 5).capacity == 5)
        #expect(makeAlarmCenter().systemLimit == 8)
        #expect(makeAlarmCenter().capacity == 8)
    }

    @Test func deniedRefusesEverySchedule() async throws {
        let center = makeAlarmCenter(authorization: .denied)
        await #expect(throws: AlarmCenterError.notAuthorized) {
            try await center.schedule(makeAlarm("a", .fixed(noon)))
        }
        #expect(try await center.alarms().isEmpty)
    }

    @Test func theUserIsAskedOnce() async throws {
        let center = makeAlarmCenter(authorization: .notDetermined, userAnswer: .deny)
        await #expect(throws: AlarmCenterError.notAuthorized) {
            try await center.schedule(makeAlarm("a", .fixed(noon)))
        }
        #expect(try await center.requestAuthorization() == .denied)
        await center.setUserAuthorizationAnswer(.allow)
        #expect(try await center.requestAuthorization() == .denied)
        #expect(await center.callCounts.authorizationPrompts == 1)
    }

    @Test func anUnavailableSystemRefusesEverything() async throws {
        let center = makeAlarmCenter(authorization: .unavailable)
        #expect(await center.authorization() == .unavailable)
        await #expect(throws: AlarmCenterError.unavailable) { try await center.requestAuthorization() }
        await #expect(throws: AlarmCenterError.unavailable) { try await center.alarms() }
        await #expect(throws: AlarmCenterError.unavailable) { try await center.schedule(makeAlarm("a", .fixed(self.noon))) }
        await #expect(throws: AlarmCenterError.unavailable) { try await center.cancel(id: UUID()) }
    }

    @Test func stoppingAOneShotAlarmDeletesIt() async throws {
        let center = makeAlarmCenter()
        let request = makeAlarm("a", .fixed(noon))
        let once = makeAlarm("o", .weekly(LocalTime(hour: 12, minute: 30), on: []))
        try await center.schedule(request)
        try await center.schedule(once)
        await center.advance(to: noon)

        try await center.press(.stop, on: request.id)
        try await center.press(.stop, on: once.id)

        #expect(try await center.alarms().isEmpty)
        #expect(await center.takePresses().map(\.identifier) == [request.identifier, once.identifier])
        #expect(await center.takePresses().isEmpty)
    }

    @Test func anActionPressLeavesTheAlarmSoundingAndIsRecordedOnce() async throws {
        let center = makeAlarmCenter()
        let request = makeAlarm("a", .fixed(noon), secondary: .action(identifier: "taken", title: "Taken"))
        try await center.schedule(request)
        await center.advance(to: noon)

        try await center.press(.action("taken"), on: request.id)

        #expect(try await center.alarms().map(\.state) == [.alerting])
        #expect(await center.takePresses() == [
            AlarmPressRecord(id: request.id, identifier: request.identifier, press: .action("taken"), at: noon),
        ])
        await #expect(throws: AlarmPressError.noSuchAction(request.id, identifier: "other")) {
            try await center.press(.action("other"), on: request.id)
        }
        await #expect(throws: AlarmPressError.noSnoozeButton(request.id)) {
            try await center.press(.snooze, on: request.id)
        }
    }

    @Test func pressingAnAlarmThatIsNotSoundingThrows() async throws {
        let center = makeAlarmCenter()
        let request = makeAlarm("a", .fixed(noon))
        try await center.schedule(request)

        await #expect(throws: AlarmPressError.notAlerting(request.id, state: .scheduled)) {
            try await center.press(.stop, on: request.id)
        }
        await #expect(throws: AlarmPressError.unknownAlarm(UUID(uuidString: "00000000-0000-0000-0000-000000000000")!)) {
            try await center.press(.stop, on: UUID(uuidString: "00000000-0000-0000-0000-000000000000")!)
        }
        #expect(await center.takePresses().isEmpty)
    }

    @Test func cancelDeletesAnyAlarmAndCountsOnce() async throws {
        let center = makeAlarmCenter()
        let weekly = makeAlarm("w", .weekly(LocalTime(hour: 8), on: Weekday.everyDay))
        try await center.schedule(weekly)
        await center.resetCallCounts()

        try await center.cancel(id: weekly.id)
        try await center.cancel(id: weekly.id)

        #expect(try await center.alarms().isEmpty)
        #expect(await center.callCounts == { var counts = AlarmCallCounts(); counts.cancels = 2; counts.reads = 1; return counts }())
    }
}
