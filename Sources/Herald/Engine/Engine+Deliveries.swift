import Foundation

extension Engine {
    /// How far back planning and responses read history: two days.
    static let historyWindow: TimeInterval = 2 * 86_400

    /// The state with the history planning and responses need: the last two days.
    /// Reading it costs the same after a year as on the first day.
    func recentState() throws -> EngineState {
        try store.load(since: clock.now.addingTimeInterval(-Self.historyWindow))
    }

    /// The recent state with the deliveries not yet in the fired log recorded
    /// (``DeliveryStep``), the changes to commit, and the deliveries to remember once
    /// they are committed (``RecordedDeliveries``).
    func stateRecordingDeliveries(_ delivered: [DeliveredNotification]) throws
        -> (state: EngineState, changes: [EngineStateChange], unseen: [DeliveredNotification]) {
        let unseen = memory.unseenDeliveries(in: delivered)
        var state = try store.load(since: DeliveryStep.readSince(unseen, now: clock.now, window: Self.historyWindow))
        let step = DeliveryStep.recording(unseen, state: state, deviceZone: clock.timeZone)
        for shown in step.shown { history.recordDelivery(of: shown.identifier, request: shown.request, at: shown.date) }
        for change in step.changes { state.apply(change) }
        return (state, step.changes, unseen)
    }
}
