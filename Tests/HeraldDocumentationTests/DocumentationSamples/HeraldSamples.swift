// The Swift samples of Herald's documentation catalog (Sources/Herald/Documentation.docc),
// each inside the context it needs: the documentation tests check that every sample
// there appears here verbatim, so this file compiling is the samples compiling.
import Foundation
import Herald
import HeraldSQLite
import Logging

/// What an app keeps about its habits, for the samples.
struct HabitStore: Sendable {
    struct StoredHabit: Sendable {
        var id: String
        var name: String
        var times: [LocalTime]
        var streak: Int
    }

    var habits: [StoredHabit] = []

    func activeHabits() throws -> [StoredHabit] { habits }

    func habit(_ id: String) throws -> StoredHabit {
        guard let habit = habits.first(where: { $0.id == id }) else { throw CocoaError(.fileNoSuchFile) }
        return habit
    }
}

/// ExplainingAnOccurrence.md
enum ExplainingAnOccurrenceSamples {
    static func overview(engine: Engine, logger: Logger) async {
        let water = EntityReference(namespace: "habit", id: "water")
        let story = await engine.explain(entity: water, rule: "sips", at: LocalDateTime(parsing: "2026-11-21T15:00")!)
        switch story.verdict {
        case .cut: logger.info("cut: \(story.events.last { $0.fact.isPlanDecision }!.fact)")
        case .notDelivered: logger.info("the system did not deliver it: \(story.events.last!.fact)")
        default: logger.info("\(story.verdict.rawValue)")
        }
    }

    static func sharedHistory(center: any Herald.NotificationCenter, source: any ReminderSource,
                              clock: any DeviceClock) -> Engine {
        let history = OccurrenceHistory(days: 14)
        let engine = Engine(center: center, source: source, clock: clock, history: history)
        return engine
    }
}

/// Herald.md
enum HeraldLandingPageSamples {
    static func overview(center: any Herald.NotificationCenter, clock: any DeviceClock) async throws {
        struct Habits: ReminderSource {
            func reminderRules() async throws -> [ReminderRule] {
                [try ReminderRule(entity: EntityReference(namespace: "habit", id: "water"),
                              id: "morning", schedule: try .daily(at: [LocalTime(hour: 9)]))]
            }
            func content(for reminder: PlannedReminder) async throws -> NotificationContent {
                NotificationContent(title: "Drink water")
            }
        }

        let engine = Engine(center: center, source: Habits(), clock: clock)
        await engine.launched()                     // on Apple platforms, HeraldSystem makes this call
        try await engine.completed(EntityReference(namespace: "habit", id: "water"))
    }

    static func recurrenceRules() throws -> String {
        let payroll = try Schedule.monthly(positions: [-1], of: Weekday.workdays, at: [LocalTime(hour: 9)])
        let bins = try Schedule(rrule: "DTSTART:20260106T070000\nRRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=TU\nEXDATE:20261229T070000")
        let text = try bins.rrule  // reads back to the same occurrences
        _ = payroll
        return text
    }
}

/// TimeChanges.md
enum TimeChangesSamples {
    static func travel(center: any Herald.NotificationCenter, source: any ReminderSource, clock: any DeviceClock,
                       pill: EntityReference, logger: Logger) async throws {
        var configuration = PlannerConfiguration()
        configuration.travelPrompt = true                  // a notice that lists rules offers the choice in the app
        let engine = Engine(center: center, source: source, clock: clock, configuration: configuration)
        await engine.observeReports { report in
            guard let notice = report.travel, !notice.isHome else { return }
            for rule in notice.affected {                  // "habit/pill/morning: 08:00 at home is 02:00 here"
                logger.info("\(rule.rule): \(rule.atHome.local.time) at home is \(rule.homeTimeHere.time) here")
            }
        }
        try await engine.chooseTravel(.keepHome, for: ReminderRule.ID(entity: pill, rule: "morning"))
        try await engine.chooseTravel(.followLocal)        // every rule, replacing single choices
        try await engine.setHomeZone(TimeZone(identifier: "Europe/Lisbon")!)   // the user moved: any trip ends
    }
}

/// UsingTheEngine.md
enum UsingTheEngineSamples {
    static func reports(engine: Engine, logger: Logger) async {
        let observation = await engine.observeReports { report in
            if let failure = report.failure {
                logger.warning("run failed", metadata: ["failure": "\(failure)"])
            } else if let badge = report.badgeSet {
                logger.debug("re-planned", metadata: ["badge": "\(badge)"])
            }
        }
        // ...
        await engine.stopObserving(observation)
    }

    static func engineCalls(
        center: any Herald.NotificationCenter, clock: any DeviceClock, categories: CategoryRegistry, path: String,
        store: HabitStore, habit: EntityReference, habitA: EntityReference, habitB: EntityReference,
        achievement: EntityReference, importedIDs: Set<EntityReference>
    ) async throws {
        struct Habits: ReminderSource {
            let store: HabitStore
            func reminderRules() async throws -> [ReminderRule] {
                try store.activeHabits().map { habit in
                    try ReminderRule(entity: EntityReference(namespace: "habit", id: habit.id), id: "daily",
                                 schedule: try .daily(at: habit.times))
                }
            }
            func content(for reminder: PlannedReminder) async throws -> NotificationContent {
                let habit = try store.habit(reminder.rule.entity.id)
                return NotificationContent(title: habit.name, body: "Keep your \(habit.streak)-day streak")
            }
        }

        let engine = Engine(center: center, source: Habits(store: store), store: try SQLiteEngineStore(path: path),
                            clock: clock, categories: categories)
        await engine.launched()                           // categories, fired log, plan (each call below re-plans)
        await engine.becameActive()                       // on every return to the foreground
        await engine.timeChanged(.dayChanged)             // also .timeZoneChanged, .clockChanged
        await engine.entityChanged(habit)                 // created or edited
        try await engine.completed(habit)                 // no more reminders today, badge renumbered
        try await engine.paused(habit); try await engine.resumed(habit)
        try await engine.deleted([habitA, habitB])        // pending and delivered of every kind removed
        try await engine.post(try ImmediateEvent(entity: achievement, name: "unlocked", token: "streak-30",
                                                 content: NotificationContent(title: "30 days!")))
        try await engine.replacedAll(namespace: "habit", remaining: importedIDs)
    }
}

/// Coverage.md
enum CoverageSamples {
    static func fixedContentRule(stretch: EntityReference) throws -> ReminderRule {
        let rule = try ReminderRule(entity: stretch, id: "daily", schedule: .daily(at: [LocalTime(hour: 9), LocalTime(hour: 21)]),
                                    countsTowardBadge: false, fixedContent: true)
        return rule
    }
}

/// Budget.md
enum BudgetSamples {
    static func firstCuts(of plan: Plan) {
        let listed = plan.cuts(first: 101)
        print(listed.prefix(100), listed.count > 100 ? "and more" : "")
    }
}

/// Responses.md: what `NotificationDelegate` does with the engine.
enum ResponsesSamples {
    static func delegate(
        engine: Engine, response: NotificationResponse, notification: DeliveredNotification,
        presentPrompt: (InAppPrompt) async -> Void
    ) async -> PresentationOptions {
        // didReceive: queued in the store, routed once the app is ready
        await engine.received(response)
        // willPresent: the category's system options, or the in-app prompt and no banner
        switch await engine.willPresent(notification) {
        case .system(let options): return options
        case .prompt(let prompt): await presentPrompt(prompt); return []          // actions stay visible
        }
    }

    static func ready(engine: Engine, responder: any AppResponder) async {
        // once the app's data is loaded (no sleeps: readiness is the signal)
        await engine.ready(responder)   // resolve(entity) -> .ready / .inactive / .missing; handle(route)
    }
}

/// Location.md
enum LocationSamples {
    static func walkingRoute(engine: Engine, spots: [Waypoint]) async throws {
        try await engine.startRoute(try RouteSession(id: "mitte", name: "Mitte", waypoints: spots,
                                                     proximityThreshold: 30))   // resets visits and completion
        try await engine.positionChanged(Coordinate(latitude: 52.5163, longitude: 13.3777))
        try await engine.setRouteNotificationsEnabled(false)   // the app's own switch
        let outcome = try await engine.routeSession()?.completion?.outcome   // .sent, or .suppressed(.notificationsOff / .notAuthorized(status))
        try await engine.stopRoute()                           // clears it
        _ = outcome
    }

    static func urgency(pillbox: EntityReference, plan: Plan) throws {
        let pills = try ReminderRule(entity: pillbox, id: "evening", schedule: .daily(at: [LocalTime(hour: 21)]))
            .urgent(.alarm, fallback: [.critical, .timeSensitive])
        for reminder in plan.reminders {
            if let delivery = plan.delivery(of: reminder) {
                print(reminder.identifier, delivery)   // … time-sensitive (alarm: no alarms; critical: not allowed)
            }
        }
        _ = pills
    }

    static func locationAccess(engine: Engine) async throws {
        try await engine.locationAccessChanged(.whenInUse)   // waypoints are no longer watched
        let regions = await engine.becameActive().plan?.regions
        print(regions?.withheld?.description ?? "nothing held back")   // how many, and why
    }
}

/// Location.md: the texts of route notifications.
struct WalkTexts: ReminderSource {
    func reminderRules() async throws -> [ReminderRule] { [] }
    func content(for reminder: PlannedReminder) async throws -> NotificationContent { NotificationContent(title: "") }
    // Asked once by startRoute and kept with the session; nil: the session's own texts.
    func routeMessages(for session: RouteSession) async throws -> RouteMessages? {
        RouteMessages(spotTitle: "📍 {name}", spotBody: "{visited} von {total} in {route}",
                      completionTitle: "🎉 Route abgeschlossen!", completionBody: "Alle {total} Spots besucht.")
    }
}
