import Foundation
import HeraldSimulator
import Testing
@testable import Herald

/// Time moving under a running app: day changes at the exact instant in the
/// foreground, and when a suspended app next runs; DST in eight zones, travel, and the
/// clock set back.
@Suite struct TimeEventTests {
    struct Fixture {
        let device: SimulatedDevice
        let source: TestReminderSource
        var clock: VirtualClock { device.clock }
    }

    /// An app launched into `state` (the foreground, where time changes are told at
    /// their instant, unless said otherwise).
    func makeFixture(zone: TimeZone, start: Date, rules: [ReminderRule], title: String? = nil,
                     launchingInto state: AppState = .foreground) async throws -> Fixture {
        let clock = VirtualClock(now: start, timeZone: zone)
        let center = SimulatedNotificationCenter(clock: clock, authorization: .authorized)
        let source = TestReminderSource(rules)
        source.setTitle(title)
        let store = InMemoryEngineStore()
        let device = await SimulatedDevice(center: center) {
            HostedApp(host: AppHost(engine: Engine(center: center, source: source, store: store, clock: clock)),
                      readyWith: RecordingResponder())
        }
        try await device.launch(into: state)
        return Fixture(device: device, source: source)
    }

    /// The instants a daily rule must fire at between two instants, by DESIGN point 4,
    /// computed with Foundation's calendar: nonexistent times shifted by the gap,
    /// repeated ones at their first occurrence, one instant once.
    func expectedInstants(times: [LocalTime], zone: TimeZone, after start: Date, through end: Date) -> [Date] {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let converter = ZoneConverter.for(zone)
        var result: Set<Date> = []
        var day = converter.local(for: start).date.adding(days: -1)
        while day <= converter.local(for: end).date {
            for time in times {
                let date = calendar.date(from: DateComponents(
                    year: day.year, month: day.month, day: day.day, hour: time.hour, minute: time.minute))!
                if date > start && date <= end { result.insert(date) }
            }
            day = day.adding(days: 1)
        }
        return result.sorted()
    }

    /// The first instant of each local day that begins after `start` and by `end`, from
    /// Foundation's calendar (a day whose midnight is skipped begins at the gap's end; a
    /// day the zone skipped, such as Apia's 30 December 2011, has none).
    func expectedDayStarts(zone: TimeZone, after start: Date, through end: Date) -> [Date] {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        var result: [Date] = []
        var day = calendar.startOfDay(for: start)
        while day <= end {
            if day > start, result.last != day { result.append(day) }
            day = calendar.startOfDay(for: calendar.date(byAdding: .day, value: 1, to: day)!)
        }
        return result
    }

    static let zones: [(String, Date)] = [
        ("Europe/Berlin", Fixtures.date("2026-01-01T00:00")), ("America/New_York", Fixtures.date("2026-01-01T00:00")),
        ("Australia/Lord_Howe", Fixtures.date("2026-01-01T00:00")), ("America/Havana", Fixtures.date("2026-01-01T00:00")),
        ("America/Santiago", Fixtures.date("2026-01-01T00:00")), ("Pacific/Chatham", Fixtures.date("2026-01-01T00:00")),
        ("Asia/Kolkata", Fixtures.date("2026-01-01T00:00")), ("Pacific/Apia", Fixtures.date("2011-09-01T00:00")),
    ]

    /// The first two offset changes of a zone after a date (for Kolkata, which has none,
    /// two ordinary days), each with four days around it.
    static func windows(_ zone: TimeZone, from start: Date) -> [Date] {
        var result: [Date] = []
        var cursor = start
        while result.count < 2 {
            guard let next = zone.nextDaylightSavingTimeTransition(after: cursor), next < start.addingTimeInterval(400 * 86_400)
            else { return [start.addingTimeInterval(40 * 86_400), start.addingTimeInterval(200 * 86_400)] }
            result.append(next)
            cursor = next
        }
        if zone.identifier == "Pacific/Apia" { result.append(Fixtures.date("2011-12-29T12:00", in: zone)) }
        return result
    }

    @Test(arguments: zones.map(\.0))
    func everyLocalOccurrenceFiresOnceAtItsInstantAndEveryDayChangesOnce(zoneID: String) async throws {
        let zone = TimeZone(identifier: zoneID)!
        let start = Self.zones.first { $0.0 == zoneID }!.1
        let times = [LocalTime(hour: 0, minute: 30), LocalTime(hour: 1, minute: 30), LocalTime(hour: 2, minute: 30),
                     LocalTime(hour: 12)]
        for transition in Self.windows(zone, from: start) {
            let from = transition.addingTimeInterval(-2 * 86_400), to = transition.addingTimeInterval(2 * 86_400)
            let fixture = try await makeFixture(
                zone: zone, start: from,
                rules: [ReminderRule(entity: Fixtures.habit("night"), id: "r", schedule: try .daily(at: times))])
            let presented = await fixture.device.advance(to: to)
            let delivered = presented.map(\.notification.date)
            #expect(delivered == expectedInstants(times: times, zone: zone, after: from, through: to),
                    "\(zoneID) around \(transition)")
            let identifiers = presented.map(\.notification.request.identifier)
            #expect(Set(identifiers).count == identifiers.count, "\(zoneID): an occurrence fired twice")

            // The day changes once per local day, at the day's first instant.
            let changes = await fixture.device.events.compactMap { event -> Date? in
                if case .timeChanged(.dayChanged) = event.kind { return event.date }
                return nil
            }
            #expect(changes == expectedDayStarts(zone: zone, after: from, through: to), "\(zoneID) around \(transition)")
            let converter = ZoneConverter.for(zone)
            #expect(Set(changes.map { converter.local(for: $0).date }).count == changes.count)
        }
    }

    @Test func dayChangeReplansTheNextDayWithTheSourcesNewAnswer() async throws {
        // Given a streak reminder at 23:59 listing the games at risk
        let berlin = Fixtures.berlin
        let rule = try ReminderRule(entity: EntityReference(namespace: "streak", id: "daily"), id: "at-risk",
                                schedule: try .daily(at: [LocalTime(hour: 23, minute: 59)]))
        let fixture = try await makeFixture(zone: berlin, start: Fixtures.date("2026-11-21T20:00"), rules: [rule],
                                            title: "Wordle, Connections")
        let evening = await fixture.device.advance(to: Fixtures.date("2026-11-21T23:59"))
        #expect(evening.map(\.notification.request.content.title) == ["Wordle, Connections"])

        // When the day changes a minute later with another list at risk
        fixture.source.setTitle("Connections")
        await fixture.device.advance(to: Fixtures.date("2026-11-22T00:00"))

        // Then the next day's reminder already says so
        let pending = await fixture.device.center.pendingNotificationRequests()
        #expect(pending.first { $0.identifier == "herald:reminder:streak:daily:at-risk:20261122T2359" }?.content.title
            == "Connections")

        // And when nothing is at risk the reminder is withdrawn at the next day change
        fixture.source.set([])
        await fixture.device.advance(to: Fixtures.date("2026-11-23T00:00"))
        #expect(await fixture.device.center.pendingNotificationRequests().isEmpty)
    }

    @Test func comingBackToTheForegroundAfterALongBackgroundReplans() async throws {
        // Given an app that went to the background three days ago
        let fixture = try await makeFixture(zone: Fixtures.berlin, start: Fixtures.date("2026-11-21T08:00"),
                                            rules: [Fixtures.dailyRule("water", at: ["09:00"])], title: "3 left")
        try await fixture.device.moveToBackground()
        await fixture.device.advance(to: Fixtures.date("2026-11-24T06:00"))
        // When its data changed meanwhile (synced from another device, say)
        fixture.source.setTitle("1 left")
        #expect(await fixture.device.center.pendingNotificationRequests().allSatisfy { $0.content.title == "3 left" })
        // Then coming back to the foreground re-plans at once
        try await fixture.device.moveToForeground()
        let pending = await fixture.device.center.pendingNotificationRequests()
        #expect(!pending.isEmpty)
        #expect(pending.allSatisfy { $0.content.title == "1 left" })
    }

    @Test func aSuspendedAppReplansForTheNewDayOnlyWhenItNextRuns() async throws {
        // Given a 23:59 reminder whose title is the list at risk, the app suspended in the background
        let berlin = Fixtures.berlin
        let rule = try ReminderRule(entity: EntityReference(namespace: "streak", id: "daily"), id: "at-risk",
                                schedule: try .daily(at: [LocalTime(hour: 23, minute: 59)]))
        let fixture = try await makeFixture(zone: berlin, start: Fixtures.date("2026-11-21T20:00"), rules: [rule],
                                            title: "Wordle, Connections", launchingInto: .background)

        // When the day changes with another list at risk
        fixture.source.setTitle("Connections")
        await fixture.device.advance(to: Fixtures.date("2026-11-22T07:00"))

        // Then nothing is re-planned while it is suspended
        let sunday = "herald:reminder:streak:daily:at-risk:20261122T2359"
        var pending = await fixture.device.center.pendingNotificationRequests()
        #expect(pending.first { $0.identifier == sunday }?.content.title == "Wordle, Connections")
        #expect(await fixture.device.pendingTimeChanges == [.dayChanged])

        // When the system gives it a background refresh
        let refresh = try await fixture.device.backgroundRefresh()

        // Then it hears of the day change first, and Sunday's reminder says what is at risk now
        #expect(refresh.events.map(\.kind) == [.timeChanged(.dayChanged), .backgroundRefresh])
        pending = await fixture.device.center.pendingNotificationRequests()
        #expect(pending.first { $0.identifier == sunday }?.content.title == "Connections")
    }

    @Test func clockSetBackNeverRefiresWhatFired() async throws {
        let fixture = try await makeFixture(
            zone: Fixtures.berlin, start: Fixtures.date("2026-11-21T08:00"),
            rules: [Fixtures.dailyRule("water", at: ["09:00", "10:00"])])
        let morning = await fixture.device.advance(to: Fixtures.date("2026-11-21T09:30"))
        #expect(morning.count == 1)
        // The user sets the clock back two hours
        await fixture.device.jumpClock(to: Fixtures.date("2026-11-21T07:30"))
        let again = await fixture.device.advance(to: Fixtures.date("2026-11-21T11:00"))
        #expect(again.map(\.notification.request.identifier) == ["herald:reminder:habit:water:r:20261121T1000"])
        let tomorrow = await fixture.device.advance(to: Fixtures.date("2026-11-22T09:01"))
        #expect(tomorrow.count == 1)
    }

    @Test func floatingKeepsWallClockAndPinnedKeepsTheInstantWhenTravelling() async throws {
        let floating = Fixtures.dailyRule("water", at: ["08:00"])
        let pinned = try ReminderRule(entity: Fixtures.habit("call"), id: "r",
                                  schedule: try .daily(at: [LocalTime(hour: 18)], timeZone: Fixtures.berlin))
        let fixture = try await makeFixture(zone: Fixtures.berlin, start: Fixtures.date("2026-11-21T09:00"),
                                            rules: [floating, pinned])
        let tokyo = TimeZone(identifier: "Asia/Tokyo")!
        await fixture.device.setTimeZone(tokyo)
        let next = await fixture.device.advance(to: Fixtures.date("2026-11-22T09:00"))
        let tokyoTime = ZoneConverter.for(tokyo)
        #expect(next.first { $0.notification.request.heraldIdentifier?.entity == Fixtures.habit("water") }
            .map { tokyoTime.local(for: $0.notification.date).time } == LocalTime(hour: 8))
        #expect(next.first { $0.notification.request.heraldIdentifier?.entity == Fixtures.habit("call") }?.notification.date
            == Fixtures.date("2026-11-21T18:00"))
    }

    @Test func crossingTheDateLineFiresEachLocalOccurrenceOnce() async throws {
        // Given a daily 20:00 reminder in Auckland (+13)
        let auckland = TimeZone(identifier: "Pacific/Auckland")!, honolulu = TimeZone(identifier: "Pacific/Honolulu")!
        let fixture = try await makeFixture(zone: auckland, start: Fixtures.date("2026-11-21T10:00", in: auckland),
                                            rules: [Fixtures.dailyRule("journal", at: ["20:00"])])
        let first = await fixture.device.advance(to: Fixtures.date("2026-11-21T21:00", in: auckland))
        #expect(first.count == 1)
        // When the user flies east across the date line and lives 2026-11-21 again
        await fixture.device.setTimeZone(honolulu)
        let later = await fixture.device.advance(to: Fixtures.date("2026-11-23T21:00", in: honolulu))
        // Then Saturday's 20:00 does not fire a second time; the next local days fire once each
        let days = (first + later).map { $0.notification.request.identifier }
        #expect(days == ["herald:reminder:habit:journal:r:20261121T2000",
                         "herald:reminder:habit:journal:r:20261122T2000",
                         "herald:reminder:habit:journal:r:20261123T2000"])
        #expect(later.allSatisfy { ZoneConverter.for(honolulu).local(for: $0.notification.date).time == LocalTime(hour: 20) })
    }
}
