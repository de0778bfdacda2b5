#if (os(iOS) && canImport(AlarmKit)) || (os(Linux) && !HERALD_SHIM_MACOS && !HERALD_SHIM_WATCHOS && !HERALD_SHIM_VISIONOS)
import Foundation
import Herald
import Logging
#if canImport(AlarmKit)
import AlarmKit
import AppIntents
#else
import AlarmKitShim
#endif

/// The intent behind each button of an alarm ``SystemAlarmCenter`` schedules: the
/// system runs it in the app's process when the button is pressed, and it hands the
/// press and the alarm's identifier to ``AlarmButtonRouter``.
///
/// For stop and snooze it also asks the system to stop the alarm or count it down
/// (an error, because the system already did, is ignored).
///
/// ```swift
/// let intent = AlarmButtonIntent(identifier: identifier, press: .stop)
/// try await intent.perform()   // the router's handler receives (.stop, identifier)
/// ```
public struct AlarmButtonIntent: LiveActivityIntent {
    #if canImport(AppIntents)
    public static let title: LocalizedStringResource = "Alarm button"
    public static let isDiscoverable = false
    /// The alarm's Herald identifier, as text.
    @Parameter(title: "Identifier") public var identifier: String
    /// The press: `stop`, `snooze` or `action:<identifier>`.
    @Parameter(title: "Press") public var press: String

    public init() {}
    #else
    /// The alarm's Herald identifier, as text.
    public var identifier: String
    /// The press: `stop`, `snooze` or `action:<identifier>`.
    public var press: String
    #endif

    public init(identifier: NotificationIdentifier, press: SystemAlarm.ButtonPress) {
        #if canImport(AppIntents)
        self.init()
        #endif
        self.identifier = identifier.description
        self.press = AlarmButtonRouter.text(of: press)
    }

    #if canImport(AppIntents)
    public func perform() async throws -> some IntentResult {
        await handle()
        return .result()
    }
    #else
    public func perform() async throws {
        await handle()
    }
    #endif

    private func handle() async {
        guard let identifier = NotificationIdentifier(parsing: identifier),
              let press = AlarmButtonRouter.press(from: press)
        else {
            Logger(label: "Herald.AlarmButtonIntent")
                .error("An alarm button carried no Herald identifier or press", metadata: [
                    "identifier": "\(identifier)", "press": "\(press)",
                ])
            return
        }
        if #available(iOS 26, macCatalyst 26, *) {
            let id = AlarmRequest.id(for: identifier)
            switch press {
            case .stop: try? AlarmManager.shared.stop(id: id)
            case .snooze: try? AlarmManager.shared.countdown(id: id)
            case .action: break
            }
        }
        await AlarmButtonRouter.route(press, for: identifier)
    }
}
#endif
