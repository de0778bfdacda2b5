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
    /// The scheduler's own code when it refused (`BGTaskScheduler.Error.Code`'s raw
    /// value: 1 unavailable, 2 too many pending requests, 3 not permitted), else `nil`.
    public let platformCode: Int?

    public var description: String { message }

    public struct Code: Hashable, Sendable, CustomStringConvertible {
        let name: String
        public var description: String { name }

        /// The system refused the request (the identifier is not in
        /// `BGTaskSchedulerPermittedIdentifiers`, background refresh is off, or too many
        /// requests are pending).
        public static let submitFailed = Code(name: "submitFailed")
    }

    static func submitFailed(identifier: String, underlying: any Error, platformCode: Int?) -> BackgroundRefreshError {
        BackgroundRefreshError(
            code: .submitFailed,
            message: "The system refused the background refresh \(identifier): \(underlying). Check that it is listed in BGTaskSchedulerPermittedIdentifiers and that UIBackgroundModes contains fetch.",
            platformCode: platformCode
        )
    }
}
