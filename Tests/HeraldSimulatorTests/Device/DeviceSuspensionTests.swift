import Foundation
import Herald
import HeraldSimulator
import Testing

/// An app in the background is suspended, as on iOS: time changes wait until it next
/// runs (back to the foreground, woken for a response, a background refresh), one of
/// each kind in the order they first happened. The device starts on Friday 2026-03-27
/// at 12:00 in Berlin; Saturday's midnight is 2026-03-28T00:00+01:00.
struct DeviceSuspensionTests {
    @Test func aForegroundAppIsToldAtTheInstant() async throws {
        // Given the app on screen
        let fixture = await makeDevice()
        try await fixture.device.launch()

        // When Saturday's midnight passes
        await fixture.device.advance(to: instant("2026-03-28T06:00:00+01:00"))

        // Then it is told at 00:00
        #expect(await fixture.journal.entries == ["#1 12:00 launched foreground", "#1 00:00 time changed dayChanged"])
        #expect(await fixture.device.timeline() == ["12:00 launched foreground", "00:00 time changed: dayChanged"])
        #expect(await fixture.device.pendingTimeChanges.isEmpty)
    }

    @Test func aSuspendedAppKeepsOneOfEachChangeInOrderAndHearsThemBeforeBecomingActive() async throws {
        // Given the app in the background
        let fixture = await makeDevice()
        try await fixture.device.launch(into: .background)
        #expect(await fixture.device.isSuspended)

        // When two midnights pass, the clock is set back and the phone lands in Tokyo
        await fixture.device.advance(to: instant("2026-03-28T10:00:00+01:00"))
        await fixture.device.jumpClock(to: instant("2026-03-28T09:00:00+01:00"))
        await fixture.device.advance(to: instant("2026-03-29T10:00:00+02:00"))
        await fixture.device.setTimeZone(tokyo)

        // Then the app heard nothing; the device kept one of each kind, in order
        #expect(await fixture.journal.entries == ["#1 12:00 launched background"])
        #expect(await fixture.device.pendingTimeChanges == [.dayChanged, .clockChanged, .timeZoneChanged])

        // When the user comes back to it
        let back = try await fixture.device.moveToForeground()

        // Then it is told each, right after it resumes and before it becomes active
        #expect(await fixture.journal.entries == [
            "#1 12:00 launched background", "#1 10:00 time changed dayChanged", "#1 10:00 time changed clockChanged",
            "#1 10:00 time changed timeZoneChanged", "#1 10:00 became active",
        ])
        #expect(back.events.map(\.kind) == [
            .timeChanged(.dayChanged), .timeChanged(.clockChanged), .timeChanged(.timeZoneChanged), .becameActive,
        ])
        #expect(back.events.allSatisfy { $0.date == instant("2026-03-29T10:00:00+02:00") })
        #expect(await fixture.device.pendingTimeChanges.isEmpty)
    }

    @Test func aResponseThatWakesTheAppInTheBackgroundComesAfterTheMissedChanges() async throws {
        // Given the app suspended and a reminder delivered at 01:00 on Saturday, after midnight
        let category = makeExerciseCategory()
        let fixture = await makeDevice(categories: [category])
        try await fixture.center.add(makeReminder("water", inMinutes: 13 * 60, category: category.identifier))
        try await fixture.device.launch(into: .background)
        await fixture.device.advance(to: instant("2026-03-28T02:00:00+01:00"))

        // When the user snoozes it from the notification
        let outcome = try await fixture.device.choose(action: "snooze", on: "water")

        // Then the app wakes in the background, hears of the new day, then gets the response
        #expect(await fixture.journal.entries == [
            "#1 12:00 launched background", "#1 02:00 time changed dayChanged", "#1 02:00 received water snooze before data",
        ])
        #expect(outcome.stateAfter == .background && !outcome.launched)
        #expect(await fixture.device.pendingTimeChanges.isEmpty)
    }

    @Test func aBackgroundRefreshResumesASuspendedAppWithWhatItMissed() async throws {
        // Given the app suspended over Saturday's midnight
        let fixture = await makeDevice()
        try await fixture.device.launch(into: .background)
        await fixture.device.advance(to: instant("2026-03-28T05:00:00+01:00"))

        // When the system gives it background time, twice
        let first = try await fixture.device.backgroundRefresh()
        await fixture.device.advance(by: 3_600)
        let second = try await fixture.device.backgroundRefresh()

        // Then the first tells the day change before the refresh, the second only refreshes
        #expect(await fixture.journal.entries == [
            "#1 12:00 launched background", "#1 05:00 time changed dayChanged", "#1 05:00 background refresh",
            "#1 06:00 background refresh",
        ])
        #expect(first.events.map(\.kind) == [.timeChanged(.dayChanged), .backgroundRefresh])
        #expect(second.events.map(\.kind) == [.backgroundRefresh])
        #expect(first.stateBefore == .background && first.stateAfter == .background && !first.launched)
        #expect(await fixture.device.timeline().suffix(3) == [
            "05:00 time changed: dayChanged", "05:00 background refresh", "06:00 background refresh",
        ])
    }

    @Test func aBackgroundRefreshLaunchesAStoppedAppIntoTheBackground() async throws {
        // Given the app not running over Saturday's midnight
        let fixture = await makeDevice()
        await fixture.device.advance(to: instant("2026-03-28T05:00:00+01:00"))

        // When the system gives it background time
        let outcome = try await fixture.device.backgroundRefresh()

        // Then a new process starts in the background and refreshes; it missed nothing
        #expect(await fixture.journal.entries == ["#1 05:00 launched background", "#1 05:00 background refresh"])
        #expect(outcome.launched && outcome.stateAfter == .background)
        #expect(outcome.events.map(\.kind) == [.launched(.background), .backgroundRefresh])
    }

    @Test func noBackgroundRefreshInTheForeground() async throws {
        let fixture = await makeDevice()
        try await fixture.device.launch()

        let error = await #expect(throws: DeviceError.self) { try await fixture.device.backgroundRefresh() }
        #expect(error?.code == .invalidTransition)
        #expect(error?.message == "Cannot give a background refresh while the app is foreground; the system refreshes only an app in the background or not running: use moveToBackground() first.")
        #expect(await fixture.journal.entries == ["#1 12:00 launched foreground"])
    }

    @Test(arguments: [true, false])
    func aProcessThatEndsDropsWhatItWasNotTold(crashes: Bool) async throws {
        // Given the app suspended over Saturday's midnight
        let fixture = await makeDevice()
        try await fixture.device.launch(into: .background)
        await fixture.device.advance(to: instant("2026-03-28T05:00:00+01:00"))

        // When its process ends and the user opens it again
        if crashes { await fixture.device.crash() } else { await fixture.device.terminate() }
        #expect(await fixture.device.pendingTimeChanges.isEmpty)
        try await fixture.device.launch()

        // Then the new process is not told of a midnight before it started
        #expect(await fixture.journal.entries == ["#1 12:00 launched background"]
            + (crashes ? [] : ["#1 05:00 will terminate"]) + ["#2 05:00 launched foreground"])
    }

    @Test func withoutSuspensionABackgroundAppIsToldAtTheInstant() async throws {
        // Given a device that keeps background apps running
        let fixture = await makeDevice(suspendsInBackground: false)
        try await fixture.device.launch(into: .background)
        #expect(await !fixture.device.isSuspended)

        // When Saturday's midnight passes and the phone lands in Tokyo
        await fixture.device.advance(to: instant("2026-03-28T06:00:00+01:00"))
        await fixture.device.setTimeZone(tokyo)

        // Then the app is told at each instant
        #expect(await fixture.journal.entries == [
            "#1 12:00 launched background", "#1 00:00 time changed dayChanged", "#1 06:00 time changed timeZoneChanged",
        ])
        #expect(await fixture.device.pendingTimeChanges.isEmpty)
    }
}
