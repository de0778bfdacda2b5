// The Swift samples of SchedulesThatFollowTheUser.md, in the context they need: the
// documentation tests check that they appear here verbatim.
import Foundation
import Herald

/// SchedulesThatFollowTheUser.md
enum FollowingTheUserSamples {
    static func quota(workout: EntityReference) throws -> ReminderRule {
        let gym = try ReminderRule(entity: workout, id: "evening", schedule: try .daily(at: [LocalTime(hour: 18)]))
            .limited(to: try .init(times: 3, per: .week))
        return gym
    }

    static func firstWeekday() -> PlannerConfiguration {
        var configuration = PlannerConfiguration()
        configuration.firstWeekday = .sunday   // Calendar.current.firstWeekday on Apple platforms
        configuration.randomSeed = 0x5EED      // the same on each of the user's devices
        return configuration
    }

    static func afterCompletion(plant: EntityReference) throws -> ReminderRule {
        let watering = try ReminderRule(
            entity: plant, id: "water",
            schedule: try .everyDays(3, from: LocalDate(year: 2026, month: 11, day: 23), at: [LocalTime(hour: 9)])
        ).countingFromCompletion()
        return watering
    }

    static func random(journal: EntityReference) throws -> ReminderRule {
        let mood = try ReminderRule(entity: journal, id: "sample", schedule: try .weekly(on: Weekday.workdays, at: [LocalTime(hour: 10)]))
            .atRandomTimes(try .init(from: LocalTime(hour: 10), to: LocalTime(hour: 16), times: 2, minimumGap: 3600))
        return mood
    }

    static func vacation(piano: EntityReference) throws -> ReminderRule {
        let practice = try ReminderRule(entity: piano, id: "practice", schedule: try .daily(at: [LocalTime(hour: 17)]))
            .onVacation([try .init(from: LocalDate(year: 2026, month: 12, day: 20), to: LocalDate(year: 2027, month: 1, day: 3))])
        return practice
    }

    struct Habits: ReminderSource {
        let settings: AppSettings
        let log: DrinkLog

        func reminderRules() async throws -> [ReminderRule] { [] }
        func content(for reminder: PlannedReminder) async throws -> NotificationContent {
            NotificationContent(title: reminder.rule.entity.id)
        }

        func vacations() async throws -> [ReminderRule.Vacation] {
            try settings.vacations.map { try ReminderRule.Vacation(from: $0.first, to: $0.last) }
        }

        func progress(of entity: EntityReference, on day: LocalDate) async throws -> Int? {
            await log.glasses(on: day)
        }
    }

    struct AppSettings {
        var vacations: [(first: LocalDate, last: LocalDate)]
    }

    actor DrinkLog {
        func glasses(on day: LocalDate) -> Int { 0 }
    }

    static func pace(water: EntityReference, engine: Engine) async throws -> ReminderRule {
        let sips = try ReminderRule(entity: water, id: "sips",
                                    schedule: try .everyMinutes(60, from: LocalTime(hour: 8), to: LocalTime(hour: 20)))
            .paced(try .init(target: 8, by: LocalTime(hour: 20)))
        // After the user logs a glass:
        await engine.entityChanged(water)
        return sips
    }

    static func why(engine: Engine, workout: EntityReference) async {
        let story = await engine.explain(entity: workout, rule: "evening", at: LocalDateTime(parsing: "2026-11-27T18:00")!)
        if case .heldBack(let reason)? = story.events.first?.fact {
            print(reason)   // quota met for the week: 3 of 3
        }
    }
}
