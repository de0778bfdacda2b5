/// The goal tracker's persistent data, standing for the disk: it outlives the app's
/// process, so a test keeps one and hands it to every launch.
///
/// Reading it is asynchronous, like a database that loads after launch. ``holdReads()``
/// makes reads wait until ``releaseReads()``, so a test can show a response arriving
/// before the data exists (seed 000's cold-launch race), without sleeping.
///
/// ```swift
/// let database = GoalDatabase([Goal(id: "read", title: "Reading")])
/// await database.holdReads()           // the next launch's load waits
/// // ... a tap cold-launches the app ...
/// await database.releaseReads()        // the load completes; the app becomes ready
/// ```
public actor GoalDatabase {
    private var goals: [String: Goal]
    private var readsHeld = false
    private var waitingReads: [CheckedContinuation<Void, Never>] = []

    public init(_ goals: [Goal] = []) {
        self.goals = Dictionary(goals.map { ($0.id, $0) }, uniquingKeysWith: { _, last in last })
    }

    /// Every goal, by identifier. Waits while reads are held.
    public func fetchAll() async -> [Goal] {
        if readsHeld {
            await withCheckedContinuation { waitingReads.append($0) }
        }
        return goals.values.sorted { $0.id < $1.id }
    }

    public func goal(_ id: String) -> Goal? { goals[id] }

    /// Creates or replaces a goal.
    public func save(_ goal: Goal) { goals[goal.id] = goal }

    public func delete(_ ids: some Sequence<String>) {
        for id in ids { goals[id] = nil }
    }

    /// An import: the given goals replace every goal.
    public func replaceAll(with goals: [Goal]) {
        self.goals = Dictionary(goals.map { ($0.id, $0) }, uniquingKeysWith: { _, last in last })
    }

    /// Reads wait from now on until ``releaseReads()`` (a slow disk).
    public func holdReads() { readsHeld = true }

    /// Lets every waiting and later read complete.
    public func releaseReads() {
        readsHeld = false
        let waiting = waitingReads
        waitingReads = []
        for read in waiting { read.resume() }
    }
}
