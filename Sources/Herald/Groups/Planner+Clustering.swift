import Foundation

extension Planner {
    /// Where each chosen occurrence of a plan that groups reminders is delivered, and
    /// how many slots they take: one per cluster (a single reminder, or a group).
    struct Clustering {
        struct Placement {
            /// When it fires: its instant, or the end of the quiet hours holding it.
            var delivery: Date
            /// Whether the quiet hours deferred it.
            var deferred: Bool
            /// Which cluster it belongs to (one slot each).
            var cluster: Int
            /// Which part of the group at its instant the cluster is (from 1): a group
            /// over ``PlannedGroup/memberLimit`` goes on in a second part, and so on.
            var part = 1
        }

        /// The cluster the next groupable occurrence may join.
        struct OpenCluster {
            /// Its first instant: when it fires.
            var anchor: Date
            var index: Int
            /// Whether it is a quiet-hours batch.
            var isBatch: Bool
            /// Which part of the group at ``anchor`` it is.
            var part = 1
            var members = 1
            /// The estimated size of its members in the group's payload.
            var payloadBytes: Int

            /// Whether it has no room for a member of `bytes` more.
            func isFull(adding bytes: Int) -> Bool {
                members >= PlannedGroup.memberLimit || payloadBytes + bytes > PlannedGroup.memberPayloadLimit
            }
        }

        /// One per chosen occurrence, in the order of ``Selection/chosen``.
        var placements: [Placement] = []
        /// How many clusters there are: the slots the chosen occurrences take.
        var count = 0
        var open: OpenCluster?
    }
}
