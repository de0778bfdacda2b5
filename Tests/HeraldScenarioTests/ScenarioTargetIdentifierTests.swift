import Testing
import Herald
@testable import HeraldScenario

/// A scenario file naming a notification by its full identifier also names it in any
/// text Herald reads as that identifier: files written with a group's old text keep
/// acting on the group.
@Suite struct ScenarioTargetIdentifierTests {
    @Test(arguments: [
        ("herald:group:herald:group:quiet:20261122T0600", "herald:group:quiet:20261122T0600", true),
        ("herald:group:quiet:20261122T0600", "herald:group:quiet:20261122T0600", true),
        ("herald:group:herald:group:quiet:20261122T0600#2", "herald:group:quiet:20261122T0600#2", true),
        ("herald:group:herald:group:quiet:20261122T0600", "herald:group:quiet:20261122T0600#2", false),
        ("herald:group:due:20261122T0600", "herald:group:quiet:20261122T0600", false),
        ("someone-else", "someone-else", true),
    ])
    func anIdentifierTargetMatchesTheSameIdentifier(_ written: String, _ delivered: String, _ matches: Bool) {
        // Given a target written in a file, and a delivered notification's identifier
        let target = ScenarioTarget.identifier(written)
        // Then it names the notification exactly when both read as one identifier (or are one text)
        #expect(target.matches(delivered) == matches)
    }
}
