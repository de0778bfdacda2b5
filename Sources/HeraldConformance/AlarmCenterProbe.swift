import Foundation
import Herald

/// Runs one ``AlarmCenterConformanceCheck`` on one fresh center; its extension holds the
/// checks that need the system's time and the user's buttons.
struct AlarmCenterProbe: Sendable {
    let check: AlarmCenterConformanceCheck
    let subject: AlarmCenterConformance.Subject
    var center: any AlarmCenter { subject.center }

    /// 2100-01-01T08:00:00Z and the days after: far enough that no alarm sounds on its own.
    static let firstDate = Date(timeIntervalSince1970: 4_102_473_600)

    /// Fails the check with `message` unless `condition` holds.
    func expect(_ condition: Bool, _ message: @autoclosure () -> String) throws(AlarmCenterConformanceFailure) {
        guard condition else { throw AlarmCenterConformanceFailure(check: check, message: message()) }
    }

    /// A request for occurrence `name` of a sample rule.
    func request(_ name: String, _ schedule: AlarmSchedule? = nil, title: String? = nil) -> AlarmRequest {
        let identifier = NotificationIdentifier(entity: EntityReference(namespace: "conformance", id: "alarm"),
                                                rule: "rule", occurrence: OccurrenceKey(rawValue: name), kind: .reminder)
        return AlarmRequest(identifier: identifier, schedule: schedule ?? .fixed(Self.firstDate), title: title ?? name)
    }

    /// The held alarms by id; fails when an id is listed twice.
    func held() async throws -> [UUID: SystemAlarm] {
        let alarms = try await center.alarms()
        let byID = Dictionary(alarms.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        try expect(byID.count == alarms.count, "alarms() lists an id more than once: \(alarms.map(\.id))")
        return byID
    }

    /// Asks for permission; skips the check when the user does not allow alarms.
    func authorize() async throws {
        let answer = try await center.requestAuthorization()
        guard answer == .authorized else {
            throw CheckSkipped(reason: "the center does not allow alarms (requestAuthorization answered \(answer))")
        }
    }

    /// Runs `body`, which must throw `expected` (as an ``Herald/AlarmCenterError``).
    func expectThrows(_ expected: AlarmCenterError, _ call: String, _ body: () async throws -> Void) async throws {
        do {
            try await body()
        } catch let error as AlarmCenterError {
            try expect(error == expected, "\(call) threw \(error), expected \(expected)")
            return
        }
        try expect(false, "\(call) did not throw, expected \(expected)")
    }

    // MARK: Authorization

    func capacityIsFixed() throws {
        let first = center.capacity
        try expect(first >= 0, "capacity is \(first), less than 0")
        try expect(center.capacity == first, "capacity changed between two reads")
    }

    func authorizationStartsNotDetermined() async throws {
        let state = await center.authorization()
        try expect(state == .notDetermined, "a fresh center answers \(state), expected notDetermined")
        try await expectThrows(.notAuthorized, "schedule(_:) before the user was asked") {
            try await center.schedule(request("early"))
        }
        let held = try await center.alarms()
        try expect(held.isEmpty, "a schedule refused before the user was asked left \(held.count) alarms")
    }

    func requestAuthorizationFixesTheAnswer() async throws {
        let answer = try await center.requestAuthorization()
        try expect(answer == .authorized || answer == .denied, "requestAuthorization answered \(answer), not a decision")
        let state = await center.authorization()
        try expect(state == answer, "authorization() answers \(state) after requestAuthorization answered \(answer)")
        let again = try await center.requestAuthorization()
        try expect(again == answer, "asking again answered \(again), the first answer was \(answer)")
    }

    func unavailableRefusesEveryCall() async throws {
        try await expectThrows(.unavailable, "requestAuthorization()") { _ = try await center.requestAuthorization() }
        try await expectThrows(.unavailable, "alarms()") { _ = try await center.alarms() }
        try await expectThrows(.unavailable, "schedule(_:)") { try await center.schedule(request("a")) }
        try await expectThrows(.unavailable, "cancel(id:)") { try await center.cancel(id: request("a").id) }
        let state = await center.authorization()
        try expect(state == .unavailable, "authorization() answers \(state) after the calls, expected unavailable")
    }

    // MARK: Scheduling

    func freshCenterHoldsNothing() async throws {
        try await authorize()
        let alarms = try await center.alarms()
        try expect(alarms.isEmpty, "a fresh center holds \(alarms.count) alarms")
    }

    func scheduledAlarmsAreListedOnce() async throws {
        try await authorize()
        let requests = [
            request("fixed", .fixed(Self.firstDate.addingTimeInterval(0.5))),
            request("weekly", .weekly(LocalTime(hour: 8, minute: 30), on: [.monday, .thursday])),
            request("every-day", .weekly(LocalTime(hour: 21, minute: 5), on: Set(Weekday.allCases))),
            request("once", .weekly(LocalTime(hour: 6), on: [])),
        ]
        for request in requests { try await center.schedule(request) }
        let held = try await held()
        try expect(held.count == requests.count, "\(requests.count) alarms scheduled, \(held.count) listed")
        for request in requests {
            let alarm = try await heldAlarm(request.id, in: held, "\(request.identifier.occurrence)")
            try expect(alarm.state == .scheduled, "\(request.identifier.occurrence) is \(alarm.state), expected scheduled")
            try expect(alarm.schedule == request.schedule,
                       "\(request.identifier.occurrence) reads back \(String(describing: alarm.schedule)), scheduled \(request.schedule)")
        }
    }

    func scheduleReplacesTheSameID() async throws {
        try await authorize()
        let replacing = request("a", .fixed(Self.firstDate.addingTimeInterval(86_400)), title: "second")
        try await center.schedule(request("a", title: "first"))
        try await center.schedule(replacing)
        let held = try await held()
        try expect(held.count == 1, "expected 1 alarm after scheduling one id twice, found \(held.count)")
        let alarm = try await heldAlarm(replacing.id, in: held, "a")
        try expect(alarm.schedule == replacing.schedule,
                   "the second schedule did not replace the first: \(String(describing: alarm.schedule))")
    }

    func cancelRemovesOnlyThatAlarm() async throws {
        try await authorize()
        let fixed = request("fixed"), weekly = request("weekly", .weekly(LocalTime(hour: 7), on: [.friday]))
        let kept = request("kept", .fixed(Self.firstDate.addingTimeInterval(3_600)))
        for request in [fixed, weekly, kept] { try await center.schedule(request) }
        try await center.cancel(id: fixed.id)
        try await center.cancel(id: weekly.id)
        try await center.cancel(id: request("never-scheduled").id)
        try await center.cancel(id: fixed.id)
        let held = try await held()
        try expect(Set(held.keys) == [kept.id], "after cancelling two of three, \(held.count) are held, expected only \"kept\"")
    }

    func limitRefusesNewAlarmsOnly() async throws {
        try await authorize()
        let limit = subject.limit ?? 0
        let requests = (0..<limit).map { request("n\($0)", .fixed(Self.firstDate.addingTimeInterval(Double($0) * 60))) }
        for request in requests { try await center.schedule(request) }
        try await expectThrows(.maximumLimitReached, "schedule past the limit of \(limit)") {
            try await center.schedule(request("one-more"))
        }
        try expect(try await held().count == limit, "a refused schedule changed the alarms held")
        if let first = requests.first {
            let replacing = request("n0", .fixed(Self.firstDate.addingTimeInterval(-60)))
            try await center.schedule(replacing)
            let alarm = try await heldAlarm(first.id, in: held(), "n0")
            try expect(alarm.schedule == replacing.schedule, "replacing a held id at the limit did not replace it")
        }
    }

    func revokedRefusesSchedulesButReadsAndCancels() async throws {
        try await authorize()
        let first = request("first"), second = request("second", .weekly(LocalTime(hour: 9), on: [.monday]))
        try await center.schedule(first)
        try await center.schedule(second)
        await subject.revoke?()
        let state = await center.authorization()
        try expect(state == .denied, "after alarms were turned off, authorization() answers \(state), expected denied")
        try await expectThrows(.notAuthorized, "schedule(_:) while denied") { try await center.schedule(request("new")) }
        let held = try await held()
        try expect(Set(held.keys).isSubset(of: [first.id, second.id]), "a refused schedule added an alarm")
        for id in held.keys { try await center.cancel(id: id) }
        let left = try await center.alarms()
        try expect(left.isEmpty, "cancelling while denied left \(left.count) alarms")
    }

    /// The alarm `id` in `held`; fails when it is missing.
    func heldAlarm(_ id: UUID, in held: [UUID: SystemAlarm], _ name: String) async throws -> SystemAlarm {
        guard let alarm = held[id] else {
            throw AlarmCenterConformanceFailure(check: check, message: "\"\(name)\" is not listed by alarms()")
        }
        return alarm
    }
}
