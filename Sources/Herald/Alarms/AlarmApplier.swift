import Foundation
import Logging

/// The alarm channel's side of a run (see ``AlarmCenter``): reads the service before
/// planning, and makes it hold the plan's alarms after the center is reconciled.
///
/// Before planning, a run reads the alarm service's authorization and its list, and
/// records in the fired log what sounded since Herald last looked (``AlarmStep``): a
/// fixed alarm Herald scheduled whose instant has passed sounded then (the service
/// deletes a one-shot alarm once it is stopped, so "gone" is the usual form), and a
/// weekly alarm sounding now sounded for today's occurrence at its time. The plan then
/// puts the alarm rules' reminders in ``Plan/alarms``; after the notification center is
/// reconciled, the alarms are: those Herald asked for and no longer wants are cancelled
/// first, then each new or changed one is scheduled (one call each, nothing for an
/// unchanged one). At the service's first refusal for its limit, nothing more is
/// scheduled that run. A fixed alarm the user is in the middle of (sounding, or
/// counting down a snooze) is left alone though its occurrence fired: cancelling it
/// would silence it on the user's screen or lose the snooze asked for. It goes once the
/// user stops it, or is cancelled when its occurrence is done, its entity paused or
/// deleted meanwhile; until then it takes room in the service, so the plan has that many
/// fewer alarms. The list is read whatever the authorization, so alarms scheduled
/// before the user turned alarms off are cancelled when their rules fall back to
/// notifications; when it cannot be read, the run records no firing and makes no call.
/// What Herald asked for is kept in its state (``EngineState/scheduledAlarms``), so a
/// relaunch neither schedules again what is held nor loses what to cancel; alarms the
/// app scheduled itself are never touched.
///
/// An alarm's title is its reminder's content title from the app's source; its second
/// button is the first action of the content's category: a Herald snooze becomes the
/// alarm's own snooze, any other action a button whose press comes back as that
/// action's response (``Engine/alarmButtonPressed(_:identifier:)``).
///
/// ```swift
/// let applier = AlarmApplier(center: alarms, source: source, categories: categories, logger: logger)
/// let read = await applier.read()                          // before planning
/// let (outcome, changes) = await applier.apply(plan, read: alarmRead)  // after the center
/// ```
struct AlarmApplier: Sendable {
    /// What the service said before planning; the run records what sounded from it
    /// (``AlarmStep/recording(authorization:held:capacity:state:now:zone:)``).
    struct ServiceRead: Sendable {
        var authorization: AlarmAuthorization
        /// The service's alarms; `nil` when they could not be read.
        var held: [SystemAlarm]?
        var capacity: Int
    }

    let center: any AlarmCenter
    let source: any ReminderSource
    let categories: CategoryRegistry
    let logger: Logger

    /// Reads the alarm service: its authorization, and its alarms (`nil` when they
    /// could not be read).
    nonisolated(nonsending) func read() async -> ServiceRead {
        let authorization = await center.authorization()
        // Read whatever the authorization: alarms scheduled before the user turned them
        // off are cancelled once their rules fall back to notifications.
        var held: [SystemAlarm]?
        if authorization != .unavailable {
            do {
                held = try await center.alarms()
            } catch {
                logger.warning("reading the alarms failed; they are left as they are", metadata: ["error": "\(error)"])
            }
        }
        return ServiceRead(authorization: authorization, held: held, capacity: center.capacity)
    }

    /// Makes the alarm service hold the plan's alarms (see the overview), with the
    /// change that keeps what Herald scheduled, when that changed.
    nonisolated(nonsending) func apply(_ plan: Plan, read: AlarmRead) async -> (outcome: AlarmOutcome, changes: [EngineStateChange]) {
        guard read.held != nil else { return (AlarmOutcome(), []) }
        var outcome = AlarmOutcome()
        let (desired, unanswered) = await requests(for: plan)
        let diff = AlarmStep.diff(desired: desired, unanswered: unanswered, read: read)
        outcome.unchanged = diff.unchanged
        var kept = read.scheduled
        for (id, alarm, held) in diff.dropped {
            kept[id] = nil
            guard held else { continue }
            do {
                try await center.cancel(id: id)
                outcome.cancelled += 1
            } catch {
                logger.warning("cancelling an alarm failed", metadata: ["alarm": "\(alarm.identifier)", "error": "\(error)"])
            }
        }
        for (request, category) in diff.scheduling {
            guard outcome.refused.isEmpty else {
                outcome.refused.append(request.identifier)
                continue
            }
            do {
                try await center.schedule(request)
                kept[request.id] = ScheduledAlarm(request, category: category)
                outcome.scheduled += 1
            } catch {
                kept[request.id] = nil
                outcome.refused.append(request.identifier)
                logger.warning("scheduling an alarm failed; the next run tries again", metadata: [
                    "alarm": "\(request.identifier)", "error": "\(error)",
                ])
            }
        }
        return (outcome, kept != read.scheduled ? [.setScheduledAlarms(kept)] : [])
    }

    /// The plan's alarms with their titles and buttons from the app's source, each with
    /// its content's category, and the ids of those whose content failed.
    private nonisolated(nonsending) func requests(for plan: Plan) async
        -> (requests: [(request: AlarmRequest, category: String)], unanswered: Set<UUID>) {
        var requests: [(request: AlarmRequest, category: String)] = []
        var unanswered: Set<UUID> = []
        for alarm in plan.alarms {
            let content: NotificationContent
            do {
                content = try await source.content(for: alarm.reminder)
            } catch {
                logger.warning("content for an alarm failed", metadata: ["alarm": "\(alarm.identifier)", "error": "\(error)"])
                unanswered.insert(alarm.id)
                continue
            }
            let action = categories[content.categoryIdentifier]?.actions.first
            let secondary: AlarmSecondaryButton? = switch action?.kind {
            case .snooze(let seconds)?: .snooze(title: action?.title ?? "", minutes: max(1, Int(seconds / 60)))
            case nil, .dismiss?: nil
            default: action.map { .action(identifier: $0.identifier, title: $0.title) }
            }
            requests.append((AlarmRequest(identifier: alarm.identifier, schedule: alarm.schedule, title: content.title,
                                          secondary: secondary), content.categoryIdentifier))
        }
        return (requests, unanswered)
    }
}
