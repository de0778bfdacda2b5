import Foundation
#if canImport(CloudKit)
import CloudKit
#else
import CloudKitShim
#endif

/// Why a ``CloudKitSyncChannel`` did not take records: the records stay in the engine's
/// outbox and go with a later send.
public enum CloudKitSyncChannelError: Error, CustomStringConvertible {
    /// ``CloudKitSyncChannel/send(_:)`` was called before
    /// ``CloudKitSyncChannel/connect(to:)`` gave it the app's `CKSyncEngine`.
    case notConnected
    /// A record could not be encoded as JSON.
    case encodingFailed(recordID: String, underlying: any Error)
    /// The sync engine's send threw.
    case sendFailed(underlying: any Error)
    /// The server did not confirm `count` of the records sent (the first's name and the
    /// error CloudKit gave, if any: `nil` when the engine did not send it).
    case notSaved(count: Int, firstRecordName: String, error: CKError?)

    public var description: String {
        switch self {
        case .notConnected:
            "CloudKitSyncChannel.send: not connected to a CKSyncEngine yet; call connect(to:) after making the app's engine"
        case .encodingFailed(let recordID, let underlying):
            "CloudKitSyncChannel.send: record \(recordID) could not be encoded as JSON: \(underlying)"
        case .sendFailed(let underlying):
            "CloudKitSyncChannel.send: the sync engine's sendChanges threw: \(underlying)"
        case .notSaved(let count, let first, let error):
            "CloudKitSyncChannel.send: CloudKit did not confirm \(count) record(s), e.g. \(first)"
                + (error.map { ": \($0)" } ?? ": the engine did not send it")
        }
    }
}
