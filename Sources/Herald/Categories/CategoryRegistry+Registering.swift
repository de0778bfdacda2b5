import Foundation

extension CategoryRegistry {
    /// Registers every category of the registry with `center` while notifications are
    /// allowed (seed 003: not only after the permission prompt); nothing when the center
    /// has them already.
    ///
    /// ```swift
    /// await categories.registerIfAuthorized(on: center)   // at launch, foreground, and when granted
    /// ```
    nonisolated(nonsending) func registerIfAuthorized(on center: any NotificationCenter) async {
        guard await center.authorizationStatus().allowsDelivery else { return }
        let wanted = notificationCategories
        if await center.notificationCategories() != wanted {
            await center.setNotificationCategories(wanted)
        }
    }
}
