import Herald

/// What one gesture of the simulated user (or a change in Settings) did: the response
/// handed to the app, if any, and every device event it caused, in order.
///
/// ```swift
/// let outcome = try await device.tap("water")
/// #expect(outcome.launched)                          // the app was not running
/// #expect(outcome.stateBefore == .notRunning && outcome.stateAfter == .foreground)
/// #expect(outcome.response?.actionIdentifier == NotificationResponse.defaultActionIdentifier)
/// ```
public struct UserActionOutcome: Hashable, Sendable, Codable {
    /// The response handed to the app; `nil` when the app was not told (a dismissal
    /// without custom dismiss, clearing, a change in Settings).
    public var response: NotificationResponse?
    public var stateBefore: AppState
    public var stateAfter: AppState
    /// The events the gesture caused, as appended to ``SimulatedDevice/events``.
    public var events: [DeviceEvent]

    public init(response: NotificationResponse?, stateBefore: AppState, stateAfter: AppState, events: [DeviceEvent]) {
        self.response = response
        self.stateBefore = stateBefore
        self.stateAfter = stateAfter
        self.events = events
    }

    /// Whether the gesture started a new process (cold launch).
    public var launched: Bool {
        events.contains { if case .launched = $0.kind { true } else { false } }
    }
}
