import Foundation
import HeraldTestSupport
import PropertyBased
import Testing
@testable import Herald

extension PlannerPropertyTests {
    /// Cases as ``makeCase(seed:)`` draws them, from PropertyBased's generators: a
    /// failing case shrinks to fewer rules, fewer entities, less done and paused, no
    /// reserve, a one-day horizon, UTC and the start of 2026, as far as it still fails.
    static let cases: Generator<Case, some SendableSequenceType> = zip(
        RandomRules.zoneDraws, RandomRules.instantDraws, Gen.int(in: 1...8),
        RandomRules.ruleDraws(entities: 8).array(of: 0...40),
        Gen.bool(0.25).array(of: 8), Gen.bool(0.25).array(of: 8), Gen.bool(1 / 6).array(of: 8),
        Gen.int(in: 0...20), Gen.int(in: 1...14)
    ).map { draw in
        let (zone, now, entities, ruleDraws, doneToday, doneTomorrow, pausedEntities, reserve, days) = draw
        let today = ZoneConverter.for(zone).local(for: now).date
        let rules = ruleDraws.enumerated().map { $1.rule(id: "r\($0)", entities: entities, near: today) }
        var completions: Set<EntityDay> = []
        var paused: Set<EntityReference> = []
        for index in 0..<entities {
            let entity = EntityReference(namespace: "habit", id: "e\(index)")
            guard rules.contains(where: { $0.entity == entity }) else { continue }
            if doneToday[index] { completions.insert(EntityDay(entity, today)) }
            if doneTomorrow[index] { completions.insert(EntityDay(entity, today.adding(days: 1))) }
            if pausedEntities[index] { paused.insert(entity) }
        }
        let configuration = PlannerConfiguration(capacity: 64, reserve: reserve, horizon: Double(days) * 86_400)
        return Case(input: PlanningInput(now: now, deviceZone: zone, rules: rules, satisfied: completions, paused: paused),
                    configuration: configuration)
    }
}

extension PlannerPropertyTests.Case: CustomTestStringConvertible {
    /// The case as a counterexample reads: the device, the budget, then each rule.
    var testDescription: String {
        var lines = ["\(input.deviceZone.identifier) at \(input.now), reserve \(configuration.reserve), "
            + "horizon \(Int(configuration.horizon / 86_400)) d, \(input.rules.count) rules"]
        lines += input.rules.map(RandomRules.line(for:))
        if !input.satisfied.isEmpty {
            lines.append("done: " + input.satisfied.map(\.description).sorted().joined(separator: ", "))
        }
        if !input.paused.isEmpty {
            lines.append("paused: " + input.paused.sorted().map(\.description).joined(separator: ", "))
        }
        return lines.joined(separator: "\n    ")
    }
}
