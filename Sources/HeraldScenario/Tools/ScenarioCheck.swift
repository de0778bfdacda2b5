import Foundation
import Herald

/// What `herald check` finds in a scenario before it ships: warnings (reminder times
/// in a DST gap or fold of the rule's zone within a year of the start, a plan that
/// covers less than a day, rules that fire at one instant, categories and actions
/// declared and never used) and errors (an event that cannot happen, requests the
/// center dropped).
///
/// ```swift
/// let findings = await ScenarioCheck(scenario: scenario).findings()
/// for finding in findings where finding.severity == .error { print(finding.message) }
/// ```
package struct ScenarioCheck: Sendable {
    /// One thing found.
    package struct Finding: Hashable, Sendable {
        package enum Severity: String, Hashable, Sendable {
            case warning, error
        }

        package enum Kind: String, Hashable, Sendable {
            case dstGap = "dst-gap"
            case dstFold = "dst-fold"
            case endsBeforeStart = "ends-before-start"
            case shortCoverage = "short-coverage"
            case collision
            case unusedCategory = "unused-category"
            case unusedAction = "unused-action"
            case impossibleEvent = "impossible-event"
            case dropped
        }

        package var severity: Severity
        package var kind: Kind
        /// What it is about: `habit/stretch/morning`, `category exercise`.
        package var subject: String
        package var message: String
        /// Where in the file, when it is an event's.
        package var location: ScenarioLocation?
    }

    package var scenario: Scenario
    /// How far ahead DST gaps and folds are looked for: a year.
    package static let lookAhead: TimeInterval = 365 * 86_400

    package init(scenario: Scenario) {
        self.scenario = scenario
    }

    /// Every finding: warnings about rules and categories first, in the file's order,
    /// then what playing the scenario found.
    package func findings() async -> [Finding] {
        var found = endFindings() + dstFindings() + collisionFindings() + unusedFindings()
        found += await playFindings()
        return found
    }

    /// Every rule the scenario declares: at the start, and in edits and imports.
    func declaredRules() -> [(entity: EntityReference, rule: ScenarioRule)] {
        var rules: [(EntityReference, ScenarioRule)] = []
        var seen: Set<String> = []
        func add(_ entity: EntityReference, _ rule: ScenarioRule) {
            let key = "\(entity)/\(rule.id)/\(rule.schedule.hashValue)"
            if seen.insert(key).inserted { rules.append((entity, rule)) }
        }
        for entity in scenario.entities { entity.rules.forEach { add(entity.reference, $0) } }
        for event in scenario.events {
            switch event.action {
            case .edit(let edit): edit.rules?.forEach { add(edit.entity, $0) }
            case .import(_, let entities): for entity in entities { entity.rules.forEach { add(entity.reference, $0) } }
            default: break
            }
        }
        return rules
    }

    private var startDate: Date { ZoneConverter.for(scenario.zone).instant(for: scenario.start).date }

    // MARK: Ends

    /// Rules whose `UNTIL` is before their `DTSTART`: RFC 5545 lets them be, and they
    /// never fire (but for their `RDATE`s), which is seldom what was meant.
    func endFindings() -> [Finding] {
        declaredRules().compactMap { entity, rule in
            guard let start = rule.schedule.start, case .until(let until) = rule.schedule.end, until < start else {
                return nil
            }
            let extra = rule.schedule.extraTimes.isEmpty ? "" : " but for its RDATEs"
            return Finding(severity: .warning, kind: .endsBeforeStart, subject: "\(entity)/\(rule.id)",
                           message: "UNTIL \(until) is before DTSTART \(start): the rule never fires\(extra)",
                           location: rule.source)
        }
    }

    // MARK: DST

    /// Reminder times that do not exist (spring forward) or occur twice (fall back) in
    /// the rule's zone (its pinned zone, or the scenario's) within ``lookAhead``.
    func dstFindings() -> [Finding] {
        var found: [Finding] = []
        for (entity, rule) in declaredRules() {
            let zone = rule.schedule.effectiveTimeZone(device: scenario.zone)
            let converter = ZoneConverter.for(zone)
            var cursor = startDate
            let end = startDate.addingTimeInterval(Self.lookAhead)
            while let transition = zone.nextDaylightSavingTimeTransition(after: cursor), transition < end {
                cursor = transition
                let before = zone.secondsFromGMT(for: transition.addingTimeInterval(-1))
                let after = zone.secondsFromGMT(for: transition)
                guard before != after else { continue }
                let occurrences = rule.schedule.occurrences(
                    after: transition.addingTimeInterval(-86_400), before: transition.addingTimeInterval(86_400),
                    deviceZone: zone)
                for occurrence in occurrences {
                    let subject = "\(entity)/\(rule.id)"
                    if converter.local(for: occurrence.date) != occurrence.local {
                        found.append(Finding(
                            severity: .warning, kind: .dstGap, subject: subject,
                            message: "\(occurrence.local) does not exist in \(zone.identifier) (the clocks go forward \(TimeText.duration(after - before))): it fires at \(TimeText.local(occurrence.date, zone: zone))"))
                    } else if after < before,
                              converter.local(for: occurrence.date.addingTimeInterval(Double(before - after))) == occurrence.local {
                        found.append(Finding(
                            severity: .warning, kind: .dstFold, subject: subject,
                            message: "\(occurrence.local) occurs twice in \(zone.identifier) (the clocks go back \(TimeText.duration(before - after))): it fires once, at the first, \(TimeText.local(occurrence.date, zone: zone))"))
                    }
                }
            }
        }
        return found
    }

    // MARK: Collisions

    /// Distinct rules of the entities at the start that fire at one instant during the run.
    func collisionFindings() -> [Finding] {
        let end = ZoneConverter.for(scenario.zone).instant(
            for: LocalDateTime(date: scenario.start.date.adding(days: scenario.days), time: scenario.start.time)).date
        var byInstant: [Date: [String]] = [:]
        for entity in scenario.entities {
            for rule in entity.rules {
                let name = "\(entity.reference)/\(rule.id)"
                for occurrence in rule.schedule.occurrences(after: startDate.addingTimeInterval(-1), before: end,
                                                            deviceZone: scenario.zone) {
                    byInstant[occurrence.date, default: []].append(name)
                }
            }
        }
        var pairs: [[String]: (first: Date, count: Int)] = [:]
        for (date, names) in byInstant where Set(names).count > 1 {
            let key = Array(Set(names)).sorted()
            let known = pairs[key]
            pairs[key] = (min(known?.first ?? date, date), (known?.count ?? 0) + 1)
        }
        return pairs.sorted { ($0.value.first, $0.key.joined()) < ($1.value.first, $1.key.joined()) }.map { names, seen in
            let more = seen.count > 1 ? " (and \(seen.count - 1) more time\(seen.count == 2 ? "" : "s") during the run)" : ""
            return Finding(severity: .warning, kind: .collision, subject: names.joined(separator: ", "),
                           message: "fire at the same instant, \(TimeText.local(seen.first, zone: scenario.zone))\(more): the user gets \(names.count) notifications at once")
        }
    }

    // MARK: Categories

    /// The actions an alarm's snooze button of `target` stands for: the first action of
    /// its rules' categories, when that is a snooze.
    private func alarmSnoozes(of target: ScenarioTarget) -> [String] {
        declaredRules().compactMap { entity, rule in
            guard case .entity(let wanted, let name) = target, wanted == entity, name.map({ $0 == rule.id }) ?? true,
                  let id = rule.category,
                  let first = scenario.category(id)?.actions.first, case .snooze = first.kind else { return nil }
            return first.id
        }
    }

    /// Categories no rule or post uses, and actions of used categories that no event
    /// of the scenario chooses (so the scenario never tries them).
    func unusedFindings() -> [Finding] {
        var used = Set(declaredRules().compactMap(\.rule.category))
        var chosen: Set<String> = []
        for event in scenario.events {
            switch event.action {
            case .post(let post): if let category = post.category { used.insert(category) }
            case .action(_, let id): chosen.insert(id)
            case .text(_, let action, _): chosen.insert(action)
            case .alarm(_, .action(let id)): chosen.insert(id)
            case .alarm(let target, .snooze): chosen.formUnion(alarmSnoozes(of: target))
            default: break
            }
        }
        var found: [Finding] = []
        for category in scenario.categories {
            guard used.contains(category.id) else {
                let actions = category.actions.map(\.id).joined(separator: ", ")
                found.append(Finding(severity: .warning, kind: .unusedCategory, subject: "category \(category.id)",
                                     message: "declared and never used by a rule or a post" + (actions.isEmpty ? "" : " (its actions: \(actions))")))
                continue
            }
            for action in category.actions where !chosen.contains(action.id) {
                found.append(Finding(severity: .warning, kind: .unusedAction, subject: "action \(category.id)/\(action.id)",
                                     message: "declared and never chosen by the scenario's events, so the scenario never tries it"))
            }
        }
        return found
    }

    // MARK: Playing

    /// Plays the scenario: an event that cannot happen is an error, so are requests the
    /// center dropped; a plan covering less than a day ahead is a warning.
    func playFindings() async -> [Finding] {
        let result: ScenarioResult
        var found: [Finding] = []
        do {
            result = try await ScenarioRunner(scenario: scenario).run()
        } catch let error as ScenarioError {
            let location = error.line > 0
                ? ScenarioLocation(file: error.file, line: error.line, column: error.column, field: error.field) : nil
            found.append(Finding(severity: .error, kind: .impossibleEvent,
                                 subject: error.field.isEmpty ? "scenario" : error.field, message: error.message,
                                 location: location))
            // What was played up to the event is checked too.
            guard let run = error.runSoFar else { return found }
            result = run
        } catch {
            return [Finding(severity: .error, kind: .impossibleEvent, subject: "scenario", message: "\(error)")]
        }
        // Guaranteed coverage: how far reminders fire if the app never runs again
        // (repeating triggers can carry it past the one-shot horizon, a DST limit can
        // end it before).
        let short = result.reconciles.filter { reconcile in
            reconcile.guaranteedCoverage?.date.map { $0 < reconcile.date.addingTimeInterval(86_400) } ?? false
        }
        if let first = short.first, let end = first.guaranteedCoverage?.date {
            let more = short.count > 1 ? " (\(short.count - 1) later plan\(short.count == 2 ? "" : "s") too)" : ""
            found.append(Finding(
                severity: .warning, kind: .shortCoverage, subject: "plan",
                message: "the plan at \(TimeText.local(first.date, zone: scenario.zone)) (\(first.reasonsText)) covers only until \(TimeText.local(end, zone: scenario.zone)), less than a day ahead\(more): reminders after it wait for the app to run again"))
        }
        if let warning = result.summary.dropWarning {
            found.append(Finding(severity: .error, kind: .dropped, subject: "center", message: warning))
        }
        return found
    }
}
