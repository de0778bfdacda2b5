import Foundation

/// How Herald knows a location reminder fired without reading it back.
///
/// iOS never lists a notification fired by a location trigger in the delivered list
/// ("Notifications triggered by location cannot be retrieved, but can be removed"), so
/// Herald keeps, after each run, the location requests it left pending
/// (``EngineState/armedLocations``, ``LocationFiringStep``) and learns of a firing another way:
/// - a one-shot location request the last run left pending that the center no longer
///   holds has fired: Herald removes its own requests only in its runs. The firing is
///   dated at the run that notices it. While the center is full a missing request may
///   have been dropped instead, and while notifications are off the center hides its
///   pending list, so nothing is concluded then;
/// - a location reminder presented in the foreground, or responded to, is recorded like
///   any other notification.
///
/// Each firing is recorded once in the fired log, so the day's occurrence is never armed
/// again (no second alert). Planning counts today's location firings as delivered
/// (``unlistedLocationDeliveries(_:listed:)``): they count toward the badge while they
/// still ask, and when they stop asking the run removes them by identifier, which iOS
/// allows. A run caused by completing, pausing or deleting an entity also removes
/// today's location notifications of that entity that were armed, repeating ones
/// included, whether or not Herald learnt that they fired. Herald cannot see the user
/// clear one from Notification Center, so it counts it until then or until its day ends.
extension Engine {
    /// Today's location firings the delivered list does not show
    /// (``LocationFiringStep/unlistedDeliveries(_:listed:removed:now:zone:)``), less those
    /// this process removed already.
    func unlistedLocationDeliveries(_ firings: [FiredRecord], listed: [DeliveredNotification]) -> [DeliveredNotification] {
        LocationFiringStep.unlistedDeliveries(firings, listed: listed, removed: removedLocationDeliveries,
                                              now: clock.now, zone: clock.timeZone)
    }
}
