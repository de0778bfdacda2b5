import Foundation

extension Engine {
    /// A response arrived (the delegate's `didReceive`). Its effect is decided by
    /// `ResponseStep` and committed at once, with the response queued, in one
    /// transaction: a built-in action (complete, snooze, remind tomorrow) takes effect
    /// now, also in a background launch whose interface never comes, and the response
    /// survives until the app is ready and is handed over exactly once, even if the
    /// platform delivers it twice. Then routes go to a ready app and the run this asks
    /// for applies the effect to the center (badge, removals, the snooze, follow-ups
    /// withdrawn).
    ///
    /// - Returns: the report of the run that followed, which the app can log.
    @discardableResult
    public func received(_ response: NotificationResponse) async -> ReconcileReport {
        do {
            // The occurrence the step recorded as delivered is the one the story tells
            // (nothing, for a response handled already).
            let outcome = try await record(.response(response))
            for case .recordFired(let fired) in outcome.changes {
                history.recordResponse(response, of: fired.identifier, at: clock.now)
            }
        } catch {
            logger.error("recording a response failed", metadata: [
                "identifier": "\(response.notification.request.identifier)", "error": "\(error)",
            ])
        }
        await deliverQueuedResponses()
        return await reconcile(reason: .response(response))
    }

    /// The app has loaded its data and wired its handlers: queued responses are
    /// resolved and handed to `responder` in the order they arrived, each once, and
    /// later ones as they come. No delays: readiness is the signal. Their effects were
    /// applied when they arrived, so nothing is re-planned here.
    public func ready(_ responder: any AppResponder) async {
        self.responder = responder
        await deliverQueuedResponses()
    }

    /// Whether the app said it is ready in this process.
    public var isAppReady: Bool { responder != nil }

    /// Hands queued responses to the responder, in order, each once: resolved by the
    /// app, then taken off the queue, then routed.
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
            for next in queued {
                let route = await ResponseHandover(decoder: responseDecoder.payloadDecoder, categories: categories)
                    .route(for: next, resolvedBy: responder)
                do {
                    try commit([.markResponseHandled(id: next.id, at: clock.now)])
                } catch {
                    logger.error("recording a handed-over response failed; it stays queued", metadata: [
                        "identifier": "\(next.response.notification.request.identifier)", "error": "\(error)",
                    ])
                    return
                }
                logger.debug("response handed over", metadata: [
                    "identifier": "\(next.response.notification.request.identifier)",
                    "action": "\(next.response.actionIdentifier)", "destination": "\(route.destination)",
                ])
                await responder.handle(route)
            }
        }
    }
}
