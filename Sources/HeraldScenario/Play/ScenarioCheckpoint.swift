import Foundation
import Herald
import HeraldSimulator

/// Where a scenario run stopped, with everything needed to go on from there in another
/// process: the simulated system (the center's state, the virtual now and zone), the
/// app's process (running or not, ready or loading), the scenario's progress (the next
/// event and the end of the last run), the app's data as the events left it, and the
/// last plan's coverage for the summary. Herald's own state is not in it: it is in the
/// `EngineStore` the run used, and the checkpoint is saved there too, as settings
/// under `scenario.*` keys, so one store holds the whole paused run.
///
/// ```swift
/// let first = try await ScenarioRunner(scenario: scenario, days: 2, store: store).play(from: nil)
/// let rest = try await ScenarioRunner(scenario: scenario, days: 3, store: store).play(from: first.checkpoint)
/// // first.result and rest.result together deliver what one 5-day run delivers
/// ```
///
/// ``ScenarioSession`` saves and loads it for you.
public struct ScenarioCheckpoint: Hashable, Sendable, Codable {
    /// The index in ``Scenario/events`` of the first event not played yet.
    package var nextEvent: Int
    /// Where the last run ended, in the scenario's zone; the next run starts there.
    package var end: LocalDateTime
    /// The device's clock and zone when it stopped.
    package var now: Date
    package var zone: TimeZone
    /// The app's process: `.notRunning`, or running in the background or foreground.
    package var app: AppState
    /// Whether the running app had said it is ready, or when it will.
    package var appReady: Bool
    package var readyAt: Date?
    /// The simulated system's notification center (without its delivery log: a resumed
    /// center's log starts empty).
    package var system: SimulatorSnapshot
    /// The app's data as the events changed it.
    package var data: AppData
    /// The last plan's coverage, for the next run's summary until it plans again.
    package var plan: PlanCoverage?
    /// Time changes the app, suspended in the background, had not been told yet; the
    /// next run tells them when the app next runs.
    package var pendingTimeChanges: [TimeChange]
    /// The earliest begin date of the background refresh the app had asked for and the
    /// system had not run yet (with `background_refresh` other than `never`).
    package var refreshRequest: Date?
    /// The walk the device was in the middle of (`nil`: none, and in a state file
    /// written before walks went on across events): the next run goes on with it.
    package var walk: Walk?
    /// Whether the user had force-quit the app and not opened it since (`false` in a
    /// state file written before force-quits were simulated).
    package var appForceQuit: Bool
    /// The device's alarm service (`nil`: the scenario has none): the alarms it holds and
    /// their states, its firings and the presses the app has not taken.
    package var alarms: AlarmCenterSnapshot?

    package init(nextEvent: Int, end: LocalDateTime, now: Date, zone: TimeZone, app: AppState, appReady: Bool,
                readyAt: Date?, system: SimulatorSnapshot, data: AppData, plan: PlanCoverage?,
                pendingTimeChanges: [TimeChange] = [], refreshRequest: Date? = nil, walk: Walk? = nil,
                appForceQuit: Bool = false, alarms: AlarmCenterSnapshot? = nil) {
        self.nextEvent = nextEvent
        self.end = end
        self.now = now
        self.zone = zone
        self.app = app
        self.appReady = appReady
        self.readyAt = readyAt
        self.system = system
        self.data = data
        self.plan = plan
        self.pendingTimeChanges = pendingTimeChanges
        self.refreshRequest = refreshRequest
        self.walk = walk
        self.appForceQuit = appForceQuit
        self.alarms = alarms
    }

    /// A walk in progress: the walk as it started (its path from where the device was),
    /// when, and how far a `clock` event moved the rest of it.
    package struct Walk: Hashable, Sendable, Codable {
        package var path: [Coordinate]
        package var speed: Double
        package var interval: TimeInterval
        package var start: Date
        package var offset: TimeInterval

        package init(walk: SimulatedWalk, start: Date, offset: TimeInterval) {
            path = walk.path
            speed = walk.speed
            interval = walk.interval
            self.start = start
            self.offset = offset
        }

        package var walk: SimulatedWalk {
            SimulatedWalk(path: path, speed: speed, interval: interval)
        }
    }

    /// The scenario app's data: its entities (with their pauses, edits and imports),
    /// the titles of what it posted, the user's settings, the app's vacations and the
    /// progress it recorded (each `nil` in a state file written before there were any:
    /// the defaults, none).
    package struct AppData: Hashable, Sendable, Codable {
        package var entities: [ScenarioEntity]
        package var posted: [EntityReference: String]
        package var settings: Settings?
        package var vacations: [ReminderRule.Vacation]?
        package var progress: [Progress]?

        package init(entities: [ScenarioEntity], posted: [EntityReference: String], settings: Settings? = nil,
                     vacations: [ReminderRule.Vacation]? = nil, progress: [Progress]? = nil) {
            self.entities = entities
            self.posted = posted
            self.settings = settings
            self.vacations = vacations
            self.progress = progress
        }

        /// The progress as the scenario app's source keeps it, by entity and day.
        package var progressByDay: [EngineState.EntityDay: Int] {
            Dictionary((progress ?? []).map { (EngineState.EntityDay($0.entity, $0.day), $0.count) }) { _, last in last }
        }
    }

    /// A count of progress the app recorded for an entity on a local day (a `progress` event).
    package struct Progress: Hashable, Sendable, Codable {
        package var entity: EntityReference
        package var day: LocalDate
        package var count: Int

        package init(entity: EntityReference, day: LocalDate, count: Int) {
            self.entity = entity
            self.day = day
            self.count = count
        }

        /// `progress` as a checkpoint stores it, ordered by day and entity.
        package static func list(_ progress: [EngineState.EntityDay: Int]) -> [Progress]? {
            guard !progress.isEmpty else { return nil }
            return progress.map { Progress(entity: $0.key.entity, day: $0.key.day, count: $0.value) }
                .sorted { ($0.day, $0.entity) < ($1.day, $1.entity) }
        }
    }

    /// The app's own settings: the reminders switch (for the app, and entities switched
    /// off), and the time smart timing moved the `smart` rules to.
    package struct Settings: Hashable, Sendable, Codable {
        package var remindersOn: Bool
        package var remindersOff: [EntityReference]
        package var smartTime: LocalTime?

        package init(remindersOn: Bool = true, remindersOff: [EntityReference] = [], smartTime: LocalTime? = nil) {
            self.remindersOn = remindersOn
            self.remindersOff = remindersOff
            self.smartTime = smartTime
        }
    }

    /// What the summary says about the last plan: until when it covers, where its
    /// horizon ends, how many occurrences it cut (and which, and why: `nil` in a state
    /// file written before the cuts were kept), until when it fires without the app and
    /// by when it must be re-planned (`nil` in a state file written before they were kept).
    package struct PlanCoverage: Hashable, Sendable, Codable {
        package var coverageHorizon: Date?
        package var horizonEnd: Date?
        /// The cuts counted, at most ``countedCuts``.
        package var cuts: Int
        package var cutList: [ScenarioCut]?
        /// Whether the plan cut more than ``cuts`` (the count stops at ``countedCuts``).
        package var moreCuts: Bool
        package var guaranteedCoverage: GuaranteedCoverage?
        package var refreshDeadline: Date?
        /// The urgency forecasts the last reconcile line showed (`nil`: none, or a state
        /// file written before they were kept): a resumed run shows them again only when
        /// they change, as one run does.
        package var urgencyForecasts: [String]?

        /// How many cuts are counted and listed: a minutely rule over a year's horizon
        /// cuts half a million occurrences, and a report shows a few hundred.
        package static let countedCuts = 1_000

        package init(coverageHorizon: Date?, horizonEnd: Date?, cuts: Int, cutList: [ScenarioCut]? = nil,
                    moreCuts: Bool = false, guaranteedCoverage: GuaranteedCoverage? = nil, refreshDeadline: Date? = nil) {
            self.coverageHorizon = coverageHorizon
            self.horizonEnd = horizonEnd
            self.cuts = cuts
            self.cutList = cutList
            self.moreCuts = moreCuts
            self.guaranteedCoverage = guaranteedCoverage
            self.refreshDeadline = refreshDeadline
        }

        init(_ plan: Plan) {
            let cuts = plan.cuts(first: Self.countedCuts + 1)
            let counted = cuts.prefix(Self.countedCuts)
            self.init(coverageHorizon: plan.coverageHorizon, horizonEnd: plan.horizonEnd, cuts: counted.count,
                      cutList: counted.map(ScenarioCut.init), moreCuts: cuts.count > counted.count,
                      guaranteedCoverage: plan.guaranteedCoverage, refreshDeadline: plan.refreshDeadline)
        }

        private enum CodingKeys: String, CodingKey {
            case coverageHorizon, horizonEnd, cuts, cutList, moreCuts, guaranteedCoverage, refreshDeadline, urgencyForecasts
        }

        /// Guaranteed coverage as stored: `{"until": date}`, or `{}` when unbounded.
        private struct StoredCoverage: Codable {
            var until: Date?
        }

        package init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            let stored = try container.decodeIfPresent(StoredCoverage.self, forKey: .guaranteedCoverage)
            self.init(
                coverageHorizon: try container.decodeIfPresent(Date.self, forKey: .coverageHorizon),
                horizonEnd: try container.decodeIfPresent(Date.self, forKey: .horizonEnd),
                cuts: try container.decode(Int.self, forKey: .cuts),
                cutList: try container.decodeIfPresent([ScenarioCut].self, forKey: .cutList),
                moreCuts: try container.decodeIfPresent(Bool.self, forKey: .moreCuts) ?? false,
                guaranteedCoverage: stored.map { $0.until.map(GuaranteedCoverage.until) ?? .unbounded },
                refreshDeadline: try container.decodeIfPresent(Date.self, forKey: .refreshDeadline))
            urgencyForecasts = try container.decodeIfPresent([String].self, forKey: .urgencyForecasts)
        }

        package func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encodeIfPresent(coverageHorizon, forKey: .coverageHorizon)
            try container.encodeIfPresent(horizonEnd, forKey: .horizonEnd)
            try container.encode(cuts, forKey: .cuts)
            try container.encodeIfPresent(cutList, forKey: .cutList)
            if moreCuts { try container.encode(moreCuts, forKey: .moreCuts) }
            try container.encodeIfPresent(guaranteedCoverage.map { StoredCoverage(until: $0.date) },
                                          forKey: .guaranteedCoverage)
            try container.encodeIfPresent(refreshDeadline, forKey: .refreshDeadline)
            try container.encodeIfPresent(urgencyForecasts, forKey: .urgencyForecasts)
        }
    }

    private enum CodingKeys: String, CodingKey {
        case nextEvent = "next_event", end, now, zone, app, appReady = "app_ready", readyAt = "ready_at", system, data,
             plan, pendingTimeChanges = "pending_time_changes", refreshRequest = "refresh_request", walk,
             appForceQuit = "app_force_quit", alarms
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let zoneID = try container.decode(String.self, forKey: .zone)
        guard let zone = TimeZone(checkedIdentifier: zoneID) else {
            throw DecodingError.dataCorruptedError(forKey: .zone, in: container,
                                                   debugDescription: "unknown time zone \"\(zoneID)\"")
        }
        self.init(
            nextEvent: try container.decode(Int.self, forKey: .nextEvent),
            end: try container.decode(LocalDateTime.self, forKey: .end),
            now: try container.decode(Date.self, forKey: .now),
            zone: zone,
            app: try container.decode(AppState.self, forKey: .app),
            appReady: try container.decode(Bool.self, forKey: .appReady),
            readyAt: try container.decodeIfPresent(Date.self, forKey: .readyAt),
            system: try container.decode(SimulatorSnapshot.self, forKey: .system),
            data: try container.decode(AppData.self, forKey: .data),
            plan: try container.decodeIfPresent(PlanCoverage.self, forKey: .plan),
            // A checkpoint saved before suspension was simulated has none.
            pendingTimeChanges: try container.decodeIfPresent([TimeChange].self, forKey: .pendingTimeChanges) ?? [],
            refreshRequest: try container.decodeIfPresent(Date.self, forKey: .refreshRequest),
            walk: try container.decodeIfPresent(Walk.self, forKey: .walk),
            appForceQuit: try container.decodeIfPresent(Bool.self, forKey: .appForceQuit) ?? false,
            alarms: try container.decodeIfPresent(AlarmCenterSnapshot.self, forKey: .alarms))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(nextEvent, forKey: .nextEvent)
        try container.encode(end, forKey: .end)
        try container.encode(now, forKey: .now)
        try container.encode(zone.identifier, forKey: .zone)
        try container.encode(app, forKey: .app)
        try container.encode(appReady, forKey: .appReady)
        try container.encodeIfPresent(readyAt, forKey: .readyAt)
        try container.encode(system, forKey: .system)
        try container.encode(data, forKey: .data)
        try container.encodeIfPresent(plan, forKey: .plan)
        if !pendingTimeChanges.isEmpty { try container.encode(pendingTimeChanges, forKey: .pendingTimeChanges) }
        try container.encodeIfPresent(refreshRequest, forKey: .refreshRequest)
        try container.encodeIfPresent(walk, forKey: .walk)
        if appForceQuit { try container.encode(appForceQuit, forKey: .appForceQuit) }
        try container.encodeIfPresent(alarms, forKey: .alarms)
    }
}
