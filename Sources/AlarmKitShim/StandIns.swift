#if !canImport(AlarmKit) && !HERALD_SHIM_MACOS && !HERALD_SHIM_WATCHOS && !HERALD_SHIM_VISIONOS
import Foundation

/// Linux stand-in for App Intents' `LiveActivityIntent`: an intent the system runs in
/// the app's process when a Live Activity's (or an alarm's) button is pressed.
public protocol LiveActivityIntent: Sendable {
    func perform() async throws
}

/// Linux stand-in for Foundation's `LocalizedStringResource` (missing from Foundation
/// on Linux): the key is the text.
public struct LocalizedStringResource: Sendable, Equatable, ExpressibleByStringLiteral,
    ExpressibleByStringInterpolation {
    public var key: String

    public init(_ key: String) {
        self.key = key
    }

    public init(stringLiteral value: String) {
        key = value
    }

    public init(stringInterpolation: DefaultStringInterpolation) {
        key = String(stringInterpolation: stringInterpolation)
    }
}

/// Linux stand-in for SwiftUI's `Color`, with the few colors an alarm uses.
public struct Color: Sendable, Equatable {
    public var name: String

    public static let accentColor = Color(name: "accentColor")
    public static let white = Color(name: "white")
    public static let red = Color(name: "red")
    public static let blue = Color(name: "blue")
}

/// Linux stand-in for ActivityKit's `AlertConfiguration`.
public enum AlertConfiguration {
    /// Linux stand-in for `AlertConfiguration.AlertSound`.
    public enum AlertSound: Sendable, Equatable {
        case `default`
        /// A sound file in the main bundle or `Library/Sounds`.
        case named(_ name: String)
    }
}
#endif
