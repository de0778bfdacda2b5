import Foundation
import Herald
import HeraldSimulator
import Testing

struct AuthorizationTests {
    @Test(arguments: [AuthorizationStatus.denied, .notDetermined])
    func anAppThatMayNotNotifyHasItsRequestsKeptButNeverShown(status: AuthorizationStatus) async throws {
        // Given an app that may not notify, with a badge of 2 (a center that lets a
        // denied app schedule: `kept`; `empty` ignores its adds, see DeniedCenterTests)
        let center = makeCenter(authorization: status, deniedCenter: .kept)
        try await center.setBadgeCount(2)
        try await center.add(makeRequest("once", trigger: .timeInterval(60, repeats: false), badge: 5))
        try await center.add(makeRequest("hourly", trigger: .timeInterval(3_600, repeats: true), badge: 6))
        #expect(await center.pendingIdentifiers() == ["hourly", "once"])

        // When the requests fire
        let delivered = await center.advance(by: 3_600)

        // Then nothing is delivered, the badge is untouched, and the firings are logged as suppressed
        #expect(delivered.isEmpty)
        #expect(await center.deliveredNotifications().isEmpty)
        #expect(await center.badgeCount == 2)
        #expect(await center.deliveryLog.map(\.outcome) == [.suppressed, .suppressed])
        #expect(await center.pendingIdentifiers() == ["hourly"])
    }

    @Test func provisionalIsGrantedWithoutAPromptAndDeliversQuietly() async throws {
        // Given a fresh install asking for provisional authorization
        let center = makeCenter(authorization: .notDetermined, userAnswer: .deny)
        let allowed = try await center.requestAuthorization(options: [.alert, .provisional])
        try await center.add(makeRequest("r", trigger: .timeInterval(60, repeats: false), badge: 1))

        // When it fires
        let delivered = await center.advance(by: 60)

        // Then it was delivered quietly, with no prompt shown
        #expect(allowed)
        #expect(await center.authorizationStatus() == .provisional)
        #expect(await center.callCounts.authorizationPrompts == 0)
        #expect(delivered.map(\.request.identifier) == ["r"])
        #expect(await center.deliveryLog.map(\.outcome) == [.deliveredQuietly])
        #expect(await center.badgeCount == 1)
        #expect(await center.pendingIdentifiers().isEmpty)
    }

    @Test(arguments: [
        (UserAuthorizationAnswer.allow, AuthorizationStatus.authorized, true),
        (.deny, .denied, false),
    ])
    func theUserIsAskedOnceAndTheAnswerSticks(answer: UserAuthorizationAnswer, status: AuthorizationStatus, allowed: Bool) async throws {
        // Given a fresh install whose user will answer as scripted
        let center = makeCenter(authorization: .notDetermined, userAnswer: answer)
        #expect(await center.authorizationStatus() == .notDetermined)

        // When the app asks twice, the user having changed their mind in between
        let first = try await center.requestAuthorization(options: [.alert, .badge])
        await center.setUserAuthorizationAnswer(answer == .allow ? .deny : .allow)
        let second = try await center.requestAuthorization(options: [.alert, .badge])

        // Then the first answer sticks and the user was prompted once
        #expect(first == allowed && second == allowed)
        #expect(await center.authorizationStatus() == status)
        #expect(await center.callCounts.authorizationPrompts == 1)
    }

    @Test func aProvisionalAppAskingForFullAuthorizationPromptsTheUser() async throws {
        let center = makeCenter(authorization: .provisional, userAnswer: .allow)

        let allowed = try await center.requestAuthorization(options: [.alert, .sound])

        #expect(allowed)
        #expect(await center.authorizationStatus() == .authorized)
        #expect(await center.callCounts.authorizationPrompts == 1)
    }

    @Test func turningNotificationsOnInSettingsDeliversWhatFiresAfterwards() async throws {
        // Given a denied app with two requests an hour apart (scheduled: `kept`)
        let center = makeCenter(authorization: .denied, deniedCenter: .kept)
        try await center.add(makeRequest("before", trigger: .timeInterval(3_600, repeats: false)))
        try await center.add(makeRequest("after", trigger: .timeInterval(7_200, repeats: false)))
        await center.advance(by: 3_600)

        // When the user allows notifications in Settings
        await center.setAuthorizationStatus(.authorized)
        await center.advance(by: 3_600)

        // Then only the later one is shown
        #expect(await center.deliveredIdentifiers() == ["after"])
        #expect(await center.pendingIdentifiers().isEmpty)
    }
}
