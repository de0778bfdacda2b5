import Foundation

extension EngineState {
    /// The location requests a run left pending, one-shot and repeating, by identifier
    /// (``EngineState/armedLocations``): a one-shot request the next run no longer finds
    /// pending has fired, since iOS never lists a location notification as delivered.
    ///
    /// ```swift
    /// let armed = ArmedLocations(once: ["herald:location:habit:walk:park:20261122"])
    /// try store.commit([.setArmedLocations(armed)])
    /// ```
    public struct ArmedLocations: Hashable, Sendable, Codable {
        /// One-shot location requests, sorted.
        public var once: [String]
        /// Repeating location requests, sorted.
        public var repeating: [String]

        public init(once: [String] = [], repeating: [String] = []) {
            self.once = once
            self.repeating = repeating
        }

        /// Whether no location request is armed.
        public var isEmpty: Bool { once.isEmpty && repeating.isEmpty }
    }
}

/// `EngineState.ArmedLocations` by its former name, inside the package.
package typealias ArmedLocations = EngineState.ArmedLocations
