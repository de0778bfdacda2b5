/// What the app says about the entity a response points at, once its data is loaded.
public enum EntityResolution: Hashable, Sendable {
    /// The entity exists and is active: open it.
    case ready(title: String?)
    /// It exists but is paused: the UI shows its title and how to resume it.
    case inactive(title: String)
    /// It no longer exists.
    case missing
}
