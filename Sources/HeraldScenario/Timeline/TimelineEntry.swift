import Foundation
import Herald

/// One line of a scenario's timeline: a delivery, an in-app prompt, an event of the
/// app's data, a reconcile, a change of the app's process or permission, a gesture of
/// the user, a response routed to the app, a smart-timing recomputation, a region
/// entered or exited, the regions the plan watches and cuts, a step of the route in
/// progress (a waypoint reached, the route completed), or a travel notice.
///
/// ```swift
/// for entry in result.timeline {
///     switch entry {
///     case .delivery(let delivery): print(delivery.local, delivery.badge ?? 0, delivery.title)
///     case .route(let route): print(route.local, route.destination, route.badge)
///     default: break
///     }
/// }
/// ```
public enum TimelineEntry: Hashable, Sendable {
    case delivery(TimelineDelivery)
    case event(TimelineEvent)
    case reconcile(TimelineReconcile)
    case lifecycle(TimelineLifecycle)
    case user(TimelineUserAction)
    case prompt(TimelinePrompt)
    case route(TimelineRoute)
    case smartTiming(TimelineSmartTiming)
    case region(TimelineRegion)
    case regions(TimelineRegions)
    case routeProgress(TimelineRouteProgress)
    case travel(TimelineTravel)

    public var date: Date {
        switch self {
        case .delivery(let delivery): delivery.date
        case .event(let event): event.date
        case .reconcile(let reconcile): reconcile.date
        case .lifecycle(let lifecycle): lifecycle.date
        case .user(let user): user.date
        case .prompt(let prompt): prompt.date
        case .route(let route): route.date
        case .smartTiming(let smart): smart.date
        case .region(let region): region.date
        case .regions(let regions): regions.date
        case .routeProgress(let progress): progress.date
        case .travel(let travel): travel.date
        }
    }

    public var local: LocalDateTime {
        switch self {
        case .delivery(let delivery): delivery.local
        case .event(let event): event.local
        case .reconcile(let reconcile): reconcile.local
        case .lifecycle(let lifecycle): lifecycle.local
        case .user(let user): user.local
        case .prompt(let prompt): prompt.local
        case .route(let route): route.local
        case .smartTiming(let smart): smart.local
        case .region(let region): region.local
        case .regions(let regions): regions.local
        case .routeProgress(let progress): progress.local
        case .travel(let travel): travel.local
        }
    }
}
