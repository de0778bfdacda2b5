#if !canImport(WatchConnectivity) && !HERALD_SHIM_MACOS
import Foundation

/// Linux stand-in for `WCError`: a failure WatchConnectivity reports, with the SDK's
/// codes.
public struct WCError: Error, Sendable, CustomStringConvertible {
    public static let errorDomain = "WCErrorDomain"

    public enum Code: Int, Sendable {
        case genericError = 7001
        case sessionNotSupported = 7002
        case sessionMissingDelegate = 7003
        case sessionNotActivated = 7004
        case deviceNotPaired = 7005
        case watchAppNotInstalled = 7006
        case notReachable = 7007
        case invalidParameter = 7008
        case payloadTooLarge = 7009
        case payloadUnsupportedTypes = 7010
        case messageReplyFailed = 7011
        case messageReplyTimedOut = 7012
        case fileAccessDenied = 7013
        case deliveryFailed = 7014
        case insufficientSpace = 7015
        case sessionInactive = 7016
        case transferTimedOut = 7017
        case companionAppNotInstalled = 7018
        case watchOnlyApp = 7019
    }

    public let code: Code
    /// What the stand-in says went wrong, and where.
    let reason: String

    public init(_ code: Code) {
        self.init(code, reason: "")
    }

    init(_ code: Code, reason: String) {
        self.code = code
        self.reason = reason
    }

    public var localizedDescription: String { description }
    public var description: String { "WCError \(code.rawValue) (\(code))\(reason.isEmpty ? "" : ": \(reason)")" }
}
#endif
