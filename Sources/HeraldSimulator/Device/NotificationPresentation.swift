import Herald

/// How the simulated system showed one delivery: the presentation options it applied,
/// and whether it was delivered quietly (provisional authorization).
///
/// In the background or while the app is not running the system shows everything
/// (``system``); under provisional authorization it delivers quietly, to the list only
/// (``quiet``); in the foreground the app chooses, and no options at all means
/// ``silenced``. A presentation with `.list` or `.banner` keeps the notification in the
/// delivered list (where the user can act on it); with `.badge` its badge is applied.
///
/// ```swift
/// let delivered = try await device.advance(by: 3_600)
/// #expect(delivered.map(\.presentation) == [.silenced])
/// #expect(delivered[0].presentation.description == "silenced")
/// ```
public struct NotificationPresentation: Hashable, Sendable, Codable, CustomStringConvertible {
    /// What the system did: banner, list, sound, badge. Empty when silenced.
    public var options: PresentationOptions
    /// Delivered under provisional authorization: no banner, no sound.
    public var isQuiet: Bool

    public init(options: PresentationOptions, isQuiet: Bool = false) {
        self.options = options
        self.isQuiet = isQuiet
    }

    /// As the system shows a notification while the app is not in the foreground.
    public static let system = NotificationPresentation(options: .all)
    /// Provisional authorization: in the list with its badge, no banner or sound.
    public static let quiet = NotificationPresentation(options: [.list, .badge], isQuiet: true)
    /// The app returned no options in the foreground: not shown, not in the list, badge
    /// untouched.
    public static let silenced = NotificationPresentation(options: [])

    public var isSilenced: Bool { options.isEmpty }
    /// Whether the notification stays in the delivered list, where the user can act on it.
    public var isInList: Bool { !options.isDisjoint(with: [.list, .banner]) }
    /// Whether its content's badge, if any, was applied to the app icon.
    public var appliesBadge: Bool { options.contains(.badge) }

    /// `silenced`, `quiet (list, badge)` or the options, `banner, list, sound, badge`.
    public var description: String {
        if isSilenced { return "silenced" }
        let names = [(PresentationOptions.banner, "banner"), (.list, "list"), (.sound, "sound"), (.badge, "badge")]
            .filter { options.contains($0.0) }.map(\.1).joined(separator: ", ")
        return isQuiet ? "quiet (\(names))" : names
    }

    /// What the user's settings leave of this presentation: with alerts off the banner
    /// goes (a notification that asked for one still lands in the list, as on iOS), with
    /// sounds off the sound, with badges off the badge (the delivery does not set it).
    /// Whether it was quiet is kept.
    ///
    /// ```swift
    /// let shown = NotificationPresentation.system.applying(NotificationSettings(alert: false, badge: false))
    /// #expect(shown.description == "list, sound")
    /// ```
    public func applying(_ settings: NotificationSettings) -> NotificationPresentation {
        var options = options
        if !settings.alert, options.contains(.banner) {
            options.remove(.banner)
            options.insert(.list)
        }
        if !settings.sound { options.remove(.sound) }
        if !settings.badge { options.remove(.badge) }
        return NotificationPresentation(options: options, isQuiet: isQuiet)
    }

    /// What the system does with options an app returned in the foreground, under
    /// `outcome`: provisional authorization strips banner and sound (a banner request
    /// still lands in the list).
    static func foreground(asked: PresentationOptions, outcome: DeliveryRecord.Outcome) -> NotificationPresentation {
        guard outcome == .deliveredQuietly, !asked.isEmpty else { return NotificationPresentation(options: asked) }
        var options = asked.intersection([.list, .badge])
        if asked.contains(.banner) { options.insert(.list) }
        return NotificationPresentation(options: options, isQuiet: !options.isEmpty)
    }
}
