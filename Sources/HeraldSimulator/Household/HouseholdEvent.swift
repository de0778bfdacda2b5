import Foundation
import Herald

/// One entry of a ``SimulatedHousehold``'s timeline: where a delivery alerted, and how
/// the app's records travelled between the devices.
///
/// ```swift
/// for event in await household.events { print(event) }
/// // 2026-11-21T09:00:00Z phone: delivered water-0900 (forwarded to watch)
/// // 2026-11-21T09:00:00Z watch: delivered water-0900, alerted, forwarded from phone
/// ```
public struct HouseholdEvent: Hashable, Sendable, Codable, CustomStringConvertible {
    public var date: Date
    /// The device it happened on.
    public var device: String
    public var kind: Kind

    public init(date: Date, device: String, kind: Kind) {
        self.date = date
        self.device = device
        self.kind = kind
    }

    public enum Kind: Hashable, Sendable, Codable {
        /// A notification reached this device: whether it alerted the user here (a
        /// banner or a sound, on a device the user could feel), and the device whose app
        /// scheduled it when the system forwarded it here.
        case delivered(identifier: String, alerted: Bool, forwardedFrom: String?)
        /// The app handed records to the channel.
        case sent(count: Int)
        /// The app received records from another device, and how it came to run.
        case heard(count: Int, from: [String], way: Hearing)
        /// Records arrived while the app could not run: they wait for its next run.
        case held(count: Int, why: String)
    }

    /// How an app came to hear records.
    public enum Hearing: String, Hashable, Sendable, Codable {
        /// It was running in the foreground when they arrived.
        case running
        /// A background push woke it.
        case pushWake = "push wake"
        /// They waited for its next run (a launch, the user's return, a background refresh, a response).
        case nextRun = "next run"
    }

    /// The identifier of a delivery; `nil` for the channel's entries.
    public var deliveredIdentifier: String? {
        if case .delivered(let identifier, _, _) = kind { identifier } else { nil }
    }

    /// Whether this is a delivery that alerted the user.
    public var alerted: Bool {
        if case .delivered(_, let alerted, _) = kind { alerted } else { false }
    }

    public var description: String {
        let time = date.formatted(.iso8601)
        switch kind {
        case .delivered(let identifier, let alerted, let forwardedFrom):
            let notes = [alerted ? "alerted" : nil, forwardedFrom.map { "forwarded from \($0)" }].compactMap(\.self)
            return "\(time) \(device): delivered \(identifier)" + (notes.isEmpty ? "" : ", " + notes.joined(separator: ", "))
        case .sent(let count): return "\(time) \(device): sent \(count) record\(count == 1 ? "" : "s")"
        case .heard(let count, let from, let way):
            return "\(time) \(device): heard \(count) record\(count == 1 ? "" : "s") from \(from.joined(separator: ", ")) (\(way.rawValue))"
        case .held(let count, let why): return "\(time) \(device): \(count) record\(count == 1 ? "" : "s") wait: \(why)"
        }
    }
}
