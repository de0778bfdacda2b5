/// Keeps a pending arrive reminder as the center holds it while the device is inside
/// its region: its entry may be in flight.
///
/// A location trigger fires about 20 s after the device crosses its boundary, and the
/// app may run in between (woken for the same entry by its own region monitoring, or
/// by anything else). A request added while the device is inside its region does not
/// fire for that entry, so a run that replaced the pending request then (its badge
/// renumbered, say) would lose a firing the user was about to see. While Herald's last
/// known position is inside an arrive reminder's region, the run keeps the pending
/// request unchanged: at worst its badge is out of date until the run after its firing
/// sets the app badge right.
///
/// ```swift
/// var held: [LocationRegion] = []
/// desired = LocationCrossingInFlight.keepingPending(desired, pending: managed, position: plan.regions.position,
///                                                   held: &held)
/// ```
enum LocationCrossingInFlight {
    /// `desired`, with each one-shot arrive request that the center holds for the same
    /// region replaced by the held one while `position` is inside that region; `held`
    /// gets the regions of those replaced (a later position outside one plans otherwise).
    static func keepingPending(_ desired: [NotificationRequest], pending: [String: NotificationRequest],
                               position: Coordinate?, held kept: inout [LocationRegion]) -> [NotificationRequest] {
        guard let position, !pending.isEmpty else { return desired }
        return desired.map { request in
            guard case .location(let region, let repeats)? = request.trigger, region.notifyOnEntry,
                  let held = pending[request.identifier], held != request,
                  case .location(let heldRegion, repeats)? = held.trigger, heldRegion == region,
                  region.contains(position) else { return request }
            kept.append(region)
            return held
        }
    }
}
