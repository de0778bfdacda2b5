import Logging

/// Decodes the payload of a response and logs the ones it cannot use, with the
/// notification's identifier and the reason as metadata.
///
/// ```swift
/// let decoder = ResponseDecoder(logger: logger)
/// if case .valid(let payload) = decoder.decode(response) { ... }
/// ```
package struct ResponseDecoder: Sendable {
    public var payloadDecoder: PayloadDecoder
    var logger: Logger

    public init(payloadDecoder: PayloadDecoder = PayloadDecoder(), logger: Logger = Logger(label: "herald.responses")) {
        self.payloadDecoder = payloadDecoder
        self.logger = logger
    }

    public func decode(_ response: NotificationResponse) -> PayloadDecoding {
        let decoded = payloadDecoder.decode(response.notification.request.content.userInfo)
        if case .invalid(let reason) = decoded {
            logger.warning("response with an unusable payload", metadata: [
                "identifier": "\(response.notification.request.identifier)",
                "action": "\(response.actionIdentifier)",
                "reason": "\(reason)",
            ])
        }
        return decoded
    }
}
