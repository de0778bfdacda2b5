import Herald

/// The delivered list of a ``SimulatedNotificationCenter``: oldest first, one
/// notification per identifier, indexed by identifier, so a delivery (which replaces
/// an earlier one with its identifier) and a removal cost the same however long the
/// list has grown.
///
/// A removal leaves a hole that the next read closes; reading a list with no holes
/// costs nothing (the array is shared, copy-on-write).
///
/// ```swift
/// var list = DeliveredList()
/// list.append(notification)                 // replaces one with the same identifier
/// list.remove(["water"])
/// let shown = list.notifications()          // oldest first
/// ```
struct DeliveredList: Sendable {
    /// Oldest first; removed entries stay until ``notifications()`` closes the holes.
    private var entries: [DeliveredNotification] = []
    /// Where each identifier's notification is in ``entries``.
    private var positions: [String: Int] = [:]
    /// Positions of removed entries.
    private var holes: Set<Int> = []
    /// The identifiers in the list whose request has a location trigger.
    private(set) var locationTriggered: Set<String> = []

    init(_ notifications: [DeliveredNotification] = []) {
        for notification in notifications { append(notification) }
    }

    /// How many notifications are in the list.
    var count: Int { positions.count }

    /// Adds a notification at the end, removing the one with its identifier.
    mutating func append(_ notification: DeliveredNotification) {
        let identifier = notification.request.identifier
        if let position = positions[identifier] { holes.insert(position) }
        positions[identifier] = entries.count
        entries.append(notification)
        if case .location? = notification.request.trigger {
            locationTriggered.insert(identifier)
        } else if !locationTriggered.isEmpty {
            locationTriggered.remove(identifier)
        }
    }

    /// Removes the notifications with these identifiers.
    mutating func remove(_ identifiers: some Sequence<String>) {
        for identifier in identifiers {
            if let position = positions.removeValue(forKey: identifier) { holes.insert(position) }
            if !locationTriggered.isEmpty { locationTriggered.remove(identifier) }
        }
    }

    mutating func removeAll() {
        entries = []
        positions = [:]
        holes = []
        locationTriggered = []
    }

    /// The list, oldest first.
    mutating func notifications() -> [DeliveredNotification] {
        if !holes.isEmpty { closeHoles() }
        return entries
    }

    /// The list, oldest first, without the notifications a location trigger fired.
    mutating func notificationsNotTriggeredByLocation() -> [DeliveredNotification] {
        let all = notifications()
        guard !locationTriggered.isEmpty else { return all }
        return all.filter { !locationTriggered.contains($0.request.identifier) }
    }

    private mutating func closeHoles() {
        var kept: [DeliveredNotification] = []
        kept.reserveCapacity(positions.count)
        for (position, notification) in entries.enumerated() where !holes.contains(position) {
            positions[notification.request.identifier] = kept.count
            kept.append(notification)
        }
        entries = kept
        holes = []
    }
}
