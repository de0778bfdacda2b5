import Foundation
import Herald

/// The user's devices on one timeline: an iPhone, a Watch paired with it, a Mac, an
/// iPad, each a ``SimulatedDevice`` with its own center, app lifecycle and store, and
/// the app's channel between them (``HouseholdSync``).
///
/// The household reproduces what the platform does across devices, with the stricter
/// reading where Apple's documentation and field reports disagree:
///
/// - **Forwarding.** A notification the iPhone's app scheduled alerts on the iPhone
///   when its app is in the foreground, or the user is using the unlocked iPhone;
///   otherwise on the paired Watch when it is worn; otherwise on the iPhone. A
///   forwarded one still lands in the iPhone's list (and badge) without alerting there.
///   One the Watch's app scheduled alerts on the Watch only, when it is worn. An iPad
///   and a Mac alert for what they scheduled. (``HouseholdUser`` is where the user is.)
/// - **Both schedule one identifier.** Both copies alert unless
///   ``HouseholdSync/WatchDedupe/works``, which merges the Watch's copy into the
///   iPhone's copy delivered within 13 seconds of it.
/// - **Answers on the Watch** (``answerOnWatch(_:to:action:text:)``): a dismissal there
///   dismisses the iPhone's copy; a background action is handled by the iPhone's app; a
///   tap or a foreground action opens the Watch's app.
/// - **The channel.** After every step, what each running app has to send
///   (``SyncingApp``) leaves for the other devices and arrives after the latency. An app
///   in the foreground hears it at once; with CloudKit a suspended or stopped one is
///   woken by a background push while its hour's budget lasts, never after the user
///   force-quit it; otherwise the records wait for the app's next run (a launch, the
///   user's return, a background refresh, a response). WatchConnectivity joins only a
///   Watch and its iPhone and wakes nothing.
///
/// Move time through the household, never through a device, so every device stands at
/// the same instant; act on a device through ``on(_:_:)``:
///
/// ```swift
/// let household = SimulatedHousehold(start: start, timeZone: berlin)
/// try await household.add(HouseholdMember(id: "phone", kind: .iPhone), device: phone)
/// try await household.add(HouseholdMember(id: "watch", kind: .watch, pairedWith: "phone"), device: watch)
/// await household.setUser(HouseholdUser(using: nil, phoneLocked: true, watchWorn: true))
///
/// try await household.on("phone") { try await $0.launch(into: .background) }
/// await household.advance(to: nineOClock)
/// await household.alertingDevices(for: "water-0900")   // ["watch"]: forwarded
/// ```
public actor SimulatedHousehold {
    /// The channel between the app's instances, and how a Watch treats duplicates.
    public nonisolated let sync: HouseholdSync
    /// The zone the household's clocks start in.
    public nonisolated let timeZone: TimeZone
    /// The instant every device stands at.
    public private(set) var now: Date
    /// Where the user is.
    public private(set) var user: HouseholdUser
    /// The devices, in the order added.
    public private(set) var members: [HouseholdMember] = []
    /// Deliveries (where each alerted) and the records' travels, in order of time.
    public var events: [HouseholdEvent] {
        log.enumerated().sorted { ($0.element.date, $0.offset) < ($1.element.date, $1.offset) }.map(\.element)
    }

    var devices: [String: SimulatedDevice] = [:]
    var log: [HouseholdEvent] = []
    /// Records on their way: when they arrive, where, from where.
    var inFlight: [Transfer] = []
    /// Records that arrived while their app could not run, by device.
    var held: [String: [HeraldSync.Record]] = [:]
    var heldFrom: [String: Set<String>] = [:]
    /// The background pushes that woke each device's app.
    var pushes: [String: [Date]] = [:]
    /// How many of each device's presented notifications were already routed.
    var routed: [String: Int] = [:]
    /// The copies each Watch shows for its iPhone, by identifier.
    var forwarded: [String: [String: (phone: String, presented: PresentedNotification)]] = [:]

    struct Transfer {
        var arrival: Date
        var from: String
        var to: String
        var records: [HeraldSync.Record]
    }

    /// A household at `start` with no devices yet (``add(_:device:)``).
    public init(start: Date, timeZone: TimeZone, sync: HouseholdSync = HouseholdSync(), user: HouseholdUser = HouseholdUser()) {
        self.now = start
        self.timeZone = timeZone
        self.sync = sync
        self.user = user
    }

    /// A fresh clock at the household's time and zone, for a device's center.
    public func makeClock() -> VirtualClock {
        VirtualClock(now: now, timeZone: timeZone)
    }

    /// Adds a device, its app not running.
    ///
    /// - Throws: ``HouseholdError`` when the identifier is taken, the device's clock
    ///   does not stand at ``now``, or a Watch names no iPhone of the household.
    public func add(_ member: HouseholdMember, device: SimulatedDevice) throws {
        guard devices[member.id] == nil else {
            throw HouseholdError(code: .duplicateDevice, message: "the household already has a device \"\(member.id)\"")
        }
        guard device.clock.now == now else {
            throw HouseholdError(code: .clockMismatch, message: "device \"\(member.id)\"'s clock stands at \(device.clock.now.formatted(.iso8601)), the household at \(now.formatted(.iso8601)): make its clock with makeClock()")
        }
        if member.kind == .watch, let phone = member.pairedWith,
           members.first(where: { $0.id == phone })?.kind != .iPhone {
            throw HouseholdError(code: .invalidPairing, message: "watch \"\(member.id)\" is paired with \"\(phone)\", which is not an iPhone of the household: add the iPhone first")
        }
        members.append(member)
        devices[member.id] = device
    }

    /// The device with this identifier.
    ///
    /// - Throws: ``HouseholdError/Code/unknownDevice``.
    public func device(_ id: String) throws -> SimulatedDevice {
        guard let device = devices[id] else {
            throw HouseholdError(code: .unknownDevice, message: "no device \"\(id)\" in the household (it has \(members.map(\.id).joined(separator: ", ")))")
        }
        return device
    }

    /// The user moves: another device in use, the iPhone locked or not, the Watch on
    /// the wrist or not. It decides where later deliveries alert.
    public func setUser(_ user: HouseholdUser) {
        self.user = user
    }

    /// Acts on one device (a launch, a tap, a completion through the app, a background
    /// refresh, a force-quit), then carries what follows across the household: records
    /// that waited for that app's next run are heard, and what any running app has to
    /// send leaves.
    ///
    /// ```swift
    /// try await household.on("watch") { try await $0.choose(action: "done", on: "water-0900") }
    /// ```
    ///
    /// Do not move time in `action`: move it with ``advance(to:)``.
    @discardableResult
    public func on(_ id: String, _ action: @Sendable (SimulatedDevice) async throws -> UserActionOutcome) async throws -> UserActionOutcome {
        let device = try device(id)
        let outcome = try await action(device)
        await settle(after: outcome, on: id)
        return outcome
    }

    /// The user does something in the app's own interface on a device (a completion, a
    /// pause): `body` runs against the app, which must be running; then, as after
    /// ``on(_:_:)``, records waiting for it are heard and what it made leaves.
    ///
    /// ```swift
    /// try await household.on("watch") { try await $0.launch() }
    /// try await household.inApp("watch") { app in try await (app as! HostedApp).engine.completed(water) }
    /// ```
    ///
    /// - Throws: ``HouseholdError/Code/appNotRunning`` when the app has no process.
    public func inApp(_ id: String, _ body: @Sendable (any SimulatedApp) async throws -> Void) async throws {
        let device = try device(id)
        guard let app = await device.app else {
            throw HouseholdError(code: .appNotRunning, message: "the app on \"\(id)\" is not running: launch it first (household.on(\"\(id)\") { try await $0.launch() })")
        }
        await hearHeld(on: id)
        try await body(app)
        await routeDeliveries()
        await sendOutgoing()
    }

    /// Moves every device to `date`, stopping wherever records arrive so that each
    /// device hears them at their instant.
    public func advance(to date: Date) async {
        while true {
            let stop = min(inFlight.map(\.arrival).min() ?? date, date)
            for member in members {
                _ = await devices[member.id]?.advance(to: stop)
            }
            now = max(now, stop)
            await routeDeliveries()
            await deliverArrivals()
            await sendOutgoing()
            if stop >= date, !inFlight.contains(where: { $0.arrival <= date }) { break }
        }
    }

    /// Moves every device forward by `interval` seconds.
    public func advance(by interval: TimeInterval) async {
        await advance(to: now.addingTimeInterval(interval))
    }

    /// The devices on which the notification with this identifier alerted, in order.
    public func alertingDevices(for identifier: String) -> [String] {
        events.filter { $0.deliveredIdentifier == identifier && $0.alerted }.map(\.device)
    }

    /// What follows a step on `id`: deliveries it caused are routed, records waiting
    /// for its app are heard if it ran, and every running app sends.
    func settle(after outcome: UserActionOutcome, on id: String) async {
        await routeDeliveries()
        if outcome.stateAfter != .notRunning,
           outcome.stateAfter == .foreground || outcome.events.contains(where: \.appRan) {
            await hearHeld(on: id)
        }
        await sendOutgoing()
    }
}

extension DeviceEvent {
    /// Whether the app ran for it: records waiting for its next run are heard.
    var appRan: Bool {
        switch kind {
        case .launched, .becameActive, .responded, .backgroundRefresh, .region, .timeChanged: true
        default: false
        }
    }
}

// MARK: For a runner that moves each device itself (a scenario of several devices)

extension SimulatedHousehold {
    /// When the next records on their way arrive, if any are.
    package var nextArrival: Date? { inFlight.map(\.arrival).min() }

    /// Every device stands at `date` (the runner moved each there): route what they
    /// delivered, hand over the records due, and send what the running apps made.
    package func synchronize(at date: Date) async {
        now = max(now, date)
        await routeDeliveries()
        await deliverArrivals()
        await sendOutgoing()
    }

    /// Something happened on device `id` (its events from `firstEvent` on): as after
    /// ``on(_:_:)``.
    package func settle(on id: String, since firstEvent: Int) async {
        guard let device = devices[id] else { return }
        let events = await device.events
        let state = await device.appState
        let ran = state == .foreground || events.dropFirst(firstEvent).contains(where: \.appRan)
        await routeDeliveries()
        if state != .notRunning, ran { await hearHeld(on: id) }
        await sendOutgoing()
    }
}
