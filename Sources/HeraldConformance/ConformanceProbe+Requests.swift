import Foundation
import Herald

extension ConformanceProbe {
    func addReplaces() async throws {
        try await center.add(request("a", title: "first", after: 3_600))
        try await center.add(request("a", title: "second", after: 7_200))

        let matching = await center.pendingNotificationRequests().filter { $0.identifier == "a" }
        try expect(matching.count == 1, "expected 1 pending request for \"a\" after adding it twice, found \(matching.count)")
        try expect(matching[0].content.title == "second", "the second add did not replace the first: title is \"\(matching[0].content.title)\"")
        try expect(matching[0].trigger == .timeInterval(7_200, repeats: false), "the replacing request's trigger was not kept: \(String(describing: matching[0].trigger))")
    }

    func addValidatesTriggers() async throws {
        let kept = request("kept", after: 3_600)
        try await center.add(kept)
        let invalid: [NotificationTrigger] = [
            .timeInterval(59, repeats: true), .timeInterval(0, repeats: false), .timeInterval(-5, repeats: false),
        ]
        for trigger in invalid {
            for identifier in ["kept", "new"] {
                do {
                    try await center.add(NotificationRequest(identifier: identifier, content: kept.content, trigger: trigger))
                    try expect(false, "add(\(identifier)) with \(trigger) did not throw")
                } catch let error as NotificationCenterError {
                    try expect(error.code == .invalidTrigger, "add with \(trigger) threw \(error.code), expected invalidTrigger")
                }
            }
            let pending = await center.pendingNotificationRequests()
            try expect(pending == [kept], "a refused add with \(trigger) changed the pending requests: \(pending.map(\.identifier))")
        }
        try await center.add(request("minute", after: 60, repeats: true))
        try expect(await pendingIdentifiers() == ["kept", "minute"], "a repeating 60 s interval was not accepted")
    }

    func pendingListsEachRequestOnce() async throws {
        let requests = [
            request("interval", after: 600),
            request("repeating-interval", after: 3_600, repeats: true),
            NotificationRequest(
                identifier: "daily", content: NotificationContent(title: "Daily", body: "09:30", badge: 2),
                trigger: .calendar(CalendarTrigger(hour: 9, minute: 30, repeats: true))
            ),
            NotificationRequest(
                identifier: "future", content: NotificationContent(title: "Future", userInfo: ["k": 1]),
                trigger: .calendar(CalendarTrigger(year: 2_100, month: 1, day: 1, hour: 9, minute: 0))
            ),
        ]
        for request in requests { try await center.add(request) }

        let pending = await center.pendingNotificationRequests().sorted { $0.identifier < $1.identifier }
        let expected = requests.sorted { $0.identifier < $1.identifier }
        try expect(pending == expected, "pending is \(pending.map(\.identifier)), expected each of \(expected.map(\.identifier)) once with its content and trigger")
    }

    func passedDateIsNotPending() async throws {
        try await center.add(NotificationRequest(
            identifier: "past", content: NotificationContent(title: "Past"),
            trigger: .calendar(CalendarTrigger(year: 2_000, month: 1, day: 1, hour: 9, minute: 0))
        ))
        try expect(await pendingIdentifiers().isEmpty, "a one-shot calendar trigger in the past is listed as pending")
    }

    func removalIsByIdentifier() async throws {
        for identifier in ["a", "b", "c"] { try await center.add(request(identifier)) }

        await center.removePendingNotificationRequests(withIdentifiers: ["a", "unknown"])
        let pending = await pendingIdentifiers()
        try expect(pending == ["b", "c"], "after removing [a, unknown] pending is \(pending), expected [b, c]")
        await center.removePendingNotificationRequests(withIdentifiers: ["a"])
        await center.removePendingNotificationRequests(withIdentifiers: [])
        let pendingAfterwards = await pendingIdentifiers()
        try expect(pendingAfterwards == ["b", "c"], "removing absent identifiers changed pending: \(pendingAfterwards)")
    }

    func removeAllPendingEmptiesTheList() async throws {
        for identifier in ["a", "b"] { try await center.add(request(identifier)) }
        await center.removeAllPendingNotificationRequests()
        let pending = await pendingIdentifiers()
        try expect(pending.isEmpty, "pending is \(pending) after removing all")
    }

    func capacityIsEnforced() async throws {
        let capacity = center.capacity
        let added = (0..<capacity + 6).map { request("r\($0)", after: 3_600 + Double($0) * 60) }
        for request in added { try await center.add(request) }

        let pending = await pendingIdentifiers()
        try expect(pending.count == capacity, "\(pending.count) requests pending after adding \(added.count), expected the capacity \(capacity)")
        try expect(Set(pending).count == pending.count, "an identifier is pending twice")
        try expect(Set(pending).isSubset(of: added.map(\.identifier)), "pending holds requests that were not added")
    }

    func repeatingRequestCountsOnce() async throws {
        let capacity = center.capacity
        try await center.add(request("repeating", after: 60, repeats: true))
        for index in 1..<capacity { try await center.add(request("r\(index)", after: 3_600 + Double(index) * 60)) }

        let pending = await pendingIdentifiers()
        try expect(pending.count == capacity, "\(pending.count) requests pending, expected \(capacity): a repeating request must count once")
    }
}
