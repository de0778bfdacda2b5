import Foundation

/// The route a queued response is handed to the app as: its payload decoded, its entity
/// resolved by the app's ``AppResponder``, then ``ResponseStep/handoff(for:decoding:resolution:categories:)``.
///
/// ```swift
/// let handover = ResponseHandover(decoder: PayloadDecoder(), categories: categories)
/// let route = await handover.route(for: queued, resolvedBy: responder)
/// await responder.handle(route)
/// ```
struct ResponseHandover: Sendable {
    let decoder: PayloadDecoder
    let categories: CategoryRegistry

    /// The route of `queued`, its entity resolved by `responder`.
    nonisolated(nonsending) func route(for queued: QueuedResponse, resolvedBy responder: any AppResponder) async
        -> ResponseHandoff {
        let decoding = decoder.decode(queued.response.notification.request.content.userInfo)
        let resolution: EntityResolution? = switch decoding {
        // A group leads to the list of its members: no entity of its own to resolve.
        case .valid(let payload) where payload.identifier.kind == .group: nil
        case .valid(let payload): await responder.resolve(payload.entity)
        case .invalid: nil
        }
        return ResponseStep.handoff(for: queued, decoding: decoding, resolution: resolution, categories: categories)
    }
}
