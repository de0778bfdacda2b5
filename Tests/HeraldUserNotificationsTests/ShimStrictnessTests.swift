#if !canImport(UserNotifications)
import Foundation
import Herald
@testable import HeraldUserNotifications
import Testing
@_spi(Testing) import BackgroundTasksShim
@_spi(Testing) import UserNotificationsShim

/// The shims are no kinder than iOS: `userInfo` takes property-list values only, and
/// background-task handlers are the SDK's plain closures, registered before launch
/// finishes.
struct ShimStrictnessTests {
    // MARK: userInfo holds property-list values only

    /// `NSNull` is no property-list type: `add` traps, naming where it is.
    @Test func addTrapsOnANullNamingItsKeyPath() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let content = UNMutableNotificationContent()
            content.title = "Water"
            content.userInfo = ["app": ["list": [NSNumber(value: 1), NSNull()]], "ok": "yes"]
            try await makePlatformCenter().add(UNNotificationRequest(identifier: "null", content: content, trigger: nil))
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains(#"userInfo["app"]["list"][1] is a NSNull"#), "\(message)")
        #expect(message.contains("UNUserNotificationCenter.add(null)"), "\(message)")
    }

    /// An object that is not a property list (here one of the app's own classes) traps
    /// too.
    @Test func addTrapsOnAnObjectThatIsNoPropertyList() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let content = UNMutableNotificationContent()
            content.userInfo = ["habit": AppOwnObject()]
            try await makePlatformCenter().add(UNNotificationRequest(identifier: "object", content: content, trigger: nil))
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains(#"userInfo["habit"] is a AppOwnObject"#), "\(message)")
    }

    @Test func propertyListValuesPassAndOthersAreNamed() {
        let accepted: [AnyHashable: Any] = [
            "text": "a", "flag": true, "count": 3, "ratio": 0.5, "number": NSNumber(value: 7),
            "date": tuesdayMorning, "data": Data([1, 2]), "list": [1, "two", [false]],
            "object": ["inner": ["deep": [Data(), tuesdayMorning]]], "empty": [String: Any](),
        ]
        #expect(UNUserNotificationCenter.propertyListViolationForTesting(in: accepted) == nil)
        #expect(UNUserNotificationCenter.propertyListViolationForTesting(in: ["top": NSNull()])
                == #"userInfo["top"] is a NSNull, which is not a property-list type"#)
        #expect(UNUserNotificationCenter.propertyListViolationForTesting(in: ["a": ["b": [1, ["c": AppOwnObject()]]]])
                == #"userInfo["a"]["b"][1]["c"] is a AppOwnObject, which is not a property-list type"#)
        #expect(UNUserNotificationCenter.propertyListViolationForTesting(in: ["a": [1: "x"] as [AnyHashable: Any]])
                == #"userInfo["a"] has a key that is not a string: 1 (Int)"#)
        #expect(UNUserNotificationCenter.propertyListViolationForTesting(in: [2: "x"])
                == "userInfo has a key that is not a string: 2 (Int)")
    }

    /// Everything the adapter writes is a property list: every field of Herald's
    /// content through PlatformMapping, every sound (a named one leaves its mark in
    /// `userInfo`), JSON nulls at the top, in arrays and in objects, nested payloads.
    @Test func everythingTheAdapterWritesIsAPropertyList() async throws {
        let payload: [String: JSONValue] = [
            "top": nil, "flag": true, "off": false, "zero": 0, "one": 1, "ratio": 2.5, "text": "x",
            "list": [nil, 1, "two", [nil, ["deep": nil]], true],
            "object": ["inner": ["null": nil, "list": [], "empty": [:]]], "emptyList": [], "emptyObject": [:],
        ]
        let sounds: [NotificationContent.Sound?] = [nil, .default, .defaultCritical, .named("chime.caf")]
        let center = UserNotificationCenter(makePlatformCenter())
        for (index, sound) in sounds.enumerated() {
            let request = NotificationRequest(
                identifier: "r\(index)",
                content: NotificationContent(
                    title: "Water", subtitle: "Glass", body: "Drink", sound: sound, badge: 2, categoryIdentifier: "habit",
                    threadIdentifier: "water", interruptionLevel: .timeSensitive, relevanceScore: 0.5,
                    targetContentIdentifier: "scene", userInfo: payload),
                trigger: .timeInterval(600, repeats: false))
            let platform = try PlatformMapping.platformRequest(request)
            try #require(UNUserNotificationCenter.propertyListViolationForTesting(in: platform.content.userInfo) == nil)

            try await center.add(request)
        }

        #expect(await center.pendingNotificationRequests().map(\.identifier).sorted() == ["r0", "r1", "r2", "r3"])
        #expect(await center.pendingNotificationRequests().first { $0.identifier == "r3" }?.content.userInfo == payload)
    }

    @Test func anEngineOverTheAdapterAddsItsNestedPayloadsWithNulls() async throws {
        // TwoHabits' content carries ["extra": [..., "tags": ["a", true, 1.5, nil]]]
        let engine = try await makeEngine(platform: makePlatformCenter())

        let report = await engine.launched()

        #expect(report.outcome.added == 12)
        #expect(report.outcome.failedAdds.isEmpty)
    }

    // MARK: Background tasks as the SDK has them

    /// Registering after launch finished is an error the SDK traps on.
    @Test func registeringAfterLaunchFinishedTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let scheduler = BGTaskScheduler.makeForTesting(permittedIdentifiers: ["app.refresh"])
            scheduler.finishLaunchingForTesting()
            _ = scheduler.register(forTaskWithIdentifier: "app.refresh", using: nil) { _ in }
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("All launch handlers must be registered before application finishes launching"),
                "\(message)")
    }

    /// The same through the adapter: a ``BackgroundRefresh`` registered too late traps.
    @Test func aRefreshRegisteredAfterLaunchFinishedTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let scheduler = BGTaskScheduler.makeForTesting(permittedIdentifiers: ["app.refresh"])
            let engine = Engine(center: UserNotificationCenter(makePlatformCenter()), source: TwoHabits(),
                                clock: FixedClock(now: tuesdayMorning, timeZone: berlin))
            scheduler.finishLaunchingForTesting()
            BackgroundRefresh(identifier: "app.refresh", host: AppHost(engine: engine), scheduler: scheduler).register()
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("All launch handlers must be registered before application finishes launching"),
                "\(message)")
    }

    static var `where`: String {
        BGTaskScheduler.isOnSystemQueueForTesting ? "on the system's queue" : "on the caller's thread"
    }

    /// The launch and expiration handlers are plain closures, as the SDK declares them:
    /// these capture a non-`Sendable` tally, which compiles only against such
    /// parameters. A handler registered before launch finished runs afterwards; the
    /// expiration handler is cleared once it ran.
    @Test func handlersAreTheSDKsPlainClosures() throws {
        let scheduler = BGTaskScheduler.makeForTesting(permittedIdentifiers: ["app.refresh"])
        let tally = Tally()
        #expect(scheduler.register(forTaskWithIdentifier: "app.refresh", using: nil) { task in
            tally.events.append("launched \(task.identifier) \(Self.where)")
            task.expirationHandler = { tally.events.append("expired \(Self.where)") }
        })
        scheduler.finishLaunchingForTesting()

        let task = try #require(scheduler.launchForTesting(identifier: "app.refresh"))
        task.expireForTesting()
        task.expireForTesting()

        #expect(tally.events == ["launched app.refresh on the system's queue", "expired on the system's queue"])
        #expect(task.expirationHandler == nil)
    }
}

/// A class of the app's own: not a property-list type.
final class AppOwnObject: NSObject {}

/// Not `Sendable`: what a plain closure may capture and a `@Sendable` one may not.
final class Tally {
    var events: [String] = []
}
#endif
