import Foundation
import Herald

/// Values the ``EngineStoreConformance`` checks commit: a few entities, days and
/// identifiers, responses, and a seeded generator of random batches.
enum EngineStoreSamples {
    /// 2026-11-21 08:00:00.25 UTC: an instant with a fraction of a second.
    static let start = Date(timeIntervalSince1970: 1_795_248_000.25)
    static let day = LocalDate(year: 2026, month: 11, day: 21)

    static let water = EntityReference(namespace: "habit", id: "water")
    static let run = EntityReference(namespace: "habit", id: "run")
    /// Text that a string form or a careless encoding would mangle.
    static let reading = EntityReference(namespace: "goal", id: "read: 📚 100% «books» 'n \"quotes\"\nnew line")
    static let entities = [water, run, reading, EntityReference(namespace: "game", id: "chess")]

    static func identifier(
        _ entity: EntityReference, rule: String = "morning", day: LocalDate = day, hour: Int = 9,
        kind: NotificationKind = .reminder
    ) -> NotificationIdentifier {
        NotificationIdentifier(
            entity: entity, rule: rule,
            occurrence: OccurrenceKey(LocalDateTime(date: day, time: LocalTime(hour: hour))), kind: kind
        )
    }

    /// A response to `identifier`, delivered at `delivered`.
    static func response(
        to identifier: NotificationIdentifier, deliveredAt delivered: Date,
        action: String = NotificationResponse.defaultActionIdentifier, userText: String? = nil
    ) -> NotificationResponse {
        var content = NotificationContent(title: "Drink water", body: "Second glass", badge: 2, categoryIdentifier: "habit")
        content.userInfo = ["herald": ["entity": .string(identifier.entity.id)], "streak": 12, "rich": true]
        let trigger = CalendarTrigger(
            at: LocalDateTime(date: day, time: LocalTime(hour: 9)), timeZone: TimeZone(identifier: "Europe/Berlin")
        )
        let request = NotificationRequest(
            identifier: identifier.description, content: content, trigger: .calendar(trigger)
        )
        return NotificationResponse(
            notification: DeliveredNotification(request: request, date: delivered), actionIdentifier: action,
            userText: userText
        )
    }

    /// An event of `entity` posted at ``start``, firing `delay` seconds later.
    static func postedEvent(_ entity: EntityReference, delay: TimeInterval, token: String = "t1") -> PostedEvent {
        var content = NotificationContent(title: "Unlocked 🎉", body: "30-day streak", categoryIdentifier: "achievement")
        content.userInfo = ["level": 3, "tags": ["gold", .null]]
        return PostedEvent(
            identifier: NotificationIdentifier(
                entity: entity, rule: "unlocked", occurrence: OccurrenceKey(rawValue: token), kind: .event),
            content: content, fireDate: start.addingTimeInterval(delay), postedAt: start)
    }

    /// A route of three waypoints in Berlin, with text a careless encoding would mangle.
    static let route = try! RouteSession(
        id: "old-town: «walk»", name: "Old Town 🚶",
        waypoints: [
            Waypoint(id: "gate", name: "Brandenburger Tor", coordinate: Coordinate(latitude: 52.516_275, longitude: 13.377_704)),
            Waypoint(id: "fountain", name: "Neptunbrunnen", coordinate: Coordinate(latitude: 52.519_2, longitude: 13.404_1)),
            Waypoint(id: "tower", name: "Fernsehturm", coordinate: Coordinate(latitude: -52.520_8, longitude: -13.409_4)),
        ],
        proximityThreshold: 30.5, messages: RouteMessages(spotTitle: "📍 {name}", completionTitle: "🎉 \"{route}\""))

    /// Two sessions of ``route``, started a fraction of a second apart.
    static let routeSessions = [
        RouteSessionState(session: route, startedAt: start),
        RouteSessionState(session: route, startedAt: start.addingTimeInterval(0.5)),
    ]

    static func routeCompletion(at date: Date) -> RouteCompletion {
        RouteCompletion(date: date, summary: RouteSummary(
            sessionID: route.id, visitedCount: 3, totalWaypoints: 3, distance: 1234.567_891, duration: 3600.25),
            outcome: .suppressed(.notAuthorized(.denied)))
    }

    static func queued(_ response: NotificationResponse, at date: Date, sequence: Int) -> QueuedResponse {
        QueuedResponse(response: response, receivedAt: date, sequence: sequence)
    }

    // MARK: - Random batches

    /// Draws batches of changes from small pools, so that changes collide: the same
    /// completion recorded twice, a response handled then queued again, a prune that
    /// drops some of what came before.
    struct RandomBatches {
        var generator: SeededGenerator
        private let days = (0..<5).map { EngineStoreSamples.day.adding(days: -$0) }
        private let responses: [NotificationResponse]
        /// The records ``syncChange()`` draws from, made at its first draw.
        private var syncPool: [HeraldSync.Record] = []

        init(seed: UInt64) {
            generator = SeededGenerator(seed: seed)
            responses = EngineStoreSamples.entities.prefix(3).flatMap { entity in
                ["com.apple.UNNotificationDefaultActionIdentifier", "done", "note"].map { action in
                    EngineStoreSamples.response(
                        to: EngineStoreSamples.identifier(entity), deliveredAt: EngineStoreSamples.start,
                        action: action, userText: action == "note" ? "felt great 💪" : nil
                    )
                }
            }
        }

        mutating func nextBatch() -> [EngineStateChange] {
            (0..<Int.random(in: 1...6, using: &generator)).map { _ in nextChange() }
        }

        mutating func nextChange() -> EngineStateChange {
            switch Int.random(in: 0..<100, using: &generator) {
            case 0..<12: .recordCompletion(Completion(entity: entity(), day: localDay(), date: date()))
            case 12..<17: .removeCompletion(entity(), localDay())
            case 17..<21: .pause(entity())
            case 21..<25: .resume(entity())
            case 25..<27: .forget(entity())
            case 27..<32: .deferDay(EntityDay(entity(), localDay()))
            case 32..<38: .snooze(SnoozeRecord(original: identifier(), until: date()))
            case 38..<41: .removeSnooze(original: identifier())
            case 41..<48: .acknowledge(identifier(), at: date())
            case 48..<62: .recordFired(FiredRecord(identifier: identifier(), date: date()))
            case 62..<71:
                .enqueueResponse(
                    EngineStoreSamples.queued(
                        responses.randomElement(using: &generator)!, at: date(),
                        sequence: Int.random(in: 1...30, using: &generator)
                    )
                )
            case 71..<77: .markResponseHandled(id: responses.randomElement(using: &generator)!.responseID, at: date())
            case 77..<84: .setSmartTiming(key: key(), smartTiming())
            case 84..<87: .setSetting(key: key(), Bool.random(using: &generator) ? json(depth: 0) : nil)
            case 87..<89:
                Bool.random(using: &generator) ? EngineStoreSamples.featureChanges.randomElement(using: &generator)!.set
                    : EngineStoreSamples.featureChanges.randomElement(using: &generator)!.clear
            case 89..<92:
                .postEvent(EngineStoreSamples.postedEvent(
                    entity(), delay: Double.random(in: -5 * 86_400...86_400, using: &generator),
                    token: ["t1", "t2"].randomElement(using: &generator)!))
            case 92..<94: .recordDeletion(entity(), at: date())
            case 94..<97: routeChange()
            case 97..<99: syncChange()
            default: .prune(before: date())
            }
        }

        /// A change to one of two sessions of the sample route: colliding starts,
        /// visits of waypoints reached already, completions of a stopped session.
        private mutating func routeChange() -> EngineStateChange {
            let session = EngineStoreSamples.routeSessions.randomElement(using: &generator)!
            let waypoint = EngineStoreSamples.route.waypoints.randomElement(using: &generator)!.id
            switch Int.random(in: 0..<10, using: &generator) {
            case 0, 1: return .startRoute(session)
            case 2: return .stopRoute
            case 3, 4, 5: return .recordRouteVisit(session: session.sessionKey, RouteVisit(
                waypointID: waypoint, date: date(), outcome: Bool.random(using: &generator) ? .sent : .suppressed(.notificationsOff)))
            case 6, 7: return .completeRoute(session: session.sessionKey, EngineStoreSamples.routeCompletion(at: date()))
            case 8: return .acknowledgeRouteCompletion(session: session.sessionKey, at: date())
            default: return .recordRouteDelivered(session: session.sessionKey, session.spotIdentifier(waypoint))
            }
        }

        /// A change to the sync's log, about a pool of records of four kinds from three
        /// devices (some about the same subject at different instants): queued,
        /// received or marked sent.
        private mutating func syncChange() -> EngineStateChange {
            if syncPool.isEmpty {
                syncPool = (0..<8).map { _ in
                    let device = ["phone", "watch", "mac «home»"].randomElement(using: &generator)!
                    let change: HeraldSync.Record.Change = switch Int.random(in: 0..<4, using: &generator) {
                    case 0: .completed(Completion(entity: entity(), day: localDay(), date: date()))
                    case 1: .paused(entity())
                    case 2: .answered(identifier())
                    default: .deleted(entity())
                    }
                    return HeraldSync.Record(device: device, instant: date(), change: change)
                }
            }
            let record = syncPool.randomElement(using: &generator)!
            switch Int.random(in: 0..<5, using: &generator) {
            case 0, 1: return .queueSyncRecord(record)
            case 2, 3: return .receiveSyncRecord(record)
            default: return .removeSyncRecords([record.id])
            }
        }

        private mutating func entity() -> EntityReference {
            EngineStoreSamples.entities.randomElement(using: &generator)!
        }

        private mutating func localDay() -> LocalDate { days.randomElement(using: &generator)! }

        private mutating func identifier() -> NotificationIdentifier {
            EngineStoreSamples.identifier(
                entity(), rule: ["morning", "evening"].randomElement(using: &generator)!, day: localDay(),
                kind: [.reminder, .followUp, .snooze, .event].randomElement(using: &generator)!
            )
        }

        /// An instant within five days of ``EngineStoreSamples/start``, to the nanosecond.
        private mutating func date() -> Date {
            EngineStoreSamples.start.addingTimeInterval(Double.random(in: -5 * 86_400...86_400, using: &generator))
        }

        private mutating func key() -> String {
            ["habit/water", "habit/run", "reminders.enabled"].randomElement(using: &generator)!
        }

        private mutating func smartTiming() -> SmartTimingState? {
            switch Int.random(in: 0..<4, using: &generator) {
            case 0: nil
            case 1: SmartTimingState(suggestion: nil, windowStartHour: nil, computedAt: date())
            default:
                SmartTimingState(
                    suggestion: LocalTime(
                        hour: Int.random(in: 0...23, using: &generator), minute: Int.random(in: 0...59, using: &generator),
                        second: Int.random(in: 0...59, using: &generator)
                    ),
                    windowStartHour: Int.random(in: 0...22, using: &generator), computedAt: date()
                )
            }
        }

        private mutating func json(depth: Int) -> JSONValue {
            switch Int.random(in: 0..<(depth < 2 ? 8 : 5), using: &generator) {
            case 0: .null
            case 1: .bool(Bool.random(using: &generator))
            case 2: .number(Double(Int.random(in: -1000...1000, using: &generator)))
            case 3: .number(Double.random(in: -1e6...1e6, using: &generator))
            case 4: .string(["", "on", "true", "1", "ünï 🎉", "a\"b\\c"].randomElement(using: &generator)!)
            case 5, 6:
                .array((0..<Int.random(in: 0...3, using: &generator)).map { _ in json(depth: depth + 1) })
            default:
                .object(
                    Dictionary(
                        (0..<Int.random(in: 0...3, using: &generator)).map { ("k\($0)", json(depth: depth + 1)) },
                        uniquingKeysWith: { $1 }
                    )
                )
            }
        }
    }

    // MARK: - Kinds

    /// The name of a change's kind. The switch is exhaustive on purpose: a new kind of
    /// change does not compile here until ``EngineStoreProbe/readsItsWrites()`` covers it.
    static func kindName(_ change: EngineStateChange) -> String {
        switch change {
        case .recordCompletion: "recordCompletion"
        case .removeCompletion: "removeCompletion"
        case .pause: "pause"
        case .resume: "resume"
        case .forget: "forget"
        case .deferDay: "deferDay"
        case .snooze: "snooze"
        case .removeSnooze: "removeSnooze"
        case .acknowledge: "acknowledge"
        case .recordFired: "recordFired"
        case .enqueueResponse: "enqueueResponse"
        case .markResponseHandled: "markResponseHandled"
        case .setSmartTiming: "setSmartTiming"
        case .setSetting: "setSetting"
        case .postEvent: "postEvent"
        case .recordDeletion: "recordDeletion"
        case .prune: "prune"
        case .startRoute: "startRoute"
        case .stopRoute: "stopRoute"
        case .recordRouteVisit: "recordRouteVisit"
        case .completeRoute: "completeRoute"
        case .recordRouteDelivered: "recordRouteDelivered"
        case .acknowledgeRouteCompletion: "acknowledgeRouteCompletion"
        case .setHomeZone: "setHomeZone"
        case .setTrip: "setTrip"
        case .setScheduledAlarms: "setScheduledAlarms"
        case .setArmedLocations: "setArmedLocations"
        case .setLocationAccess: "setLocationAccess"
        case .setRouteNotifications: "setRouteNotifications"
        case .setPosition: "setPosition"
        case .queueSyncRecord: "queueSyncRecord"
        case .receiveSyncRecord: "receiveSyncRecord"
        case .removeSyncRecords: "removeSyncRecords"
        }
    }

    static let allKindNames: Set<String> = [
        "recordCompletion", "removeCompletion", "pause", "resume", "forget", "deferDay", "snooze", "removeSnooze",
        "acknowledge", "recordFired", "enqueueResponse", "markResponseHandled", "setSmartTiming", "setSetting", "prune",
        "postEvent", "recordDeletion", "startRoute", "stopRoute", "recordRouteVisit", "completeRoute",
        "recordRouteDelivered", "acknowledgeRouteCompletion", "setHomeZone", "setTrip", "setScheduledAlarms",
        "setArmedLocations", "setLocationAccess", "setRouteNotifications", "setPosition", "queueSyncRecord",
        "receiveSyncRecord", "removeSyncRecords",
    ]

    /// A short description of a batch for failure messages: `[pause, snooze, prune]`.
    static func summary(_ changes: [EngineStateChange]) -> String {
        let names = changes.prefix(8).map(kindName).joined(separator: ", ")
        return changes.count > 8 ? "[\(names), … \(changes.count) changes]" : "[\(names)]"
    }
}
