import Foundation
import Herald
import HeraldSimulator
import Testing

/// A device with an alarm service (``SimulatedDevice/alarms``): alarms sound as time
/// moves through the device, in order with the notifications, whatever the app's state;
/// a press reaches the app's process; the service's state survives a snapshot. The
/// device starts on Friday 2026-03-27 at 12:00 in Berlin with the app not running.
@Suite struct DeviceAlarmTests {
    /// What the device showed, as `HH:mm what` lines, notifications and alarms together.
    actor Heard {
        private(set) var lines: [String] = []
        func add(_ line: String) { lines.append(line) }
    }

    static func makeDevice(heard: Heard) async -> (DeviceFixture, SimulatedAlarmCenter) {
        let center = makeCenter()
        let alarms = SimulatedAlarmCenter(clock: center.clock, authorization: .authorized)
        let journal = AppJournal()
        let device = await SimulatedDevice(center: center, alarms: alarms) { [clock = center.clock] in
            RecordingApp(instance: await journal.nextInstance(), journal: journal, clock: clock)
        }
        await center.setDeliveryHandler { notification in
            await heard.add("\(clockTime(notification.date)) notification \(notification.request.identifier)")
        }
        await device.setAlarmHandler { firing in
            await heard.add("\(clockTime(firing.at)) alarm \(firing.identifier.occurrence.rawValue)"
                + (firing.afterSnooze ? " again" : "") + (firing.alertedThroughFocus ? " through Focus" : ""))
        }
        return (DeviceFixture(device: device, center: center, journal: journal), alarms)
    }

    @Test func alarmsSoundInOrderWithNotificationsWhileTheAppIsNotRunning() async throws {
        let heard = Heard()
        let (fixture, alarms) = await Self.makeDevice(heard: heard)
        try await fixture.center.add(makeReminder("half-past", inMinutes: 30))
        try await fixture.center.add(makeReminder("half-past-one", inMinutes: 90))
        try await alarms.schedule(makeAlarm("one", .fixed(instant("2026-03-27T13:00:00+01:00"))))
        // a Focus until 14:00: the notifications wait for its end, the alarm does not
        await fixture.center.setFocus(until: instant("2026-03-27T14:00:00+01:00"))

        await fixture.device.advance(by: 3 * 3_600)

        #expect(await heard.lines == [
            "13:00 alarm one through Focus",
            "14:00 notification half-past",
            "14:00 notification half-past-one",
        ])
        #expect(fixture.clock.now == instant("2026-03-27T15:00:00+01:00"))
        #expect(await fixture.device.appState == .notRunning)
    }

    @Test func aPressLaunchesTheAppIntoTheBackgroundAndHandsItOver() async throws {
        let heard = Heard()
        let (fixture, alarms) = await Self.makeDevice(heard: heard)
        let request = makeAlarm("one", .fixed(instant("2026-03-27T13:00:00+01:00")),
                                secondary: .snooze(title: "Later", minutes: 5))
        try await alarms.schedule(request)
        await fixture.device.advance(to: instant("2026-03-27T13:01:00+01:00"))

        try await fixture.device.pressAlarm(.snooze, on: request.id)
        await fixture.device.advance(to: instant("2026-03-27T13:10:00+01:00"))

        #expect(await fixture.journal.entries == ["#1 13:01 launched background", "#1 13:01 alarm snooze on one"])
        #expect(await heard.lines == ["13:00 alarm one", "13:06 alarm one again"])
        #expect(await alarms.takePresses().isEmpty)
    }

    @Test func pressingAnAlarmThatIsNotSoundingThrows() async throws {
        let heard = Heard()
        let (fixture, alarms) = await Self.makeDevice(heard: heard)
        let request = makeAlarm("one", .fixed(instant("2026-03-27T13:00:00+01:00")))
        try await alarms.schedule(request)
        await #expect(throws: AlarmPressError.notAlerting(request.id, state: .scheduled)) {
            try await fixture.device.pressAlarm(.stop, on: request.id)
        }
        #expect(await fixture.device.app == nil)
    }

    @Test func aWeeklyAlarmFollowsTheDeviceToAnotherZone() async throws {
        let heard = Heard()
        let (fixture, alarms) = await Self.makeDevice(heard: heard)
        try await alarms.schedule(makeAlarm("evening", .weekly(LocalTime(hour: 21), on: [])))
        // scheduled at 12:00 in Berlin (20:00 in Tokyo); at 12:30 the device moves to
        // Tokyo (20:30 there): the alarm sounds at 21:00 Tokyo time, 13:00 in Berlin
        await fixture.device.advance(to: instant("2026-03-27T12:30:00+01:00"))
        await fixture.device.setTimeZone(tokyo)
        await fixture.device.advance(to: instant("2026-03-27T20:00:00+01:00"))

        #expect(await heard.lines == ["13:00 alarm evening"])
    }

    @Test func theServiceComesBackFromASnapshotAsItWas() async throws {
        let clock = VirtualClock(now: instant("2026-03-27T12:00:00+01:00"), timeZone: berlin)
        let alarms = SimulatedAlarmCenter(clock: clock, systemLimit: 3, authorization: .authorized)
        let snoozing = makeAlarm("one", .fixed(instant("2026-03-27T13:00:00+01:00")),
                                 secondary: .snooze(title: "Later", minutes: 10))
        let weekly = makeAlarm("weekly", .weekly(LocalTime(hour: 8), on: [.monday]),
                               secondary: .action(identifier: "taken", title: "Taken"))
        try await alarms.schedule(snoozing)
        try await alarms.schedule(weekly)
        await alarms.advance(to: instant("2026-03-27T13:02:00+01:00"))
        try await alarms.press(.snooze, on: snoozing.id)

        let data = try JSONEncoder().encode(await alarms.snapshot())
        let restored = SimulatedAlarmCenter(restoring: try JSONDecoder().decode(AlarmCenterSnapshot.self, from: data),
                                            clock: VirtualClock(now: clock.now, timeZone: berlin))

        #expect(await restored.snapshot() == alarms.snapshot())
        #expect(await restored.state(of: snoozing.id) == .countdown)
        #expect(await restored.nextAlert(of: snoozing.id) == instant("2026-03-27T13:12:00+01:00"))
        #expect(await restored.request(for: weekly.id) == weekly)
        #expect(await restored.takePresses().map(\.press) == [.snooze])
        #expect(restored.systemLimit == 3)
        let again = await restored.advance(to: instant("2026-03-27T13:20:00+01:00"))
        #expect(again.map(\.afterSnooze) == [true])
    }
}
