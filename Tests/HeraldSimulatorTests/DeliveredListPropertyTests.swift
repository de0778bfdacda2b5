import Foundation
import Herald
import HeraldSimulator
import HeraldTestSupport
import Testing

/// The center's delivered list is indexed by identifier; the oracle is the plain list
/// it replaced: an array, oldest first, where a delivery first removes any entry with
/// its identifier and a removal filters the array. Over random deliveries (new and
/// repeated identifiers), removals by the app, clearing and reads, both hold the same
/// notifications in the same order.
@Suite struct DeliveredListPropertyTests {
    @Test func theIndexedListAgreesWithAPlainOne() async {
        await PropertySeeds.check(count: 60) { seed in
            await check(seed: seed)
        }
    }

    func check(seed: UInt64) async {
        var random = SeededGenerator(seed: seed)
        let clock = VirtualClock(now: Date(timeIntervalSince1970: 1_795_248_000), timeZone: TimeZone(identifier: "UTC")!)
        let center = SimulatedNotificationCenter(clock: clock, authorization: .authorized)
        var model: [DeliveredNotification] = []
        let pool = Int.random(in: 1...40, using: &random)
        for step in 0..<Int.random(in: 1...120, using: &random) {
            switch Int.random(in: 0...9, using: &random) {
            case 0...5:
                // Deliveries at the next second, some replacing one already in the list.
                let count = Int.random(in: 1...4, using: &random)
                let identifiers = (0..<count).map { _ in "n\(Int.random(in: 0..<pool, using: &random))" }
                for identifier in identifiers {
                    try? await center.add(NotificationRequest(identifier: identifier,
                                                              content: NotificationContent(title: "\(step)"), trigger: nil))
                }
                let delivered = await center.advance(by: 1)
                for notification in delivered {
                    model.removeAll { $0.request.identifier == notification.request.identifier }
                    model.append(notification)
                }
            case 6...7:
                let removed = (0..<Int.random(in: 0...5, using: &random)).map { _ in "n\(Int.random(in: 0..<pool, using: &random))" }
                await center.removeDeliveredNotifications(withIdentifiers: removed)
                model.removeAll { removed.contains($0.request.identifier) }
            case 8:
                if Int.random(in: 0..<4, using: &random) == 0 {
                    await center.removeAllDeliveredNotifications()
                    model.removeAll()
                }
            default:
                // A snapshot restored into a new center holds the same list.
                let restored = SimulatedNotificationCenter(restoring: await center.snapshot(), clock: clock)
                #expect(await restored.deliveredNotifications() == model, "seed \(seed), step \(step)")
            }
            #expect(await center.deliveredNotifications() == model, "seed \(seed), step \(step)")
        }
    }
}
