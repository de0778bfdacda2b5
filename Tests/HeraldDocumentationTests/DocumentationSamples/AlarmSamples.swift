// The Swift sample of HeraldSimulator's alarms article
// (Sources/HeraldSimulator/Documentation.docc/Alarms.md), inside the context it needs;
// the documentation tests check that it appears here verbatim. It also runs, and
// checks what its comments say.
import Foundation
import Herald
import HeraldSimulator
import Testing

@Test func theAlarmSampleSnoozesAndStopsAsItsCommentsSay() async throws {
    let identifier = NotificationIdentifier(entity: EntityReference(namespace: "med", id: "pill"), rule: "morning",
                                            occurrence: OccurrenceKey(rawValue: "weekly"), kind: .reminder)

    let clock = VirtualClock(
        now: try Date("2026-03-25T12:00:00+01:00", strategy: .iso8601),   // a Wednesday
        timeZone: TimeZone(identifier: "Europe/Berlin")!
    )
    let alarms = SimulatedAlarmCenter(clock: clock, authorization: .authorized)
    let pills = AlarmRequest(identifier: identifier, schedule: .weekly(LocalTime(hour: 8), on: [.monday, .thursday]),
                             title: "Blood pressure pill", secondary: .snooze(title: "Later", minutes: 10))
    try await alarms.schedule(pills)

    await alarms.advance(by: 86_400)               // Thursday 08:00: sounding
    try await alarms.press(.snooze, on: pills.id)  // at 12:00: sounds again at 12:10
    await alarms.advance(by: 600)
    try await alarms.press(.stop, on: pills.id)    // waits for Monday 08:00, summer time
    let presses = await alarms.takePresses()       // snooze, stop: for the engine

    let dates = try ["2026-03-26T08:00:00+01:00", "2026-03-26T12:10:00+01:00", "2026-03-30T08:00:00+02:00"]
        .map { try Date($0, strategy: .iso8601) }
    #expect(await alarms.firings.map(\.at) == Array(dates.prefix(2)))
    #expect(presses.map(\.press) == [.snooze, .stop])
    #expect(presses.map(\.at) == [try Date("2026-03-26T12:00:00+01:00", strategy: .iso8601), dates[1]])
    #expect(await alarms.nextAlert(of: pills.id) == dates[2])
}
