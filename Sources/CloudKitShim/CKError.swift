#if !canImport(CloudKit)
import Foundation

/// The `userInfo` key of a `serverRecordChanged` error's record as the server holds it.
public let CKRecordChangedErrorServerRecordKey = "ServerRecord"

/// Linux stand-in for `CKError`: a failure CloudKit reports, with the SDK's codes.
/// ``serverRecord`` is set on `serverRecordChanged`, as the SDK's is.
public struct CKError: Error, Sendable, CustomStringConvertible {
    public static let errorDomain = "CKErrorDomain"

    public enum Code: Int, Sendable {
        case internalError = 1
        case partialFailure = 2
        case networkUnavailable = 3
        case networkFailure = 4
        case badContainer = 5
        case serviceUnavailable = 6
        case requestRateLimited = 7
        case missingEntitlement = 8
        case notAuthenticated = 9
        case permissionFailure = 10
        case unknownItem = 11
        case invalidArguments = 12
        case resultsTruncated = 13
        case serverRecordChanged = 14
        case serverRejectedRequest = 15
        case assetFileNotFound = 16
        case assetFileModified = 17
        case incompatibleVersion = 18
        case constraintViolation = 19
        case operationCancelled = 20
        case changeTokenExpired = 21
        case batchRequestFailed = 22
        case zoneBusy = 23
        case badDatabase = 24
        case quotaExceeded = 25
        case zoneNotFound = 26
        case limitExceeded = 27
        case userDeletedZone = 28
        case tooManyParticipants = 29
        case alreadyShared = 30
        case referenceViolation = 31
        case managedAccountRestricted = 32
        case participantMayNeedVerification = 33
        case serverResponseLost = 34
        case assetNotAvailable = 35
        case accountTemporarilyUnavailable = 36
    }

    public let code: Code
    /// The record as the server holds it (`serverRecordChanged`).
    public let serverRecord: CKRecord?
    /// What the stand-in says went wrong, and where.
    let reason: String

    public init(_ code: Code, userInfo: [String: Any] = [:]) {
        self.code = code
        self.serverRecord = userInfo[CKRecordChangedErrorServerRecordKey] as? CKRecord
        self.reason = userInfo[NSLocalizedDescriptionKey] as? String ?? ""
    }

    init(_ code: Code, reason: String, serverRecord: CKRecord? = nil) {
        self.code = code
        self.reason = reason
        self.serverRecord = serverRecord
    }

    public var localizedDescription: String { description }

    public var description: String { "CKError \(code.rawValue) (\(code))\(reason.isEmpty ? "" : ": \(reason)")" }

    /// Whether `CKSyncEngine` retries it by itself, keeping the change pending (Apple:
    /// transient errors such as `networkFailure`, `requestRateLimited`, `zoneBusy` and
    /// `notAuthenticated`).
    var isTransient: Bool {
        switch code {
        case .networkUnavailable, .networkFailure, .serviceUnavailable, .requestRateLimited, .zoneBusy,
             .notAuthenticated, .operationCancelled, .accountTemporarilyUnavailable, .serverResponseLost:
            true
        default: false
        }
    }
}
#endif
