import Foundation

extension HeraldSync {
    /// One thing the user did on one device, for the others to apply: what it was
    /// (``change``), where (``device``) and when (``instant``). Records are `Codable` so
    /// that the app's channel can carry them as they are.
    ///
    /// ```swift
    /// let record = HeraldSync.Record(device: "watch", instant: nine,
    ///                                change: .completed(EngineState.Completion(entity: water, day: today, date: nine)))
    /// record.id        // "watch|<milliseconds since 1970>|completion|habit/water|2026-11-29"
    /// record.subject   // "completion|habit/water|2026-11-29"
    /// ```
    public struct Record: Hashable, Sendable, Codable, Identifiable {
        /// What the user did.
        public enum Change: Hashable, Sendable, Codable {
            /// Completed an entity for a day.
            case completed(EngineState.Completion)
            /// Took back the completion of an entity for a day.
            case completionUndone(EntityReference, LocalDate)
            /// Paused an entity's reminders.
            case paused(EntityReference)
            /// Resumed a paused entity.
            case resumed(EntityReference)
            /// Deleted an entity.
            case deleted(EntityReference)
            /// Asked not to be reminded of an entity again that day ("remind tomorrow").
            case deferred(EngineState.EntityDay)
            /// Snoozed an occurrence until an instant.
            case snoozed(EngineState.SnoozeRecord)
            /// Answered an occurrence's notification: tapped it, chose an action or
            /// dismissed it.
            case answered(NotificationIdentifier)

            /// The entity it is about.
            public var entity: EntityReference {
                switch self {
                case .completed(let completion): completion.entity
                case .completionUndone(let entity, _), .paused(let entity), .resumed(let entity), .deleted(let entity):
                    entity
                case .deferred(let entityDay): entityDay.entity
                case .snoozed(let snooze): snooze.original.entity
                case .answered(let identifier): identifier.entity
                }
            }
        }

        /// The device it happened on (``HeraldSync/device``).
        public var device: String
        /// When it happened there.
        public var instant: Date
        public var change: Change

        public init(device: String, instant: Date, change: Change) {
            self.device = device
            self.instant = instant
            self.change = change
        }

        /// What the record is about: of two records with the same subject, the later
        /// one holds (for an answer, the user's last answer to the occurrence, which
        /// settles every copy delivered before it).
        public var subject: String {
            switch change {
            case .completed(let completion): "completion|\(completion.entity)|\(completion.day)"
            case .completionUndone(let entity, let day): "completion|\(entity)|\(day)"
            case .paused(let entity), .resumed(let entity): "pause|\(entity)"
            case .deleted(let entity): Self.deletionSubject(of: entity)
            case .deferred(let entityDay): "deferral|\(entityDay.entity)|\(entityDay.day)"
            case .snoozed(let snooze): "snooze|\(snooze.original)"
            case .answered(let identifier): "answer|\(identifier)"
            }
        }

        /// The subject of an entity's deletion.
        static func deletionSubject(of entity: EntityReference) -> String { "deletion|\(entity)" }

        /// The record's identity: its device, instant and subject. The same record
        /// made again has the same identifier, so a channel can deduplicate by it.
        public var id: String {
            "\(device)|\(Int64((instant.timeIntervalSince1970 * 1000).rounded(.down)))|\(subject)"
        }

        /// When and where it happened, which orders the records of one subject.
        public var stamp: Stamp { Stamp(instant: instant, device: device) }

        /// Whether this record supersedes `kept`, the stamp that holds for its subject:
        /// it is later. Any record supersedes none.
        public func supersedes(_ kept: Stamp?) -> Bool {
            guard let kept else { return true }
            return kept < stamp
        }
    }

    /// When and on which device something happened: ordered by instant, then by device
    /// identifier, so every device orders two records of one subject the same way.
    public struct Stamp: Hashable, Sendable, Codable, Comparable {
        public var instant: Date
        public var device: String

        public init(instant: Date, device: String) {
            self.instant = instant
            self.device = device
        }

        public static func < (lhs: Stamp, rhs: Stamp) -> Bool {
            (lhs.instant, lhs.device) < (rhs.instant, rhs.device)
        }
    }
}
