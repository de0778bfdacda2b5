/// Every category the app uses, filled once at start-up. Herald registers it with the
/// notification center on every launch while authorized and the moment authorization
/// is granted, and reads it to decide what a response's action means and how a
/// notification appears in the foreground.
///
/// ```swift
/// let categories = try CategoryRegistry([exercise, progressReport, achievement])
/// let engine = Engine(center: center, source: source, clock: clock, categories: categories)
/// ```
public struct CategoryRegistry: Hashable, Sendable {
    public private(set) var categories: [String: ReminderCategory]

    /// - Throws: ``CategoryRegistry/RegistrationError`` when two categories share an identifier, or
    ///   an identifier or an action identifier is used twice within a category.
    public init(_ categories: [ReminderCategory] = []) throws {
        var byIdentifier: [String: ReminderCategory] = [:]
        for category in categories {
            guard !category.identifier.isEmpty else { throw RegistrationError(message: "a category has an empty identifier") }
            guard byIdentifier[category.identifier] == nil else {
                throw RegistrationError(message: "category '\(category.identifier)' is registered twice")
            }
            var actionIdentifiers: Set<String> = []
            for action in category.actions {
                guard actionIdentifiers.insert(action.identifier).inserted else {
                    throw RegistrationError(
                        message: "category '\(category.identifier)' has action '\(action.identifier)' twice")
                }
                if action.kind == .textInput, action.textInput == nil {
                    throw RegistrationError(
                        message: "action '\(action.identifier)' of category '\(category.identifier)' is a text input without a text field")
                }
            }
            byIdentifier[category.identifier] = category
        }
        self.categories = byIdentifier
    }

    public subscript(identifier: String) -> ReminderCategory? { categories[identifier] }

    /// The categories in the platform's form, for `setNotificationCategories`.
    public var notificationCategories: Set<NotificationCategory> { Set(categories.values.map(\.notificationCategory)) }
}

extension CategoryRegistry {
    /// Why a ``CategoryRegistry`` could not be built.
    public struct RegistrationError: Error, Hashable, Sendable, CustomStringConvertible {
        public let message: String
        public var description: String { message }
    }
}

extension CategoryRegistry {
    /// No categories.
    public static let empty = try! CategoryRegistry([])
}
