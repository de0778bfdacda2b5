#if !canImport(CoreLocation) && !HERALD_SHIM_WATCHOS && !HERALD_SHIM_VISIONOS
import Foundation

/// What tests do that only the system does on Apple platforms: forget every monitor,
/// move the device across a condition's boundary, and see the sessions held.
extension CLMonitor {
    /// A fresh install: no monitor, no condition, no known position.
    @_spi(Testing)
    public static func resetForTesting() {
        system.withLock { $0 = System() }
    }

    /// The device is now inside (or outside) the region of `identifier`, at `date`. The
    /// system knows it whether or not the condition is watched; each monitor watching it
    /// emits the event and keeps it as the condition's last, when the rules of
    /// ``CLMonitor`` let it deliver (the authorization, a ``CLServiceSession`` in the
    /// background).
    ///
    /// - Returns: whether the event was emitted.
    @_spi(Testing)
    @discardableResult
    public static func crossForTesting(_ identifier: String, inside: Bool, inBackground: Bool = false,
                                       at date: Date = Date(timeIntervalSince1970: 0)) -> Bool {
        let status = CLLocationManager.shared.withLock { $0.status }
        #if HERALD_SHIM_MACOS
        let sessions = 1  // a macOS app is not suspended: no session is needed
        #else
        let sessions = CLServiceSession.held.withLock { $0 }
        #endif
        let delivers = inBackground ? status == .authorizedAlways && sessions > 0
            : status == .authorizedAlways || status == .authorizedWhenInUse
        let event = Event(identifier: identifier, state: inside ? .satisfied : .unsatisfied, date: date)
        let names = system.withLock { system -> [String] in
            system.deviceInside[identifier] = inside
            system.now = date
            guard delivers else { return [] }
            let names = system.conditions.filter { $0.value[identifier] != nil }.map(\.key).sorted()
            for name in names {
                if let record = system.conditions[name]?[identifier] {
                    system.conditions[name]?[identifier] = Record(condition: record.condition, lastEvent: event)
                }
            }
            return names
        }
        for name in names { emit(event, to: name) }
        return !names.isEmpty
    }

    #if !HERALD_SHIM_MACOS
    /// How many `.always` ``CLServiceSession``s the app holds now.
    @_spi(Testing)
    public static var alwaysSessionsForTesting: Int {
        CLServiceSession.held.withLock { $0 }
    }
    #endif

    /// The identifiers of the conditions kept under `name`, without making a monitor.
    @_spi(Testing)
    public static func identifiersForTesting(_ name: String) -> Set<String> {
        system.withLock { Set(($0.conditions[name] ?? [:]).keys) }
    }
}
#endif
