import Herald

/// The app's vacations as a scenario's events change them: a `vacation` event adds one,
/// an `end_vacation` event ends the one the user is on. The parser checks each
/// `end_vacation` against them, the run applies them to the scenario app's data, and
/// `herald why` replays them up to an occurrence.
///
/// ```swift
/// let holidays = try ReminderRule.Vacation(from: LocalDate(year: 2026, month: 12, day: 20),
///                                          to: LocalDate(year: 2027, month: 1, day: 3))
/// ScenarioVacations.ending([holidays], on: LocalDate(year: 2026, month: 12, day: 27))
/// // [2026-12-20 to 2026-12-26]: back on the 27th
/// ```
package enum ScenarioVacations {
    /// `vacations` once the user ends their vacation on the local `day`: a vacation
    /// holding `day` ends the day before (one that starts on `day` is removed); with
    /// none holding it, the next one to start after `day` is removed. `nil` when there
    /// is none of either, so nothing to end.
    package static func ending(_ vacations: [ReminderRule.Vacation], on day: LocalDate) -> [ReminderRule.Vacation]? {
        if vacations.contains(where: { $0.contains(day) }) {
            return vacations.compactMap { vacation in
                guard vacation.contains(day) else { return vacation }
                return try? ReminderRule.Vacation(from: vacation.from, to: day.adding(days: -1))
            }
        }
        guard let next = vacations.indices.filter({ vacations[$0].from > day }).min(by: { vacations[$0].from < vacations[$1].from })
        else { return nil }
        var remaining = vacations
        remaining.remove(at: next)
        return remaining
    }

    /// The app's vacations after `action`, when it is a `vacation` or `end_vacation`
    /// event (an `end_vacation` with nothing to end leaves them as they are).
    package static func applying(_ action: ScenarioEvent.Action, to vacations: [ReminderRule.Vacation])
        -> [ReminderRule.Vacation] {
        switch action {
        case .vacation(let vacation): vacations + [vacation]
        case .endVacation(let day): ending(vacations, on: day) ?? vacations
        default: vacations
        }
    }
}
