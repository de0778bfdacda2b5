@testable import Herald
import Testing

/// How a plan shares the center's slots, with numbers worked out by hand.
struct SlotBudgetTests {
    /// 64 slots, 4 of another SDK, a reserve of 10: 60 for Herald, 50 outside the reserve.
    let budget = SlotBudget(centerCapacity: 64, foreignRequests: 4, reserve: 10)

    @Test func foreignRequestsComeOffFirst() {
        #expect(budget.capacity == 60)          // 64 - 4
        #expect(budget.snoozeRoom == 60)        // snoozes may take every slot
        #expect(budget.eventRoom(snoozes: 7) == 53)   // 60 - 7
        #expect(budget.reminderSide == 50)      // 60 - 10
    }

    @Test func remindersGiveWayToLocationAndRepeatingSlots() {
        // 60 - 10 reserve - 2 location reminders - 3 repeating slots
        #expect(budget.reminderBudget(located: 2, compressed: 3) == 45)
    }

    @Test func snoozesAndEventsWithinTheReserveLeaveTheRemindersAlone() {
        // 4 + 2 = 6 fit in the reserve of 10: min(45, 60 - 4 - 2 - 2 - 3 = 49) = 45
        #expect(budget.reminderRoom(snoozes: 4, events: 2, located: 2, compressed: 3) == 45)
        // The follow-ups get what is left: 60 - 4 - 2 - 45 - 2 - 3 = 4
        #expect(budget.followUpRoom(snoozes: 4, events: 2, reminders: 45, located: 2, compressed: 3) == 4)
    }

    @Test func snoozesAndEventsBeyondTheReserveTakeTheLatestRemindersSlots() {
        // 12 + 3 = 15, 5 more than the reserve: min(45, 60 - 12 - 3 - 2 - 3 = 40) = 40
        #expect(budget.reminderRoom(snoozes: 12, events: 3, located: 2, compressed: 3) == 40)
        // Nothing is left for follow-ups: 60 - 12 - 3 - 40 - 2 - 3 = 0
        #expect(budget.followUpRoom(snoozes: 12, events: 3, reminders: 40, located: 2, compressed: 3) == 0)
    }

    @Test func noRoomIsNegative() {
        // More foreign requests than slots: nothing for Herald.
        let full = SlotBudget(centerCapacity: 64, foreignRequests: 70, reserve: 10)
        #expect(full.capacity == 0)
        #expect(full.reminderSide == 0)
        #expect(full.eventRoom(snoozes: 0) == 0)
        #expect(full.reminderBudget(located: 0, compressed: 0) == 0)
        #expect(full.reminderRoom(snoozes: 0, events: 0, located: 0, compressed: 0) == 0)
        #expect(full.followUpRoom(snoozes: 0, events: 0, reminders: 0, located: 0, compressed: 0) == 0)
        // A reserve larger than the center: only snoozes and events.
        let small = SlotBudget(centerCapacity: 8, foreignRequests: 0, reserve: 10)
        #expect(small.capacity == 8)
        #expect(small.reminderSide == 0)        // max(0, 8 - 10)
        #expect(small.eventRoom(snoozes: 5) == 3)
        #expect(small.reminderRoom(snoozes: 5, events: 3, located: 0, compressed: 0) == 0)
        // 64 snoozes fill a 64-slot center: no event, reminder or follow-up fits.
        let snoozed = SlotBudget(centerCapacity: 64, foreignRequests: 0, reserve: 10)
        #expect(snoozed.eventRoom(snoozes: 64) == 0)
        #expect(snoozed.reminderRoom(snoozes: 64, events: 0, located: 0, compressed: 0) == 0)   // min(54, 0)
        #expect(snoozed.followUpRoom(snoozes: 64, events: 0, reminders: 0, located: 0, compressed: 0) == 0)
    }

    /// Filled in the planner's order (snoozes, events, location reminders and repeating
    /// slots within the reminders' side, one-shot reminders, follow-ups), one-shot
    /// reminders and follow-ups never take a slot that is not free: every case of a
    /// small center, exhaustively.
    @Test func remindersAndFollowUpsOnlyTakeFreeSlots() {
        var cases = 0
        for capacity in 0...10 {
            for reserve in 0...5 {
                let budget = SlotBudget(centerCapacity: capacity, foreignRequests: 0, reserve: reserve)
                for wantedSnoozes in [0, 1, 3, 6, 11] {
                    let snoozes = min(budget.snoozeRoom, wantedSnoozes)
                    for wantedEvents in [0, 1, 4] {
                        let events = min(budget.eventRoom(snoozes: snoozes), wantedEvents)
                        for located in 0...budget.reminderSide {
                            for compressed in 0...(budget.reminderSide - located) {
                                cases += 1
                                let taken = snoozes + events + located + compressed
                                let reminders = budget.reminderRoom(snoozes: snoozes, events: events,
                                                                    located: located, compressed: compressed)
                                let followUps = budget.followUpRoom(snoozes: snoozes, events: events, reminders: reminders,
                                                                    located: located, compressed: compressed)
                                let free = max(0, capacity - taken)
                                if reminders < 0 || followUps < 0 || reminders + followUps > free
                                    || reminders > budget.reminderBudget(located: located, compressed: compressed) {
                                    Issue.record("capacity \(capacity), reserve \(reserve), snoozes \(snoozes), events \(events), located \(located), compressed \(compressed): \(reminders) reminders and \(followUps) follow-ups for \(free) free slots")
                                }
                            }
                        }
                    }
                }
            }
        }
        #expect(cases > 1_000)
    }
}
