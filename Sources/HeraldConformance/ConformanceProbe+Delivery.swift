import Foundation
import Herald

extension ConformanceProbe {
    func firedOneShotLeavesPending() async throws {
        try await authorizeDelivery()
        let once = request("once", after: 1)
        try await center.add(once)

        await advanceTime(by: 2)

        try expect(!(await pendingIdentifiers()).contains("once"), "a one-shot request is still pending after it fired")
        let delivered = await center.deliveredNotifications().filter { $0.request.identifier == "once" }
        try expect(delivered.count == 1, "expected \"once\" delivered once, found \(delivered.count)")
        try expect(delivered[0].request == once, "the delivered request differs from the one added")
    }

    func repeatingRequestStaysPending() async throws {
        try await authorizeDelivery()
        try await center.add(request("again", after: 60, repeats: true))

        await advanceTime(by: 61)

        let pending = await pendingIdentifiers()
        try expect(pending == ["again"], "a repeating request must stay pending after it fires; pending is \(pending)")
        try expect(await deliveredIdentifiers().contains("again"), "the repeating request was not delivered after 61 s")
    }

    func deliveredIsOldestFirst() async throws {
        try await authorizeDelivery()
        try await center.add(request("second", after: 2))
        try await center.add(request("first", after: 1))

        await advanceTime(by: 3)

        let delivered = await deliveredIdentifiers().filter { ["first", "second"].contains($0) }
        try expect(delivered == ["first", "second"], "delivered is \(delivered), expected oldest first [first, second]")
    }

    func pendingAndDeliveredAreIndependent() async throws {
        try await authorizeDelivery()
        try await center.add(request("shown", after: 1))
        await advanceTime(by: 2)
        try expect(await deliveredIdentifiers().contains("shown"), "\"shown\" was not delivered after 2 s")
        try await center.add(request("shown", after: 3_600))
        try await center.add(request("waiting", after: 3_600))

        await center.removePendingNotificationRequests(withIdentifiers: ["shown"])
        try expect(await deliveredIdentifiers().contains("shown"), "removing a pending request removed the delivered one with the same identifier")
        let pending = await pendingIdentifiers()
        try expect(pending == ["waiting"], "pending is \(pending), expected [waiting]")

        await center.removeDeliveredNotifications(withIdentifiers: ["shown", "waiting"])
        try expect(!(await deliveredIdentifiers()).contains("shown"), "\"shown\" is still delivered after removing it")
        let pendingAfterRemoval = await pendingIdentifiers()
        try expect(pendingAfterRemoval == ["waiting"], "removing delivered notifications touched pending: \(pendingAfterRemoval)")

        await center.removeAllDeliveredNotifications()
        try expect(await deliveredIdentifiers().isEmpty, "delivered is not empty after removing all")
        try expect(await pendingIdentifiers() == ["waiting"], "removing all delivered touched pending")
    }
}
