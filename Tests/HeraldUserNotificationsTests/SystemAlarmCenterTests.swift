#if !canImport(AlarmKit)
import Foundation
import Herald
@testable import HeraldUserNotifications
import Synchronization
import Testing
@_spi(Testing) import AlarmKitShim
@_spi(Testing) import BackgroundTasksShim
@_spi(Testing) import CoreLocationShim
@_spi(Testing) import UserNotificationsShim

/// Herald's alarms over the AlarmKit shim: schedules and requests mapped both ways, the
/// configuration each secondary button gets, the daemon's refusals mapped, and the
/// buttons' intents reaching the router. Serialized: the daemon and the router are
/// shared by the process, as by an app.
@Suite(.serialized) struct SystemAlarmCenterTests {
    static let eight = Date(timeIntervalSince1970: 1_774_508_400) // 2026-03-26T07:00:00Z

    static func request(_ occurrence: String, _ schedule: AlarmSchedule = .fixed(eight),
                        secondary: AlarmSecondaryButton? = nil) -> AlarmRequest {
        AlarmRequest(
            identifier: NotificationIdentifier(entity: EntityReference(namespace: "med", id: "pill"), rule: "dose",
                                               occurrence: OccurrenceKey(rawValue: occurrence), kind: .reminder),
            schedule: schedule, title: "Pill \(occurrence)", stopTitle: "Done", secondary: secondary
        )
    }

    /// A fresh install, authorized unless said otherwise.
    func makeCenter(authorization: AlarmManager.AuthorizationState = .authorized,
                    userAnswer: AlarmManager.AuthorizationState = .authorized, limit: Int = 8) -> SystemAlarmCenter {
        AlarmManager.resetForTesting(authorization: authorization, userAnswer: userAnswer, limit: limit)
        return SystemAlarmCenter(capacity: limit, usageDescription: "Your pills, on time, through Silent mode")
    }

    @Test func schedulesMapBothWays() {
        let weekly = AlarmSchedule.weekly(LocalTime(hour: 8, minute: 30), on: [.monday, .thursday])
        let platform = SystemAlarmCenter.platformSchedule(weekly)
        #expect(platform == .relative(.init(time: .init(hour: 8, minute: 30), repeats: .weekly([.monday, .thursday]))))
        #expect(SystemAlarmCenter.heraldSchedule(platform) == weekly)

        let once = AlarmSchedule.weekly(LocalTime(hour: 6), on: [])
        #expect(SystemAlarmCenter.platformSchedule(once) == .relative(.init(time: .init(hour: 6, minute: 0), repeats: .never)))
        #expect(SystemAlarmCenter.heraldSchedule(SystemAlarmCenter.platformSchedule(once)) == once)
        #expect(SystemAlarmCenter.platformSchedule(.fixed(Self.eight)) == .fixed(Self.eight))
        #expect(SystemAlarmCenter.heraldSchedule(.fixed(Self.eight)) == .fixed(Self.eight))

        let everyDay = SystemAlarmCenter.platformSchedule(.weekly(LocalTime(hour: 7), on: Weekday.everyDay))
        #expect(everyDay == .relative(.init(time: .init(hour: 7, minute: 0),
                                            repeats: .weekly([.sunday, .monday, .tuesday, .wednesday, .thursday,
                                                              .friday, .saturday]))))
    }

    @Test func aSnoozeIsACountdownWithItsMinutesAfterTheAlert() async throws {
        let center = makeCenter()
        let request = Self.request("a", secondary: .snooze(title: "Later", minutes: 10))
        try await center.schedule(request)

        let configuration = try #require(AlarmManager.configurationForTesting(id: request.id))
        #expect(configuration.schedule == .fixed(Self.eight))
        #expect(configuration.countdownDuration == Alarm.CountdownDuration(preAlert: nil, postAlert: 600))
        let alert = configuration.presentation.alert
        #expect(alert.title.key == "Pill a")
        #expect(alert.stopButton?.text.key == "Done")
        #expect(alert.secondaryButton?.text.key == "Later")
        #expect(alert.secondaryButtonBehavior == .countdown)
        #expect((configuration.secondaryIntent as? AlarmButtonIntent)?.press == "snooze")
        #expect((configuration.stopIntent as? AlarmButtonIntent)?.identifier == request.identifier.description)
    }

    @Test func anActionIsCustomAndAPlainAlarmHasNoSecondButton() async throws {
        let center = makeCenter()
        let action = Self.request("a", secondary: .action(identifier: "taken", title: "Taken"))
        let plain = Self.request("b")
        try await center.schedule(action)
        try await center.schedule(plain)

        let custom = try #require(AlarmManager.configurationForTesting(id: action.id))
        #expect(custom.presentation.alert.secondaryButtonBehavior == .custom)
        #expect(custom.presentation.alert.secondaryButton?.text.key == "Taken")
        #expect(custom.countdownDuration == nil)
        #expect((custom.secondaryIntent as? AlarmButtonIntent)?.press == "action:taken")

        let bare = try #require(AlarmManager.configurationForTesting(id: plain.id))
        #expect(bare.presentation.alert.secondaryButton == nil)
        #expect(bare.presentation.alert.secondaryButtonBehavior == nil)
        #expect(bare.secondaryIntent == nil)
        #expect(bare.stopIntent != nil)
    }

    @Test func theDaemonsLimitIsMaximumLimitReachedAndAReplacementIsNot() async throws {
        let center = makeCenter(limit: 2)
        try await center.schedule(Self.request("a"))
        try await center.schedule(Self.request("b"))

        await #expect(throws: AlarmCenterError.maximumLimitReached) { try await center.schedule(Self.request("c")) }
        try await center.schedule(Self.request("a", .weekly(LocalTime(hour: 9), on: [.friday])))

        #expect(try await center.alarms() == [
            SystemAlarm(id: Self.request("a").id, schedule: .weekly(LocalTime(hour: 9), on: [.friday]), state: .scheduled),
            SystemAlarm(id: Self.request("b").id, schedule: .fixed(Self.eight), state: .scheduled),
        ])
    }

    @Test func deniedAndNotAskedAreNotAuthorized() async throws {
        let denied = makeCenter(authorization: .denied)
        #expect(await denied.authorization() == .denied)
        await #expect(throws: AlarmCenterError.notAuthorized) { try await denied.schedule(Self.request("a")) }

        let notAsked = makeCenter(authorization: .notDetermined, userAnswer: .denied)
        #expect(await notAsked.authorization() == .notDetermined)
        await #expect(throws: AlarmCenterError.notAuthorized) { try await notAsked.schedule(Self.request("a")) }
        #expect(try await notAsked.requestAuthorization() == .denied)
        #expect(try await notAsked.requestAuthorization() == .denied)
        #expect(AlarmManager.promptsForTesting == 1)
    }

    @Test(arguments: [nil, ""])
    func withoutAUsageDescriptionAlarmsAreUnavailableAndAlarmKitIsNotCalled(_ description: String?) async throws {
        AlarmManager.resetForTesting(authorization: .notDetermined)
        let center = SystemAlarmCenter(usageDescription: description)

        #expect(await center.authorization() == .unavailable)
        await #expect(throws: AlarmCenterError.unavailable) { try await center.requestAuthorization() }
        await #expect(throws: AlarmCenterError.unavailable) { try await center.schedule(Self.request("a")) }
        await #expect(throws: AlarmCenterError.unavailable) { try await center.alarms() }
        await #expect(throws: AlarmCenterError.unavailable) { try await center.cancel(id: Self.request("a").id) }
        #expect(AlarmManager.promptsForTesting == 0)
        #expect(AlarmManager.shared.authorizationState == .notDetermined)
    }

    @Test func cancelDeletesAndIgnoresAnIdTheSystemDoesNotHold() async throws {
        let center = makeCenter()
        let weekly = Self.request("w", .weekly(LocalTime(hour: 8), on: [.monday]))
        try await center.schedule(weekly)

        try await center.cancel(id: weekly.id)
        try await center.cancel(id: weekly.id)

        #expect(try await center.alarms().isEmpty)
    }

    @Test func alarmsReadBackWithTheirStates() async throws {
        let center = makeCenter()
        let snoozing = Self.request("s", secondary: .snooze(title: "Later", minutes: 5))
        let sounding = Self.request("a")
        let weekly = Self.request("w", .weekly(LocalTime(hour: 8), on: [.monday]))
        for request in [snoozing, sounding, weekly] { try await center.schedule(request) }
        try AlarmManager.alertForTesting(id: snoozing.id)
        try AlarmManager.alertForTesting(id: sounding.id)
        try AlarmManager.alertForTesting(id: weekly.id)
        await AlarmButtonRouter.setHandler { _, _ in }

        try await AlarmManager.pressForTesting(.secondary, id: snoozing.id)
        try await AlarmManager.pressForTesting(.stop, id: weekly.id)

        #expect(try await center.alarms().map(\.state) == [.countdown, .alerting, .scheduled])
        try await AlarmManager.pressForTesting(.stop, id: sounding.id)
        #expect(try await center.alarms().map(\.id) == [snoozing.id, weekly.id])
        await AlarmButtonRouter.setHandler(nil)
    }

    @Test func eachButtonReachesTheRouterOncePerPress() async throws {
        let center = makeCenter()
        let request = Self.request("a", secondary: .action(identifier: "taken", title: "Taken"))
        try await center.schedule(request)
        let received = PressLog()
        await AlarmButtonRouter.setHandler { press, identifier in
            #expect(identifier == request.identifier)
            received.append(press)
        }
        try AlarmManager.alertForTesting(id: request.id)

        try await AlarmManager.pressForTesting(.secondary, id: request.id)
        #expect(try await center.alarms().map(\.state) == [.alerting])
        try await AlarmManager.pressForTesting(.stop, id: request.id)

        #expect(received.presses == [.action("taken"), .stop])
        #expect(try await center.alarms().isEmpty)
        await AlarmButtonRouter.setHandler(nil)
    }

    @Test func anIntentWithoutAHeraldIdentifierOrAPressReachesNobody() async throws {
        _ = makeCenter()
        let received = PressLog()
        await AlarmButtonRouter.setHandler { press, _ in received.append(press) }
        var foreign = AlarmButtonIntent(identifier: Self.request("a").identifier, press: .stop)
        foreign.identifier = "someone-else"
        var garbled = AlarmButtonIntent(identifier: Self.request("a").identifier, press: .stop)
        garbled.press = "dismiss"
        let colon = AlarmButtonIntent(identifier: Self.request("a").identifier, press: .action("log:taken"))

        try await foreign.perform()
        try await garbled.perform()
        try await colon.perform()

        #expect(received.presses == [.action("log:taken")])
        await AlarmButtonRouter.setHandler(nil)
    }

    @Test func pressesBeforeTheHandlerIsSetWaitForIt() async throws {
        await AlarmButtonRouter.setHandler(nil)
        let request = Self.request("a")
        _ = makeCenter()
        try await AlarmButtonIntent(identifier: request.identifier, press: .snooze).perform()
        let received = PressLog()

        await AlarmButtonRouter.setHandler { press, _ in received.append(press) }
        await AlarmButtonRouter.setHandler { press, _ in received.append(press) }

        #expect(received.presses == [.snooze])
        await AlarmButtonRouter.setHandler(nil)
    }

    @Test func theFacadeHandsAlarmPressesToItsEngineAsResponsesOnce() async throws {
        // Given a façade with alarms, launched (no app ready: responses wait in the queue)
        let platform = makePlatformCenter()
        _ = try await platform.requestAuthorization(options: [.alert, .badge, .sound])
        let store = InMemoryEngineStore()
        let system = SystemServices(
            notificationCenter: platform, clock: FixedClock(now: tuesdayMorning, timeZone: berlin),
            timeSignals: StartedSignals(stream: AsyncStream { _ in }),
            scheduler: BGTaskScheduler.makeForTesting(permittedIdentifiers: []), locationManager: { CLLocationManager() })
        let herald = HeraldSystem(
            source: TwoHabits(), store: store, categories: TwoHabits.categories, configuration: PlannerConfiguration(),
            refreshIdentifier: nil, monitorsRegions: false, alarms: makeCenter(), system: system,
            presentPrompt: { _ in }, openSettings: { _ in })
        await herald.launched()

        // When an alarm's stop button is pressed, and its intent runs a second time
        let identifier = NotificationIdentifier(entity: EntityReference(namespace: "habit", id: "water"), rule: "daily",
                                                occurrence: OccurrenceKey(rawValue: "20260310T0900"), kind: .reminder)
        try await AlarmButtonIntent(identifier: identifier, press: .stop).perform()
        try await AlarmButtonIntent(identifier: identifier, press: .stop).perform()

        // Then the engine queued one dismissal of that occurrence
        let queued = store.load().queuedResponses.map(\.response)
        #expect(queued.map(\.notification.request.identifier) == [identifier.description])
        #expect(queued.map(\.actionIdentifier) == [NotificationResponse.dismissActionIdentifier])
        await AlarmButtonRouter.setHandler(nil)
    }
}

/// The presses a test's handler received, in order.
final class PressLog: Sendable {
    private let log = Mutex<[SystemAlarm.ButtonPress]>([])

    func append(_ press: SystemAlarm.ButtonPress) { log.withLock { $0.append(press) } }
    var presses: [SystemAlarm.ButtonPress] { log.withLock { $0 } }
}
#endif
