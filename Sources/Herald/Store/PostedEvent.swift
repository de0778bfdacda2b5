import Foundation

extension EngineState {
    /// An app-triggered notification Herald was asked to post (``Engine/post(_:)``), kept
    /// in the store until it fires, so that every run of the engine sees it in the one
    /// budget and a crash between the post and the run loses nothing.
    ///
    /// ```swift
    /// let event = PostedEvent(identifier: unlocked.identifier, content: unlocked.content,
    ///                         fireDate: now, postedAt: now)
    /// try store.commit([.postEvent(event)])
    /// ```
    public struct PostedEvent: Hashable, Sendable, Codable {
        /// The request's identity (kind ``NotificationKind/event``); posting the same
        /// identifier again replaces it.
        public var identifier: NotificationIdentifier
        /// The content as the app gave it; Herald adds its payload and no badge.
        public var content: NotificationContent
        /// When it fires: the instant it was posted for "at once", later for a delay.
        public var fireDate: Date
        /// When the app posted it: a delivery of the same identifier at or after this
        /// instant is this event's, so it is never planned again.
        public var postedAt: Date

        public init(identifier: NotificationIdentifier, content: NotificationContent, fireDate: Date, postedAt: Date) {
            self.identifier = identifier
            self.content = content
            self.fireDate = fireDate
            self.postedAt = postedAt
        }

        /// Whether it fires at once (a `nil` trigger) rather than at a later instant.
        public var firesAtOnce: Bool { fireDate <= postedAt }

        /// The request Herald keeps pending for it: the content with Herald's payload and
        /// no badge; a `nil` trigger for "at once", else a calendar trigger at its fire
        /// instant in UTC (the same instant however often the request is added again).
        public var request: NotificationRequest {
            var content = content
            content.badge = nil
            content.userInfo = HeraldPayload(identifier: identifier).userInfo(merging: content.userInfo)
            let trigger: NotificationTrigger? = firesAtOnce ? nil : .calendar(CalendarTrigger(
                at: ZoneConverter.utc.local(for: fireDate), timeZone: ZoneConverter.utc.zone))
            return NotificationRequest(identifier: identifier.description, content: content, trigger: trigger)
        }
    }
}

/// `EngineState.PostedEvent` by its former name, inside the package.
package typealias PostedEvent = EngineState.PostedEvent
