import Foundation

/// The reconciler, the response step and the region budget as Herald's benchmark
/// package measures them (see ``BenchmarkPlanner`` for why they are reached this way).
///
/// ```swift
/// @_spi(Benchmarking) import Herald
///
/// let touched = BenchmarkMachinery.requestsTouched(desired: desired, pending: pending)
/// let payload = BenchmarkMachinery.decode(response)
/// let places = BenchmarkMachinery.Places(centers: centers, radius: 150, waypoints: 5)
/// let nearest = BenchmarkMachinery.nearest(20, of: places, to: here)
/// ```
@_spi(Benchmarking) public enum BenchmarkMachinery {
    /// How many requests the reconciler removes and adds to turn `pending` into `desired`.
    public static func requestsTouched(desired: [NotificationRequest], pending: [NotificationRequest]) -> Int {
        Reconciler().diff(desired: desired, pending: pending).touched
    }

    /// How many requests the run of `report` removed from and added to the center.
    public static func requestsTouched(by report: ReconcileReport) -> Int {
        report.outcome.touched
    }

    /// The payload Herald finds in `response`; `nil` when it carries none that is valid.
    public static func decode(_ response: NotificationResponse) -> HeraldPayload? {
        responseDecoder.decode(response).payload
    }

    /// The decoder of ``decode(_:)``, made once as an engine makes it.
    private static let responseDecoder = ResponseDecoder()

    /// Decides each response on an empty state, numbered from 1, as a response step
    /// does when the app is not ready, and commits what it changes to `store`.
    public static func recordResponses(_ responses: [NotificationResponse], in store: InMemoryEngineStore,
                                       now: Date, zone: TimeZone) {
        let categories = CategoryRegistry.empty
        for (index, response) in responses.enumerated() {
            let step = ResponseStep.received(
                response, decoding: PayloadDecoder().decode(response.notification.request.content.userInfo),
                sequence: index + 1, state: EngineState(), now: now, deviceZone: zone, categories: categories)
            store.commit(step.changes)
        }
    }

    /// Places to watch: the first `waypoints` of them a route's waypoints, the rest
    /// location reminders, each a circle of `radius` metres around its center.
    public struct Places: Sendable {
        let places: [MonitoredPlace]

        public init(centers: [Coordinate], radius: Double, waypoints: Int) {
            places = centers.enumerated().map { index, center in
                MonitoredPlace(identifier: "place-\(index)", kind: index < waypoints ? .waypoint : .locationReminder,
                               center: center, radius: radius)
            }
        }
    }

    /// The identifiers of the `count` places nearest to `position`, by the region
    /// budget's bounded heap.
    public static func nearest(_ count: Int, of places: Places, to position: Coordinate) -> [String] {
        RegionBudget.nearest(count, of: places.places, to: position).map(\.identifier)
    }

    /// The same by sorting every place: the baseline the heap is measured against.
    public static func nearestBySorting(_ count: Int, of places: Places, to position: Coordinate) -> [String] {
        RegionBudget.nearestBySorting(count, of: places.places, to: position).map(\.identifier)
    }
}
