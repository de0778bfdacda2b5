import GRDB
import Herald

extension StoreError {
    /// What the store was doing when SQLite failed, which decides the error when the
    /// SQLite code alone does not.
    enum Operation {
        case open
        case read
        case write
    }

    /// Translates an error thrown while using the database into a ``StoreError`` that
    /// names the file and says what to do.
    static func translating(_ error: any Error, path: String?, during operation: Operation) -> StoreError {
        if let error = error as? StoreError { return error }
        if let error = error as? UnstorableValue {
            return .unstorableValue(
                path: path, change: String(String(describing: error.change).prefix(300)),
                detail: error.detail, underlyingError: error.underlyingError
            )
        }
        if error is CorruptValue || error is RowDecodingError {
            return .corrupt(path: path, underlyingError: error)
        }
        guard let databaseError = error as? DatabaseError else {
            return fallback(path: path, during: operation, underlyingError: error)
        }
        switch databaseError.resultCode {
        case .SQLITE_CORRUPT, .SQLITE_NOTADB, .SQLITE_FORMAT:
            return .corrupt(path: path, underlyingError: databaseError)
        case .SQLITE_FULL:
            return .full(path: path, underlyingError: databaseError)
        case .SQLITE_CANTOPEN, .SQLITE_PERM, .SQLITE_AUTH:
            return .cannotOpen(path: path, underlyingError: databaseError)
        default:
            return fallback(path: path, during: operation, underlyingError: databaseError)
        }
    }

    private static func fallback(path: String?, during operation: Operation, underlyingError: any Error) -> StoreError {
        switch operation {
        case .open: .cannotOpen(path: path, underlyingError: underlyingError)
        case .read: .readFailed(path: path, underlyingError: underlyingError)
        case .write: .writeFailed(path: path, underlyingError: underlyingError)
        }
    }
}

/// A change holds a value the database cannot store exactly.
struct UnstorableValue: Error {
    var change: EngineStateChange
    var detail: String
    var underlyingError: (any Error)?
}

/// A row holds a value Herald would never have written.
struct CorruptValue: Error, CustomStringConvertible {
    var table: String
    var detail: String

    var description: String { "table \(table): \(detail)" }
}
