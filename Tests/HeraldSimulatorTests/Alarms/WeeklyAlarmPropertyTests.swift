import Foundation
import Herald
import HeraldSimulator
import HeraldTestSupport
import Testing

/// The simulated alarm center's weekly alarms against an oracle that shares none of its
/// code: for random wall times, weekday sets (empty: once), zones with and without DST
/// and start instants, the instants a weekly alarm sounds at, stopped each time it
/// sounds, are those of walking the local days from the start with Herald's
/// `LocalDate.weekday` and converting each matching day's wall time with
/// `ZoneConverter` (a skipped wall time the gap later, a repeated one at its first
/// occurrence), keeping those after the start.
@Suite struct WeeklyAlarmPropertyTests {
    static let zones = ["Europe/Berlin", "America/New_York", "Australia/Lord_Howe", "America/Santiago", "Asia/Tokyo", "UTC"]
        .map { TimeZone(identifier: $0)! }
    /// How far each alarm is played.
    static let span: TimeInterval = 120 * 86_400

    @Test func weeklyAlarmsSoundWhereTheLocalCalendarSays() async {
        await PropertySeeds.check(count: 60) { seed in
            await check(seed: seed)
        }
    }

    func check(seed: UInt64) async {
        var random = SeededGenerator(seed: seed)
        let zone = Self.zones[Int.random(in: 0..<Self.zones.count, using: &random)]
        let time = LocalTime(hour: Int.random(in: 0...23, using: &random), minute: Int.random(in: 0...59, using: &random))
        let days = Int.random(in: 0..<8, using: &random) == 0
            ? [] : Set(Weekday.allCases.filter { _ in Bool.random(using: &random) })
        // A start anywhere in 2026–2027, to the second.
        let start = Date(timeIntervalSince1970: 1_767_225_600 + Double(Int.random(in: 0..<(2 * 365 * 86_400), using: &random)))

        let simulated = await simulatedAlerts(time, days, zone: zone, start: start)
        let expected = oracleAlerts(time, days, zone: zone, start: start)
        #expect(simulated == expected, "seed \(seed): \(time) on \(days.sorted()) in \(zone.identifier) from \(start)")
    }

    func simulatedAlerts(_ time: LocalTime, _ days: Set<Weekday>, zone: TimeZone, start: Date) async -> [Date] {
        let center = SimulatedAlarmCenter(clock: VirtualClock(now: start, timeZone: zone), authorization: .authorized)
        let request = makeAlarm("p", .weekly(time, on: days))
        try? await center.schedule(request)
        let end = start.addingTimeInterval(Self.span)
        var alerts: [Date] = []
        while let next = await center.nextAlert(of: request.id), next <= end {
            alerts += await center.advance(to: next).map(\.at)
            try? await center.press(.stop, on: request.id)
        }
        return alerts
    }

    func oracleAlerts(_ time: LocalTime, _ days: Set<Weekday>, zone: TimeZone, start: Date) -> [Date] {
        let converter = ZoneConverter.for(zone)
        let end = start.addingTimeInterval(Self.span)
        let startSeconds = Int(start.timeIntervalSince1970.rounded(.down)) + zone.secondsFromGMT(for: start)
        let firstDay = LocalDate(daysSinceEpoch: Int((Double(startSeconds) / 86_400).rounded(.down)))
        let instants = (-1...Int(Self.span / 86_400) + 1).map { firstDay.adding(days: $0) }
            .filter { days.isEmpty || days.contains($0.weekday) }
            .map { converter.instant(for: LocalDateTime(date: $0, time: time)).date }
            .filter { $0 > start && $0 <= end }
        return days.isEmpty ? Array(instants.prefix(1)) : instants
    }
}
