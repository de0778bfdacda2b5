// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Herald",
    // The first versions with the standard library's `Synchronization.Mutex`, which Herald's
    // core uses (its in-memory store, the route's waypoint index, the SQLite store's caches):
    // iOS 17 would need another lock in each.
    platforms: [.macOS(.v15), .iOS(.v18), .watchOS(.v11), .tvOS(.v18), .visionOS(.v2)],
    products: [
        .library(name: "Herald", targets: ["Herald"]),
        .library(name: "HeraldSimulator", targets: ["HeraldSimulator"]),
        .library(name: "HeraldSQLite", targets: ["HeraldSQLite"]),
        .library(name: "HeraldScenario", targets: ["HeraldScenario"]),
        .library(name: "HeraldUserNotifications", targets: ["HeraldUserNotifications"]),
        .library(name: "HeraldConformance", targets: ["HeraldConformance"]),
        // The command-line tool's output (text, JSON Lines, the HTML page);
        // a product so that the benchmarks measure what `herald simulate` pays for it.
        .library(name: "HeraldReport", targets: ["HeraldReport"]),
        .library(name: "ShowcaseHabits", targets: ["ShowcaseHabits"]),
        .library(name: "ShowcaseGoals", targets: ["ShowcaseGoals"]),
        .library(name: "ShowcaseExercise", targets: ["ShowcaseExercise"]),
        .library(name: "ShowcaseStreaks", targets: ["ShowcaseStreaks"]),
        .library(name: "ShowcaseRoutes", targets: ["ShowcaseRoutes"]),
        .executable(name: "herald", targets: ["herald"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-collections", from: "1.6.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/JohnSundell/Plot", from: "0.14.0"),
        // `swift package generate-documentation`: the DocC catalogs, checked by `.ci/run`.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
    ],
    targets: [
        .target(
            name: "Herald",
            dependencies: [
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Collections", package: "swift-collections"),
            ]
        ),
        .target(name: "HeraldSimulator", dependencies: ["Herald"]),
        // Stand-ins for Apple's UserNotifications, Core Location, BackgroundTasks, AlarmKit, CloudKit and
        // WatchConnectivity with the SDK's signatures, so the adapter compiles and is tested on Linux; never products.
        .target(name: "UserNotificationsShim", dependencies: ["CoreLocationShim"]),
        .target(name: "CoreLocationShim"),
        .target(name: "BackgroundTasksShim"),
        .target(name: "AlarmKitShim"),
        .target(name: "CloudKitShim"),
        .target(name: "WatchConnectivityShim"),
        .target(
            name: "HeraldUserNotifications",
            dependencies: [
                "Herald",
                // The adapter logs itself (RegionMonitor, BackgroundRefresh, the sync channels).
                .product(name: "Logging", package: "swift-log"),
                .target(name: "UserNotificationsShim", condition: .when(platforms: [.linux])),
                .target(name: "BackgroundTasksShim", condition: .when(platforms: [.linux])),
                .target(name: "CoreLocationShim", condition: .when(platforms: [.linux])),
                .target(name: "AlarmKitShim", condition: .when(platforms: [.linux])),
                .target(name: "CloudKitShim", condition: .when(platforms: [.linux])),
                .target(name: "WatchConnectivityShim", condition: .when(platforms: [.linux])),
            ]
        ),
        .target(
            name: "HeraldSQLite",
            dependencies: ["Herald", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        .target(
            name: "HeraldScenario",
            dependencies: ["Herald", "HeraldSimulator", .product(name: "Yams", package: "Yams")]
        ),
        // The command-line tool's output for scenarios: text, JSON Lines and the HTML
        // report (Plot).
        .target(
            name: "HeraldReport",
            dependencies: ["Herald", "HeraldSimulator", "HeraldScenario", .product(name: "Plot", package: "Plot")]
        ),
        // The system zlib (zlib1g-dev), for the browser test's PNG reader; never a product.
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        .target(name: "ShowcaseHabits", dependencies: ["Herald"]),
        .target(name: "ShowcaseGoals", dependencies: ["Herald"]),
        .target(name: "ShowcaseExercise", dependencies: ["Herald"]),
        .target(name: "ShowcaseStreaks", dependencies: ["Herald"]),
        .target(name: "ShowcaseRoutes", dependencies: ["Herald"]),
        .executableTarget(
            name: "herald",
            dependencies: [
                "Herald", "HeraldSimulator", "HeraldSQLite", "HeraldScenario", "HeraldReport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Checks any `NotificationCenter` and `EngineStore` implementation must pass; a
        // product, so adopters run them on their own implementations.
        .target(name: "HeraldConformance", dependencies: ["Herald"]),
        // What the test targets share: the seeded generator and the seeds property tests run, a
        // thread's CPU time, the optional tools some need, a gated pipe. Never a product.
        .target(
            name: "HeraldTestSupport",
            dependencies: [],
            path: "Tests/HeraldTestSupport"
        ),
        .testTarget(
            name: "HeraldTests",
            dependencies: [
                "Herald", "HeraldSimulator", "HeraldConformance", "HeraldTestSupport",
                // Generators and shrinking for the property tests that run through
                // `ShrinkingSeeds` (Tests/README.md); never in a product.
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(
            name: "HeraldSimulatorTests",
            dependencies: [
                "Herald", "HeraldSimulator", "HeraldConformance", "HeraldTestSupport",
            ]
        ),
        .testTarget(
            name: "HeraldSQLiteTests",
            dependencies: ["Herald", "HeraldSQLite", "HeraldConformance", "HeraldTestSupport",
                           .product(name: "GRDB", package: "GRDB.swift")]
        ),
        // A process the crash tests kill at chosen points; it plays a long scenario with
        // the SQLite store on disk and the simulated system persisted beside it.
        .executableTarget(
            name: "HeraldCrashHarness",
            dependencies: ["Herald", "HeraldSimulator", "HeraldSQLite"],
            path: "Tests/HeraldCrashHarness"
        ),
        .testTarget(
            name: "HeraldCrashTests",
            dependencies: ["Herald", "HeraldSimulator", "HeraldSQLite", "HeraldCrashHarness", "HeraldConformance",
                           "HeraldTestSupport"]
        ),
        .testTarget(
            name: "HeraldUserNotificationsTests",
            dependencies: [
                "Herald", "HeraldUserNotifications", "HeraldConformance", "HeraldSQLite",
                .target(name: "UserNotificationsShim", condition: .when(platforms: [.linux])),
                .target(name: "BackgroundTasksShim", condition: .when(platforms: [.linux])),
                .target(name: "CoreLocationShim", condition: .when(platforms: [.linux])),
                .target(name: "AlarmKitShim", condition: .when(platforms: [.linux])),
                .target(name: "CloudKitShim", condition: .when(platforms: [.linux])),
                .target(name: "WatchConnectivityShim", condition: .when(platforms: [.linux])),
            ]
        ),
        // GRDB writes the SQLite files the command's state-file tests give it; the command's
        // own types (the occurrence listing) are tested through `@testable import herald`.
        .testTarget(
            name: "HeraldScenarioTests",
            dependencies: [
                "Herald", "HeraldSimulator", "HeraldScenario", "HeraldConformance", "HeraldReport", "herald", "CZlib",
                "HeraldTestSupport",
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            // What the HTML report's pages read before a change (HTMLReportSamePageTests).
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "ShowcaseHabitsTests",
            dependencies: ["Herald", "HeraldSimulator", "ShowcaseHabits"]
        ),
        .testTarget(
            name: "ShowcaseRoutesTests",
            dependencies: ["Herald", "HeraldSimulator", "ShowcaseRoutes"]
        ),
        .testTarget(
            name: "ShowcaseTests",
            dependencies: ["Herald", "HeraldSimulator", "ShowcaseGoals", "ShowcaseExercise", "ShowcaseStreaks"]
        ),
        // Every Swift sample of README.md, Benchmarks/README.md, Benchmarks/LOG.md and the DocC
        // articles appears verbatim in a file a test target compiles (the landing pages' and
        // articles' in DocumentationSamples/); every relative link resolves; every whole
        // scenario plays.
        .testTarget(
            name: "HeraldDocumentationTests",
            dependencies: [
                "Herald", "HeraldSimulator", "HeraldSQLite", "HeraldScenario", "HeraldReport", "HeraldConformance",
                "HeraldUserNotifications", "ShowcaseHabits", "ShowcaseGoals", "ShowcaseExercise", "ShowcaseStreaks",
                .target(name: "UserNotificationsShim", condition: .when(platforms: [.linux])),
                .target(name: "BackgroundTasksShim", condition: .when(platforms: [.linux])),
                .target(name: "CoreLocationShim", condition: .when(platforms: [.linux])),
                .target(name: "AlarmKitShim", condition: .when(platforms: [.linux])),
                .target(name: "CloudKitShim", condition: .when(platforms: [.linux])),
                .target(name: "WatchConnectivityShim", condition: .when(platforms: [.linux])),
                .product(name: "Yams", package: "Yams"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
