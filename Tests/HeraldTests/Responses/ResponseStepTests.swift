import Foundation
import Testing
@testable import Herald

/// The pure step a response takes when it arrives: what it records and what it does,
/// from the response, the state and the time alone.
@Suite struct ResponseStepTests {
    static let categories = try! CategoryRegistry([ReminderCategory(
        identifier: "habit.reminder",
        actions: [.complete("done", title: "Done"), .snooze("snooze", title: "Snooze", for: 300),
                  .remindTomorrow("tomorrow", title: "Tomorrow")])])
    static let newYork = TimeZone(identifier: "America/New_York")!
    static let pill = EntityReference(namespace: "habit", id: "pill")
    /// 2026-11-21 18:00:30.5 in New York.
    static let now = Date(timeIntervalSince1970: 1_795_302_030.5)

    /// A response to the 11-22 08:00 occurrence of a rule pinned to Tokyo (18:00 on
    /// 11-21 in New York), delivered at 18:00 New York time.
    func makeResponse(_ action: String) -> NotificationResponse {
        let identifier = NotificationIdentifier(entity: Self.pill, rule: "r",
                                                occurrence: OccurrenceKey(rawValue: "20261122T0800"), kind: .reminder)
        let content = NotificationContent(
            title: "Pill", categoryIdentifier: "habit.reminder",
            userInfo: HeraldPayload(identifier: identifier, occurrenceZone: "Asia/Tokyo").userInfo())
        let request = NotificationRequest(identifier: identifier.description, content: content, trigger: nil)
        return NotificationResponse(
            notification: DeliveredNotification(request: request, date: Date(timeIntervalSince1970: 1_795_302_000)),
            actionIdentifier: action)
    }

    func step(_ response: NotificationResponse, state: EngineState = EngineState()) -> ResponseStep.Received {
        ResponseStep.received(response, decoding: PayloadDecoder().decode(response.notification.request.content.userInfo),
                              sequence: 1, state: state, now: Self.now, deviceZone: Self.newYork,
                              categories: Self.categories)
    }

    @Test func doneCompletesTheDayTheUserSawTheOccurrenceOn() {
        let result = step(makeResponse("done"))
        let day = LocalDate(year: 2026, month: 11, day: 21)
        #expect(result.effect == .completed(day))
        #expect(result.changes.contains(.recordCompletion(Completion(entity: Self.pill, day: day, date: Self.now))))
        guard case .enqueueResponse(let queued)? = result.changes.first else {
            Issue.record("the response is not queued first: \(result.changes)")
            return
        }
        #expect(queued.effect == .completed(day))
    }

    @Test func aSnoozeEndsOnTheNextWholeSecond() {
        // 18:00:30.5 + 300 s → 18:05:31
        let until = Date(timeIntervalSince1970: 1_795_302_331)
        #expect(step(makeResponse("snooze")).effect == .snoozed(until: until))
    }

    @Test func remindTomorrowDefersTheOccurrencesDay() {
        #expect(step(makeResponse("tomorrow")).effect == .deferredToTomorrow(LocalDate(year: 2026, month: 11, day: 21)))
    }

    @Test func anEntityKnownPausedOrDeletedSinceGetsNoEffectButIsAcknowledged() {
        for state in [EngineState(paused: [Self.pill]), EngineState(deletions: [Self.pill: Self.now])] {
            let result = step(makeResponse("done"), state: state)
            #expect(result.effect == ActionEffect.none)
            #expect(!result.changes.contains { if case .recordCompletion = $0 { true } else { false } })
            #expect(result.changes.contains { if case .acknowledge = $0 { true } else { false } })
        }
    }

    @Test func aResponseAlreadyQueuedOrHandledChangesNothing() {
        let response = makeResponse("done")
        let handled = EngineState(handledResponses: [response.responseID: Self.now])
        let queued = EngineState(queuedResponses: [QueuedResponse(response: response, receivedAt: Self.now, sequence: 1)])
        for state in [handled, queued] {
            let result = step(response, state: state)
            #expect(result.isDuplicate)
            #expect(result.changes.isEmpty)
        }
    }

    @Test func anInvalidPayloadIsQueuedForTheAppWithNoEffect() {
        let request = NotificationRequest(identifier: "someone-else", content: NotificationContent(title: "x"), trigger: nil)
        let response = NotificationResponse(notification: DeliveredNotification(request: request, date: Self.now),
                                            actionIdentifier: "done")
        let result = step(response)
        #expect(result.decoding == .invalid(.notHerald))
        #expect(result.changes.count == 1)
        #expect(result.effect == ActionEffect.none)
    }
}
