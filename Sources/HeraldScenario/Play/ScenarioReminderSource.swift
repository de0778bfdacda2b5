import Herald

/// The simulated app's data: the scenario's entities, in memory, changed by its events.
///
/// It is the ``ReminderSource`` the engine asks for rules and content during a
/// scenario run. Every entity's rules are listed, paused ones too (Herald skips them).
/// Content is deliberately plain and stable, so an unchanged reminder is never
/// re-added: the entity's title, a body naming the rule and its local time (snoozes and
/// follow-ups say so), and the rule's category.
///
/// It is also what the scenario app's responder resolves from: an entity in the list
/// is ready, or inactive while paused; one no longer in it is missing.
///
/// It gives Herald the app's vacations (the file's `vacations:`, changed by `vacation`
/// and `end_vacation` events) and the progress `progress` events recorded, for the
/// schedules that follow the user.
///
/// ```swift
/// let source = ScenarioReminderSource(entities: scenario.entities)
/// let engine = Engine(center: center, source: source, clock: clock)
/// await source.remove([water.reference])
/// try await engine.deleted([water.reference])
/// ```
package actor ScenarioReminderSource: ReminderSource {
    /// The entities in the order they were added.
    package private(set) var entities: [ScenarioEntity]
    /// The titles of what the app posted immediate notifications about.
    package private(set) var posted: [EntityReference: String] = [:]
    /// The routes the app started in this process's story, by id (the latest of each):
    /// what a tap on a route notification is named from.
    package private(set) var routes: [String: RouteSession] = [:]
    /// The user's settings: reminders on for the app, and the entities they are off for.
    package private(set) var settings: ScenarioCheckpoint.Settings
    /// The app's vacations, for every rule (``vacations()``).
    package private(set) var appVacations: [ReminderRule.Vacation]
    /// The progress the app recorded, by entity and local day (``progress(of:on:)``).
    package private(set) var recordedProgress: [EngineState.EntityDay: Int]

    package init(entities: [ScenarioEntity], posted: [EntityReference: String] = [:],
                settings: ScenarioCheckpoint.Settings = ScenarioCheckpoint.Settings(),
                vacations: [ReminderRule.Vacation] = [], progress: [EngineState.EntityDay: Int] = [:]) {
        self.entities = entities
        self.posted = posted
        self.settings = settings
        appVacations = vacations
        recordedProgress = progress
    }

    /// The app's vacations: the scenario's, as `vacation` and `end_vacation` events left them.
    package func vacations() async throws -> [ReminderRule.Vacation] { appVacations }

    /// The count the last `progress` event recorded for `entity` on `day`, or `nil`.
    package func progress(of entity: EntityReference, on day: LocalDate) async throws -> Int? {
        recordedProgress[EngineState.EntityDay(entity, day)]
    }

    /// Applies a `vacation` or `end_vacation` event to the app's vacations.
    package func changeVacations(_ action: ScenarioEvent.Action) {
        appVacations = ScenarioVacations.applying(action, to: appVacations)
    }

    /// Records the day's progress on an entity, as a `progress` event does.
    package func record(progress count: Int, of entity: EntityReference, on day: LocalDate) {
        recordedProgress[EngineState.EntityDay(entity, day)] = count
    }

    /// The rules of the entities whose reminders are on (none while they are off for the
    /// app); `smart` rules at smart timing's time once it has one.
    package func reminderRules() async throws -> [ReminderRule] {
        guard settings.remindersOn else { return [] }
        let off = Set(settings.remindersOff)
        return try entities.filter { !off.contains($0.reference) }.flatMap { entity in
            guard let smartTime = settings.smartTime else { return try entity.reminderRules() }
            var moved = entity
            moved.rules = try entity.rules.map { rule in
                guard rule.smart == true else { return rule }
                var rule = rule
                rule.schedule = try .daily(at: [smartTime], timeZone: rule.schedule.timeZone)
                return rule
            }
            return try moved.reminderRules()
        }
    }

    /// Switches reminders on or off, for the app (`entity` `nil`) or one entity.
    package func setReminders(_ enabled: Bool, for entity: EntityReference?) {
        guard let entity else {
            settings.remindersOn = enabled
            return
        }
        settings.remindersOff.removeAll { $0 == entity }
        if !enabled { settings.remindersOff.append(entity) }
    }

    /// Moves the `smart` rules to `time`; says whether that changed anything.
    package func setSmartTime(_ time: LocalTime) -> Bool {
        defer { settings.smartTime = time }
        return settings.smartTime != time
    }

    package func content(for reminder: PlannedReminder) async throws -> NotificationContent {
        let entity = entities.first { $0.reference == reminder.rule.entity }
        let rule = entity?.rules.first { $0.id == reminder.rule.ruleID }
        let prefix = switch reminder.kind {
        case .snooze: "snoozed: "
        case .followUp: reminder.nagRepeat > 1 ? "follow-up \(reminder.nagRepeat): " : "follow-up: "
        case .backstop: "after the alarm: "
        default: ""
        }
        return NotificationContent(
            title: entity?.title ?? reminder.rule.entity.id,
            body: "\(prefix)\(reminder.rule.ruleID) at \(reminder.occurrence.local.time)",
            categoryIdentifier: rule?.category ?? ""
        )
    }

    /// The texts of the route the app started (the `route` event's `messages`, else
    /// ``RouteMessages``' defaults): Herald asks when the route starts and keeps them.
    package func routeMessages(for session: RouteSession) async throws -> RouteMessages? {
        routes[session.id]?.messages
    }

    /// What the app's resolver says about an entity: ready while in the list and
    /// active, inactive while paused, missing once deleted. What the app posted a
    /// notification about is ready with the post's title.
    package func resolution(of reference: EntityReference) -> EntityResolution {
        if let entity = entity(reference) {
            return entity.paused ? .inactive(title: entity.title) : .ready(title: entity.title)
        }
        if let title = posted[reference] { return .ready(title: title) }
        return .missing
    }

    /// Marks an entity paused or active in the app's data.
    package func setPaused(_ reference: EntityReference, _ paused: Bool) {
        guard let index = entities.firstIndex(where: { $0.reference == reference }) else { return }
        entities[index].paused = paused
    }

    /// Remembers what a posted notification is about, so a tap on it resolves.
    package func rememberPost(_ post: ScenarioPost) {
        posted[post.entity] = post.title
    }

    /// Remembers the route the app starts, before Herald asks for its texts
    /// (``routeMessages(for:)``), so a tap on its spot or completion notification
    /// resolves ready with the route's name (seed 001 opens the map or the success
    /// summary).
    package func rememberRoute(_ route: RouteSession) {
        posted[route.entity] = route.name
        routes[route.id] = route
    }

    /// The entity, if the app has it.
    package func entity(_ reference: EntityReference) -> ScenarioEntity? {
        entities.first { $0.reference == reference }
    }

    /// Saves an edit: changes an existing entity, or adds a new one.
    package func apply(_ edit: ScenarioEntityEdit) {
        if let index = entities.firstIndex(where: { $0.reference == edit.entity }) {
            if let title = edit.title { entities[index].title = title }
            if let rules = edit.rules { entities[index].rules = rules }
        } else {
            entities.append(ScenarioEntity(
                id: edit.entity.id, namespace: edit.entity.namespace, title: edit.title ?? edit.entity.id,
                rules: edit.rules ?? []))
        }
    }

    /// Deletes entities: the app no longer has them, whatever kind of notification
    /// names them (a tap on one resolves as missing).
    package func remove(_ references: some Sequence<EntityReference>) {
        let gone = Set(references)
        entities.removeAll { gone.contains($0.reference) }
        for reference in gone { posted[reference] = nil }
    }

    /// Replaces every entity of `namespace` with `replacements` (an import).
    package func replaceAll(namespace: String, with replacements: [ScenarioEntity]) {
        let remaining = Set(replacements.map(\.reference))
        remove(references(in: namespace).filter { !remaining.contains($0) })
        entities.removeAll { $0.namespace == namespace }
        entities += replacements
    }

    /// Every entity of `namespace` the app has, posted notifications' included.
    package func references(in namespace: String) -> [EntityReference] {
        Array(Set(entities.map(\.reference) + posted.keys).filter { $0.namespace == namespace })
    }
}
