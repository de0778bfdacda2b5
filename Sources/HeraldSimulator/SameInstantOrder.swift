/// Which the simulated system does first when a notification falls due at the same
/// instant as the report of a monitored region's crossing: deliver it, or wake the app
/// for the crossing.
///
/// A location trigger and the app's own region monitoring both react to one boundary
/// crossing about 20 s after it, so a location reminder and the app's wake for the same
/// entry often share an instant. iOS promises no order between them, and an engine must
/// hold under either: the app, woken first, sees the location request still pending and
/// may replace or remove it before it fires. Test an app under both.
///
/// ```swift
/// let center = SimulatedNotificationCenter(clock: clock, authorization: .authorized)
/// await center.setSameInstantOrder(.crossingsFirst)
/// ```
public enum SameInstantOrder: String, Hashable, Sendable, Codable, CaseIterable {
    /// Notifications due at the instant are delivered, then the crossing is reported
    /// (the simulator's default).
    case deliveriesFirst = "deliveries_first"
    /// The crossing is reported (the app woken) before notifications due at the same
    /// instant are delivered.
    case crossingsFirst = "crossings_first"
}
