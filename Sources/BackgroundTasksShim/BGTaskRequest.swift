#if !canImport(BackgroundTasks) && !HERALD_SHIM_MACOS && !HERALD_SHIM_WATCHOS
import Foundation

/// Linux stand-in for `BGTaskRequest`: a task the app asks the system to run, not
/// before `earliestBeginDate`.
open class BGTaskRequest: NSObject {
    open private(set) var identifier: String
    /// A lower bound, not a schedule: the system picks the moment.
    open var earliestBeginDate: Date?

    init(identifier: String) {
        self.identifier = identifier
        super.init()
    }
}

/// Linux stand-in for `BGAppRefreshTaskRequest`: a short refresh of the app's content.
open class BGAppRefreshTaskRequest: BGTaskRequest {
    override public init(identifier: String) {
        super.init(identifier: identifier)
    }
}
#endif
