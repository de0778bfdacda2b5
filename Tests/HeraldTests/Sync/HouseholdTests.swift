import Foundation
import HeraldSimulator
import Synchronization
import Testing
@testable import Herald

/// The user's devices on one timeline (`SimulatedHousehold`): each device its own
/// center, store and app process; the app's records between them over a channel with a
/// latency and a push budget. Every expectation is worked by hand from the platform's
/// rules: where a delivery alerts, when each app can hear a record.
@Suite struct HouseholdTests {
    static let category = ReminderCategory(identifier: "habit", actions: [
        .complete("done", title: "Done"), .snooze("snooze-10", title: "Snooze 10 min", for: 600),
    ])
    static let water = Fixtures.habit("water")
    /// The 09:00 reminder of water's daily rule on 2026-11-21.
    static let nine = "herald:reminder:habit:water:r:20261121T0900"
    static let one = "herald:reminder:habit:water:r:20261121T1300"

    /// A household at 08:00 in Berlin on Saturday 2026-11-21 with these devices, each
    /// running Herald over its own store, water at 09:00 and 13:00 alerting on `alertsOn`.
    func household(_ members: [HouseholdMember], alertsOn: ReminderRule.AlertsOn,
                   sync: HouseholdSync = HouseholdSync()) async throws -> SimulatedHousehold {
        let household = SimulatedHousehold(start: Fixtures.date("2026-11-21T08:00"), timeZone: Fixtures.berlin, sync: sync)
        let rules = [Fixtures.dailyRule("water", at: ["09:00", "13:00"]).alerting(on: alertsOn)]
        for member in members {
            let clock = await household.makeClock()
            let center = SimulatedNotificationCenter(clock: clock, authorization: .authorized)
            let store = InMemoryEngineStore()
            let device = await SimulatedDevice(center: center) {
                HostedApp(engine: Engine(center: center, source: TestReminderSource(rules, categoryIdentifier: "habit"),
                                         store: store, clock: clock, categories: try! CategoryRegistry([Self.category]),
                                         sync: HeraldSync(device: member.id, kind: member.kind)))
            }
            try await household.add(member, device: device)
        }
        return household
    }

    static let phone = HouseholdMember(id: "phone", kind: .iPhone)
    static let watch = HouseholdMember(id: "watch", kind: .watch, pairedWith: "phone")
    static let mac = HouseholdMember(id: "mac", kind: .mac)
    static let iPad = HouseholdMember(id: "ipad", kind: .iPad)

    /// Launches the app on each device and leaves it suspended in the background.
    func launchInBackground(_ household: SimulatedHousehold, _ ids: [String]) async throws {
        for id in ids {
            try await household.on(id) { try await $0.launch(into: .background) }
        }
    }

    func completeWater(on id: String, in household: SimulatedHousehold) async throws {
        try await household.inApp(id) { app in try await (app as! HostedApp).engine.completed(Self.water) }
    }

    // MARK: Where a delivery alerts

    @Test func underPhoneWithAWornWatchAndALockedPhoneEachOccurrenceAlertsOnceOnTheWatch() async throws {
        let household = try await household([Self.phone, Self.watch], alertsOn: .phone)
        await household.setUser(HouseholdUser(using: nil, phoneLocked: true, watchWorn: true))
        try await launchInBackground(household, ["phone", "watch"])

        await household.advance(to: Fixtures.date("2026-11-21T14:00"))

        // The iPhone app scheduled both; the system forwarded each to the worn Watch
        #expect(await household.alertingDevices(for: Self.nine) == ["watch"])
        #expect(await household.alertingDevices(for: Self.one) == ["watch"])
        let forwardedFrom = await household.events.compactMap { event -> String? in
            guard case .delivered(Self.nine, _, let from) = event.kind, event.device == "watch" else { return nil }
            return from
        }
        #expect(forwardedFrom == ["phone"])
        // The Watch's app scheduled nothing of a phone rule; the iPhone's copies sit in its list
        let watch = try await household.device("watch"), phone = try await household.device("phone")
        #expect(await watch.center.pendingNotificationRequests().isEmpty)
        #expect(await phone.center.deliveredNotifications().map(\.request.identifier) == [Self.nine, Self.one])
        #expect(await household.forwardedCopies(on: "watch") == [Self.nine, Self.one])
    }

    @Test func theIPhoneInUseKeepsItsOwnAlertsAndAnOffWristWatchGetsNone() async throws {
        let household = try await household([Self.phone, Self.watch], alertsOn: .phone)
        try await launchInBackground(household, ["phone"])
        await household.setUser(HouseholdUser(using: "phone", phoneLocked: false, watchWorn: true))
        await household.advance(to: Fixtures.date("2026-11-21T10:00"))
        await household.setUser(HouseholdUser(using: nil, phoneLocked: true, watchWorn: false))
        await household.advance(to: Fixtures.date("2026-11-21T14:00"))

        #expect(await household.alertingDevices(for: Self.nine) == ["phone"])
        #expect(await household.alertingDevices(for: Self.one) == ["phone"])
        #expect(await household.forwardedCopies(on: "watch").isEmpty)
    }

    @Test func underWatchOnlyTheWatchSchedulesAndAlerts() async throws {
        let household = try await household([Self.phone, Self.watch], alertsOn: .watch)
        try await launchInBackground(household, ["phone", "watch"])
        await household.advance(to: Fixtures.date("2026-11-21T09:30"))

        #expect(await household.alertingDevices(for: Self.nine) == ["watch"])
        #expect(await (try household.device("phone")).center.pendingNotificationRequests().isEmpty)
        #expect(await (try household.device("phone")).center.deliveredNotifications().isEmpty)
    }

    @Test(arguments: [HouseholdSync.WatchDedupe.fails, .works])
    func underEachTheWatchAlertsTwiceUnlessItMergesTheCopies(dedupe: HouseholdSync.WatchDedupe) async throws {
        let household = try await household([Self.phone, Self.watch], alertsOn: .each,
                                            sync: HouseholdSync(watchDedupe: dedupe))
        try await launchInBackground(household, ["phone", "watch"])
        await household.advance(to: Fixtures.date("2026-11-21T09:30"))

        // The iPhone's copy is forwarded to the worn Watch; the Watch's own copy alerts
        // there too, unless the Watch merges it into the iPhone's (Apple's rule)
        let expected = dedupe == .fails ? ["watch", "watch"] : ["watch"]
        #expect(await household.alertingDevices(for: Self.nine) == expected)
    }

    // MARK: What one device does reaches the others

    @Test func doneOnTheWatchTwoMinutesBeforeTheReminderWithThePhoneSuspendedNothingAlerts() async throws {
        let household = try await household([Self.phone, Self.watch], alertsOn: .phone)
        try await launchInBackground(household, ["phone"])
        await household.advance(to: Fixtures.date("2026-11-21T08:58"))
        try await household.on("watch") { try await $0.launch() }

        try await completeWater(on: "watch", in: household)
        await household.advance(to: Fixtures.date("2026-11-21T14:00"))

        // The record reached the suspended iPhone app 10 s later through a background push,
        // and it withdrew the day's reminders: nothing alerts anywhere
        let heard = await household.events.filter { $0.device == "phone" }.compactMap { event -> HouseholdEvent.Hearing? in
            if case .heard(1, ["watch"], let way) = event.kind { way } else { nil }
        }
        #expect(heard == [.pushWake])
        #expect(await household.events.first { $0.device == "phone" && $0.kind != .sent(count: 1) }?.date
                == Fixtures.date("2026-11-21T08:58").addingTimeInterval(10))
        #expect(await household.alertingDevices(for: Self.nine).isEmpty)
        #expect(await household.alertingDevices(for: Self.one).isEmpty)
        #expect(await household.events.allSatisfy { $0.deliveredIdentifier == nil })
    }

    @Test func doneOnTheMacWhileTheIPhoneAppIsForceQuitTheIPhoneAlertsAndItsNextLaunchClearsIt() async throws {
        let household = try await household([Self.phone, Self.mac], alertsOn: .phone)
        try await launchInBackground(household, ["phone", "mac"])
        _ = try await household.on("phone") { await $0.forceQuit() }
        await household.advance(to: Fixtures.date("2026-11-21T08:50"))
        try await household.on("mac") { try await $0.moveToForeground() }
        try await completeWater(on: "mac", in: household)

        await household.advance(to: Fixtures.date("2026-11-21T09:30"))

        // Nothing could wake the force-quit app: its 09:00 alerted and counts on its badge
        #expect(await household.alertingDevices(for: Self.nine) == ["phone"])
        let phone = try await household.device("phone")
        #expect(await phone.center.badgeCount == 1)
        #expect(await household.events.contains { event in
            if case .held(1, let why) = event.kind { event.device == "phone" && why.contains("force-quit") } else { false }
        })

        // When the user opens the app at 09:30: it hears the Mac's completion, removes the
        // delivered copy and the 13:00, and its badge drops to 0
        try await household.on("phone") { try await $0.launch() }
        #expect(await phone.center.deliveredNotifications().isEmpty)
        #expect(await phone.center.badgeCount == 0)
        #expect(await phone.center.pendingNotificationRequests().map(\.identifier).contains(Self.one) == false)
        await household.advance(to: Fixtures.date("2026-11-21T23:00"))
        #expect(await household.alertingDevices(for: Self.one).isEmpty)
    }

    @Test func underEachAnAnswerOnOneDeviceWithdrawsTheOthersCopiesWithinTheLatency() async throws {
        let household = try await household([Self.phone, Self.mac, Self.iPad], alertsOn: .each,
                                            sync: HouseholdSync(latency: 20))
        await household.setUser(HouseholdUser(using: "mac", phoneLocked: true, watchWorn: false))
        try await launchInBackground(household, ["phone", "mac", "ipad"])
        await household.advance(to: Fixtures.date("2026-11-21T09:05"))
        #expect(await household.alertingDevices(for: Self.nine) == ["phone", "mac", "ipad"])

        // When the user taps the Mac's copy at 09:05
        try await household.on("mac") { try await $0.tap(Self.nine) }

        // Then 19 s later the others still show theirs; at 20 s a push wakes each app and
        // its copy goes, its badge with it
        let phone = try await household.device("phone"), iPad = try await household.device("ipad")
        await household.advance(by: 19)
        #expect(await phone.center.deliveredNotifications().count == 1)
        await household.advance(by: 1)
        for device in [phone, iPad] {
            #expect(await device.center.deliveredNotifications().isEmpty)
            #expect(await device.center.badgeCount == 0)
        }
        // And the 13:00 still alerts everywhere: only the 09:00 was answered
        await household.advance(to: Fixtures.date("2026-11-21T13:30"))
        #expect(await household.alertingDevices(for: Self.one) == ["phone", "mac", "ipad"])
    }

    /// Seed 13223784587102975521 of the household property test: the snooze's copy
    /// tapped on the iPhone after the first answer (the snooze) must clear the Mac's copy
    /// of that snooze too. The user's last answer holds.
    @Test func aSnoozesCopyAnsweredOnOneDeviceLeavesTheOthersList() async throws {
        let household = try await household([Self.phone, Self.mac], alertsOn: .each, sync: HouseholdSync(latency: 10))
        try await launchInBackground(household, ["phone", "mac"])
        await household.advance(to: Fixtures.date("2026-11-21T09:05"))
        try await household.on("phone") { try await $0.choose(action: "snooze-10", on: Self.nine) }
        await household.advance(to: Fixtures.date("2026-11-21T09:20"))
        let snooze = "herald:snooze:habit:water:r:20261121T0900"
        // Both devices alerted the snooze at 09:15 (the Mac heard it through a push)
        #expect(await household.alertingDevices(for: snooze) == ["phone", "mac"])
        let mac = try await household.device("mac")
        #expect(await mac.center.deliveredNotifications().map(\.request.identifier) == [snooze])

        // When the user taps the phone's snooze copy at 09:20
        try await household.on("phone") { try await $0.tap(snooze) }
        await household.advance(by: 10)

        // Then the Mac's copy goes with its badge
        #expect(await mac.center.deliveredNotifications().isEmpty)
        #expect(await mac.center.badgeCount == 0)
    }

    @Test func pushesBeyondTheHoursBudgetWaitForTheAppsNextRun() async throws {
        let household = try await household([Self.phone, Self.mac], alertsOn: .phone,
                                            sync: HouseholdSync(pushWakesPerHour: 1))
        try await launchInBackground(household, ["phone"])
        try await household.on("mac") { try await $0.launch() }
        // Two separate changes on the Mac, five minutes apart
        try await household.inApp("mac") { app in try await (app as! HostedApp).engine.paused(Self.water) }
        await household.advance(by: 300)
        try await household.inApp("mac") { app in try await (app as! HostedApp).engine.resumed(Self.water) }
        await household.advance(by: 300)

        let ways = await household.events.filter { $0.device == "phone" }.compactMap { event -> String? in
            switch event.kind {
            case .heard(_, _, let way): way.rawValue
            case .held: "held"
            default: nil
            }
        }
        #expect(ways == ["push wake", "held"])
        // The held resume is heard at the next background refresh
        try await household.on("phone") { try await $0.backgroundRefresh() }
        #expect(await household.events.last?.kind == .heard(count: 1, from: ["mac"], way: .nextRun))
    }

    @Test func watchConnectivityCarriesOnlyBetweenAWatchAndItsPhoneAndWakesNothing() async throws {
        let household = try await household([Self.phone, Self.watch, Self.mac], alertsOn: .phone,
                                            sync: HouseholdSync(channel: .watchConnectivity))
        try await launchInBackground(household, ["phone", "mac"])
        try await household.on("watch") { try await $0.launch() }
        try await completeWater(on: "watch", in: household)
        await household.advance(to: Fixtures.date("2026-11-21T09:30"))

        // The phone app was suspended: the record waited, and the phone's 09:00 alerted
        // (the Watch is worn, so the system forwarded it there); the Mac never hears
        #expect(await household.alertingDevices(for: Self.nine) == ["watch"])
        #expect(await household.events.filter { $0.device == "mac" && $0.deliveredIdentifier == nil }.isEmpty)
        try await household.on("phone") { try await $0.moveToForeground() }
        #expect(await (try household.device("phone")).center.deliveredNotifications().isEmpty)
    }

    // MARK: Answers on the Watch

    @Test func aBackgroundActionOnAForwardedCopyIsHandledByThePhoneApp() async throws {
        let household = try await household([Self.phone, Self.watch], alertsOn: .phone)
        try await launchInBackground(household, ["phone", "watch"])
        await household.advance(to: Fixtures.date("2026-11-21T09:05"))

        try await household.answerOnWatch("watch", to: Self.nine, action: "done")

        let phone = try await household.device("phone")
        #expect(await phone.center.deliveredNotifications().isEmpty)
        #expect(await phone.center.pendingNotificationRequests().map(\.identifier).contains(Self.one) == false)
        #expect(await household.forwardedCopies(on: "watch").isEmpty)
        await #expect(throws: HouseholdError.self) { try await household.answerOnWatch("watch", to: Self.nine, action: "done") }
    }

    @Test func aDismissalOnTheWatchDismissesThePhonesCopy() async throws {
        let household = try await household([Self.phone, Self.watch], alertsOn: .phone)
        try await launchInBackground(household, ["phone"])
        await household.advance(to: Fixtures.date("2026-11-21T09:05"))
        try await household.dismissOnWatch("watch", Self.nine)
        #expect(await (try household.device("phone")).center.deliveredNotifications().isEmpty)
    }

    @Test func badRequestsSayWhatAndWhere() async throws {
        let household = try await household([Self.phone], alertsOn: .phone)
        await #expect(throws: HouseholdError(code: .unknownDevice, message: "no device \"mac\" in the household (it has phone)")) {
            try await household.device("mac")
        }
        let clock = VirtualClock(now: Fixtures.date("2026-11-21T07:00"), timeZone: Fixtures.berlin)
        let late = await SimulatedDevice(center: SimulatedNotificationCenter(clock: clock)) { HostedApp(engine: Engine(
            center: SimulatedNotificationCenter(clock: clock), source: TestReminderSource([]), store: InMemoryEngineStore(), clock: clock)) }
        await #expect(throws: HouseholdError.self) { try await household.add(Self.mac, device: late) }
        await #expect(throws: HouseholdError.self) { try await household.add(Self.phone, device: late) }
        await #expect(throws: HouseholdError.self) { try await household.inApp("phone") { _ in } }
    }
}
