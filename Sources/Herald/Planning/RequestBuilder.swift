import Foundation
import Logging

/// Builds the requests for a plan: content from the app's source for each planned
/// reminder and group, and the posted events.
///
/// When the source fails for one, or its content is refused, the pending request for
/// it (if any) is kept as it is. A request whose reminder and content equal the last
/// run's is that run's (``BuiltRequests``). They come in the order to add them
/// (``AdditionOrder``). Without `badges` none carries a badge.
///
/// ```swift
/// var texts: [String?] = []
/// let desired = await RequestBuilder(source: source, logger: logger)
///     .requests(for: plan, pending: managed, badges: true, built: &built, texts: &texts)
/// ```
struct RequestBuilder: Sendable {
    let source: any ReminderSource
    let logger: Logger

    /// The requests for `plan` (see the overview); ends `built`'s run. `texts` gets the
    /// identifier's text of each request built for `plan.requests`, in that order (`nil`
    /// where none was), which the history records without writing it again.
    nonisolated(nonsending) func requests(for plan: Plan, pending pendingByIdentifier: [String: NotificationRequest],
                                          badges: Bool, built: inout BuiltRequests, texts: inout [String?]) async
        -> [NotificationRequest] {
        var order = AdditionOrder()
        let planned = plan.requests
        defer { built.endRun() }
        texts.reserveCapacity(planned.count)
        for var reminder in planned {
            if !badges { reminder.badge = nil }
            let firesAt: Date? = reminder.kind == .location ? nil : reminder.date
            do {
                var content = try await source.content(for: reminder)
                if let level = plan.delivery(of: reminder)?.level.interruptionLevel { content.interruptionLevel = level }
                let request = try built.request(for: reminder, content: content)
                texts.append(request.identifier)
                order.add(request, firesAt: firesAt)
            } catch {
                texts.append(nil)
                let identifier = reminder.identifier.description
                logger.warning("content for a reminder failed", metadata: [
                    "identifier": "\(identifier)", "error": "\(error)",
                ])
                if let existing = pendingByIdentifier[identifier] { order.add(existing, firesAt: firesAt) }
            }
        }
        for group in plan.groups {
            var group = group
            if !badges { group.badge = nil }
            if let request = await request(for: group, plan: plan, pending: pendingByIdentifier) {
                order.add(request, firesAt: group.date)
            }
        }
        for (event, var request) in zip(plan.events, plan.eventRequests) {
            if !badges { request.content.badge = nil }
            order.add(request, firesAt: event.fireDate, atOnce: event.firesAtOnce)
        }
        return order.requests
    }

    /// The request of a group: the source's content for each member, then its
    /// ``ReminderSource/groupContent(for:members:)``. When the source fails for one, or
    /// the content is refused, the pending request for it (if any) is kept as it is.
    private nonisolated(nonsending) func request(for group: PlannedGroup, plan: Plan,
                                                 pending: [String: NotificationRequest]) async
        -> NotificationRequest? {
        do {
            var members: [NotificationContent] = []
            for member in group.members {
                var content = try await source.content(for: member)
                if let level = plan.delivery(of: member)?.level.interruptionLevel { content.interruptionLevel = level }
                members.append(content)
            }
            return try group.request(with: try await source.groupContent(for: group, members: members))
        } catch {
            let identifier = group.identifier.description
            logger.warning("content for a group failed", metadata: ["identifier": "\(identifier)", "error": "\(error)"])
            return pending[identifier]
        }
    }
}
