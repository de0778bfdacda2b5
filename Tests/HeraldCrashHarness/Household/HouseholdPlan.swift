import Foundation

/// A household run's timeline as the driver reads it (`--household-plan`): the
/// latency, and for each step the device whose app runs it, when, and what it does.
///
/// ```json
/// {"latency": 42, "steps": [{"device": "phone", "date": "2026-04-15T04:00:00Z", "description": "06:00 phone: launch"}, …]}
/// ```
struct HouseholdPlan: Codable, Sendable {
    struct Step: Codable, Sendable {
        var device: String
        var date: String
        var description: String
    }

    var seed: UInt64
    var latency: TimeInterval
    var devices: [String]
    var steps: [Step]

    init(_ scenario: HouseholdScenario) {
        seed = scenario.seed
        latency = scenario.latency
        devices = HouseholdScenario.members.map(\.id)
        steps = scenario.steps.map { Step(device: $0.device, date: $0.date.formatted(.iso8601), description: $0.description) }
    }
}
