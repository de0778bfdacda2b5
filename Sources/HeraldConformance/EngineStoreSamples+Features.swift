import Foundation
import Herald

extension EngineStoreSamples {
    /// A trip with a choice for all rules and one for a single rule of an entity whose
    /// text a careless encoding would mangle.
    static let trip = EngineState.Trip(zone: TimeZone(identifier: "America/New_York")!, allRules: .keepHome,
                           rules: [ReminderRule.ID(entity: reading, rule: "evening: «late»"): .followLocal])

    /// Two alarms Herald scheduled: a fixed one with the snooze button, a weekly one
    /// with the app's own button.
    static let scheduledAlarms: [UUID: ScheduledAlarm] = [
        UUID(uuidString: "6F1C1B0E-8B8A-4C5E-9E0F-2B1D3C4A5E60")!: ScheduledAlarm(
            identifier: identifier(water), schedule: .fixed(start.addingTimeInterval(0.125)), title: "Drink water 💧",
            secondary: .snooze(title: "Later", minutes: 9), category: "habit"),
        UUID(uuidString: "0A1B2C3D-4E5F-4061-8273-8495A6B7C8D9")!: ScheduledAlarm(
            identifier: identifier(reading, rule: "evening"), schedule: .weekly(LocalTime(hour: 21, minute: 30),
                                                                                  on: [.monday, .thursday]),
            title: "Read «a chapter»", secondary: .action(identifier: "done", title: "Done"), category: "goal"),
    ]

    static let armedLocations = ArmedLocations(
        once: [identifier(water, kind: .location).description, identifier(reading, kind: .location).description].sorted(),
        repeating: [identifier(run, rule: "park", kind: .location).description])

    /// One change of each kind that sets a feature's state, then one that clears it.
    static let featureChanges: [(set: EngineStateChange, clear: EngineStateChange)] = [
        (.setHomeZone(identifier: "Europe/Berlin"), .setHomeZone(identifier: nil)),
        (.setTrip(trip), .setTrip(nil)),
        (.setScheduledAlarms(scheduledAlarms), .setScheduledAlarms([:])),
        (.setArmedLocations(armedLocations), .setArmedLocations(ArmedLocations())),
        (.setLocationAccess(.whenInUse), .setLocationAccess(nil)),
        (.setRouteNotifications(enabled: false), .setRouteNotifications(enabled: true)),
        (.setPosition(Coordinate(latitude: 52.516_275_123_456_7, longitude: -13.377_704_000_000_1)), .setPosition(nil)),
    ]
}

extension EngineStoreSamples {
    /// Records of the sync: a completion made here, a pause made here later, and an
    /// answer from another device about an entity whose text a careless encoding would
    /// mangle.
    static let syncRecords = [
        HeraldSync.Record(device: "phone", instant: start.addingTimeInterval(0.125),
                          change: .completed(Completion(entity: water, day: day, date: start.addingTimeInterval(0.125)))),
        HeraldSync.Record(device: "phone", instant: start.addingTimeInterval(60), change: .paused(run)),
        HeraldSync.Record(device: "watch «wrist»", instant: start.addingTimeInterval(30),
                          change: .answered(identifier(reading, rule: "evening"))),
    ]
}
