import Foundation

/// A test asked a ``SimulatedHousehold`` for something it cannot do: a device it does
/// not hold, a device whose clock is not the household's time, a Watch paired with no
/// iPhone of the household, or an answer on a Watch to a notification it was not
/// forwarded. The ``message`` says what and where.
///
/// ```swift
/// do {
///     try await household.answerOnWatch("watch", to: "water-0900", action: "done")
/// } catch let error as HouseholdError where error.code == .notForwarded {
///     // the iPhone's notification alerted on the iPhone, or was never delivered
/// }
/// ```
public struct HouseholdError: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Code: String, Hashable, Sendable {
        /// No device of the household has this identifier.
        case unknownDevice
        /// A device with this identifier is already in the household.
        case duplicateDevice
        /// The device's clock does not stand at the household's time and zone.
        case clockMismatch
        /// A Watch names no iPhone of the household as its pair.
        case invalidPairing
        /// The notification was not forwarded to this Watch, or was already answered there.
        case notForwarded
        /// The notification's category, as registered at delivery, had no such action.
        case actionNotOffered
        /// The app has no process on that device.
        case appNotRunning
    }

    public let code: Code
    /// What was wrong, on what, and what to do instead.
    public let message: String

    public init(code: Code, message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }
}
