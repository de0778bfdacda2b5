import Foundation
import Herald
import HeraldSimulator

extension ScenarioRun {
    /// What the user can act on: a notification in the delivered list, or an in-app
    /// prompt the running app still shows.
    enum Visible {
        case listed(DeliveredNotification)
        case prompt(InAppPrompt)

        var notification: DeliveredNotification {
            switch self {
            case .listed(let notification): notification
            case .prompt(let prompt): prompt.notification
            }
        }
    }

    /// The latest notification the target names that the user can see.
    func visible(_ target: ScenarioTarget) async -> Visible? {
        var candidates: [Visible] = await center.notificationList()
            .filter { target.matches($0.request.identifier) }.map { .listed($0) }
        if let app = await app() {
            candidates += await app.openPrompts.filter { target.matches($0.notification.request.identifier) }
                .map { .prompt($0) }
        }
        // Latest delivery wins; at one instant, the later one in the list.
        return candidates.enumerated().max { ($0.element.notification.date, $0.offset) < ($1.element.notification.date, $1.offset) }?
            .element
    }

    /// The user acts on the latest notification of `target`: through the device when it
    /// is in the list, through the app when it is an open prompt.
    func act(on target: ScenarioTarget, _ event: ScenarioEvent, _ gesture: TimelineUserAction.Gesture) async throws {
        guard let visible = await visible(target) else {
            let listed = await center.notificationList().map(\.request.identifier)
            let list = listed.isEmpty ? "the list is empty" : "in the list: \(listed.joined(separator: ", "))"
            throw impossible(event, "no notification of \(target) is in the delivered list or an open prompt (\(list))")
        }
        let identifier = visible.notification.request.identifier
        switch visible {
        case .listed:
            await recorder.user(gesture, identifier: identifier, inPrompt: false)
            switch gesture {
            case .tap: try await device.tap(identifier)
            case .action(let id): try await device.choose(action: id, on: identifier)
            case .text(let id, let text): try await device.type(text, action: id, on: identifier)
            case .dismiss: try await device.dismiss(identifier)
            case .clear, .clearAll, .alarm: try await device.clear(identifier)
            }
        case .prompt(let prompt):
            guard let app = await app() else { return }
            let chosen: (id: String, text: String?)?
            switch gesture {
            case .tap: chosen = (NotificationResponse.defaultActionIdentifier, nil)
            case .action(let id): chosen = (id, nil)
            case .text(let id, let text): chosen = (id, text)
            case .dismiss: chosen = (NotificationResponse.dismissActionIdentifier, nil)
            case .clear, .clearAll, .alarm: chosen = nil
            }
            if let id = chosen?.id, id != NotificationResponse.defaultActionIdentifier,
               !prompt.actions.contains(where: { $0.identifier == id }) {
                let offered = prompt.actions.map(\.identifier).joined(separator: ", ")
                throw impossible(event, "the prompt for \(identifier) did not offer action \"\(id)\" (it offered \(offered))")
            }
            await recorder.user(gesture, identifier: identifier, inPrompt: true)
            if let chosen {
                await app.chose(chosen.id, in: prompt, text: chosen.text)
            } else {
                await app.close(prompt)
            }
        }
    }
}
