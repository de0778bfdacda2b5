/// The app's side of responses: it says what an entity is once its data is loaded,
/// and receives each response as a ``ResponseHandoff``.
///
/// The app hands its responder to ``Engine/ready(_:)`` when it can resolve
/// entities; responses that arrived earlier (a tap that cold-launched the app) wait in
/// Herald's queue until then, and are handed over in order, each once.
///
/// ```swift
/// struct Goals: AppResponder {
///     let store: GoalStore
///     func resolve(_ entity: EntityReference) async -> EntityResolution {
///         guard let goal = await store.goal(entity.id) else { return .missing }
///         return goal.isActive ? .ready(title: goal.title) : .inactive(title: goal.title)
///     }
///     func handle(_ route: ResponseHandoff) async { await router.show(route) }
/// }
/// await engine.ready(Goals(store: store))
/// ```
public protocol AppResponder: Sendable {
    func resolve(_ entity: EntityReference) async -> EntityResolution
    func handle(_ route: ResponseHandoff) async
}
