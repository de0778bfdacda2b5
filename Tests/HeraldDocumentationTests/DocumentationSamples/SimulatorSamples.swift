// The Swift samples of HeraldSimulator's landing page
// (Sources/HeraldSimulator/Documentation.docc/HeraldSimulator.md), each inside the
// context it needs; the documentation tests check that they appear here verbatim. The
// first one also runs, and checks what its comments say.
import Foundation
import Herald
import HeraldSimulator
import Testing

@Test func theSimulatorSampleFiresAcrossTheDSTGapAsItsCommentsSay() async throws {
    let clock = VirtualClock(
        now: try Date("2026-03-27T12:00:00+01:00", strategy: .iso8601),
        timeZone: TimeZone(identifier: "Europe/Berlin")!
    )
    let center = SimulatedNotificationCenter(clock: clock)
    _ = try await center.requestAuthorization(options: [.alert, .badge, .sound])

    try await center.add(NotificationRequest(
        identifier: "stretch",
        content: NotificationContent(title: "Stretch", badge: 1),
        trigger: .calendar(CalendarTrigger(hour: 2, minute: 30, repeats: true))
    ))

    // Three days, across the DST gap of 29 March: 02:30 does not exist that night.
    let delivered = await center.advance(by: 3 * 86_400)
    // 28 March 02:30 CET, 29 March 03:30 CEST, 30 March 02:30 CEST
    let badge = await center.badgeCount   // 1

    let expected = try ["2026-03-28T02:30:00+01:00", "2026-03-29T03:30:00+02:00", "2026-03-30T02:30:00+02:00"]
        .map { try Date($0, strategy: .iso8601) }
    #expect(delivered.map(\.date) == expected)
    #expect(badge == 1)
}

@Test func theTurnedOffSampleHidesIgnoresAndGivesBackAsItsCommentsSay() async throws {
    let clock = VirtualClock(now: try Date("2026-03-27T12:00:00+01:00", strategy: .iso8601),
                             timeZone: TimeZone(identifier: "Europe/Berlin")!)
    let reminder = NotificationRequest(identifier: "reminder", content: NotificationContent(title: "Water"),
                                       trigger: .timeInterval(3_600, repeats: false))
    let other = NotificationRequest(identifier: "other", content: NotificationContent(title: "Walk"),
                                    trigger: .timeInterval(3_600, repeats: false))

    let center = SimulatedNotificationCenter(clock: clock, authorization: .authorized)   // deniedCenter: .empty
    try await center.add(reminder)
    await center.setAuthorizationStatus(.denied)            // the user turns notifications off
    let seen = await center.pendingNotificationRequests()   // [] (pendingSchedule() still lists it)
    try await center.add(other)                             // ignored: callCounts.ignoredWhileDenied == 1
    await center.setAuthorizationStatus(.authorized)        // back on: [reminder], as it was

    #expect(seen.isEmpty)
    #expect(await center.callCounts.ignoredWhileDenied == 1)
    #expect(await center.pendingNotificationRequests() == [reminder])
}

/// A source with no rules, for the device sample.
struct NoReminders: ReminderSource {
    func reminderRules() async throws -> [ReminderRule] { [] }
    func content(for reminder: PlannedReminder) async throws -> NotificationContent { NotificationContent(title: "") }
}

enum HeraldSimulatorLandingPageSamples {
    static func deviceAndUser(clock: VirtualClock, exerciseCategory: NotificationCategory,
                              reminder: NotificationRequest) async throws {
        @Sendable func makeEngine(_ center: SimulatedNotificationCenter) -> Engine {
            Engine(center: center, source: NoReminders(), clock: clock)
        }

        let center = SimulatedNotificationCenter(clock: clock, authorization: .authorized)
        await center.setNotificationCategories([exerciseCategory])   // Log (foreground), Snooze
        let device = await SimulatedDevice(center: center) { HostedApp(engine: makeEngine(center)) }

        try await center.add(reminder)                  // due at 13:00, category "exercise"
        await device.advance(by: 3_600)                 // the app is not running: shown by the system

        let outcome = try await device.tap(reminder.identifier)
        // outcome.launched == true: didFinishLaunching(in: .foreground), then didReceive(tap),
        // both at 13:00, before the app has loaded its data

        try await device.moveToBackground()
        await device.advance(by: 3_600)
        try await device.choose(action: "snooze", on: "next")   // handled in the background
        try await device.dismiss("other")         // reported only with .customDismissAction
        await device.clearAll()                   // silent

        let timeline = await device.events.map { "\($0.date) \($0)" }   // the timeline
        _ = (outcome, timeline)
    }

    static func suspension(device: SimulatedDevice) async throws {
        try await device.launch(into: .background)
        await device.advance(by: 86_400)            // midnight passes; the app is not told
        let missed = await device.pendingTimeChanges   // [.dayChanged]
        try await device.backgroundRefresh()        // timeChanged(.dayChanged), performBackgroundRefresh()
        _ = missed
    }
}

@Test func theSettingsSampleKeepsTheBadgeItDoesNotShow() async throws {
    let clock = VirtualClock(now: try Date("2026-03-27T12:00:00+01:00", strategy: .iso8601),
                             timeZone: TimeZone(identifier: "Europe/Berlin")!)
    let center = SimulatedNotificationCenter(clock: clock, authorization: .authorized)

    await center.setNotificationSettings(NotificationSettings(alert: false, badge: false))
    try await center.setBadgeCount(3)
    let kept = await center.badgeCount        // 3
    let shown = await center.displayedBadge   // 0

    #expect(kept == 3)
    #expect(shown == 0)
}

/// SeveralDevices.md (HeraldSimulator)
enum SimulatorSeveralDevicesSamples {
    static func household(start: Date, berlin: TimeZone, habits: any ReminderSource, water: EntityReference,
                          ten: Date) async throws {
        let household = SimulatedHousehold(start: start, timeZone: berlin, sync: HouseholdSync(latency: 10))
        for member in [HouseholdMember(id: "phone", kind: .iPhone),
                       HouseholdMember(id: "watch", kind: .watch, pairedWith: "phone")] {
            let clock = await household.makeClock()
            let center = SimulatedNotificationCenter(clock: clock, authorization: .authorized)
            let store = InMemoryEngineStore()
            let device = await SimulatedDevice(center: center) {
                HostedApp(engine: Engine(center: center, source: habits, store: store, clock: clock,
                                         sync: HeraldSync(device: member.id, kind: member.kind)))
            }
            try await household.add(member, device: device)
        }
        await household.setUser(HouseholdUser(using: nil, phoneLocked: true, watchWorn: true))

        try await household.on("phone") { try await $0.launch(into: .background) }
        try await household.on("watch") { try await $0.launch() }
        try await household.inApp("watch") { app in try await (app as! HostedApp).engine.completed(water) }
        await household.advance(to: ten)      // the iPhone app heard it through a push: nothing alerts
    }
}
