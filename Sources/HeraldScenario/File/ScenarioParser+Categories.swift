import Foundation
import Herald
import HeraldSimulator

extension ScenarioParser {
    static let categoryKeys = ["id", "actions", "dismiss", "foreground"]
    static let actionKeys = ["id", "title", "kind", "minutes", "foreground", "button", "placeholder"]
    static let presentationOptions: [(String, PresentationOptions)] = [
        ("banner", .banner), ("list", .list), ("sound", .sound), ("badge", .badge),
    ]
    static let authorizations: [(String, AuthorizationStatus)] = [
        ("authorized", .authorized), ("not-determined", .notDetermined), ("denied", .denied),
        ("provisional", .provisional),
    ]
    static let appStates: [(String, AppState)] = [
        ("not-running", .notRunning), ("background", .background), ("foreground", .foreground),
    ]

    // MARK: Categories

    func categories(_ node: ScenarioNode) throws(ScenarioError) -> [ScenarioCategory] {
        var result: [ScenarioCategory] = []
        for item in try node.sequence("categories ({id, actions, dismiss, foreground})") {
            let category = try self.category(item)
            if result.contains(where: { $0.id == category.id }) {
                throw item.error(.duplicate, "the category id \(InputExcerpt(category.id, quote: "\"")) is used twice")
            }
            result.append(category)
        }
        return result
    }

    private func category(_ node: ScenarioNode) throws(ScenarioError) -> ScenarioCategory {
        let mapping = try node.mapping("a category", allowed: Self.categoryKeys)
        let id = try mapping.required("id", "the category's id").identifier("a category id")
        var actions: [ScenarioCategoryAction] = []
        if let list = mapping["actions"] {
            for item in try list.sequence("actions ({id, title, kind})") {
                let action = try self.action(item)
                if actions.contains(where: { $0.id == action.id }) {
                    throw item.error(.duplicate, "the action id \(InputExcerpt(action.id, quote: "\"")) is used twice in category \(InputExcerpt(id, quote: "\""))")
                }
                actions.append(action)
            }
        }
        var reportsDismissal = false
        if let dismiss = mapping["dismiss"] {
            switch try dismiss.string("a dismiss setting") {
            case "report": reportsDismissal = true
            case "ignore": reportsDismissal = false
            case let text:
                throw dismiss.error(.invalidValue, "\(InputExcerpt(text, quote: "\"")) is not a dismiss setting (expected report or ignore)")
            }
        }
        let foreground = try mapping["foreground"].map { node throws(ScenarioError) in
            try self.foregroundPresentation(node)
        } ?? .system(.all)
        return ScenarioCategory(id: id, actions: actions, reportsDismissal: reportsDismissal, foreground: foreground)
    }

    private func action(_ node: ScenarioNode) throws(ScenarioError) -> ScenarioCategoryAction {
        let mapping = try node.mapping("an action", allowed: Self.actionKeys)
        let idNode = try mapping.required("id", "the action's id")
        let id = try idNode.identifier("an action id")
        guard !id.hasPrefix("com.apple.") else {
            throw idNode.error(.invalidValue, "\(InputExcerpt(id, quote: "\"")) is reserved for the system's default and dismiss actions")
        }
        let title = try mapping.required("title", "the button's title").string("a title")
        let kindNode = try mapping.required("kind", "what the action does (\(ScenarioNode.list(ScenarioCategoryAction.Kind.names)))")
        let kindName = try kindNode.string("an action kind")
        if let minutes = mapping["minutes"], kindName != "snooze" {
            throw minutes.error(.unknownKey, "\"minutes\" only goes with kind snooze")
        }
        for key in ["button", "placeholder"] where kindName != "text" {
            if let extra = mapping[key] { throw extra.error(.unknownKey, "\"\(key)\" only goes with kind text") }
        }
        let kind: ScenarioCategoryAction.Kind
        switch kindName {
        case "open": kind = .open
        case "complete": kind = .complete
        case "log": kind = .log
        case "snooze":
            let minutes = try mapping.required("minutes", "how many minutes to snooze").int("a number of minutes", in: 1...1440)
            kind = .snooze(minutes: minutes)
        case "remind-tomorrow": kind = .remindTomorrow
        case "text":
            kind = .text(button: try mapping["button"]?.string("a button title") ?? "Send",
                         placeholder: try mapping["placeholder"]?.string("a placeholder") ?? "")
        case "custom": kind = .custom
        default:
            throw kindNode.error(.invalidValue, "\(InputExcerpt(kindName, quote: "\"")) is not an action kind (expected \(ScenarioNode.list(ScenarioCategoryAction.Kind.names)))")
        }
        let foreground = try mapping["foreground"]?.bool("foreground") ?? false
        return ScenarioCategoryAction(id: id, title: title, kind: kind, foreground: foreground)
    }

    /// `prompt`, `silent`, or a list of presentation options.
    private func foregroundPresentation(_ node: ScenarioNode) throws(ScenarioError) -> ReminderCategory.ForegroundPresentation {
        let expected = "prompt, silent, or a list of banner, list, sound, badge"
        if case .scalar = node.node, !node.isNull {
            switch try node.string("a foreground presentation") {
            case "prompt": return .inAppPrompt
            case "silent": return .system([])
            case let text: throw node.error(.invalidValue, "\(InputExcerpt(text, quote: "\"")) is not a foreground presentation (expected \(expected))")
            }
        }
        var options: PresentationOptions = []
        for item in try node.sequence("presentation options (\(expected))") {
            let text = try item.string("a presentation option")
            guard let option = Self.presentationOptions.first(where: { $0.0 == text })?.1 else {
                throw item.error(.invalidValue, "\(InputExcerpt(text, quote: "\"")) is not a presentation option (expected banner, list, sound or badge)")
            }
            options.insert(option)
        }
        return .system(options)
    }

    /// A category id that must be declared.
    func categoryReference(_ node: ScenarioNode, in categories: [ScenarioCategory]) throws(ScenarioError) -> String {
        let id = try node.string("a category id")
        guard categories.contains(where: { $0.id == id }) else {
            let known = categories.isEmpty ? "there are none: declare it under categories"
                : "known: \(categories.map(\.id).joined(separator: ", "))"
            throw node.error(.unknownCategory, "no category \(InputExcerpt(id, quote: "\"")) (\(known))")
        }
        return id
    }

    // MARK: Device

    func authorization(_ node: ScenarioNode) throws(ScenarioError) -> AuthorizationStatus {
        try choice(node, "an authorization status", Self.authorizations)
    }

    static let notificationSettingsKeys = ["alert", "sound", "badge", "time_sensitive", "critical"]

    /// The user's alert, sound and badge switches and urgency settings:
    /// `{alert: on, sound: off, badge: off, time_sensitive: off, critical: on}`; a switch
    /// left out is on, except `critical` (critical alerts need an entitlement), off.
    /// `extraKeys` are let through for the caller to read (the top-level alarm keys).
    func notificationSettings(_ node: ScenarioNode, extraKeys: [String] = []) throws(ScenarioError) -> NotificationSettings {
        let mapping = try node.mapping("notification settings", allowed: Self.notificationSettingsKeys + extraKeys)
        return NotificationSettings(
            alert: try mapping["alert"]?.onOff("the alert switch") ?? true,
            sound: try mapping["sound"]?.onOff("the sound switch") ?? true,
            badge: try mapping["badge"]?.onOff("the badge switch") ?? true,
            timeSensitive: try mapping["time_sensitive"]?.onOff("the time-sensitive switch") ?? true,
            criticalAlerts: try mapping["critical"]?.onOff("the critical alerts switch") ?? false)
    }

    func appState(_ node: ScenarioNode) throws(ScenarioError) -> AppState {
        try choice(node, "an app state", Self.appStates)
    }

    func readiness(_ node: ScenarioNode) throws(ScenarioError) -> ScenarioReadiness {
        if (try? node.string("")) == "never" { return .onEvent }
        let text = try node.string("seconds after launch, or never")
        guard let seconds = Int(text) else {
            throw node.error(.invalidValue, "\(InputExcerpt(text, quote: "\"")) is not a number of seconds (expected a whole number, or never for ready events only)")
        }
        guard (0...86_400).contains(seconds) else {
            throw node.error(.invalidValue, "\(seconds) is out of range (expected 0...86400 seconds)")
        }
        return .after(TimeInterval(seconds))
    }

    /// `never`, `at_earliest`, or `{after_minutes: N}` (1 minute to 7 days).
    func backgroundRefresh(_ node: ScenarioNode) throws(ScenarioError) -> ScenarioBackgroundRefresh {
        let expected = "never, at_earliest, or {after_minutes: N}"
        if case .scalar = node.node, !node.isNull {
            return try choice(node, "a background refresh mode", [("never", .never), ("at_earliest", .atEarliest)])
        }
        guard case .mapping = node.node else {
            throw node.error(.invalidValue, "expected a background refresh mode (\(expected)), got \(node.shape)")
        }
        let mapping = try node.mapping("a background refresh delay", allowed: ["after_minutes"])
        let minutes = try mapping.required("after_minutes", "how many minutes after the requested earliest begin date")
            .int("a number of minutes", in: 1...10_080)
        return .after(TimeInterval(minutes * 60))
    }

    func choice<Value>(_ node: ScenarioNode, _ what: String, _ choices: [(String, Value)]) throws(ScenarioError) -> Value {
        let text = try node.string(what)
        guard let value = choices.first(where: { $0.0 == text })?.1 else {
            throw node.error(.invalidValue, "\(InputExcerpt(text, quote: "\"")) is not \(what) (expected \(ScenarioNode.list(choices.map(\.0))))")
        }
        return value
    }
}
