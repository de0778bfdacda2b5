#if os(iOS) || os(macOS) || (!canImport(CoreLocation) && !HERALD_SHIM_WATCHOS && !HERALD_SHIM_VISIONOS)
import Foundation
#if canImport(CoreLocation)
import CoreLocation
#else
import CoreLocationShim
#endif

/// A `CLServiceSession` with Always authorization where the platform has one (iOS and
/// Mac Catalyst 18; not macOS, whose apps are not suspended): while it is held, region
/// events reach the app in the background.
final class CLServiceSessionHolder: Sendable {
    #if !os(macOS) || targetEnvironment(macCatalyst)
    #if !HERALD_SHIM_MACOS
    private let session = CLServiceSession(authorization: .always)
    #endif
    #endif

    /// Ends the session.
    func invalidate() {
        #if !os(macOS) || targetEnvironment(macCatalyst)
        #if !HERALD_SHIM_MACOS
        session.invalidate()
        #endif
        #endif
    }
}
#endif
