/// Why a ``SQLiteEngineStore`` could not open, read or write its database: what was
/// wrong, which file, and what to do.
///
/// The store never resets a database it cannot use; it throws this error and leaves
/// the file as it found it. Match it by ``code``:
///
/// ```swift
/// do {
///     store = try SQLiteEngineStore(path: path)
/// } catch let error as StoreError where error.code == .corrupt {
///     logger.error("\(error)")  // names the file and says to restore or delete it
/// } catch StoreError.Code.newerSchema {
///     // The file was written by a newer Herald: ask the user to update the app.
/// }
/// ```
public struct StoreError: Error, Sendable, CustomStringConvertible {
    /// What kind of failure this is; compare with the static members.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        enum Base: String, Hashable, Sendable {
            case cannotOpen
            case corrupt
            case newerSchema
            case notHerald
            case full
            case readFailed
            case writeFailed
            case unstorableValue
        }

        let base: Base

        /// The file cannot be opened: it is missing a parent folder, is a folder, or
        /// the process may not read or write it.
        public static let cannotOpen = Code(base: .cannotOpen)
        /// The file is not an SQLite database, or its content is damaged.
        public static let corrupt = Code(base: .corrupt)
        /// The database was written by a newer version of Herald whose schema this
        /// version does not know.
        public static let newerSchema = Code(base: .newerSchema)
        /// The file is not a Herald database: an empty (0-byte) file, or an SQLite
        /// database with tables Herald did not create (another app's).
        public static let notHerald = Code(base: .notHerald)
        /// The disk (or the database's size limit) is full: the write did not happen.
        public static let full = Code(base: .full)
        /// Reading failed for another reason (an I/O error, a lock held too long).
        public static let readFailed = Code(base: .readFailed)
        /// Writing failed for another reason (an I/O error, a read-only file).
        public static let writeFailed = Code(base: .writeFailed)
        /// A change holds a value the database cannot store exactly (an invalid date, a
        /// number JSON cannot represent).
        public static let unstorableValue = Code(base: .unstorableValue)

        public var description: String { base.rawValue }

        /// Lets `catch StoreError.Code.corrupt { … }` match a store error by its code.
        public static func ~= (code: Code, error: any Error) -> Bool {
            (error as? StoreError)?.code == code
        }
    }

    /// What kind of failure this is.
    public var code: Code
    /// The database file, or `nil` for an in-memory database.
    public var path: String?
    /// What went wrong, in a sentence.
    public var reason: String
    /// What to do about it, in a sentence.
    public var recovery: String
    /// The SQLite or encoding error underneath, when there is one.
    public var underlyingError: (any Error)?

    init(code: Code, path: String?, reason: String, recovery: String, underlyingError: (any Error)? = nil) {
        self.code = code
        self.path = path
        self.reason = reason
        self.recovery = recovery
        self.underlyingError = underlyingError
    }

    /// The file named for people: its path, or "the in-memory database".
    public var location: String {
        path.map { "the Herald database at \($0)" } ?? "the in-memory Herald database"
    }

    public var description: String {
        var text = "\(code): \(location): \(reason). \(recovery)"
        if let underlyingError { text += " (\(underlyingError))" }
        return text
    }
}

// MARK: - Factories

extension StoreError {
    private static let keepFile = "Herald will not reset it for you"

    static func cannotOpen(path: String?, underlyingError: (any Error)? = nil) -> StoreError {
        StoreError(
            code: .cannotOpen, path: path,
            reason: "the file cannot be opened (it may be a folder, sit in a missing folder, or not be readable and writable by this process)",
            recovery: "Check that the path names a file in an existing folder and that the app may read and write it; \(keepFile).",
            underlyingError: underlyingError
        )
    }

    static func corrupt(path: String?, underlyingError: (any Error)? = nil) -> StoreError {
        StoreError(
            code: .corrupt, path: path,
            reason: "the file is not a Herald database or its content is damaged",
            recovery: "Restore the file from a backup, or delete it to start over with empty state; \(keepFile).",
            underlyingError: underlyingError
        )
    }

    static func newerSchema(path: String?, unknownMigrations: [String]) -> StoreError {
        StoreError(
            code: .newerSchema, path: path,
            reason: "the database was written by a newer version of Herald (migrations this version does not know: \(unknownMigrations.joined(separator: ", ")))",
            recovery: "Update the app to the version that wrote it, or restore an older backup; the file was left untouched and \(keepFile)."
        )
    }

    static func notHerald(path: String?, contents: String) -> StoreError {
        StoreError(
            code: .notHerald, path: path,
            reason: "the file is \(contents) that Herald did not create",
            recovery: "Give the path of a Herald database, or a path where no file exists yet to start with empty state; the file was left untouched and \(keepFile)."
        )
    }

    static func full(path: String?, underlyingError: (any Error)? = nil) -> StoreError {
        StoreError(
            code: .full, path: path,
            reason: "the disk is full, so the changes were not saved (the state before them is intact)",
            recovery: "Free some storage space and retry the event; nothing of it was written.",
            underlyingError: underlyingError
        )
    }

    static func readFailed(path: String?, underlyingError: (any Error)? = nil) -> StoreError {
        StoreError(
            code: .readFailed, path: path,
            reason: "reading the state failed",
            recovery: "Retry; if it keeps failing, check the disk and that no other process holds the file locked.",
            underlyingError: underlyingError
        )
    }

    static func writeFailed(path: String?, underlyingError: (any Error)? = nil) -> StoreError {
        StoreError(
            code: .writeFailed, path: path,
            reason: "writing the changes failed, so none of them were saved (the state before them is intact)",
            recovery: "Retry the event; if it keeps failing, check that the file is writable and the disk is healthy.",
            underlyingError: underlyingError
        )
    }

    static func unstorableValue(path: String?, change: String, detail: String, underlyingError: (any Error)? = nil) -> StoreError {
        StoreError(
            code: .unstorableValue, path: path,
            reason: "the change \(change) cannot be stored: \(detail); none of the batch's changes were saved",
            recovery: "Fix the value where the change is made; this is a programming error, not a storage problem.",
            underlyingError: underlyingError
        )
    }
}
