import Herald

extension SimulatedDevice {
    /// A background push arrives for the app: a suspended app resumes in the background
    /// and is told the time changes it missed, a stopped one is launched into the
    /// background. An app the user force-quit is not launched: iOS discards the push.
    ///
    /// - Returns: whether the app now runs.
    func wakeForPush() async -> Bool {
        switch appState {
        case .notRunning:
            guard !isForceQuit else { return false }
            await coldLaunch(into: .background)
        case .background: await tellPendingTimeChanges()
        case .foreground: break
        }
        return app != nil
    }

    /// The user answered, on their Watch, a notification this iPhone's app scheduled and
    /// the system forwarded: the iPhone's copy leaves the list, and the response goes to
    /// this app when the system handles it on the iPhone (a background action), as
    /// ``choose(action:on:)`` does here.
    func answerForwarded(_ presented: PresentedNotification, action: String, text: String?) async -> UserActionOutcome {
        await center.removeDeliveredByUser(withIdentifiers: [presented.identifier])
        let response = NotificationResponse(notification: presented.notification, actionIdentifier: action, userText: text)
        return await outcome(responding: response) { await hand(response, bringingToForeground: false) }
    }

    /// The Watch's own app receives a response about a notification its iPhone's app
    /// scheduled (a tap, or a foreground action, on a forwarded copy): it is launched
    /// or brought to the foreground, then told.
    func receiveFromPairedPhone(_ response: NotificationResponse) async -> UserActionOutcome {
        await outcome(responding: response) {
            if appState == .notRunning { isForceQuit = false }
            await hand(response, bringingToForeground: true)
        }
    }
}
