#if os(iOS) || os(watchOS) || (os(Linux) && !HERALD_SHIM_MACOS && !HERALD_SHIM_VISIONOS)
import Foundation
#if canImport(WatchConnectivity)
import WatchConnectivity
#else
import WatchConnectivityShim
#endif

/// Why a ``WatchConnectivitySyncChannel`` did not queue records: they stay in the
/// engine's outbox and go with a later send.
public enum WatchConnectivitySyncChannelError: Error, CustomStringConvertible {
    /// The session is not activated yet (or no longer): sending now would be a
    /// programmer error, so the channel does not.
    case sessionNotActivated(WCSessionActivationState)
    /// One record's JSON alone is over what one user info carries.
    case recordTooLarge(recordID: String, bytes: Int)
    /// A record could not be encoded as JSON.
    case encodingFailed(recordID: String, underlying: any Error)

    public var description: String {
        switch self {
        case .sessionNotActivated(let state):
            "WatchConnectivitySyncChannel.send: the WCSession is not activated (activationState \(state.rawValue)); call activate() at launch and send after activationDidCompleteWith"
        case .recordTooLarge(let recordID, let bytes):
            "WatchConnectivitySyncChannel.send: record \(recordID) is \(bytes) bytes of JSON, more than one user info carries (\(WatchConnectivitySyncChannel.jsonBudget))"
        case .encodingFailed(let recordID, let underlying):
            "WatchConnectivitySyncChannel.send: record \(recordID) could not be encoded as JSON: \(underlying)"
        }
    }
}
#endif
