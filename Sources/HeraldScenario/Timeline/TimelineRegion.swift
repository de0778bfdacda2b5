import Foundation
import Herald

/// An entry into or exit from a region the app monitors, as Core Location reported it
/// during a scenario (`location_updates: regions`): the place, which way the device
/// crossed, and when it crossed (the app hears of it the platform's delay later, at
/// ``date``).
///
/// ```swift
/// if case .region(let region) = entry {
///     print(region.kind, region.name, region.identifier)   // entered Spot A herald:event:route:mitte:arrived:…
/// }
/// ```
public struct TimelineRegion: Hashable, Sendable {
    /// Which way the device crossed the boundary.
    public enum Kind: String, Hashable, Sendable {
        case entered, exited
    }

    /// When the app heard of it.
    public var date: Date
    public var local: LocalDateTime
    public var kind: Kind
    /// The region's identifier (for a waypoint, its spot notification's identifier).
    public var identifier: String
    /// What the app calls the place (a waypoint's name); the identifier when unknown.
    public var name: String
    /// A waypoint or a location reminder's region; `nil` when no plan named it.
    package var place: MonitoredPlace.Kind?
    /// When the device was first seen on the other side of the boundary.
    public var crossedAt: Date
    /// Why the app did not act on it (`the app is not running`, an exit), when it did not.
    public var note: String?

    package init(date: Date, local: LocalDateTime, kind: Kind, identifier: String, name: String,
                place: MonitoredPlace.Kind?, crossedAt: Date, note: String? = nil) {
        self.date = date
        self.local = local
        self.kind = kind
        self.identifier = identifier
        self.name = name
        self.place = place
        self.crossedAt = crossedAt
        self.note = note
    }

    /// `entered waypoint "Spot A" (crossed 20 s before)`.
    package var text: String {
        let what = place.map { "\(TimelineRegions.name(of: $0)) " } ?? ""
        let delay = Int(date.timeIntervalSince(crossedAt).rounded())
        return "\(kind.rawValue) \(what)\"\(name)\" (crossed \(delay) s before)" + (note.map { ", \($0)" } ?? "")
    }
}
