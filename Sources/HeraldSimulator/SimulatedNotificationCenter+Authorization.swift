import Herald

extension SimulatedNotificationCenter {
    public func authorizationStatus() async -> AuthorizationStatus {
        authorization
    }

    /// Asks the scripted user, like the system's permission prompt.
    ///
    /// - When the app has not been asked yet (`notDetermined`): with the `.provisional`
    ///   option the system grants provisional authorization without a prompt;
    ///   otherwise the user is prompted and answers as scripted (``UserAuthorizationAnswer``).
    /// - When provisional: a request without `.provisional` prompts the user, who
    ///   answers as scripted; one with `.provisional` changes nothing.
    /// - Otherwise the user is not asked again; the answer is the current status.
    ///
    /// - Returns: whether notifications may now be delivered.
    public func requestAuthorization(options: AuthorizationOptions) async throws -> Bool {
        let askingForProvisional = options.contains(.provisional)
        switch authorization {
        case .notDetermined where askingForProvisional:
            authorization = .provisional
        case .notDetermined:
            promptUser()
        case .provisional where !askingForProvisional:
            promptUser()
        default:
            break
        }
        return authorization.allowsDelivery
    }

    private func promptUser() {
        callCounts.authorizationPrompts += 1
        authorization = userAnswer == .allow ? .authorized : .denied
    }

    /// The user changes the app's permission in Settings.
    public func setAuthorizationStatus(_ status: AuthorizationStatus) {
        authorization = status
    }

    /// What the scripted user answers at the next permission prompt.
    public func setUserAuthorizationAnswer(_ answer: UserAuthorizationAnswer) {
        userAnswer = answer
    }
}
