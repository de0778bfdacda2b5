#if os(iOS) || os(watchOS) || (os(Linux) && !HERALD_SHIM_MACOS && !HERALD_SHIM_VISIONOS)
import Foundation
import Herald
import Logging
#if canImport(WatchConnectivity)
import WatchConnectivity
#else
import WatchConnectivityShim
#endif

/// Carries Herald's sync records between an iPhone app and its Watch app through the
/// app's `WCSession` (a `HeraldSync.Channel`): each send queues user infos with
/// `transferUserInfo(_:)`, the records' JSON as `Data` under ``userInfoKey``, split so
/// that each stays under WatchConnectivity's 64 KiB.
///
/// The system delivers queued user infos in order, even after the sender exits, but only
/// once the receiving app runs; ``send(_:)`` returns once they are queued (the system
/// holds them). The app owns the session and its delegate, and forwards each user info
/// the delegate receives to ``didReceiveUserInfo(_:)``, which takes Herald's and answers
/// `false` for the app's own:
///
/// ```swift
/// final class SessionDelegate: NSObject, WCSessionDelegate {
///     let herald: WatchConnectivitySyncChannel
///
///     init(herald: WatchConnectivitySyncChannel) { self.herald = herald }
///
///     func session(_ session: WCSession, didReceiveUserInfo userInfo: [String: Any] = [:]) {
///         if herald.didReceiveUserInfo(userInfo) { return }
///         // … the app's own user infos
///     }
///
///     func session(_ session: WCSession, activationDidCompleteWith activationState: WCSessionActivationState,
///                  error: (any Error)?) {}
/// }
/// ```
///
/// Sending before the session is activated is a programmer error on the platform: the
/// channel throws ``WatchConnectivitySyncChannelError/sessionNotActivated(_:)`` instead,
/// and the records wait in the outbox. A session links exactly two devices, the iPhone
/// and its paired Watch; a Mac or a second iPhone needs another channel (CloudKit).
/// Available on iOS (Mac Catalyst included) and watchOS.
public final class WatchConnectivitySyncChannel: HeraldSync.Channel {
    /// The user-info key of Herald's records: a JSON array of records, as `Data`.
    public static let userInfoKey = "herald.sync.records"
    /// The JSON one user info carries at most: 64 KiB less room for the property list
    /// around it.
    public static let jsonBudget = 65_536 - 1_024

    /// `WCSession` is not `Sendable`; Apple documents its methods as callable from any
    /// thread, and the channel only calls them.
    nonisolated(unsafe) private let session: WCSession
    private let inbox = SyncInbox()
    private let logger: Logger

    /// - Parameters:
    ///   - session: the app's session (`WCSession.default`), activated by the app.
    ///   - logger: where user infos that do not decode are logged.
    public init(session: WCSession, logger: Logger = Logger(label: "herald.sync.watch")) {
        self.session = session
        self.logger = logger
    }

    /// Queues `records` for the counterpart, in as many user infos as 64 KiB each needs.
    ///
    /// - Throws: ``WatchConnectivitySyncChannelError`` when the session is not activated
    ///   or a record cannot be carried; nothing was queued.
    public func send(_ records: [HeraldSync.Record]) async throws {
        guard !records.isEmpty else { return }
        let state = session.activationState
        guard state == .activated else { throw WatchConnectivitySyncChannelError.sessionNotActivated(state) }
        for chunk in try Self.chunks(of: records) {
            session.transferUserInfo([Self.userInfoKey: chunk])
        }
    }

    public func setReceiver(_ receiver: @escaping @Sendable ([HeraldSync.Record]) async -> Void) async {
        inbox.setReceiver(receiver)
    }

    /// Takes a user info the session delegate received: Herald's records go to the
    /// receiver, in the order they arrive (a record that arrives twice is handed on
    /// twice; the engine applies it once).
    ///
    /// - Returns: whether it was Herald's (`false`: the app's own, untouched).
    @discardableResult
    public func didReceiveUserInfo(_ userInfo: [String: Any]) -> Bool {
        guard let value = userInfo[Self.userInfoKey] else { return false }
        guard let json = value as? Data else {
            logger.error("a Herald user info holds no JSON data; skipped", metadata: ["type": "\(type(of: value))"])
            return true
        }
        do {
            inbox.add(try SyncRecordJSON.decode(json))
        } catch {
            logger.error("a Herald user info does not decode; skipped", metadata: ["bytes": "\(json.count)", "error": "\(error)"])
        }
        return true
    }

    /// Logs a Herald transfer the system gave up on (the session delegate's
    /// `didFinish userInfoTransfer`); its records are not re-sent.
    ///
    /// - Returns: whether the transfer was Herald's.
    @discardableResult
    public func didFinish(_ userInfoTransfer: WCSessionUserInfoTransfer, error: (any Error)?) -> Bool {
        guard userInfoTransfer.userInfo[Self.userInfoKey] != nil else { return false }
        if let error {
            logger.error("a Herald user info transfer failed", metadata: ["error": "\(error)"])
        }
        return true
    }

    /// Returns once every record received so far was handed to the receiver.
    package func handedOn() async {
        await inbox.drained()
    }

    /// The records' JSON arrays, each at most `budget` bytes, records whole and in order.
    static func chunks(of records: [HeraldSync.Record], budget: Int = jsonBudget) throws -> [Data] {
        var chunks: [Data] = [], current = Data()
        for record in records {
            let json: Data
            do {
                json = try SyncRecordJSON.encode(record)
            } catch {
                throw WatchConnectivitySyncChannelError.encodingFailed(recordID: record.id, underlying: error)
            }
            guard json.count + 2 <= budget else {
                throw WatchConnectivitySyncChannelError.recordTooLarge(recordID: record.id, bytes: json.count)
            }
            if !current.isEmpty, current.count + json.count + 2 > budget {
                chunks.append(current + Data("]".utf8))
                current = Data()
            }
            current.append(contentsOf: Data((current.isEmpty ? "[" : ",").utf8))
            current.append(json)
        }
        if !current.isEmpty { chunks.append(current + Data("]".utf8)) }
        return chunks
    }
}
#endif
