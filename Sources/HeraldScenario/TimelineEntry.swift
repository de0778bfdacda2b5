import Foundation
import Herald

/// One line of a scenario's timeline: a delivery, an event, or a reconcile.
///
/// ```swift
/// for entry in result.timeline {
///     switch entry {
///     case .delivery(let delivery): print(delivery.local, delivery.badge ?? 0, delivery.title)
///     case .event(let event): print(event.local, event.action)
///     case .reconcile(let reconcile): print(reconcile.local, reconcile.reasons)
///     }
/// }
/// ```
public enum TimelineEntry: Hashable, Sendable {
    case delivery(TimelineDelivery)
    case event(TimelineEvent)
    case reconcile(TimelineReconcile)

    public var date: Date {
        switch self {
        case .delivery(let delivery): delivery.date
        case .event(let event): event.date
        case .reconcile(let reconcile): reconcile.date
        }
    }

    public var local: LocalDateTime {
        switch self {
        case .delivery(let delivery): delivery.local
        case .event(let event): event.local
        case .reconcile(let reconcile): reconcile.local
        }
    }
}
