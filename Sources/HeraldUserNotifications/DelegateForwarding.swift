import Synchronization

/// Forwarding to another notification-center delegate through the completion-handler
/// form of its optional methods, as forwarding delegates do: calling the `async` form of
/// an `@objc optional` method is a pattern with open compiler crashes, while the
/// completion-handler form is the method itself (a Swift delegate that implements the
/// `async` form answers through it too).
///
/// The caller is resumed exactly once: with the delegate's answer the first time it
/// calls the handler (a second call is ignored), or with `fallback` at once when the
/// delegate does not implement the method. A delegate that never calls its handler
/// holds the caller, as it holds the system on a device.
///
/// ```swift
/// let options = await DelegateForwarding.answer(or: UNNotificationPresentationOptions()) { done in
///     previous.userNotificationCenter?(center, willPresent: notification, withCompletionHandler: done) != nil
/// }
/// ```
enum DelegateForwarding {
    /// - Parameters:
    ///   - fallback: the answer when the delegate does not implement the method.
    ///   - start: calls the delegate's completion-handler form with the handler it is
    ///     given; returns whether the delegate implements it.
    static func answer<Value: Sendable>(or fallback: Value,
                                        _ start: (@escaping @Sendable (Value) -> Void) -> Bool) async -> Value {
        await withCheckedContinuation { continuation in
            let once = ResumeOnce(continuation)
            if !start({ once.resume(returning: $0) }) { once.resume(returning: fallback) }
        }
    }
}

/// A continuation resumed the first time only.
private final class ResumeOnce<Value: Sendable>: Sendable {
    private let continuation: Mutex<CheckedContinuation<Value, Never>?>

    init(_ continuation: CheckedContinuation<Value, Never>) {
        self.continuation = Mutex(continuation)
    }

    func resume(returning value: Value) {
        continuation.withLock { $0.take() }?.resume(returning: value)
    }
}
