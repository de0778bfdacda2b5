import Foundation
import Herald
import HeraldSimulator

/// Several devices: `devices:`, `sync:`, `watch_dedupe:`, `user:` and `alerts_on:` at
/// the top, `on:` and `user:` in events.
extension ScenarioParser {
    static let householdKeys = ["devices", "sync", "watch_dedupe", "user", "alerts_on"]
    static let householdEventKinds = ["user"]
    static let memberKeys = ["id", "kind", "paired_with"]
    static let syncKeys = ["latency", "push_wakes_per_hour", "channel"]
    static let userKeys = ["using", "phone", "watch"]

    /// The household the document describes, `nil` without `devices:`; the other
    /// household keys need `devices:`.
    func household(_ document: ScenarioMapping) throws(ScenarioError) -> ScenarioHousehold? {
        guard let devicesNode = document["devices"] else {
            if let key = Self.householdKeys.first(where: { document[$0] != nil }) {
                throw document[key]!.error(.invalidValue, "\(key) describes several devices: list them first (devices: [{id: phone, kind: iphone}, ...])")
            }
            return nil
        }
        var members: [HouseholdMember] = []
        for item in try devicesNode.sequence("devices ({id, kind, paired_with})") {
            let mapping = try item.mapping("a device ({id, kind, paired_with})", allowed: Self.memberKeys)
            let idNode = try mapping.required("id", "the device's identifier, such as phone")
            let id = try idNode.identifier("a device id")
            guard !members.contains(where: { $0.id == id }) else {
                throw idNode.error(.invalidValue, "device \"\(id)\" is listed twice (each device needs its own id)")
            }
            let kind = try choice(try mapping.required("kind", "the kind of device"), "a kind of device",
                                  ScenarioHousehold.kinds)
            var member = HouseholdMember(id: id, kind: kind)
            if let paired = mapping["paired_with"] {
                let phone = try paired.identifier("a device id")
                guard kind == .watch else {
                    throw paired.error(.invalidValue, "only a watch is paired with an iPhone (\(id) is \(ScenarioHousehold.name(of: kind)))")
                }
                guard members.contains(where: { $0.id == phone && $0.kind == .iPhone }) else {
                    throw paired.error(.invalidValue, "\"\(phone)\" is not an iphone listed before \(id) (list the iPhone first)")
                }
                member.pairedWith = phone
            }
            members.append(member)
        }
        guard !members.isEmpty else {
            throw devicesNode.error(.invalidValue, "devices lists no device (give at least one, such as {id: phone, kind: iphone})")
        }
        var household = ScenarioHousehold(members: members)
        if let node = document["sync"] { household.sync = try sync(node) }
        if let node = document["watch_dedupe"] {
            household.sync.watchDedupe = try choice(node, "a watch dedupe mode",
                                                    HouseholdSync.WatchDedupe.allCases.map { ($0.rawValue, $0) })
        }
        if let node = document["user"] { household.user = try user(node, members: members, from: HouseholdUser()) }
        if let node = document["alerts_on"] {
            household.alertsOn = try choice(node, "where a rule alerts", ReminderRule.AlertsOn.allCases.map { ($0.rawValue, $0) })
        }
        return household
    }

    /// `sync: {latency: <seconds>, push_wakes_per_hour: <n>, channel: cloudkit | watch_connectivity}`.
    private func sync(_ node: ScenarioNode) throws(ScenarioError) -> HouseholdSync {
        let mapping = try node.mapping("the app's channel ({latency, push_wakes_per_hour, channel})", allowed: Self.syncKeys)
        var sync = HouseholdSync()
        if let latency = try mapping["latency"]?.int("seconds of latency", in: 0...86_400) {
            sync.latency = TimeInterval(latency)
        }
        if let wakes = try mapping["push_wakes_per_hour"]?.int("background pushes an hour", in: 0...3_600) {
            sync.pushWakesPerHour = wakes
        }
        if let channel = mapping["channel"] {
            sync.channel = try choice(channel, "a channel", HouseholdSync.Channel.allCases.map { ($0.rawValue, $0) })
        }
        return sync
    }

    /// `user: {using: phone | watch | mac | none, phone: locked | unlocked, watch: worn | off}`;
    /// what it does not say stays as in `previous`.
    func user(_ node: ScenarioNode, members: [HouseholdMember], from previous: HouseholdUser) throws(ScenarioError) -> HouseholdUser {
        let mapping = try node.mapping("where the user is ({using, phone, watch})", allowed: Self.userKeys)
        var user = previous
        if let using = mapping["using"] {
            let id = try using.string("a device id or none")
            guard id == "none" || members.contains(where: { $0.id == id }) else {
                throw using.error(.invalidValue, "\(InputExcerpt(id, quote: "\"")) is not a device of the scenario (expected none or \(ScenarioNode.list(members.map(\.id))))")
            }
            user.using = id == "none" ? nil : id
        }
        if let phone = mapping["phone"] {
            user.phoneLocked = try choice(phone, "the iPhone's lock", [("locked", true), ("unlocked", false)])
        }
        if let watch = mapping["watch"] {
            user.watchWorn = try choice(watch, "where the Watch is", [("worn", true), ("off", false)])
        }
        return user
    }

    /// The device an event happens on (`on:`), checked against the household.
    func eventDevice(_ node: ScenarioNode?, household: ScenarioHousehold?) throws(ScenarioError) -> String? {
        guard let node else { return nil }
        let id = try node.string("a device id")
        guard let household else {
            throw node.error(.invalidValue, "on names a device, and the scenario has one (list them: devices: [{id: phone, kind: iphone}, ...])")
        }
        guard household.members.contains(where: { $0.id == id }) else {
            throw node.error(.invalidValue, "\(InputExcerpt(id, quote: "\"")) is not a device of the scenario (expected \(ScenarioNode.list(household.members.map(\.id))))")
        }
        return id
    }
}

extension ScenarioHousehold {
    /// The file's name of a kind of device.
    static func name(of kind: HeraldSync.DeviceKind) -> String {
        kinds.first { $0.1 == kind }?.0 ?? kind.rawValue
    }
}
