import Foundation
import Herald
import HeraldSimulator

/// Everything the app instances of one device did, across processes, as
/// `#<instance> <HH:mm> <call>` lines; and what the apps answer in the foreground.
actor AppJournal {
    private(set) var entries: [String] = []
    private(set) var instances = 0
    /// What every app instance returns from `willPresent`.
    var presentationOptions: PresentationOptions = .all

    func nextInstance() -> Int {
        instances += 1
        return instances
    }

    func record(_ instance: Int, _ call: String, at date: Date) {
        entries.append("#\(instance) \(clockTime(date)) \(call)")
    }

    func setPresentationOptions(_ options: PresentationOptions) {
        presentationOptions = options
    }
}

/// A small app that records every call the device makes on it. Its data is not loaded
/// until the test says so (`loadData()`), like an app loading its store asynchronously.
actor RecordingApp: SimulatedApp {
    let instance: Int
    let journal: AppJournal
    let clock: VirtualClock
    private(set) var dataLoaded = false

    init(instance: Int, journal: AppJournal, clock: VirtualClock) {
        self.instance = instance
        self.journal = journal
        self.clock = clock
    }

    func loadData() { dataLoaded = true }

    func didFinishLaunching(in state: AppState) async { await log("launched \(state)") }
    func didBecomeActive() async { await log("became active") }
    func didEnterBackground() async { await log("entered background") }
    func willTerminate() async { await log("will terminate") }
    func timeChanged(_ change: TimeChange) async { await log("time changed \(change.rawValue)") }
    func performBackgroundRefresh() async { await log("background refresh") }
    func alarmButtonPressed(_ press: AlarmPressRecord) async { await log("alarm \(press.press) on \(press.identifier.occurrence.rawValue)") }

    func willPresent(_ notification: DeliveredNotification) async -> PresentationOptions {
        await log("will present \(notification.request.identifier)")
        return await journal.presentationOptions
    }

    func didReceive(_ response: NotificationResponse) async {
        let action = switch response.actionIdentifier {
        case NotificationResponse.defaultActionIdentifier: "tap"
        case NotificationResponse.dismissActionIdentifier: "dismiss"
        case let other: other
        }
        let text = response.userText.map { " \"\($0)\"" } ?? ""
        await log("received \(response.notification.request.identifier) \(action)\(text)\(dataLoaded ? "" : " before data")")
    }

    private func log(_ call: String) async {
        await journal.record(instance, call, at: clock.now)
    }
}

/// A device with its center and the journal of its apps.
struct DeviceFixture {
    let device: SimulatedDevice
    let center: SimulatedNotificationCenter
    let journal: AppJournal
    var clock: VirtualClock { center.clock }

    /// The current app instance, if running.
    func app() async -> RecordingApp? {
        await device.app as? RecordingApp
    }
}

/// A device on a fresh center (Friday 2026-03-27 12:00 in Berlin), the app not running.
func makeDevice(
    authorization: AuthorizationStatus = .authorized,
    categories: Set<NotificationCategory> = [],
    presenting options: PresentationOptions = .all,
    suspendsInBackground: Bool = true,
    forceQuitRelaunch: ForceQuitRelaunch = .never
) async -> DeviceFixture {
    let center = makeCenter(authorization: authorization)
    if !categories.isEmpty { await center.setNotificationCategories(categories) }
    let journal = AppJournal()
    await journal.setPresentationOptions(options)
    let device = await SimulatedDevice(center: center, suspendsInBackground: suspendsInBackground,
                                       forceQuitRelaunch: forceQuitRelaunch) { [clock = center.clock] in
        RecordingApp(instance: await journal.nextInstance(), journal: journal, clock: clock)
    }
    return DeviceFixture(device: device, center: center, journal: journal)
}

/// A one-shot request firing `minutes` after it is added, in `category`.
func makeReminder(_ identifier: String, inMinutes minutes: Double = 60, category: String = "", badge: Int? = nil) -> NotificationRequest {
    NotificationRequest(
        identifier: identifier,
        content: NotificationContent(title: identifier, badge: badge, categoryIdentifier: category),
        trigger: .timeInterval(minutes * 60, repeats: false)
    )
}

/// The exercise-reminder category of seed 002, with a text-input action added.
func makeExerciseCategory(
    identifier: String = "exercise",
    actions: [String] = ["log", "snooze", "note"],
    options: NotificationCategory.Options = []
) -> NotificationCategory {
    let all = [
        NotificationAction(identifier: "log", title: "Log Exercise", options: [.foreground]),
        NotificationAction(identifier: "snooze", title: "Snooze 5 min"),
        NotificationAction(identifier: "note", title: "Add note", textInput: .init(buttonTitle: "Save")),
        NotificationAction(identifier: "details", title: "View Details", options: [.foreground]),
    ]
    return NotificationCategory(
        identifier: identifier, actions: actions.compactMap { name in all.first { $0.identifier == name } }, options: options
    )
}

/// `HH:mm` in Berlin.
func clockTime(_ date: Date) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = berlin
    let parts = calendar.dateComponents([.hour, .minute], from: date)
    return String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
}

extension SimulatedDevice {
    /// The timeline as `HH:mm description` lines.
    func timeline() -> [String] {
        events.map { "\(clockTime($0.date)) \($0)" }
    }
}
