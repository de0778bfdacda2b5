import Foundation
import Herald

/// The platform's time signals, read from a Foundation `NotificationCenter`:
///
/// | notification | `TimeChange` |
/// |---|---|
/// | `NSCalendarDayChanged` (a local midnight passed) | `.dayChanged` |
/// | `NSSystemTimeZoneDidChange` | `.timeZoneChanged` |
/// | `NSSystemClockDidChange` (the clock was set) | `.clockChanged` |
/// | `UIApplication.significantTimeChangeNotification` (midnight, clock set, DST) | `.clockChanged` |
///
/// Before a zone change is passed on, the process's cached system zone is reset
/// (`NSTimeZone.resetSystemTimeZone()`), so the re-plan it causes reads the new zone
/// (`TimeZone.current` keeps the old one until then).
///
/// At midnight both the day change and the significant time change arrive; the engine
/// coalesces the runs they ask for. iOS does not wake a suspended app for any of them:
/// the app hears of them when it next runs, and re-plans then as well
/// (`Engine.becameActive()`).
///
/// ```swift
/// let signals = FoundationTimeSignals()                  // NotificationCenter.default
/// for await change in signals.timeChanges() { await engine.timeChanged(change) }
/// ```
public struct FoundationTimeSignals: TimeSignalSource {
    /// The notification names observed, and the change each stands for.
    public static let changes: [Notification.Name: TimeChange] = [
        Notification.Name("NSCalendarDayChangedNotification"): .dayChanged,
        Notification.Name("NSSystemTimeZoneDidChangeNotification"): .timeZoneChanged,
        Notification.Name("NSSystemClockDidChangeNotification"): .clockChanged,
        Notification.Name("UIApplicationSignificantTimeChangeNotification"): .clockChanged,
    ]

    private let center: Observed
    private let resetSystemTimeZone: @Sendable () -> Void

    /// - Parameters:
    ///   - notificationCenter: where the signals are posted; the process's default
    ///     center on a device, a private one in tests.
    ///   - resetSystemTimeZone: drops the process's cached system zone; Foundation's
    ///     `NSTimeZone.resetSystemTimeZone()` unless a test watches it.
    public init(notificationCenter: Foundation.NotificationCenter = .default,
                resetSystemTimeZone: @escaping @Sendable () -> Void = { NSTimeZone.resetSystemTimeZone() }) {
        center = Observed(center: notificationCenter)
        self.resetSystemTimeZone = resetSystemTimeZone
    }

    public func timeChanges() -> AsyncStream<TimeChange> {
        let (stream, continuation) = AsyncStream.makeStream(of: TimeChange.self)
        let observers = ObserverTokens(center: center.center)
        let reset = resetSystemTimeZone
        for (name, change) in Self.changes {
            observers.add(center.center.addObserver(forName: name, object: nil, queue: nil) { _ in
                if change == .timeZoneChanged { reset() }
                continuation.yield(change)
            })
        }
        continuation.onTermination = { _ in observers.removeAll() }
        return stream
    }

    /// Foundation's notification center is documented as thread-safe but not marked
    /// `Sendable` everywhere; it is only used to add and remove observers.
    private struct Observed: @unchecked Sendable {
        let center: Foundation.NotificationCenter
    }
}

/// The observers one stream added, removed when the stream ends. Behind a lock: the
/// stream may end on any thread.
private final class ObserverTokens: @unchecked Sendable {
    private let lock = NSLock()
    private let center: Foundation.NotificationCenter
    private var tokens: [any NSObjectProtocol] = []

    init(center: Foundation.NotificationCenter) {
        self.center = center
    }

    func add(_ token: any NSObjectProtocol) {
        lock.withLock { tokens.append(token) }
    }

    func removeAll() {
        let removed = lock.withLock {
            defer { tokens = [] }
            return tokens
        }
        removed.forEach(center.removeObserver)
    }
}
