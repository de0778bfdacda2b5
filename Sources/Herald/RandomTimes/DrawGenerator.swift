import Foundation

/// The random numbers behind a day's ``ReminderRule/RandomTimes/draws(on:rule:seed:)``:
/// SplitMix64 seeded with a 64-bit FNV-1a hash of the seed, the rule and the day, and
/// uniform integers by rejection, so the numbers are the same on every platform and
/// every version of Swift (its own `random(in:using:)` makes no such promise).
///
/// ```swift
/// var generator = DrawGenerator(seed: 42, rule: mood.id, day: LocalDate(year: 2026, month: 11, day: 23))
/// generator.next(upTo: 360)   // 0...360
/// ```
struct DrawGenerator {
    private var state: UInt64

    init(seed: UInt64, rule: ReminderRule.ID, day: LocalDate) {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(_ bytes: some Sequence<UInt8>) {
            for byte in bytes {
                hash ^= UInt64(byte)
                hash = hash &* 0x0000_0100_0000_01b3
            }
        }
        mix((0..<8).map { UInt8(truncatingIfNeeded: seed >> ($0 * 8)) })
        for part in [rule.entity.namespace, rule.entity.id, rule.rule, "\(day)"] {
            mix(part.utf8)
            mix([0])
        }
        state = hash
    }

    /// The next 64 random bits (SplitMix64).
    mutating func next() -> UInt64 {
        state &+= 0x9e37_79b9_7f4a_7c15
        var z = state
        z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
        z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
        return z ^ (z >> 31)
    }

    /// A uniform integer in `0...bound` (by rejection: no value is likelier).
    mutating func next(upTo bound: Int) -> Int {
        let range = UInt64(bound) + 1
        let limit = UInt64.max - UInt64.max % range
        while true {
            let value = next()
            if value < limit { return Int(value % range) }
        }
    }
}
