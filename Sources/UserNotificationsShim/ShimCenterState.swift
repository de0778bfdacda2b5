#if !canImport(UserNotifications)
import Foundation

/// What the system remembers for one app, mutated only under the center's lock.
struct ShimCenterState {
    struct PendingEntry {
        var request: UNNotificationRequest
        /// Order of addition, to break ties between equal fire dates.
        var sequence: Int
        /// When it fires next; `nil` while it waits for something other than time.
        var nextFire: Date?
    }

    static let capacity = 64

    var now: Date
    var timeZone: TimeZone
    var userAnswer: ShimAuthorizationAnswer
    var dropRule: ShimPendingDropRule
    var authorizationStatus: UNAuthorizationStatus = .notDetermined
    /// The user's switches in Settings, reported as they are (the stand-in applies none).
    var alertSetting: UNNotificationSetting = .enabled
    var soundSetting: UNNotificationSetting = .enabled
    var badgeSetting: UNNotificationSetting = .enabled
    /// The urgency settings: an app has neither the Time Sensitive capability nor the
    /// critical-alert entitlement until a test says so (the stricter reading), and the
    /// user has not put it in the scheduled summary.
    var timeSensitiveSetting: UNNotificationSetting = .notSupported
    var criticalAlertSetting: UNNotificationSetting = .notSupported
    var scheduledDeliverySetting: UNNotificationSetting = .disabled
    /// Whether the app asked for `.providesAppNotificationSettings`: only then does the
    /// system call the delegate's `openSettingsFor`.
    var providesAppNotificationSettings = false
    var categories: Set<UNNotificationCategory> = []
    var pending: [PendingEntry] = []
    var delivered: [UNNotification] = []
    var badge = 0
    var nextSequence = 0
    /// Whether removals and category sets wait for the system to settle.
    var readBack: ShimReadBack
    /// The changes the system has accepted but not yet applied, in call order.
    var queued: [ShimQueuedChange] = []

    init(now: Date, timeZone: TimeZone, userAnswer: ShimAuthorizationAnswer, dropRule: ShimPendingDropRule,
         readBack: ShimReadBack) {
        self.now = now
        self.timeZone = timeZone
        self.userAnswer = userAnswer
        self.dropRule = dropRule
        self.readBack = readBack
    }

    /// Takes a change the SDK applies asynchronously: queued while reads are stale,
    /// applied at once otherwise.
    mutating func submit(_ change: ShimQueuedChange) {
        switch readBack {
        case .stale: queued.append(change)
        case .immediate: apply(change)
        }
    }

    /// Applies every queued change, in the order they were made (the system's serial
    /// queue). A removal removes what it names now, whatever happened meanwhile.
    mutating func settle() {
        let changes = queued
        queued = []
        for change in changes { apply(change) }
    }

    private mutating func apply(_ change: ShimQueuedChange) {
        switch change {
        case .removePending(let identifiers):
            pending.removeAll { identifiers.contains($0.request.identifier) }
        case .removeAllPending:
            pending.removeAll()
        case .removeDelivered(let identifiers):
            delivered.removeAll { identifiers.contains($0.request.identifier) }
        case .removeAllDelivered:
            delivered.removeAll()
        case .setCategories(let categories):
            self.categories = categories
        }
    }

    var allowsDelivery: Bool {
        switch authorizationStatus {
        case .authorized, .provisional, .ephemeral: true
        case .notDetermined, .denied: false
        }
    }

    mutating func requestAuthorization(options: UNAuthorizationOptions) -> Bool {
        if options.contains(.providesAppNotificationSettings) { providesAppNotificationSettings = true }
        if authorizationStatus == .notDetermined {
            if options.contains(.provisional) {
                authorizationStatus = .provisional
            } else {
                authorizationStatus = userAnswer == .grant ? .authorized : .denied
            }
        }
        return allowsDelivery
    }

    /// Adds or replaces; a request with no trigger is delivered at once, one that can
    /// never fire is not kept (a location trigger is kept, waiting for its region); above the capacity one is dropped silently.
    /// An add goes through the same serial queue as the removals before it: they are
    /// applied first, so a removal followed by an add of the same identifier leaves it
    /// added.
    mutating func add(_ request: UNNotificationRequest) throws {
        settle()
        pending.removeAll { $0.request.identifier == request.identifier }
        guard let trigger = request.trigger else {
            record(UNNotification(date: now, request: request))
            return
        }
        let entry = PendingEntry(request: request, sequence: nextSequence, nextFire: firstFire(of: trigger))
        nextSequence += 1
        // A location trigger waits for a region crossing, with no date.
        guard entry.nextFire != nil || Self.waitsForARegion(trigger) else { return }
        pending.append(entry)
        enforceCapacity()
    }

    /// Whether a trigger fires on a region crossing, with no date (a location trigger,
    /// on the platforms that have one).
    static func waitsForARegion(_ trigger: UNNotificationTrigger?) -> Bool {
        guard let trigger else { return false }
        #if !HERALD_SHIM_MACOS && !HERALD_SHIM_MACCATALYST && !HERALD_SHIM_VISIONOS
        return trigger is UNLocationNotificationTrigger
        #else
        return false
        #endif
    }

    private mutating func enforceCapacity() {
        guard pending.count > Self.capacity else { return }
        switch dropRule {
        case .keepLastAdded:
            pending.sort { $0.sequence < $1.sequence }
        case .keepSoonest:
            pending.sort { lhs, rhs in
                switch (lhs.nextFire, rhs.nextFire) {
                case let (left?, right?): left == right ? lhs.sequence < rhs.sequence : left < right
                case (.some, nil): true
                case (nil, .some): false
                case (nil, nil): lhs.sequence < rhs.sequence
                }
            }
            pending = Array(pending.prefix(Self.capacity))
            return
        }
        pending = Array(pending.suffix(Self.capacity))
    }

    /// Delivers everything due up to `target`, in order of fire date then addition.
    mutating func advance(to target: Date) -> [UNNotification] {
        var shown: [UNNotification] = []
        while let index = nextDueIndex(by: target) {
            let entry = pending[index]
            let date = entry.nextFire!
            now = date
            let request = entry.request
            if request.trigger?.repeats == true {
                pending[index].nextFire = nextFire(of: request.trigger!, after: date)
                if pending[index].nextFire == nil { pending.remove(at: index) }
            } else {
                pending.remove(at: index)
            }
            let notification = UNNotification(date: date, request: request)
            if record(notification) { shown.append(notification) }
        }
        now = max(now, target)
        return shown
    }

    private func nextDueIndex(by target: Date) -> Int? {
        var best: Int?
        for (index, entry) in pending.enumerated() {
            guard let fire = entry.nextFire, fire <= target else { continue }
            if let current = best, let currentFire = pending[current].nextFire,
               currentFire < fire || (currentFire == fire && pending[current].sequence < entry.sequence) {
                continue
            }
            best = index
        }
        return best
    }

    /// Shows a notification: replaces a delivered one with its identifier and sets the
    /// badge its content carries (nil leaves it), unless the user turned badges off: the
    /// content's badge is ignored without badge permission. Nothing is shown without
    /// permission.
    @discardableResult
    mutating func record(_ notification: UNNotification) -> Bool {
        guard allowsDelivery else { return false }
        delivered.removeAll { $0.request.identifier == notification.request.identifier }
        delivered.append(notification)
        if badgeSetting == .enabled, let number = notification.request.content.badge { badge = number.intValue }
        return true
    }

    /// The delivered notifications the app may read: never those a location trigger
    /// fired ("Notifications triggered by location cannot be retrieved, but can be
    /// removed").
    var listedDelivered: [UNNotification] {
        delivered.filter { !Self.waitsForARegion($0.request.trigger) }
    }

    private func firstFire(of trigger: UNNotificationTrigger) -> Date? {
        switch trigger {
        case let interval as UNTimeIntervalNotificationTrigger:
            now.addingTimeInterval(interval.timeInterval)
        case let calendar as UNCalendarNotificationTrigger:
            ShimCalendarMatch.next(matching: calendar.dateComponents, after: now, deviceZone: timeZone)
        default:
            nil
        }
    }

    private func nextFire(of trigger: UNNotificationTrigger, after date: Date) -> Date? {
        switch trigger {
        case let interval as UNTimeIntervalNotificationTrigger:
            date.addingTimeInterval(interval.timeInterval)
        case let calendar as UNCalendarNotificationTrigger:
            ShimCalendarMatch.next(matching: calendar.dateComponents, after: date, deviceZone: timeZone)
        default:
            nil
        }
    }
}

/// A change `UNUserNotificationCenter` makes on its own queue, after the call returns.
enum ShimQueuedChange {
    case removePending(Set<String>)
    case removeAllPending
    case removeDelivered(Set<String>)
    case removeAllDelivered
    case setCategories(Set<UNNotificationCategory>)
}

/// The next instant matching a calendar trigger's components, in the zone they carry
/// or else the device's.
enum ShimCalendarMatch {
    static func next(matching components: DateComponents, after date: Date, deviceZone: TimeZone) -> Date? {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = components.timeZone ?? deviceZone
        var matching = components
        matching.timeZone = nil
        matching.calendar = nil
        if matching.year != nil, matching.month != nil, matching.day != nil, matching.hour != nil,
           matching.minute != nil, matching.weekday == nil {
            guard matching.isValidDate(in: calendar), let fixed = calendar.date(from: matching), fixed > date else {
                return nil
            }
            return fixed
        }
        return calendar.nextDate(
            after: date, matching: matching, matchingPolicy: .nextTimePreservingSmallerComponents,
            repeatedTimePolicy: .first, direction: .forward
        )
    }
}
#endif
