import Foundation

extension Engine {
    /// A response arrived (the delegate's `didReceive`). It is queued in the store at
    /// once, so it survives until the app is ready and is handed over exactly once,
    /// even if the platform delivers it twice.
    public func receive(_ response: NotificationResponse) async {
        do {
            let state = try recentState()
            var changes: [EngineStateChange] = [.enqueueResponse(QueuedResponse(
                response: response, receivedAt: clock.now, sequence: state.nextResponseSequence))]
            // The user may act on a notification before any sync saw it in the list.
            if let identifier = response.notification.request.heraldIdentifier {
                changes.append(.recordFired(FiredRecord(identifier: identifier, date: response.notification.date)))
            }
            try store.commit(changes)
        } catch {
            logger.error("queueing a response failed", metadata: [
                "identifier": "\(response.notification.request.identifier)", "error": "\(error)",
            ])
        }
        await deliverQueuedResponses()
    }

    /// The app has loaded its data and wired its handlers: queued responses are
    /// resolved and handed to `responder` in the order they arrived, each once, and
    /// later ones as they come. No delays: readiness is the signal.
    public func appIsReady(_ responder: any AppResponder) async {
        self.responder = responder
        await deliverQueuedResponses()
    }

    /// Whether the app said it is ready in this process.
    public var isAppReady: Bool { responder != nil }

    /// Hands queued responses to the responder, in order, each as soon as its action is
    /// committed (the app routes at once); then re-plans once for the batch, since the
    /// user's gestures took notifications off the list and actions changed the state:
    /// when `receive` or `appIsReady` returns, badges and plan follow from them.
    func deliverQueuedResponses() async {
        guard let responder, !isDeliveringResponses else { return }
        isDeliveringResponses = true
        defer { isDeliveringResponses = false }
        while true {
            let queued: [QueuedResponse]
            do {
                queued = try recentState().queuedResponses
            } catch {
                logger.error("reading queued responses failed", metadata: ["error": "\(error)"])
                return
            }
            guard !queued.isEmpty else { return }
            var handled = 0
            for next in queued {
                guard let route = await handle(next, resolvingWith: responder) else { break }
                handled += 1
                await responder.handle(route)
            }
            guard handled > 0 else { return }
            await reconcile(reason: .other("responses"))
        }
    }

    /// Runs a queued response's action, commits its effects together with taking it off
    /// the queue, and returns the route for the app; `nil` when the store failed (the
    /// response stays queued for the next attempt).
    private func handle(_ queued: QueuedResponse, resolvingWith responder: any AppResponder) async -> Route? {
        let response = queued.response
        let now = clock.now
        let category = categories[response.notification.request.content.categoryIdentifier]
        let action = category?.action(for: response.actionIdentifier)
            ?? ReminderCategory(identifier: "", actions: []).action(for: response.actionIdentifier)
        var route = Route(
            destination: .invalid(.notHerald), action: action, actionIdentifier: response.actionIdentifier,
            text: response.userText, payload: nil, notification: response.notification, effect: .none,
            receivedAt: queued.receivedAt)
        var changes: [EngineStateChange] = []
        var cleanUp: (() async -> Void)?

        switch responseDecoder.decode(response) {
        case .invalid(let reason):
            route.destination = .invalid(reason)
        case .valid(let payload):
            route.payload = payload
            let entity = payload.entity
            let original = NotificationIdentifier(
                entity: entity, rule: payload.identifier.rule, occurrence: payload.identifier.occurrence, kind: .reminder)
            changes.append(.acknowledge(original, at: now))
            switch await responder.resolve(entity) {
            case .missing:
                route.destination = .missing(entity)
            case .inactive(let title):
                route.destination = .inactive(entity, title: title)
            case .ready(let title):
                route.destination = .ready(entity, title: title)
                let day = payload.identifier.occurrence.localDateTime?.date ?? self.day(of: response.notification.date)
                switch action {
                case .complete:
                    changes.append(.recordCompletion(Completion(entity: entity, day: day, date: now)))
                    route.effect = .completed(day)
                    cleanUp = { await self.removeDelivered(of: entity, on: day) }
                case .snooze(let seconds):
                    let until = now.addingTimeInterval(seconds)
                    changes.append(.snooze(SnoozeRecord(original: original, until: until)))
                    route.effect = .snoozed(until: until)
                    let identifier = response.notification.request.identifier
                    cleanUp = { await self.center.removeDeliveredNotifications(withIdentifiers: [identifier]) }
                case .remindTomorrow:
                    changes.append(.deferDay(EntityDay(entity, day)))
                    route.effect = .deferredToTomorrow(day)
                    cleanUp = { await self.removeDelivered(of: entity, on: day) }
                case .open, .dismiss, .textInput, .custom:
                    break
                }
            }
        }

        do {
            try store.commit(changes + [.markResponseHandled(id: queued.id, at: now)])
        } catch {
            logger.error("recording a response failed; it stays queued", metadata: [
                "identifier": "\(response.notification.request.identifier)", "error": "\(error)",
            ])
            return nil
        }
        await cleanUp?()
        logger.debug("response handled", metadata: [
            "identifier": "\(response.notification.request.identifier)",
            "action": "\(response.actionIdentifier)", "destination": "\(route.destination)",
        ])
        return route
    }
}
