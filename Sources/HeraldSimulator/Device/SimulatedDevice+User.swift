import Herald

/// The simulated user: what a person does with the notifications in the list.
///
/// Every gesture needs the notification in the center's delivered list (silenced ones,
/// and those shown in the foreground without `.list` or `.banner`, never are) and
/// removes it from there, as iOS does. Only the actions of the category registered when
/// the notification was delivered can be chosen. A tap or a `.foreground` action brings
/// the app to the foreground: a cold launch (`didFinishLaunching(in: .foreground)`) when
/// it is not running, `didBecomeActive()` from the background; the response follows at
/// the same virtual instant. Any other action, and a reported dismissal, launches a
/// stopped app into the background and leaves a running one where it is (a suspended
/// one is woken, and told the time changes it missed before the response).
///
/// ```swift
/// await device.advance(by: 3_600)                          // "water" delivered
/// try await device.choose(action: "snooze", on: "water")   // app launched in the background
/// try await device.type("2 glasses", action: "log", on: "tea")
/// try await device.dismiss("coffee")                       // reported only with custom dismiss
/// await device.clearAll()                                  // silent
/// ```
extension SimulatedDevice {
    /// The user taps the notification (the default action): the app comes to the
    /// foreground and receives the response.
    ///
    /// - Throws: ``DeviceError/Code/notDelivered`` when it is not in the list.
    @discardableResult
    public func tap(_ identifier: String) async throws -> UserActionOutcome {
        let presented = try await takeFromList(identifier)
        let response = NotificationResponse(
            notification: presented.notification, actionIdentifier: NotificationResponse.defaultActionIdentifier
        )
        return await outcome(responding: response) { await hand(response, bringingToForeground: true) }
    }

    /// The user chooses one of the notification's actions. A `.foreground` action brings
    /// the app to the foreground; any other is handled where the app is (a stopped app is
    /// launched into the background).
    ///
    /// - Throws: ``DeviceError/Code/notDelivered`` when it is not in the list;
    ///   ``DeviceError/Code/actionNotOffered`` when its category, as registered at
    ///   delivery, had no such action; ``DeviceError/Code/textRequired`` for an action
    ///   with a text field (use ``type(_:action:on:)``).
    @discardableResult
    public func choose(action: String, on identifier: String) async throws -> UserActionOutcome {
        let presented = try await deliveredNotification(identifier)
        let offered = try offeredAction(action, of: presented)
        guard offered.textInput == nil else { throw DeviceError.textRequired(action, on: identifier) }
        await center.removeDeliveredByUser(withIdentifiers: [identifier])
        let response = NotificationResponse(notification: presented.notification, actionIdentifier: action)
        return await outcome(responding: response) {
            await hand(response, bringingToForeground: offered.options.contains(.foreground))
        }
    }

    /// The user types `text` into a text-input action and sends it.
    ///
    /// - Throws: as ``choose(action:on:)``, and ``DeviceError/Code/notTextInput`` for an
    ///   action without a text field.
    @discardableResult
    public func type(_ text: String, action: String, on identifier: String) async throws -> UserActionOutcome {
        let presented = try await deliveredNotification(identifier)
        let offered = try offeredAction(action, of: presented)
        guard offered.textInput != nil else { throw DeviceError.notTextInput(action, on: identifier) }
        await center.removeDeliveredByUser(withIdentifiers: [identifier])
        let response = NotificationResponse(notification: presented.notification, actionIdentifier: action, userText: text)
        return await outcome(responding: response) {
            await hand(response, bringingToForeground: offered.options.contains(.foreground))
        }
    }

    /// The user swipes the notification away. The app is told (a response with
    /// `NotificationResponse.dismissActionIdentifier`, launching it into the background
    /// if needed) only when its category had `.customDismissAction` at delivery.
    ///
    /// - Throws: ``DeviceError/Code/notDelivered`` when it is not in the list.
    @discardableResult
    public func dismiss(_ identifier: String) async throws -> UserActionOutcome {
        let presented = try await takeFromList(identifier)
        guard presented.reportsDismissal else {
            return await outcome { record(.dismissed(identifier: identifier, reported: false)) }
        }
        let response = NotificationResponse(
            notification: presented.notification, actionIdentifier: NotificationResponse.dismissActionIdentifier
        )
        return await outcome(responding: response) {
            record(.dismissed(identifier: identifier, reported: true))
            await hand(response, bringingToForeground: false)
        }
    }

    /// The user clears one notification from the list: the app is never told.
    ///
    /// - Throws: ``DeviceError/Code/notDelivered`` when it is not in the list.
    @discardableResult
    public func clear(_ identifier: String) async throws -> UserActionOutcome {
        _ = try await takeFromList(identifier)
        return await outcome { record(.cleared(identifiers: [identifier])) }
    }

    /// The user clears the whole list: the app is never told. Records nothing when the
    /// list is empty.
    @discardableResult
    public func clearAll() async -> UserActionOutcome {
        let identifiers = await center.notificationList().map(\.request.identifier)
        await center.removeDeliveredByUser(withIdentifiers: Set(identifiers))
        return await outcome {
            if !identifiers.isEmpty { record(.cleared(identifiers: identifiers)) }
        }
    }

    // MARK: Helpers

    /// The notification in the list with this identifier, as it was presented.
    ///
    /// One delivered before this device was attached to the center (a restored center)
    /// is taken as shown by the system, with its category as registered now.
    private func deliveredNotification(_ identifier: String) async throws -> PresentedNotification {
        guard let notification = await center.notificationList().last(where: { $0.request.identifier == identifier }) else {
            throw DeviceError.notDelivered(identifier)
        }
        if let presented = presentedNotifications.last(where: { $0.notification == notification }) {
            return presented
        }
        return PresentedNotification(
            notification: notification, presentation: .system, appState: .notRunning,
            category: await registeredCategory(of: notification)
        )
    }

    /// Finds the notification in the list and removes it, as a tap or a swipe does.
    private func takeFromList(_ identifier: String) async throws -> PresentedNotification {
        let presented = try await deliveredNotification(identifier)
        await center.removeDeliveredByUser(withIdentifiers: [identifier])
        return presented
    }

    private func offeredAction(_ action: String, of presented: PresentedNotification) throws -> NotificationAction {
        guard let offered = presented.offeredActions.first(where: { $0.identifier == action }) else {
            throw DeviceError.actionNotOffered(action, on: presented)
        }
        return offered
    }

    /// Brings the app where the response needs it, then hands the response over at the
    /// same instant. A suspended app woken in the background is first told the time
    /// changes it missed.
    func hand(_ response: NotificationResponse, bringingToForeground foreground: Bool) async {
        switch appState {
        case .notRunning:
            isForceQuit = false   // the user acted on it
            await coldLaunch(into: foreground ? .foreground : .background)
        case .background where foreground: await becomeActive()
        case .background: await tellPendingTimeChanges()
        case .foreground: break
        }
        record(.responded(response))
        await app?.didReceive(response)
    }
}
