import Foundation
import HeraldSimulator
import Testing
@testable import Herald

/// Two engines, a phone's and a Mac's, each with its own center and store, the same
/// water habit at 09:00 and 13:00 on both: what the user does on one reaches the other
/// through the records the app carries (`HeraldSync`), and the second engine removes
/// that occurrence's copies, counts its badge again and alerts for nothing more.
@Suite struct SyncEngineTests {
    struct Device {
        let clock: VirtualClock
        let center: SimulatedNotificationCenter
        let store: InMemoryEngineStore
        let engine: Engine
    }

    static let rules = [Fixtures.dailyRule("water", at: ["09:00", "13:00"])]

    static let category = ReminderCategory(identifier: "habit", actions: [.complete("done", title: "Done")])

    func device(_ name: String) -> Device {
        let clock = VirtualClock(now: Fixtures.date("2026-11-21T08:00"), timeZone: Fixtures.berlin)
        let center = SimulatedNotificationCenter(clock: clock, authorization: .authorized)
        let store = InMemoryEngineStore()
        let engine = Engine(center: center, source: TestReminderSource(Self.rules, categoryIdentifier: "habit"),
                            store: store, clock: clock, categories: try! CategoryRegistry([Self.category]),
                            sync: HeraldSync(device: name))
        return Device(clock: clock, center: center, store: store, engine: engine)
    }

    /// Both devices launched, the clock moved to `time` on each: the 09:00 reminder is
    /// delivered on both.
    func household(at time: String = "2026-11-21T09:05") async -> (phone: Device, mac: Device) {
        let phone = device("phone"), mac = device("mac")
        for device in [phone, mac] {
            await device.engine.launched()
            await device.center.advance(to: Fixtures.date(time))
            await device.engine.becameActive()
        }
        return (phone, mac)
    }

    func today(_ device: Device) async -> [String] {
        await device.center.pendingNotificationRequests().map(\.identifier)
            .filter { $0.contains("20261121") }.sorted()
    }

    @Test func aCompletionOnThePhoneEndsTheDayOnTheMac() async throws {
        let (phone, mac) = await household()
        #expect(await mac.center.deliveredNotifications().count == 1)
        #expect(await mac.center.badgeCount == 1)
        #expect(await today(mac) == ["herald:reminder:habit:water:r:20261121T1300"])

        // When water is done on the phone at 09:10 and its records reach the Mac at 09:30
        await phone.center.advance(to: Fixtures.date("2026-11-21T09:10"))
        try await phone.engine.completed(Fixtures.habit("water"))
        let records = try await phone.engine.outgoingSyncRecords()
        #expect(records.map(\.change) == [.completed(Completion(entity: Fixtures.habit("water"),
                                                                  day: LocalDate(year: 2026, month: 11, day: 21),
                                                                  date: Fixtures.date("2026-11-21T09:10")))])
        await mac.center.advance(to: Fixtures.date("2026-11-21T09:30"))
        let report = try await mac.engine.receive(records)

        // Then the Mac's 09:00 copy is gone, its 13:00 is not pending, its badge is 0,
        // and the completion counts for the day it was made, at 09:10
        #expect(report != nil)
        #expect(await mac.center.deliveredNotifications().isEmpty)
        #expect(await today(mac).isEmpty)
        #expect(await mac.center.badgeCount == 0)
        #expect(mac.store.load().completions.values.map(\.date) == [Fixtures.date("2026-11-21T09:10")])
        // And tomorrow's reminders are still planned
        #expect(await mac.center.pendingNotificationRequests().contains { $0.identifier.hasSuffix("20261122T0900") })
        // And nothing alerts on the Mac for the rest of the day
        let delivered = await mac.center.advance(to: Fixtures.date("2026-11-21T23:59"))
        #expect(delivered.isEmpty)

        // When the same records arrive again: nothing is re-planned
        let pending = await mac.center.pendingNotificationRequests()
        #expect(try await mac.engine.receive(records) == nil)
        #expect(await mac.center.pendingNotificationRequests() == pending)
        // And the Mac never sends them back: its outbox holds only what happened there
        #expect(try await mac.engine.outgoingSyncRecords().isEmpty)
    }

    @Test func anAnswerOnThePhoneRemovesTheMacsCopyOfThatOccurrenceOnly() async throws {
        let (phone, mac) = await household()
        // When the user taps the phone's 09:00 reminder at 09:06
        await phone.center.advance(to: Fixtures.date("2026-11-21T09:06"))
        let tapped = try #require(await phone.center.deliveredNotifications().first)
        await phone.engine.received(NotificationResponse(notification: tapped,
                                                         actionIdentifier: NotificationResponse.defaultActionIdentifier))
        let records = try await phone.engine.outgoingSyncRecords()
        #expect(records.map(\.change) == [.answered(try #require(tapped.request.heraldIdentifier))])
        // And the Mac hears of it at 09:20
        await mac.center.advance(to: Fixtures.date("2026-11-21T09:20"))
        try await mac.engine.receive(records)
        // Then the Mac's copy of 09:00 is gone and its badge counts nothing, but water is
        // not done: 13:00 still comes
        #expect(await mac.center.deliveredNotifications().isEmpty)
        #expect(await mac.center.badgeCount == 0)
        #expect(await today(mac) == ["herald:reminder:habit:water:r:20261121T1300"])
    }

    @Test func doneOnTheMacsNotificationReachesThePhoneAsAnAnswerAndACompletion() async throws {
        let (phone, mac) = await household()
        // When "Done" is chosen on the Mac's 09:00 notification at 09:07
        await mac.center.advance(to: Fixtures.date("2026-11-21T09:07"))
        let notification = try #require(await mac.center.deliveredNotifications().first)
        await mac.engine.received(NotificationResponse(notification: notification, actionIdentifier: "done"))
        // Then the Mac queues the answer and the completion, and nothing else of the response
        let records = try await mac.engine.outgoingSyncRecords()
        let original = try #require(notification.request.heraldIdentifier)
        #expect(Set(records.map(\.change)) == [
            .answered(original),
            .completed(Completion(entity: Fixtures.habit("water"), day: LocalDate(year: 2026, month: 11, day: 21),
                                  date: Fixtures.date("2026-11-21T09:07"))),
        ])
        #expect(records.allSatisfy { $0.device == "mac" && $0.instant == Fixtures.date("2026-11-21T09:07") })
        // And the phone, hearing of it, clears its copy and plans nothing more today
        await phone.center.advance(to: Fixtures.date("2026-11-21T09:08"))
        try await phone.engine.receive(records)
        #expect(await phone.center.deliveredNotifications().isEmpty)
        #expect(await today(phone).isEmpty)
        #expect(await phone.center.badgeCount == 0)
    }

    @Test func theOutboxKeepsRecordsUntilTheyAreMarkedSentAcrossALaunch() async throws {
        let (phone, _) = await household()
        try await phone.engine.paused(Fixtures.habit("water"))
        await phone.center.advance(to: Fixtures.date("2026-11-21T09:15"))
        try await phone.engine.resumed(Fixtures.habit("water"))
        // A new engine on the same store (the app launched again) sends the same records, in order
        let relaunched = Engine(center: phone.center, source: TestReminderSource(Self.rules), store: phone.store,
                                clock: phone.clock, sync: HeraldSync(device: "phone"))
        let records = try await relaunched.outgoingSyncRecords()
        #expect(records.map(\.change) == [.paused(Fixtures.habit("water")), .resumed(Fixtures.habit("water"))])
        try await relaunched.syncRecordsSent([records[0].id])
        #expect(try await relaunched.outgoingSyncRecords() == [records[1]])
        try await relaunched.syncRecordsSent(records.map(\.id))
        try await relaunched.syncRecordsSent(records.map(\.id))
        #expect(try await relaunched.outgoingSyncRecords().isEmpty)
    }
}
