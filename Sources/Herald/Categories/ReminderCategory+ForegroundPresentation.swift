extension ReminderCategory {
    /// How a category's notifications appear while the app is in the foreground.
    public enum ForegroundPresentation: Hashable, Sendable {
        /// Let the system show them with these options (empty silences them).
        case system(PresentationOptions)
        /// Silence the system banner and hand the app an ``InAppPrompt`` with the
        /// category's actions plus Dismiss, so the actions stay visible (seed 002).
        case inAppPrompt
    }
}
