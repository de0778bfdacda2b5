import Foundation

/// Why a background refresh could not be scheduled. ``BackgroundRefresh`` logs it
/// (label `herald.refresh`) when the system refuses the request a run submits:
///
/// ```
/// warning: submitting the next background refresh failed error=The system refused the
///   background refresh com.example.habits.refresh: … Check that it is listed in
///   BGTaskSchedulerPermittedIdentifiers and that UIBackgroundModes contains fetch.
/// ```
public struct BackgroundRefreshError: Error, Hashable, Sendable, CustomStringConvertible {
    public let code: Code
    public let message: String

    public var description: String { message }

    public struct Code: Hashable, Sendable, CustomStringConvertible {
        let name: String
        public var description: String { name }

        /// The system refused the request (the identifier is not in
        /// `BGTaskSchedulerPermittedIdentifiers`, background refresh is off, or too many
        /// requests are pending).
        public static let submitFailed = Code(name: "submitFailed")
    }

    static func submitFailed(identifier: String, underlying: any Error) -> BackgroundRefreshError {
        BackgroundRefreshError(
            code: .submitFailed,
            message: "The system refused the background refresh \(identifier): \(underlying). Check that it is listed in BGTaskSchedulerPermittedIdentifiers and that UIBackgroundModes contains fetch."
        )
    }
}
