/// How one plan shares the center's slots between the kinds of request Herald asks for.
///
/// The center keeps at most its capacity; requests that are not Herald's (another SDK's)
/// come off first, and what is left is ``capacity``. Of that, ``reserve`` slots are kept
/// for what the user asked for (snoozes) and what the app posted (events): one-shot
/// reminders get ``reminderSide`` at most, less the location reminders and the slots
/// of rules compressed into repeating triggers. When snoozes and events outgrow the
/// reserve they take the latest reminders' slots (``reminderRoom(snoozes:events:located:compressed:)``),
/// and follow-ups get whatever is still free. Nothing here ever adds up to more than
/// ``capacity``, and no room is negative.
///
/// ```swift
/// // 64 slots, 4 taken by another SDK, a reserve of 10.
/// let budget = SlotBudget(centerCapacity: 64, foreignRequests: 4, reserve: 10)
/// budget.capacity                                    // 60
/// budget.reminderSide                                // 50
/// budget.reminderBudget(located: 2, compressed: 3)   // 45
/// // 12 snoozes and 3 events outgrow the reserve by 5: the reminders give up 5.
/// budget.reminderRoom(snoozes: 12, events: 3, located: 2, compressed: 3)   // 40
/// ```
struct SlotBudget: Hashable, Sendable {
    /// The slots Herald may use: the center's capacity less the requests that are not
    /// Herald's, never below 0.
    let capacity: Int
    /// The slots kept for snoozes and posted events.
    let reserve: Int

    init(centerCapacity: Int, foreignRequests: Int, reserve: Int) {
        capacity = max(0, centerCapacity - foreignRequests)
        self.reserve = reserve
    }

    /// How many snoozes may be pending: they come first, up to every slot.
    var snoozeRoom: Int { capacity }

    /// How many posted events may be pending once `snoozes` are (at most
    /// ``snoozeRoom``): every slot the snoozes left.
    func eventRoom(snoozes: Int) -> Int {
        max(0, capacity - snoozes)
    }

    /// The slots outside the reserve, where reminders of every kind go (location
    /// reminders take theirs from here first).
    var reminderSide: Int { max(0, capacity - reserve) }

    /// How many one-shot reminders the plan chooses: the reminders' side less the
    /// `located` location reminders and the `compressed` slots of repeating triggers.
    /// Those beyond ``reminderRoom(snoozes:events:located:compressed:)`` are chosen but
    /// displaced.
    func reminderBudget(located: Int, compressed: Int) -> Int {
        max(0, capacity - reserve - located - compressed)
    }

    /// How many one-shot reminders are pending: the ``reminderBudget(located:compressed:)``,
    /// or fewer when `snoozes` and `events` outgrow the reserve and take the rest.
    func reminderRoom(snoozes: Int, events: Int, located: Int, compressed: Int) -> Int {
        max(0, min(reminderBudget(located: located, compressed: compressed),
                   capacity - snoozes - events - located - compressed))
    }

    /// How many follow-ups fit: every slot the rest of the plan left free.
    func followUpRoom(snoozes: Int, events: Int, reminders: Int, located: Int, compressed: Int) -> Int {
        max(0, capacity - snoozes - events - reminders - located - compressed)
    }
}
