import Foundation

extension HeraldSync {
    /// The app's channel between the user's devices (its CloudKit zone through
    /// `CKSyncEngine`, its `WCSession`), which carries Herald's records. A
    /// ``HeraldSync/Relay`` connects one to an engine.
    ///
    /// ## The contract every channel keeps
    ///
    /// - **Held when sent.** ``send(_:)`` returns once the channel holds the records
    ///   durably: saved to the server, or queued by the system for the other device. The
    ///   engine then drops them from its outbox. A throw means the channel may not hold
    ///   them: they stay in the outbox and are sent again, so a channel may carry a record
    ///   twice.
    /// - **Every record reaches every other device, whole.** Each record sent arrives at
    ///   each of the user's other devices equal to what was sent: every field, the instant
    ///   to the nanosecond (a channel that stores dates to the millisecond carries the
    ///   record's JSON instead). It may arrive more than once, late, and in any order: the
    ///   engine applies each once (``Engine/receive(_:)``).
    /// - **Any number at once.** A send of any number of records delivers them all; a
    ///   channel splits what its transport limits (CloudKit saves at most 250 records a
    ///   request).
    ///
    /// A device's own records may come back to it; the engine ignores them.
    /// `HeraldConformance`'s `SyncChannelConformance` checks each point.
    ///
    /// ```swift
    /// struct WatchChannel: HeraldSync.Channel {
    ///     func send(_ records: [HeraldSync.Record]) async throws {
    ///         session.transferUserInfo(["herald": try JSONEncoder().encode(records)])   // queued by the system
    ///     }
    ///     func setReceiver(_ receiver: @escaping @Sendable ([HeraldSync.Record]) async -> Void) async {
    ///         delegate.onUserInfo = { info in await receiver(try decode(info)) }
    ///     }
    /// }
    /// ```
    public protocol Channel: Sendable {
        /// Hands `records` to the channel for the user's other devices.
        ///
        /// - Throws: when the channel may not hold them; they are sent again later.
        func send(_ records: [Record]) async throws

        /// Calls `receiver` with the records from the other devices as they arrive.
        func setReceiver(_ receiver: @escaping @Sendable ([Record]) async -> Void) async
    }
}
