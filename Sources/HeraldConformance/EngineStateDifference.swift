import Herald

/// Says how two ``Herald/EngineState`` values differ, property by property, for
/// conformance failure messages.
enum EngineStateDifference {
    static func describe(expected: EngineState, actual: EngineState) -> String {
        var parts: [String?] = []
        parts += [dictionary("completions", expected.completions, actual.completions)]
        parts += [set("paused", expected.paused, actual.paused)]
        parts += [set("deferred", expected.deferred, actual.deferred)]
        parts += [dictionary("snoozes", expected.snoozes, actual.snoozes)]
        parts += [dictionary("acknowledged", expected.acknowledged, actual.acknowledged)]
        parts += [dictionary("fired", expected.fired, actual.fired)]
        if expected.queuedResponses != actual.queuedResponses {
            parts.append(
                "queuedResponses differ: expected ids \(expected.queuedResponses.map(\.id)), "
                    + "found \(actual.queuedResponses.map(\.id))"
                    + (expected.queuedResponses.map(\.id) == actual.queuedResponses.map(\.id)
                        ? " (same order; the responses, dates or sequences differ)" : "")
            )
        }
        parts += [dictionary("handledResponses", expected.handledResponses, actual.handledResponses)]
        parts += [dictionary("smartTiming", expected.smartTiming, actual.smartTiming)]
        parts += [dictionary("settings", expected.settings, actual.settings)]
        if expected.routeSession != actual.routeSession {
            parts.append("routeSession differs: expected \(String(describing: expected.routeSession)), "
                         + "found \(String(describing: actual.routeSession))")
        }
        parts += features(expected, actual)
        let found = parts.compactMap { $0 }
        return found.isEmpty ? "the states differ" : found.joined(separator: "; ")
    }

    /// The features' state that differs.
    private static func features(_ expected: EngineState, _ actual: EngineState) -> [String?] {
        func value<Value: Equatable>(_ name: String, _ path: KeyPath<EngineState, Value>) -> String? {
            expected[keyPath: path] == actual[keyPath: path] ? nil
                : "\(name) differs: expected \(expected[keyPath: path]), found \(actual[keyPath: path])"
        }
        return [
            value("homeZoneIdentifier", \.homeZoneIdentifier), value("trip", \.trip),
            dictionary("scheduledAlarms", expected.scheduledAlarms, actual.scheduledAlarms),
            value("armedLocations", \.armedLocations), value("locationAccess", \.locationAccess),
            value("routeNotificationsEnabled", \.routeNotificationsEnabled), value("lastPosition", \.lastPosition),
            expected.sync.outbox == actual.sync.outbox ? nil
                : "sync.outbox differs: expected ids \(expected.sync.outbox.map(\.id)), found \(actual.sync.outbox.map(\.id))",
            dictionary("sync.stamps", expected.sync.stamps, actual.sync.stamps),
        ]
    }

    private static func set<Element>(_ name: String, _ expected: Set<Element>, _ actual: Set<Element>) -> String? {
        guard expected != actual else { return nil }
        return "\(name) differs: missing \(sample(expected.subtracting(actual))), unexpected \(sample(actual.subtracting(expected)))"
    }

    private static func dictionary<Key, Value: Equatable>(
        _ name: String, _ expected: [Key: Value], _ actual: [Key: Value]
    ) -> String? {
        guard expected != actual else { return nil }
        let missing = expected.keys.filter { actual[$0] == nil }
        let unexpected = actual.keys.filter { expected[$0] == nil }
        let changed = expected.keys.filter { key in actual[key].map { $0 != expected[key]! } ?? false }
        var text = "\(name) differs (expected \(expected.count), found \(actual.count))"
        if !missing.isEmpty { text += ": missing \(sample(missing))" }
        if !unexpected.isEmpty { text += ": unexpected \(sample(unexpected))" }
        if let key = changed.first {
            text += ": for \(key) expected \(expected[key]!), found \(actual[key]!)"
        }
        return text
    }

    private static func sample(_ elements: some Collection) -> String {
        let shown = elements.prefix(3).map { "\($0)" }.joined(separator: ", ")
        return elements.count > 3 ? "[\(shown), … \(elements.count) in all]" : "[\(shown)]"
    }
}
