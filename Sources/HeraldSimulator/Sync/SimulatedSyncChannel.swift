import Foundation
import Herald

/// The app's channel between the user's devices, simulated (`HeraldSync.Channel`): each
/// device takes an ``Endpoint``; what one sends waits in the channel until ``deliver()``,
/// which hands it to every other device's receiver, in the order sent. A test plays the
/// transport by calling ``deliver()`` when the records would arrive.
///
/// ```swift
/// let channel = SimulatedSyncChannel()
/// let phone = HeraldSync.Relay(engine: phoneEngine, channel: channel.endpoint(for: "phone"))
/// let mac = HeraldSync.Relay(engine: macEngine, channel: channel.endpoint(for: "mac"))
/// await phone.start(); await mac.start()
/// try await phoneEngine.completed(water)
/// await phone.send()
/// await channel.deliver()   // the Mac applies the completion and re-plans
/// ```
///
/// It models no latency, wake-up budget or app state: ``SimulatedHousehold`` does, for
/// devices on one timeline. This hub is for a channel's conformance and for two engines a
/// test drives by hand.
public actor SimulatedSyncChannel {
    /// One device's end of the channel.
    public struct Endpoint: HeraldSync.Channel {
        public let device: String
        public let channel: SimulatedSyncChannel

        public init(device: String, channel: SimulatedSyncChannel) {
            self.device = device
            self.channel = channel
        }

        public func send(_ records: [HeraldSync.Record]) async throws {
            try await channel.accept(records, from: device)
        }

        public func setReceiver(_ receiver: @escaping @Sendable ([HeraldSync.Record]) async -> Void) async {
            await channel.setReceiver(receiver, for: device)
        }
    }

    /// Why a send failed: the test asked it to (``failNextSends(_:)``).
    public struct SendFailed: Error, CustomStringConvertible {
        public let device: String
        public var description: String { "the simulated channel refused a send from \(device), as the test asked" }
    }

    private var receivers: [String: @Sendable ([HeraldSync.Record]) async -> Void] = [:]
    private var inFlight: [(from: String, records: [HeraldSync.Record])] = []
    private var failuresLeft = 0

    public init() {}

    /// The end of the channel for `device`.
    public nonisolated func endpoint(for device: String) -> Endpoint {
        Endpoint(device: device, channel: self)
    }

    /// How many records are waiting to be delivered, counted once per send.
    public var waitingCount: Int { inFlight.reduce(0) { $0 + $1.records.count } }

    /// Makes the next `count` sends throw ``SendFailed`` and carry nothing.
    public func failNextSends(_ count: Int) {
        failuresLeft = count
    }

    /// Hands every record waiting to each device other than its sender that has a
    /// receiver, send by send, in the order sent (devices by identifier). A device
    /// without a receiver yet misses them, as an app that is not listening.
    public func deliver() async {
        let sends = inFlight
        inFlight = []
        for send in sends {
            for (device, receiver) in receivers.sorted(by: { $0.key < $1.key }) where device != send.from {
                await receiver(send.records)
            }
        }
    }

    func accept(_ records: [HeraldSync.Record], from device: String) throws {
        if failuresLeft > 0 {
            failuresLeft -= 1
            throw SendFailed(device: device)
        }
        inFlight.append((device, records))
    }

    func setReceiver(_ receiver: @escaping @Sendable ([HeraldSync.Record]) async -> Void, for device: String) {
        receivers[device] = receiver
    }
}
