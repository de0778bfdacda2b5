import Foundation
import Synchronization
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

    /// The zone change is passed on only after the process's cached zone was reset, so
    /// the re-plan it causes reads the new zone; no other signal resets it.
    @Test func aZoneChangeResetsTheCachedSystemZoneFirst() async throws {
        let notifications = Foundation.NotificationCenter()
        let resets = ResetCount()
        let signals = FoundationTimeSignals(notificationCenter: notifications, resetSystemTimeZone: { resets.increment() })
        var changes = signals.timeChanges().makeAsyncIterator()

        notifications.post(name: Notification.Name("NSCalendarDayChangedNotification"), object: nil)
        #expect(try #require(await changes.next()) == .dayChanged)
        #expect(resets.count == 0)
        notifications.post(name: Notification.Name("NSSystemTimeZoneDidChangeNotification"), object: nil)
        #expect(try #require(await changes.next()) == .timeZoneChanged)
        #expect(resets.count == 1)
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
/// How many times the cached system zone was reset.
final class ResetCount: Sendable {
    private let value = Mutex(0)
    func increment() { value.withLock { $0 += 1 } }
    var count: Int { value.withLock { $0 } }
}
#endif
