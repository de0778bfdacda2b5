import Herald
import Synchronization

/// Records a channel received from a callback that cannot wait (a `WCSessionDelegate`
/// method), handed to the receiver in the order they came, one batch at a time, once
/// a receiver is set.
///
/// ```swift
/// inbox.add(records)                     // from the delegate's queue; returns at once
/// await inbox.setReceiver { records in await engine.receive(records) }
/// await inbox.drained()                  // every batch so far was handed on
/// ```
final class SyncInbox: Sendable {
    private struct State {
        var receiver: (@Sendable ([HeraldSync.Record]) async -> Void)?
        var waiting: [[HeraldSync.Record]] = []
        var draining = false
        var drainedWaiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Mutex(State())

    func add(_ records: [HeraldSync.Record]) {
        let receiver: (@Sendable ([HeraldSync.Record]) async -> Void)? = state.withLock { state in
            state.waiting.append(records)
            guard let receiver = state.receiver, !state.draining else { return nil }
            state.draining = true
            return receiver
        }
        if let receiver { Task { await drain(to: receiver) } }
    }

    func setReceiver(_ receiver: @escaping @Sendable ([HeraldSync.Record]) async -> Void) {
        let start = state.withLock { state in
            state.receiver = receiver
            guard !state.waiting.isEmpty, !state.draining else { return false }
            state.draining = true
            return true
        }
        if start { Task { await drain(to: receiver) } }
    }

    /// Returns once every batch added so far was handed to the receiver (at once when
    /// there is no receiver: they wait for one).
    func drained() async {
        await withCheckedContinuation { continuation in
            let done = state.withLock { state in
                guard state.draining else { return true }
                state.drainedWaiters.append(continuation)
                return false
            }
            if done { continuation.resume() }
        }
    }

    private enum Step {
        case handOn([HeraldSync.Record])
        case done([CheckedContinuation<Void, Never>])
    }

    private func drain(to receiver: @Sendable ([HeraldSync.Record]) async -> Void) async {
        while true {
            let step: Step = state.withLock { state in
                if !state.waiting.isEmpty { return .handOn(state.waiting.removeFirst()) }
                state.draining = false
                defer { state.drainedWaiters = [] }
                return .done(state.drainedWaiters)
            }
            switch step {
            case .handOn(let records):
                await receiver(records)
            case .done(let waiters):
                for waiter in waiters { waiter.resume() }
                return
            }
        }
    }
}
