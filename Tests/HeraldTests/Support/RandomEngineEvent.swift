import HeraldTestSupport
import Foundation
@testable import Herald

/// One random event of the engine property tests that play two engines side by side
/// (`BuiltRequestsPropertyTests`, `RecordedDeliveriesPropertyTests`): which event
/// (`choice`, 0...16, played by `BuiltRequestsPropertyTests.play`), a number it draws
/// its details from, the entity it concerns and the zone it may move the device to.
///
/// ```swift
/// let event = RandomEngineEvent(rules: &rules, near: device.today, using: &random)
/// ```
struct RandomEngineEvent {
    var choice: Int
    var number: Int
    var entity: EntityReference
    var zone: TimeZone

    /// Draws the next event; an edit of the rules (choice 7) draws `rules` anew, 1 to 30
    /// rules over 6 entities near `today`.
    init(rules: inout [ReminderRule], near today: LocalDate, using random: inout SeededGenerator) {
        entity = EntityReference(namespace: "habit", id: "e\(Int.random(in: 0..<6, using: &random))")
        choice = Int.random(in: 0...16, using: &random)
        number = Int.random(in: 0...1_000_000, using: &random)
        if choice == 7 {
            rules = RandomRules.rules(count: Int.random(in: 1...30, using: &random), entities: 6, near: today,
                                      using: &random)
        }
        zone = RandomRules.zones.randomElement(using: &random)!
    }
}
