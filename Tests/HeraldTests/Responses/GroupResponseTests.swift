import Foundation
import Testing
@testable import Herald

/// Responses to a group: a tap leads to the list of its members, "Done all" completes
/// each member's entity for its day through the changes a complete action makes.
@Suite struct GroupResponseTests {
    static let berlin = Fixtures.berlin
    /// Sunday 22 November 2026, 07:00:10 in Berlin.
    static let now = Fixtures.date("2026-11-22T07:00:10")
    static let water = Fixtures.habit("water"), stretch = Fixtures.habit("stretch")

    /// The group delivered at 07:00 for water's Saturday 23:00 and stretch's Sunday 06:30.
    func makeResponse(_ action: String, category: String = "herald.group") -> NotificationResponse {
        var payload = HeraldPayload(identifier: .group(at: Fixtures.date("2026-11-22T07:00"), deferred: true))
        payload.members = [
            GroupMember(identifier: NotificationIdentifier(parsing: "herald:reminder:habit:water:r:20261121T2300")!),
            GroupMember(identifier: NotificationIdentifier(parsing: "herald:reminder:habit:stretch:r:20261122T0630")!),
        ]
        let content = NotificationContent(title: "2 habits due: Water, Stretch", categoryIdentifier: category,
                                          userInfo: payload.userInfo())
        let request = NotificationRequest(identifier: payload.identifier.description, content: content, trigger: nil)
        return NotificationResponse(notification: DeliveredNotification(request: request,
                                                                        date: Fixtures.date("2026-11-22T07:00")),
                                    actionIdentifier: action)
    }

    func step(_ response: NotificationResponse, state: EngineState = EngineState(),
              categories: CategoryRegistry = .empty) -> ResponseStep.Received {
        ResponseStep.received(response, decoding: PayloadDecoder().decode(response.notification.request.content.userInfo),
                              sequence: 1, state: state, now: Self.now, deviceZone: Self.berlin, categories: categories)
    }

    @Test func doneAllCompletesEveryMemberForItsOwnDay() {
        // Given "Done all" on the group, with no category registered for it
        let result = step(makeResponse(ReminderCategory.doneAllActionIdentifier))
        // Then water is done for Saturday the 21st (its 23:00), stretch for Sunday the 22nd
        let saturday = LocalDate(year: 2026, month: 11, day: 21), sunday = LocalDate(year: 2026, month: 11, day: 22)
        #expect(result.action == .complete)
        #expect(result.effect == .completedAll([EntityDay(Self.water, saturday), EntityDay(Self.stretch, sunday)]))
        #expect(result.changes.contains(.recordCompletion(Completion(entity: Self.water, day: saturday, date: Self.now))))
        #expect(result.changes.contains(.recordCompletion(Completion(entity: Self.stretch, day: sunday, date: Self.now))))
        // And each member is acknowledged
        #expect(result.changes.contains(.acknowledge(
            NotificationIdentifier(parsing: "herald:reminder:habit:water:r:20261121T2300")!, at: Self.now)))
    }

    @Test func aPausedMemberIsLeftAlone() {
        // Given water paused
        let result = step(makeResponse(ReminderCategory.doneAllActionIdentifier), state: EngineState(paused: [Self.water]))
        // Then only stretch is completed
        #expect(result.effect == .completedAll([EntityDay(Self.stretch, LocalDate(year: 2026, month: 11, day: 22))]))
    }

    @Test func aTapLeadsToTheListOfMembers() {
        // Given a tap on the group
        let response = makeResponse(NotificationResponse.defaultActionIdentifier)
        let received = step(response)
        guard case .enqueueResponse(let queued)? = received.changes.first else {
            Issue.record("not queued: \(received.changes)")
            return
        }
        // When handed to the app
        let handoff = ResponseStep.handoff(for: queued, decoding: received.decoding, resolution: nil,
                                           categories: .empty)
        // Then it leads to the list of water and stretch, and did nothing else
        #expect(handoff.destination == .list([Self.water, Self.stretch]))
        #expect(handoff.effect == ActionEffect.none)
        #expect(handoff.payload?.members.count == 2)
    }
}
