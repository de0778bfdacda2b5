import Foundation
import HeraldTestSupport
import PropertyBased
import Testing
@testable import Herald

extension EnginePropertyTests {
    /// A step as drawn, before the scenario's day turns an edit's rules into rules:
    /// entities are `e0` to `e5` by number.
    enum StepDraw: Sendable {
        case advance(Int)
        case complete(Int)
        case pause(Int)
        case resume(Int)
        case delete(Int)
        case failNextAdds(Int)
        case edit(Int, [RandomRules.RuleDraw])
    }

    /// Steps as ``scenario(seed:)`` draws them, three in ten an advance and two an edit;
    /// shrinking keeps a step's kind and moves it toward `e0`, a minute, one failed add
    /// and fewer edited rules.
    static let stepDraws: Generator<StepDraw, some SendableSequenceType> = Gen<StepDraw>.frequency(
        (weight: 3, gen: Gen.int(in: 60...172_800).map { StepDraw.advance($0) }),
        (weight: 1, gen: Gen.int(in: 0...5).map { StepDraw.complete($0) }),
        (weight: 1, gen: Gen.int(in: 0...5).map { StepDraw.pause($0) }),
        (weight: 1, gen: Gen.int(in: 0...5).map { StepDraw.resume($0) }),
        (weight: 1, gen: Gen.int(in: 0...5).map { StepDraw.delete($0) }),
        (weight: 1, gen: Gen.int(in: 1...3).map { StepDraw.failNextAdds($0) }),
        (weight: 2, gen: zip(Gen.int(in: 0...5), RandomRules.ruleDraws(entities: 6).array(of: 1...30))
            .map { entity, rules in StepDraw.edit(entity, rules) })
    )

    /// Scenarios as ``scenario(seed:)`` draws them, from PropertyBased's generators: a
    /// failing one shrinks to fewer rules and steps (down to one of each), UTC and the
    /// start of 2026, as far as it still fails.
    static let scenarios: Generator<Scenario, some SendableSequenceType> = zip(
        RandomRules.zoneDraws, RandomRules.instantDraws,
        RandomRules.ruleDraws(entities: 6).array(of: 1...30), stepDraws.array(of: 1...12)
    ).map { draw in
        let (zone, start, ruleDraws, stepDraws) = draw
        let today = ZoneConverter.for(zone).local(for: start).date
        func rules(_ draws: [RandomRules.RuleDraw]) -> [ReminderRule] {
            draws.enumerated().map { $1.rule(id: "r\($0)", entities: 6, near: today) }
        }
        func entity(_ number: Int) -> EntityReference { EntityReference(namespace: "habit", id: "e\(number)") }
        let steps = stepDraws.map { draw -> Step in
            switch draw {
            case .advance(let seconds): .advance(Double(seconds))
            case .complete(let number): .complete(entity(number))
            case .pause(let number): .pause(entity(number))
            case .resume(let number): .resume(entity(number))
            case .delete(let number): .delete(entity(number))
            case .failNextAdds(let count): .failNextAdds(count)
            case .edit(let number, let draws): .edit(entity(number), rules(draws))
            }
        }
        return Scenario(zone: zone, start: start, rules: rules(ruleDraws), steps: steps)
    }
}

extension EnginePropertyTests.Scenario: CustomTestStringConvertible {
    /// The scenario as a counterexample reads: the device, each rule, each step (an
    /// edit with the rules it sets).
    var testDescription: String {
        var lines = ["\(zone.identifier) at \(start), \(rules.count) rules"]
        lines += rules.map { "  " + RandomRules.line(for: $0) }
        lines.append("\(steps.count) steps")
        for step in steps {
            lines.append("  " + step.description)
            if case .edit(_, let rules) = step { lines += rules.map { "    " + RandomRules.line(for: $0) } }
        }
        return lines.joined(separator: "\n    ")
    }
}
