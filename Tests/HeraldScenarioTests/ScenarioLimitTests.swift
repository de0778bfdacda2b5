import Foundation
import Herald
import HeraldScenario
import Testing

/// Hostile scenario files are refused at a line and column, and what a file can make
/// the parser and the runner do stays bounded.
struct ScenarioLimitTests {
    /// The standard header and one entity whose rules start on line 8.
    static let entityHeader = ScenarioFixtures.header + """
        entities:
          - id: a
            title: A
            rules:

        """

    @Test func anRRULEWithAnOverflowingIntervalIsRefusedAtItsLine() throws {
        // Given a rule whose INTERVAL × 60 does not fit an Int
        let yaml = Self.entityHeader + "      - {id: r, rrule: \"FREQ=HOURLY;INTERVAL=153722867280912931\"}\n"

        // When it is parsed
        let error = try #require(parseError(yaml))

        // Then the rule's line names the part and its position
        #expect(error.code == .invalidSchedule)
        #expect((error.line, error.column) == (8, 24))
        #expect(error.scheduleError?.field == "INTERVAL")
        #expect(error.scheduleError?.position == 13)
        #expect(error.scheduleError?.code == .outOfRange)
    }
}
