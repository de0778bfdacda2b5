import Foundation
import Herald

/// The app's channel between its instances: what leaves after each step, when it
/// arrives, and when each app can hear it.
extension SimulatedHousehold {
    /// Takes what every running app has to send and puts it on its way to each device
    /// the channel reaches, to arrive after the latency.
    func sendOutgoing() async {
        for member in members {
            guard let app = await devices[member.id]?.app as? any SyncingApp,
                  let records = try? await app.outgoingSyncRecords(), !records.isEmpty else { continue }
            for other in members where other.id != member.id && reaches(from: member, to: other) {
                inFlight.append(Transfer(arrival: now.addingTimeInterval(sync.latency), from: member.id,
                                         to: other.id, records: records))
            }
            // The channel holds them now (the server saved them; the system queued them).
            try? await app.syncRecordsSent(records.map(\.id))
            log.append(HouseholdEvent(date: now, device: member.id, kind: .sent(count: records.count)))
        }
    }

    /// Whether the app's channel carries records from one device to another.
    func reaches(from sender: HouseholdMember, to receiver: HouseholdMember) -> Bool {
        switch sync.channel {
        case .cloudKit: true
        case .watchConnectivity: sender.pairedWith == receiver.id || receiver.pairedWith == sender.id
        }
    }

    /// Hands the records due by now to their devices: at once to an app in the
    /// foreground, through a background push while the budget lasts (CloudKit), or
    /// kept for the app's next run.
    func deliverArrivals() async {
        let due = inFlight.filter { $0.arrival <= now }
        inFlight.removeAll { $0.arrival <= now }
        for transfer in due {
            held[transfer.to, default: []] += transfer.records
            heldFrom[transfer.to, default: []].insert(transfer.from)
        }
        for id in members.map(\.id) where held[id].map({ !$0.isEmpty }) ?? false && due.contains(where: { $0.to == id }) {
            await arrive(on: id)
        }
    }

    private func arrive(on id: String) async {
        guard let device = devices[id] else { return }
        let state = await device.appState
        if state == .foreground {
            await hearHeld(on: id, way: .running)
            return
        }
        let count = held[id]?.count ?? 0
        guard sync.channel == .cloudKit else {
            log.append(HouseholdEvent(date: now, device: id, kind: .held(
                count: count, why: "WatchConnectivity wakes no app: heard at its next run")))
            return
        }
        guard !(await device.isForceQuit) else {
            log.append(HouseholdEvent(date: now, device: id, kind: .held(
                count: count, why: "the app was force-quit: no background push until the user opens it")))
            return
        }
        let recent = (pushes[id] ?? []).filter { now.timeIntervalSince($0) < 3_600 }
        guard recent.count < sync.pushWakesPerHour else {
            log.append(HouseholdEvent(date: now, device: id, kind: .held(
                count: count, why: "no background push left this hour (\(sync.pushWakesPerHour) an hour)")))
            return
        }
        pushes[id] = recent + [now]
        let outcome = await device.wakeForPush()
        guard outcome else { return }
        await hearHeld(on: id, way: .pushWake)
        await routeDeliveries()
    }

    /// Hands the records waiting for `id` to its app, which is running.
    func hearHeld(on id: String, way: HouseholdEvent.Hearing = .nextRun) async {
        guard let records = held[id], !records.isEmpty,
              let app = await devices[id]?.app as? any SyncingApp else { return }
        do {
            try await app.receive(records)
        } catch {
            return   // the store refused: they stay for the next run
        }
        let from = (heldFrom[id] ?? []).sorted()
        held[id] = nil
        heldFrom[id] = nil
        log.append(HouseholdEvent(date: now, device: id, kind: .heard(count: records.count, from: from, way: way)))
    }
}
