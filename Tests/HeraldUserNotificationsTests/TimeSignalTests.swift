import Foundation
import Herald
import HeraldUserNotifications
import Testing
#if !canImport(UserNotifications)
@_spi(Testing) import UserNotificationsShim

struct TimeSignalTests {
    @Test func eachPlatformNotificationBecomesItsTimeChange() async throws {
        // Given the signals of a private notification center
        let notifications = Foundation.NotificationCenter()
        let signals = FoundationTimeSignals(notificationCenter: notifications)
        var changes = signals.timeChanges().makeAsyncIterator()

        // When the platform posts each notification
        for name in ["NSCalendarDayChangedNotification", "NSSystemTimeZoneDidChangeNotification",
                     "NSSystemClockDidChangeNotification", "UIApplicationSignificantTimeChangeNotification"] {
            notifications.post(name: Notification.Name(name), object: nil)
        }
        notifications.post(name: Notification.Name("SomethingElse"), object: nil)

        // Then each arrives as its change, in order
        var received: [TimeChange] = []
        for _ in 0..<4 { received.append(try #require(await changes.next())) }
        #expect(received == [.dayChanged, .timeZoneChanged, .clockChanged, .clockChanged])
    }

    @Test func eachSignalReachesTheEngineAsItsReason() async throws {
        // Given an engine and the forwarder over a private notification center's signals
        let engine = try await makeEngine(platform: makePlatformCenter())
        let notifications = Foundation.NotificationCenter()
        let signals = StartedSignals(stream: FoundationTimeSignals(notificationCenter: notifications).timeChanges())
        let forwarder = TimeSignalForwarder(host: AppHost(engine: engine), source: signals)
        let (reports, reported) = AsyncStream.makeStream(of: [EngineEvent].self)
        await engine.observeReports { report in reported.yield(report.reasons) }

        // When midnight passes, the zone changes and the clock is set
        for name in ["NSCalendarDayChangedNotification", "NSSystemTimeZoneDidChangeNotification",
                     "NSSystemClockDidChangeNotification"] {
            notifications.post(name: Notification.Name(name), object: nil)
        }
        let forwarding = Task { await forwarder.run() }
        var reasons: [[EngineEvent]] = []
        for await next in reports {
            reasons.append(next)
            if reasons.count == 3 { break }
        }
        forwarding.cancel()

        // Then the engine re-planned for each, in order, with the matching reason
        #expect(reasons == [[.timeChanged(.dayChanged)], [.timeChanged(.timeZoneChanged)], [.timeChanged(.clockChanged)]])
    }

    @Test func theSystemClockReadsTheDevicesZone() {
        #expect(SystemClock().timeZone == TimeZone.current)
        #expect(abs(SystemClock().now.timeIntervalSinceNow) < 5)
    }
}

/// A source whose stream was started (and its observers installed) before the test
/// posts anything.
struct StartedSignals: TimeSignalSource {
    let stream: AsyncStream<TimeChange>
    func timeChanges() -> AsyncStream<TimeChange> { stream }
}
#endif
