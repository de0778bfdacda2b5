#if !canImport(CoreLocation)
import Foundation
import Synchronization

/// Linux stand-in for `CLCondition`: what a ``CLMonitor`` watches.
public protocol CLCondition: Sendable {}

/// Linux stand-in for `CLMonitoringState`.
public enum CLMonitoringState: UInt, Sendable {
    case unknown = 0, satisfied = 1, unsatisfied = 2, unmonitored = 3
}

/// Linux stand-in for Core Location's `CLMonitor` (iOS 17, macOS 14), with the SDK's
/// shape and the platform's rules where Herald depends on them:
/// - conditions are kept under the monitor's name, by the system: a monitor made again
///   with the same name (after a relaunch) finds them, with their last event;
/// - a monitor made with a name whose conditions have a known state re-emits that state
///   on ``events`` (a new process hears "inside" again for a region it was inside, and
///   for one it entered while it was not running);
/// - a condition added with an assumed state that differs from what the system knows
///   (the device is inside already) emits the known state at once;
/// - a crossing while the app is in the background is emitted only while the app holds
///   a ``CLServiceSession`` with `.always` and has Always authorization; in the
///   foreground, when-in-use is enough. A crossing not emitted is known to the system
///   (re-emitted by the next monitor made with the name).
///
/// Tests play the device with ``crossForTesting(_:inside:inBackground:)``.
// `CLMonitor` exists on iOS, Mac Catalyst and macOS; `CLServiceSession` on iOS and Mac
// Catalyst, not macOS: each is left out under the other platforms' shim flags.
#if !HERALD_SHIM_WATCHOS && !HERALD_SHIM_VISIONOS
public actor CLMonitor {
    /// Linux stand-in for `CLMonitor.CircularGeographicCondition`.
    public struct CircularGeographicCondition: CLCondition {
        private let latitude: Double
        private let longitude: Double
        public let radius: Double

        public init(center: CLLocationCoordinate2D, radius: Double) {
            latitude = center.latitude
            longitude = center.longitude
            self.radius = radius
        }

        public var center: CLLocationCoordinate2D { CLLocationCoordinate2D(latitude: latitude, longitude: longitude) }
    }

    /// Linux stand-in for `CLMonitor.Event`.
    public struct Event: Sendable {
        public typealias State = CLMonitoringState
        public let identifier: String
        public let state: State
        public let date: Date
    }

    /// Linux stand-in for `CLMonitor.Record`: a condition and its last event.
    public struct Record: Sendable {
        public let condition: any CLCondition
        public let lastEvent: Event
    }

    /// Linux stand-in for `CLMonitor.Events`: the monitor's events, in order.
    public struct Events: AsyncSequence, Sendable {
        public typealias Element = Event
        let stream: AsyncStream<Event>

        public struct Iterator: AsyncIteratorProtocol {
            var base: AsyncStream<Event>.Iterator
            public mutating func next() async throws -> Event? { await base.next() }
        }

        public func makeAsyncIterator() -> Iterator { Iterator(base: stream.makeAsyncIterator()) }
    }

    public let name: String
    public let events: Events
    private let continuation: AsyncStream<Event>.Continuation

    public init(_ name: String) async {
        self.name = name
        let (stream, continuation) = AsyncStream<Event>.makeStream()
        events = Events(stream: stream)
        self.continuation = continuation
        let reemitted = Self.system.withLock { system -> [Event] in
            system.listeners[name, default: []].append(continuation)
            return (system.conditions[name] ?? [:]).keys.sorted().compactMap { identifier in
                system.deviceInside[identifier].map {
                    Event(identifier: identifier, state: $0 ? .satisfied : .unsatisfied, date: system.now)
                }
            }
        }
        for event in reemitted { continuation.yield(event) }
    }

    deinit {
        continuation.finish()
    }

    /// The identifiers of the monitor's conditions.
    public var identifiers: [String] {
        Self.system.withLock { Array(($0.conditions[name] ?? [:]).keys).sorted() }
    }

    /// The condition kept under `identifier` and its last event.
    public func record(for identifier: String) -> Record? {
        Self.system.withLock { $0.conditions[name]?[identifier] }
    }

    /// Watches `condition` from state `.unknown` (adding an identifier again replaces it).
    public func add(_ condition: any CLCondition, identifier: String) {
        add(condition, identifier: identifier, assuming: .unknown)
    }

    /// Watches `condition`, assuming it is in `state`: when the system knows otherwise
    /// (the device is inside already), the known state is emitted at once.
    public func add(_ condition: any CLCondition, identifier: String, assuming state: Event.State) {
        let name = name
        let emitted = Self.system.withLock { system -> Event? in
            let known = system.deviceInside[identifier].map { $0 ? CLMonitoringState.satisfied : .unsatisfied }
            let event = Event(identifier: identifier, state: known ?? state, date: system.now)
            system.conditions[name, default: [:]][identifier] = Record(condition: condition, lastEvent: event)
            return known.flatMap { $0 != state ? event : nil }
        }
        if let emitted { Self.emit(emitted, to: name) }
    }

    /// Stops watching `identifier`.
    public func remove(_ identifier: String) {
        let name = name
        Self.system.withLock { _ = $0.conditions[name]?.removeValue(forKey: identifier) }
    }

    // MARK: The system

    /// What the system keeps for every monitor of the app, by monitor name.
    struct System {
        var conditions: [String: [String: Record]] = [:]
        var listeners: [String: [AsyncStream<Event>.Continuation]] = [:]
        /// Where the device is, per condition identifier (`nil`: never crossed).
        var deviceInside: [String: Bool] = [:]
        var now = Date(timeIntervalSince1970: 0)
    }

    static let system = Mutex(System())

    /// Yields `event` to every monitor made with `name` (one that is gone ignores it).
    static func emit(_ event: Event, to name: String) {
        let listeners = system.withLock { $0.listeners[name] ?? [] }
        for listener in listeners { listener.yield(event) }
    }
}

#endif

#if !HERALD_SHIM_MACOS
/// Linux stand-in for `CLServiceSession` (iOS 18): while one is held with `.always`,
/// monitors deliver their events to an app in the background.
/// A session ends when it is invalidated or released.
public final class CLServiceSession: Sendable {
    /// Linux stand-in for `CLServiceSession.AuthorizationRequirement`.
    public enum AuthorizationRequirement: Sendable {
        case none, whenInUse, always
    }

    private let authorization: AuthorizationRequirement
    private let valid = Mutex(true)

    public init(authorization: AuthorizationRequirement) {
        self.authorization = authorization
        if authorization == .always { CLServiceSession.held.withLock { $0 += 1 } }
    }

    deinit { invalidate() }

    /// Ends the session; again does nothing.
    public func invalidate() {
        let ending = valid.withLock { valid in
            defer { valid = false }
            return valid
        }
        if ending, authorization == .always { CLServiceSession.held.withLock { $0 -= 1 } }
    }

    /// How many `.always` sessions the app holds.
    static let held = Mutex(0)
}
#endif
#endif
