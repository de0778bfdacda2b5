import Foundation
import Logging

extension HeraldSync {
    /// Carries one engine's records over the app's channel (``HeraldSync/Channel``): what
    /// the user does on this device is sent after the run it causes, and what arrives
    /// from the other devices goes to ``Engine/receive(_:)``. Records the channel did not
    /// take stay in the engine's outbox, kept across launches, and go with the next send.
    ///
    /// ```swift
    /// let relay = HeraldSync.Relay(engine: engine, channel: channel)
    /// await relay.start()     // from now on, every run's records are sent
    /// ```
    public actor Relay {
        public nonisolated let engine: Engine
        public nonisolated let channel: any Channel
        private let logger: Logger
        private var observation: Engine.ReportObservation?

        public init(engine: Engine, channel: any Channel, logger: Logger = Logger(label: "herald.sync")) {
            self.engine = engine
            self.channel = channel
            self.logger = logger
        }

        /// Starts relaying: the channel's records go to the engine, and after each run of
        /// the engine what it queued is sent. Sends what is waiting already. Starting
        /// again does nothing.
        public func start() async {
            guard observation == nil else { return }
            await channel.setReceiver { [engine, logger] records in
                do {
                    try await engine.receive(records)
                } catch {
                    // Nothing was applied: the channel delivers them again, or the other
                    // device sends them again with its next change.
                    logger.error("applying sync records failed", metadata: ["count": "\(records.count)", "error": "\(error)"])
                }
            }
            // The run waits for its observers: the send goes after it, in a task of its own.
            observation = await engine.observeReports { [weak self] _ in
                Task { await self?.send() }
            }
            await send()
        }

        /// Stops sending after runs; records already queued stay in the outbox.
        public func stop() async {
            guard let observation else { return }
            await engine.stopObserving(observation)
            self.observation = nil
        }

        /// Sends what the engine's outbox holds and marks what the channel took as sent.
        ///
        /// - Returns: how many records the channel took (0 when it failed: they stay
        ///   queued, and the failure is logged).
        @discardableResult
        public func send() async -> Int {
            do {
                let records = try await engine.outgoingSyncRecords()
                guard !records.isEmpty else { return 0 }
                try await channel.send(records)
                try await engine.syncRecordsSent(records.map(\.id))
                return records.count
            } catch {
                logger.warning("sending sync records failed; they stay queued", metadata: ["error": "\(error)"])
                return 0
            }
        }
    }
}
