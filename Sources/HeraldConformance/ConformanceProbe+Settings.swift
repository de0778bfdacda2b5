import Herald

extension ConformanceProbe {
    /// The protocol has no badge getter, so this checks that absolute counts, `0`
    /// included, are accepted; implementations check the value in their own tests.
    func badgeAcceptsAbsoluteCounts() async throws {
        for count in [3, 3, 7, 0] { try await center.setBadgeCount(count) }
    }

    func categoriesAreReplacedAsAWhole() async throws {
        let reminder = NotificationCategory(
            identifier: "reminder",
            actions: [
                NotificationAction(identifier: "log", title: "Log", options: [.foreground]),
                NotificationAction(identifier: "note", title: "Note", textInput: .init(buttonTitle: "Save")),
            ],
            options: [.customDismissAction]
        )
        let summary = NotificationCategory(identifier: "summary", actions: [])
        let event = NotificationCategory(identifier: "event", actions: [NotificationAction(identifier: "open", title: "Open")])

        await center.setNotificationCategories([reminder, summary])
        try expect(await center.notificationCategories() == [reminder, summary], "categories did not read back unchanged")
        await center.setNotificationCategories([event])
        try expect(await center.notificationCategories() == [event], "setting categories did not replace the previous set")
        await center.setNotificationCategories([])
        try expect(await center.notificationCategories().isEmpty, "setting no categories did not clear them")
    }

    func authorizationStartsNotDetermined() async throws {
        let status = await center.authorizationStatus()
        try expect(status == .notDetermined, "a fresh center's authorization is \(status), expected notDetermined")
    }

    func requestAuthorizationFixesTheStatus() async throws {
        let allowed = try await center.requestAuthorization(options: [.alert, .badge, .sound])
        let status = await center.authorizationStatus()
        try expect(status != .notDetermined, "authorization is still notDetermined after asking")
        try expect(status.allowsDelivery == allowed, "requestAuthorization answered \(allowed) but the status is \(status)")

        let again = try await center.requestAuthorization(options: [.alert, .badge, .sound])
        try expect(again == allowed, "asking again answered \(again), the first answer was \(allowed)")
        try expect(await center.authorizationStatus() == status, "asking again changed the status from \(status)")
    }
}
