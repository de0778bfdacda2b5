import Foundation
import Herald

/// Where each delivery alerts, and what the user does with a copy the system forwarded
/// to their Watch.
extension SimulatedHousehold {
    /// Routes every delivery the devices presented since the last call: iPhones first,
    /// so a Watch knows which of its copies the iPhone also has.
    func routeDeliveries() async {
        let order = members.filter { $0.kind == .iPhone } + members.filter { $0.kind != .iPhone && $0.kind != .watch }
            + members.filter { $0.kind == .watch }
        for member in order {
            guard let device = devices[member.id] else { continue }
            let presented = await device.presentedNotifications
            for notification in presented.dropFirst(routed[member.id] ?? 0) {
                route(notification, on: member)
            }
            routed[member.id] = presented.count
        }
    }

    private func route(_ presented: PresentedNotification, on member: HouseholdMember) {
        let date = presented.notification.date, identifier = presented.identifier
        let options = presented.presentation.options
        let alerts = options.contains(.banner) || options.contains(.sound)
        switch member.kind {
        case .iPhone:
            let inUse = presented.appState == .foreground || (user.using == member.id && !user.phoneLocked)
            if alerts, !inUse, user.watchWorn, let watch = members.first(where: { $0.kind == .watch && $0.pairedWith == member.id }) {
                log.append(HouseholdEvent(date: date, device: member.id, kind: .delivered(
                    identifier: identifier, alerted: false, forwardedFrom: nil)))
                forwarded[watch.id, default: [:]][identifier] = (member.id, presented)
                log.append(HouseholdEvent(date: date, device: watch.id, kind: .delivered(
                    identifier: identifier, alerted: true, forwardedFrom: member.id)))
            } else {
                log.append(HouseholdEvent(date: date, device: member.id, kind: .delivered(
                    identifier: identifier, alerted: alerts, forwardedFrom: nil)))
            }
        case .watch:
            var alerted = alerts && user.watchWorn
            if sync.watchDedupe == .works, let phone = member.pairedWith,
               log.contains(where: { $0.device == phone && $0.deliveredIdentifier == identifier
                   && abs($0.date.timeIntervalSince(date)) <= 13 }) {
                alerted = false   // merged into the iPhone's copy, which alerts where forwarding says
            }
            log.append(HouseholdEvent(date: date, device: member.id, kind: .delivered(
                identifier: identifier, alerted: alerted, forwardedFrom: nil)))
        case .iPad, .mac:
            log.append(HouseholdEvent(date: date, device: member.id, kind: .delivered(
                identifier: identifier, alerted: alerts, forwardedFrom: nil)))
        }
    }

    /// The identifiers of the iPhone notifications the Watch shows, forwarded and not
    /// yet answered there, in the order they were delivered.
    public func forwardedCopies(on watch: String) -> [String] {
        (forwarded[watch] ?? [:]).sorted { ($0.value.presented.notification.date, $0.key) < ($1.value.presented.notification.date, $1.key) }
            .map(\.key)
    }

    /// The user answers, on their Watch, a notification the system forwarded from the
    /// iPhone: a tap (`action` `nil`) or a foreground action opens the Watch's app with
    /// the response; a background action is handled by the iPhone's app, as the system
    /// does for the notification's target. Either way the iPhone's copy leaves its list.
    ///
    /// ```swift
    /// try await household.answerOnWatch("watch", to: "water-0900", action: "snooze")   // the iPhone app snoozes
    /// ```
    ///
    /// - Throws: ``HouseholdError`` when the Watch shows no such forwarded copy or its
    ///   category offered no such action.
    @discardableResult
    public func answerOnWatch(_ watch: String, to identifier: String, action: String? = nil,
                              text: String? = nil) async throws -> UserActionOutcome {
        let (phone, presented) = try takeForwarded(identifier, on: watch)
        let actionIdentifier = action ?? NotificationResponse.defaultActionIdentifier
        var foreground = action == nil
        if let action {
            guard let offered = presented.offeredActions.first(where: { $0.identifier == action }) else {
                forwarded[watch, default: [:]][identifier] = (phone, presented)
                throw HouseholdError(code: .actionNotOffered, message: "\(identifier) on \(watch) offers no action \"\(action)\" (its category offered \(presented.offeredActions.map(\.identifier)))")
            }
            foreground = offered.options.contains(.foreground)
        }
        let phoneDevice = try device(phone)
        if foreground {
            await phoneDevice.center.removeDeliveredByUser(withIdentifiers: [identifier])
            let response = NotificationResponse(notification: presented.notification, actionIdentifier: actionIdentifier, userText: text)
            let outcome = try await device(watch).receiveFromPairedPhone(response)
            await settle(after: outcome, on: watch)
            return outcome
        }
        let outcome = await phoneDevice.answerForwarded(presented, action: actionIdentifier, text: text)
        await settle(after: outcome, on: phone)
        return outcome
    }

    /// The user swipes away, on their Watch, a notification forwarded from the iPhone:
    /// the iPhone's copy is dismissed too (its app told only under a custom dismiss
    /// action). Removing it on the iPhone does not remove the Watch's copy.
    ///
    /// - Throws: ``HouseholdError/Code/notForwarded``.
    @discardableResult
    public func dismissOnWatch(_ watch: String, _ identifier: String) async throws -> UserActionOutcome? {
        let (phone, _) = try takeForwarded(identifier, on: watch)
        let phoneDevice = try device(phone)
        guard await phoneDevice.center.notificationList().contains(where: { $0.request.identifier == identifier }) else {
            return nil
        }
        let outcome = try await phoneDevice.dismiss(identifier)
        await settle(after: outcome, on: phone)
        return outcome
    }

    private func takeForwarded(_ identifier: String, on watch: String) throws -> (phone: String, presented: PresentedNotification) {
        guard let copy = forwarded[watch]?.removeValue(forKey: identifier) else {
            throw HouseholdError(code: .notForwarded, message: "\(watch) shows no copy of \(identifier) forwarded from its iPhone (it shows \(forwardedCopies(on: watch)))")
        }
        return copy
    }
}
