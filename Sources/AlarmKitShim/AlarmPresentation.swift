#if !canImport(AlarmKit) && !HERALD_SHIM_MACOS && !HERALD_SHIM_WATCHOS && !HERALD_SHIM_VISIONOS
import Foundation

/// Linux stand-in for AlarmKit's `AlarmMetadata`: the app's own data on an alarm.
public protocol AlarmMetadata: Decodable, Encodable, Hashable, Sendable {}

/// Linux stand-in for `AlarmAttributes`: what the alarm shows.
public struct AlarmAttributes<Metadata: AlarmMetadata>: Sendable {
    public var presentation: AlarmPresentation
    public var metadata: Metadata?
    public var tintColor: Color

    public init(presentation: AlarmPresentation, metadata: Metadata? = nil, tintColor: Color) {
        self.presentation = presentation
        self.metadata = metadata
        self.tintColor = tintColor
    }
}

/// Linux stand-in for `AlarmPresentation` (the countdown and paused presentations are
/// left out: Herald does not draw them).
public struct AlarmPresentation: Sendable {
    public var alert: Alert

    public init(alert: Alert) {
        self.alert = alert
    }

    /// Linux stand-in for `AlarmPresentation.Alert`.
    public struct Alert: Sendable {
        public var title: LocalizedStringResource
        /// `nil`: the system's own stop button (26.1 and later).
        public var stopButton: AlarmButton?
        public var secondaryButton: AlarmButton?
        public var secondaryButtonBehavior: SecondaryButtonBehavior?

        /// The 26.1 form: the system draws the stop button.
        public init(title: LocalizedStringResource, secondaryButton: AlarmButton? = nil,
                    secondaryButtonBehavior: SecondaryButtonBehavior? = nil) {
            self.title = title
            self.secondaryButton = secondaryButton
            self.secondaryButtonBehavior = secondaryButtonBehavior
        }

        /// The 26.0 form, with the app's stop button.
        public init(title: LocalizedStringResource, stopButton: AlarmButton, secondaryButton: AlarmButton? = nil,
                    secondaryButtonBehavior: SecondaryButtonBehavior? = nil) {
            self.title = title
            self.stopButton = stopButton
            self.secondaryButton = secondaryButton
            self.secondaryButtonBehavior = secondaryButtonBehavior
        }

        /// Linux stand-in for `SecondaryButtonBehavior`: `.countdown` snoozes with the
        /// configuration's `postAlert`, `.custom` runs the secondary intent without
        /// changing the alarm.
        public enum SecondaryButtonBehavior: Sendable, Equatable {
            case countdown, custom
        }
    }
}

/// Linux stand-in for `AlarmButton`.
public struct AlarmButton: Sendable {
    public var text: LocalizedStringResource
    public var textColor: Color
    public var systemImageName: String

    public init(text: LocalizedStringResource, textColor: Color, systemImageName: String) {
        self.text = text
        self.textColor = textColor
        self.systemImageName = systemImageName
    }
}
#endif
