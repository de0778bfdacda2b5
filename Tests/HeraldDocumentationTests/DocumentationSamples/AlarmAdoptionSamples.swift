// The Swift sample of the alarms section of HeraldUserNotifications' adoption article
// (Sources/HeraldUserNotifications/Documentation.docc/Adoption.md), inside the context it
// needs; the documentation tests check that it appears here verbatim. It is compiled,
// not run: the alarm daemon and the router are the process's, and the adapter's own
// tests drive them.
import Foundation
import Herald
import HeraldUserNotifications

/// Where the sample's app keeps alarm presses until the engine takes them.
actor AlarmResponses {
    private(set) var presses: [(SystemAlarm.ButtonPress, NotificationIdentifier)] = []

    func record(_ press: SystemAlarm.ButtonPress, for identifier: NotificationIdentifier) {
        presses.append((press, identifier))
    }
}

func setUpAlarms(alarmResponses: AlarmResponses) async throws -> SystemAlarmCenter {
    let alarms = SystemAlarmCenter(capacity: 8)
    await AlarmButtonRouter.setHandler { press, identifier in
        await alarmResponses.record(press, for: identifier)
    }
    if await alarms.authorization() == .notDetermined {
        _ = try await alarms.requestAuthorization()
    }
    return alarms
}
