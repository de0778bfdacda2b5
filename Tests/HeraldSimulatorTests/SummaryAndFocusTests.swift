import Foundation
import Herald
import HeraldSimulator
import Testing

/// The scheduled summary and Focus as iOS documents them: passive and active
/// notifications wait (the summary's next time, the Focus's end), time-sensitive and
/// critical ones break through when the settings allow them, and a held notification is
/// shown, listed and counted when released, its record saying what held it and when it
/// was due. Times by hand, Berlin, from 08:30 on 2026-11-21.
@Suite struct SummaryAndFocusTests {
    static let zone = TimeZone(identifier: "Europe/Berlin")!
    static func at(_ text: String) -> Date {
        ZoneConverter.for(zone).instant(for: LocalDateTime(parsing: "2026-11-21T\(text)")!).date
    }

    func makeCenter(settings: NotificationSettings = NotificationSettings()) async -> SimulatedNotificationCenter {
        let center = SimulatedNotificationCenter(clock: VirtualClock(now: Self.at("08:30"), timeZone: Self.zone),
                                                 authorization: .authorized)
        await center.setNotificationSettings(settings)
        return center
    }

    /// A request firing at a local time today, at `level`, with a badge.
    func add(_ id: String, at time: String, _ level: NotificationContent.InterruptionLevel, to center: SimulatedNotificationCenter) async throws {
        let seconds = Self.at(time).timeIntervalSince(center.clock.now)
        try await center.add(NotificationRequest(identifier: id, content: NotificationContent(
            title: id, badge: 1, interruptionLevel: level), trigger: .timeInterval(seconds, repeats: false)))
    }

    /// Each record as `id shown-at (held by, due)`.
    func log(_ center: SimulatedNotificationCenter) async -> [String] {
        let local = ZoneConverter.for(Self.zone)
        return await center.deliveryLog.map { record in
            let shown = local.local(for: record.notification.date).time
            let hold = record.hold.map { " (\($0.reason.rawValue), due \(local.local(for: $0.dueDate).time))" } ?? ""
            return "\(record.notification.request.identifier) \(shown)\(hold)"
        }
    }

    @Test func theSummaryHoldsPassiveAndActiveUntilItsNextTime() async throws {
        // Given the app in an 08:00 and 18:00 summary, critical alerts not allowed
        let center = await makeCenter()
        await center.setScheduledSummary([LocalTime(hour: 18), LocalTime(hour: 8)])
        #expect(await center.notificationSettings().scheduledSummary)
        try await add("quiet", at: "09:00", .passive, to: center)
        try await add("plain", at: "09:30", .active, to: center)
        try await add("urgent", at: "10:00", .timeSensitive, to: center)
        try await add("critical", at: "11:00", .critical, to: center)

        // When the day goes on to 17:59: only the time-sensitive one was shown
        await center.advance(to: Self.at("17:59"))
        #expect(await log(center) == ["urgent 10:00"])
        #expect(await center.deliveredNotifications().map(\.request.identifier) == ["urgent"])

        // Then at 18:00 the summary shows the rest, in the order they fell due (the
        // critical one is active without critical alerts)
        await center.advance(to: Self.at("18:00"))
        #expect(await log(center) == ["urgent 10:00", "quiet 18:00 (summary, due 09:00)",
                                      "plain 18:00 (summary, due 09:30)", "critical 18:00 (summary, due 11:00)"])
        #expect(await center.deliveredNotifications().count == 4)
    }

    @Test func aFocusHoldsUntilItEndsAndTimeSensitiveBreaksThroughUnlessTurnedOff() async throws {
        // Given a Focus until 12:00, and time-sensitive notifications turned off
        let center = await makeCenter(settings: NotificationSettings(timeSensitive: false, criticalAlerts: true))
        await center.setFocus(until: Self.at("12:00"))
        try await add("plain", at: "09:00", .active, to: center)
        try await add("urgent", at: "09:30", .timeSensitive, to: center)
        try await add("critical", at: "10:00", .critical, to: center)
        try await add("after", at: "13:00", .active, to: center)

        // Then the critical one breaks through at once; the others wait for 12:00, and
        // what falls due after the Focus is shown at once
        await center.run()
        #expect(await log(center) == ["critical 10:00", "plain 12:00 (focus, due 09:00)",
                                      "urgent 12:00 (focus, due 09:30)", "after 13:00"])
    }

    @Test func theLaterOfTheFocusAndTheSummaryReleasesAndEndingEitherEarlyReleasesNow() async throws {
        // Given an 18:00 summary and a Focus until 20:00
        let center = await makeCenter()
        await center.setScheduledSummary([LocalTime(hour: 18)])
        await center.setFocus(until: Self.at("20:00"))
        try await add("late", at: "09:00", .active, to: center)
        try await add("early", at: "09:30", .active, to: center)

        // When the user ends the Focus at 19:00: "late" and "early" both waited for the
        // Focus past 18:00, and are shown at 19:00
        await center.advance(to: Self.at("19:00"))
        #expect(await log(center).isEmpty)
        await center.setFocus(until: nil)
        await center.advance(by: 0)
        #expect(await log(center) == ["late 19:00 (summary, due 09:00)", "early 19:00 (summary, due 09:30)"])

        // And taking the app out of the summary shows what it held at once
        try await add("next", at: "19:30", .active, to: center)
        await center.setScheduledSummary([LocalTime(hour: 18)])
        await center.advance(to: Self.at("19:45"))
        #expect(await log(center).count == 2)
        await center.setScheduledSummary(nil)
        await center.advance(by: 0)
        #expect(await log(center).last == "next 19:45 (summary, due 19:30)")
    }

    @Test func whatIsHeldSurvivesTheApp() async throws {
        let center = await makeCenter()
        await center.setScheduledSummary([LocalTime(hour: 18)])
        try await add("plain", at: "09:00", .active, to: center)
        await center.advance(to: Self.at("10:00"))
        let restored = SimulatedNotificationCenter(restoring: await center.snapshot(), clock: center.clock)
        await restored.advance(to: Self.at("18:00"))
        #expect(await log(restored) == ["plain 18:00 (summary, due 09:00)"])
        #expect(await restored.badgeCount == 1)
    }
}
