import Herald

/// Something that happens in the simulated app at a local date-time: the user completes,
/// pauses, resumes, deletes, edits or imports entities.
///
/// ```yaml
/// events:
///   - {at: 2026-11-21T09:05, complete: stretch}
///   - {at: 2026-11-21T10:00, pause: water}
///   - {at: 2026-11-22T08:00, resume: water}
///   - {at: 2026-11-22T20:00, delete: [gym, water]}
/// ```
public struct ScenarioEvent: Hashable, Sendable {
    /// When it happens, in the scenario's zone.
    public var at: LocalDateTime
    public var action: Action

    public init(at: LocalDateTime, action: Action) {
        self.at = at
        self.action = action
    }

    /// What happens.
    public enum Action: Hashable, Sendable, CustomStringConvertible {
        /// The entity is done for `day` (today when `nil`).
        case complete(EntityReference, day: LocalDate?)
        case pause(EntityReference)
        case resume(EntityReference)
        /// The entities are deleted.
        case delete([EntityReference])
        /// An entity is saved (created when new).
        case edit(ScenarioEntityEdit)
        /// An import replaces every entity of `namespace` with `entities`.
        case `import`(namespace: String, entities: [ScenarioEntity])

        public var description: String {
            switch self {
            case .complete(let entity, let day): day.map { "complete \(entity) for \($0)" } ?? "complete \(entity)"
            case .pause(let entity): "pause \(entity)"
            case .resume(let entity): "resume \(entity)"
            case .delete(let entities): "delete \(entities.map(\.description).joined(separator: ", "))"
            case .edit(let edit): "edit \(edit.entity)"
            case .import(let namespace, let entities):
                "import \(entities.count) \(namespace) entit\(entities.count == 1 ? "y" : "ies")"
            }
        }

        /// The event's kind as the file spells it (`complete`, `pause`, ...).
        public var kind: String {
            switch self {
            case .complete: "complete"
            case .pause: "pause"
            case .resume: "resume"
            case .delete: "delete"
            case .edit: "edit"
            case .import: "import"
            }
        }
    }
}
