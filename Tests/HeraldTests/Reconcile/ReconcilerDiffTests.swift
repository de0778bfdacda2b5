import Testing
@testable import Herald

@Suite struct ReconcilerDiffTests {
    func makeRequest(_ rule: String, _ occurrence: String, title: String = "Water",
                     kind: NotificationKind = .reminder) -> NotificationRequest {
        let identifier = NotificationIdentifier(
            entity: EntityReference(namespace: "habit", id: "water"), rule: rule,
            occurrence: OccurrenceKey(rawValue: occurrence), kind: kind)
        return NotificationRequest(identifier: identifier.description, content: NotificationContent(title: title),
                                   trigger: .timeInterval(600, repeats: false))
    }

    @Test func identicalSetsTouchNothing() {
        let requests = [makeRequest("a", "1"), makeRequest("a", "2")]
        let diff = Reconciler().diff(desired: requests, pending: requests)
        #expect(diff.isEmpty)
        #expect(diff.unchanged == 2)
    }

    @Test func touchesExactlyTheDifference() {
        // Given two pending, one unchanged, one stale
        let pending = [makeRequest("a", "1"), makeRequest("a", "2"), makeRequest("a", "3")]
        // When the plan keeps 1, changes 2's content, drops 3 and adds 4
        let desired = [makeRequest("a", "1"), makeRequest("a", "2", title: "Water!"), makeRequest("a", "4")]
        let diff = Reconciler().diff(desired: desired, pending: pending)
        // Then 3 is removed, 2 and 4 added (adding replaces 2), 1 is left alone
        #expect(diff.removals == [makeRequest("a", "3").identifier])
        #expect(diff.additions.map(\.identifier) == [makeRequest("a", "2").identifier, makeRequest("a", "4").identifier])
        #expect(diff.unchanged == 1)
        #expect(diff.touched == 3)
    }

    @Test func neverTouchesForeignRequestsOrUnmanagedKinds() {
        let foreign = NotificationRequest(identifier: "someone-else", content: NotificationContent(title: "x"), trigger: nil)
        let snooze = makeRequest("a", "snooze-1", kind: .snooze)
        let diff = Reconciler().diff(desired: [], pending: [foreign, snooze, makeRequest("a", "1")])
        #expect(diff.removals == [makeRequest("a", "1").identifier])
    }

    @Test func duplicateDesiredIdentifiersAreAddedOnce() {
        let request = makeRequest("a", "1")
        let diff = Reconciler().diff(desired: [request, request], pending: [])
        #expect(diff.additions == [request])
    }
}
