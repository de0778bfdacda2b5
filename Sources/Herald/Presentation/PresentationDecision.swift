/// How a notification arriving in the foreground is shown: by the system with
/// options, or by the app as an ``InAppPrompt`` (the system banner silenced).
public enum PresentationDecision: Hashable, Sendable {
    case system(PresentationOptions)
    case prompt(InAppPrompt)

    /// The options to answer `willPresent` with.
    public var systemOptions: PresentationOptions {
        switch self {
        case .system(let options): options
        case .prompt: []
        }
    }
}
