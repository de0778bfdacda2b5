import Foundation
import Herald
import HeraldConformance
import HeraldUserNotifications
import Testing
#if !canImport(UserNotifications)
@_spi(Testing) import UserNotificationsShim

struct UserNotificationCenterTests {
    @Test(arguments: ShimPendingDropRule.allCases)
    func keepsTheNotificationCenterContract(dropRule: ShimPendingDropRule) async throws {
        // Given a fresh platform center behind the adapter for each check
        let conformance = NotificationCenterConformance {
            // The shim's center, like Apple's, is not Sendable; its state is behind a lock.
            nonisolated(unsafe) let platform = makePlatformCenter(dropRule: dropRule)
            return .init(center: UserNotificationCenter(platform), advance: { platform.advanceForTesting(by: $0) })
        }

        // When every check runs, then all pass and none is skipped
        let report = try await conformance.runAll()
        #expect(report.passed == ConformanceCheck.allCases)
        #expect(report.skipped.isEmpty, "\(report)")
    }

    @Test func aHeraldRequestReadsBackExactly() async throws {
        // Given a Herald reminder: pinned zone, seconds, badge, category, thread, level,
        // a named sound and a nested payload with Booleans beside numbers
        let identifier = NotificationIdentifier(
            entity: EntityReference(namespace: "habit", id: "water"), rule: "daily",
            occurrence: OccurrenceKey(LocalDateTime(date: LocalDate(year: 2026, month: 3, day: 11), time: LocalTime(hour: 9, minute: 15, second: 30))),
            kind: .reminder
        )
        let payload = HeraldPayload(identifier: identifier, occurrenceZone: "Asia/Tokyo")
        let request = NotificationRequest(
            identifier: identifier.description,
            content: NotificationContent(
                title: "Water", subtitle: "Glass 2", body: "Drink", sound: .named("drop.caf"), badge: 3,
                categoryIdentifier: "habit", threadIdentifier: "water", interruptionLevel: .timeSensitive,
                relevanceScore: 0.75, targetContentIdentifier: "scene-water",
                userInfo: payload.userInfo(merging: [
                    "app": ["ids": [1, 2.5, true, false, nil, "x"], "deep": ["flag": true, "zero": 0, "one": 1]],
                ])
            ),
            trigger: .calendar(CalendarTrigger(year: 2026, month: 3, day: 11, hour: 9, minute: 15, second: 30,
                                               timeZone: TimeZone(identifier: "Asia/Tokyo")))
        )
        let center = UserNotificationCenter(makePlatformCenter())

        // When it is added and read back
        try await center.add(request)
        let pending = await center.pendingNotificationRequests()

        // Then it is the same request, and its payload still decodes to the identifier
        #expect(pending == [request])
        guard case .valid(let decoded) = PayloadDecoder().decode(pending[0].content.userInfo) else {
            Issue.record("the payload no longer decodes")
            return
        }
        #expect(decoded.identifier == identifier)
        #expect(pending[0].content.userInfo["app"]?.objectValue?["deep"] == ["flag": true, "zero": 0, "one": 1])
    }

    @Test(arguments: [
        NotificationContent.Sound?.none, .default, .defaultCritical, .named("bell.aiff"),
    ])
    func everySoundReadsBack(sound: NotificationContent.Sound?) async throws {
        let center = UserNotificationCenter(makePlatformCenter())
        let request = NotificationRequest(
            identifier: "s", content: NotificationContent(title: "t", sound: sound), trigger: .timeInterval(600, repeats: false))

        try await center.add(request)

        #expect(await center.pendingNotificationRequests() == [request])
    }

    /// `userInfo` holds property-list values only (strings, numbers, dates, data,
    /// arrays and string-keyed dictionaries of them): a JSON `null` reaches the platform
    /// as the adapter's mark, never as `NSNull`, and reads back as `null`.
    @Test func aNullReachesThePlatformAsAPropertyListAndReadsBackAsNull() async throws {
        let request = NotificationRequest(
            identifier: "herald:reminder:habit:water:daily:20260311T0915",
            content: NotificationContent(title: "Water", userInfo: ["app": ["note": nil, "list": [nil, 1]], "top": nil]),
            trigger: .timeInterval(600, repeats: false))
        let platform = makePlatformCenter()
        let center = UserNotificationCenter(platform)

        try await center.add(request)

        let userInfo = try #require(await platform.pendingNotificationRequests().first).content.userInfo
        func isPropertyList(_ value: Any) -> Bool {
            switch value {
            case is String, is NSNumber, is Date, is Data: true
            case let items as [Any]: items.allSatisfy(isPropertyList)
            case let fields as [String: Any]: fields.values.allSatisfy(isPropertyList)
            default: false
            }
        }
        #expect(userInfo.values.allSatisfy(isPropertyList))
        #expect(userInfo.keys.allSatisfy { $0.base is String })
        #expect(await center.pendingNotificationRequests() == [request])
    }

    @Test func platformRequestsSeeWhatHeraldMeant() async throws {
        // Given a Herald request with a repeating calendar trigger on weekdays
        let platform = makePlatformCenter()
        let center = UserNotificationCenter(platform)
        try await center.add(NotificationRequest(
            identifier: "mon", content: NotificationContent(title: "Monday", badge: 0, interruptionLevel: .passive),
            trigger: .calendar(CalendarTrigger(hour: 7, minute: 45, weekday: 2, repeats: true))
        ))

        // Then the platform holds the same components, badge 0 and the passive level
        let stored = try #require(await platform.pendingNotificationRequests().first)
        let trigger = try #require(stored.trigger as? UNCalendarNotificationTrigger)
        #expect(trigger.repeats)
        #expect(trigger.dateComponents == DateComponents(hour: 7, minute: 45, weekday: 2))
        #expect(stored.content.badge == NSNumber(value: 0))
        #expect(stored.content.interruptionLevel == .passive)
        #expect(stored.content.sound == UNNotificationSound.default)
    }

    @Test func categoriesWithOptionsAndTextInputReadBack() async throws {
        let center = UserNotificationCenter(makePlatformCenter())
        let categories: Set<NotificationCategory> = [
            NotificationCategory(identifier: "habit", actions: [
                NotificationAction(identifier: "done", title: "Done", options: [.authenticationRequired]),
                NotificationAction(identifier: "delete", title: "Delete", options: [.destructive, .foreground]),
                NotificationAction(identifier: "note", title: "Note", textInput: .init(buttonTitle: "Save", placeholder: "How was it?")),
            ], options: [.customDismissAction, .hiddenPreviewsShowTitle]),
            NotificationCategory(identifier: "plain", actions: [], options: [.allowInCarPlay, .hiddenPreviewsShowSubtitle]),
        ]

        await center.setNotificationCategories(categories)

        #expect(await center.notificationCategories() == categories)
    }

    @Test func aNegativeBadgeBecomesAnErrorWithThePlatformCode() async throws {
        let center = UserNotificationCenter(makePlatformCenter())

        await #expect(throws: NotificationCenterError(
            code: .badgeFailed, message: "The system refused setting the badge to -1: UNError 1600 (badgeInputInvalid).",
            platformCode: 1600
        )) {
            try await center.setBadgeCount(-1)
        }
    }

    @Test func aLocationTriggerReachesThePlatformAsARegion() async throws {
        // The stand-in is iOS's surface, where UNLocationNotificationTrigger exists
        // (LocationAdapterTests reads every field back).
        let platform = makePlatformCenter()
        let center = UserNotificationCenter(platform)
        let region = LocationRegion(identifier: "park", latitude: 52.5, longitude: 13.4, radius: 100)

        try await center.add(NotificationRequest(
            identifier: "loc", content: NotificationContent(title: "Park"), trigger: .location(region, repeats: false)))
        #expect(await platform.pendingNotificationRequests().map(\.identifier) == ["loc"])
    }

    @Test func anEngineOverTheAdapterReconcilesTwiceAndTouchesNothingTheSecondTime() async throws {
        // Given two habits at 09:00 and 20:00 and a three-day horizon from Tuesday 08:00:
        // Tue, Wed and Thu at 09:00 and 20:00 for each, 12 requests
        let platform = makePlatformCenter()
        let engine = try await makeEngine(platform: platform)

        // When the app launches, then reconciles again
        let first = await engine.launched()
        let second = await engine.becameActive()

        // Then the first run adds 12, the second touches nothing
        #expect(first.outcome.added == 12)
        #expect(first.outcome.removed == 0)
        #expect(second.outcome.touched == 0)
        #expect(second.outcome.unchanged == 12)
        #expect(second.outcome.failedAdds.isEmpty)
        let pending = await platform.pendingNotificationRequests()
        #expect(pending.count == 12)
        #expect(Set(pending.map(\.content.categoryIdentifier)) == ["habit"])
        #expect(await platform.notificationCategories().map(\.identifier) == ["habit"])
    }
}
#endif
