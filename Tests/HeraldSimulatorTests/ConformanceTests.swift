import Herald
import HeraldConformance
import HeraldSimulator
import Testing

struct ConformanceTests {
    @Test(arguments: DropRule.allCases)
    func simulatedCenterKeepsTheContract(dropRule: DropRule) async throws {
        // Given a fresh, not yet authorized simulated device for each check
        let conformance = NotificationCenterConformance {
            let center = makeCenter(dropRule: dropRule, authorization: .notDetermined)
            return .init(center: center, advance: { await center.advance(by: $0) })
        }

        // When every check runs
        let report = try await conformance.runAll()

        // Then all pass and none is skipped
        #expect(report.passed == ConformanceCheck.allCases)
        #expect(report.skipped.isEmpty, "\(report)")
    }

    @Test func checksNeedingTimeAreSkippedWithoutAWayToMoveIt() async throws {
        let conformance = NotificationCenterConformance {
            .init(center: makeCenter(authorization: .notDetermined))
        }

        let report = try await conformance.runAll()

        #expect(Set(report.skipped.map(\.check)) == Set(ConformanceCheck.allCases.filter(\.needsTime)))
    }

    @Test func aDeniedUserSkipsTheDeliveryChecks() async throws {
        let conformance = NotificationCenterConformance {
            let center = makeCenter(authorization: .notDetermined, userAnswer: .deny)
            return .init(center: center, advance: { await center.advance(by: $0) })
        }

        let report = try await conformance.runAll()

        #expect(Set(report.skipped.map(\.check)) == Set(ConformanceCheck.allCases.filter(\.needsTime)))
    }

    @Test func aCenterThatIgnoresRemovalsFailsTheRemovalCheck() async throws {
        // Given a center that forgets to remove pending requests
        let conformance = NotificationCenterConformance {
            .init(center: CenterIgnoringRemovals(base: makeCenter(authorization: .notDetermined)))
        }

        // When the checks run, then the removal check fails with its name
        await #expect(throws: ConformanceFailure.self) {
            _ = try await conformance.runAll()
        }
        await #expect(throws: ConformanceFailure(
            check: .removalIsByIdentifier,
            message: "after removing [a, unknown] pending is [\"a\", \"b\", \"c\"], expected [b, c]"
        )) {
            _ = try await conformance.run(.removalIsByIdentifier)
        }
    }
}

/// A broken center for testing the conformance suite: pending removals do nothing.
private struct CenterIgnoringRemovals: Herald.NotificationCenter {
    let base: SimulatedNotificationCenter
    var capacity: Int { base.capacity }

    func add(_ request: NotificationRequest) async throws { try await base.add(request) }
    func pendingNotificationRequests() async -> [NotificationRequest] { await base.pendingNotificationRequests() }
    func removePendingNotificationRequests(withIdentifiers identifiers: [String]) async {}
    func removeAllPendingNotificationRequests() async {}
    func deliveredNotifications() async -> [DeliveredNotification] { await base.deliveredNotifications() }
    func removeDeliveredNotifications(withIdentifiers identifiers: [String]) async {
        await base.removeDeliveredNotifications(withIdentifiers: identifiers)
    }
    func removeAllDeliveredNotifications() async { await base.removeAllDeliveredNotifications() }
    func setBadgeCount(_ count: Int) async throws { try await base.setBadgeCount(count) }
    func setNotificationCategories(_ categories: Set<NotificationCategory>) async {
        await base.setNotificationCategories(categories)
    }
    func notificationCategories() async -> Set<NotificationCategory> { await base.notificationCategories() }
    func authorizationStatus() async -> AuthorizationStatus { await base.authorizationStatus() }
    func requestAuthorization(options: AuthorizationOptions) async throws -> Bool {
        try await base.requestAuthorization(options: options)
    }
}
