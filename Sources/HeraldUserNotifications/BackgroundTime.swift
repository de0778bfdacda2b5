import Foundation
#if canImport(UIKit) && !os(watchOS)
import UIKit
#endif

/// Keeps the app running while work that must finish runs in the background: on iOS, a
/// background task assertion (`UIApplication.beginBackgroundTask`), begun before the
/// work and ended after it, or when the system says the time is up.
///
/// A region crossing relaunches or wakes the app for about ten seconds; reporting the
/// waypoint to Herald (a store transaction and a run) must not be cut short, so
/// ``RegionMonitor`` runs each crossing inside one.
///
/// ```swift
/// await BackgroundTime.system.perform("herald.region") {
///     try? await engine.positionChanged(centre)
/// }
/// ```
public struct BackgroundTime: Sendable {
    private let body: @Sendable (String, @escaping @Sendable () async -> Void) async -> Void

    /// Time kept by `body`, which must run the work it is given, once.
    public init(_ body: @escaping @Sendable (_ name: String, _ work: @escaping @Sendable () async -> Void) async -> Void) {
        self.body = body
    }

    /// Runs `work` with the app kept running until it ends.
    public func perform(_ name: String, _ work: @escaping @Sendable () async -> Void) async {
        await body(name, work)
    }

    /// No assertion: the work runs as it is (for platforms that do not suspend the app).
    public static let none = BackgroundTime { _, work in await work() }

    #if canImport(UIKit) && !os(watchOS)
    /// A `UIApplication` background task around the work; ended once, by the work's end
    /// or by the system's expiration handler, whichever comes first.
    public static let system = BackgroundTime { name, work in
        let ended = EndOnce()
        let identifier = await MainActor.run {
            // Set before the main actor is free, so the expiration handler (on the main
            // actor too) always finds it.
            let identifier = UIApplication.shared.beginBackgroundTask(withName: name) {
                if ended.claim() { UIApplication.shared.endBackgroundTask(ended.identifier) }
            }
            ended.identifier = identifier
            return identifier
        }
        await work()
        if ended.claim() {
            await MainActor.run { UIApplication.shared.endBackgroundTask(identifier) }
        }
    }

    /// Ends a background task once, whoever asks first.
    private final class EndOnce: @unchecked Sendable {
        // @unchecked: both fields are guarded by `lock`.
        private let lock = NSLock()
        private var done = false
        private var storedIdentifier = UIBackgroundTaskIdentifier.invalid

        var identifier: UIBackgroundTaskIdentifier {
            get { lock.withLock { storedIdentifier } }
            set { lock.withLock { storedIdentifier = newValue } }
        }

        func claim() -> Bool {
            lock.withLock {
                defer { done = true }
                return !done
            }
        }
    }
    #else
    /// Where the app is not suspended in the background (macOS, Linux): ``none``.
    public static let system = BackgroundTime.none
    #endif
}
