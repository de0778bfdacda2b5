import Foundation
import Herald
import HeraldConformance
import Synchronization
import Testing
@testable import HeraldSQLite

/// The shared ``EngineStoreConformance`` suite, run against every store Herald ships.
@Suite struct EngineStoreConformanceTests {
    enum Implementation: String, CaseIterable, CustomTestStringConvertible {
        case inMemoryEngineStore
        case sqliteInMemory
        case sqliteFile
        /// A file store closed and reopened before every load: each read is a relaunch.
        case sqliteFileReopenedBeforeEveryLoad

        var testDescription: String { rawValue }

        var canFailWrites: Bool { self != .inMemoryEngineStore }
    }

    @Test(arguments: Implementation.allCases)
    func passesTheConformanceSuite(_ implementation: Implementation) throws {
        let directory = try TemporaryDirectory()
        let conformance = makeConformance(implementation, in: directory)

        let ran = try conformance.runAll()

        let expected = EngineStoreConformanceCheck.allCases.filter {
            implementation.canFailWrites || !$0.needsFailureInjection
        }
        #expect(ran == expected.map(\.rawValue))
    }

    @Test func namesTheCheckThatFails() throws {
        let conformance = EngineStoreConformance { ForgetfulStore() }

        #expect(throws: EngineStoreConformanceFailure.self) { try conformance.runAll() }
        let failure = try #require(throws: EngineStoreConformanceFailure.self) {
            _ = try conformance.run(.readsItsWrites)
        }
        #expect(failure.check == .readsItsWrites)
        #expect(failure.message.contains("paused"))
    }

    private func makeConformance(_ implementation: Implementation, in directory: TemporaryDirectory) -> EngineStoreConformance {
        let counter = Atomic<Int>(0)
        return EngineStoreConformance { () throws -> EngineStoreConformance.Subject in
            let path = directory.path("store-\(counter.add(1, ordering: .relaxed).newValue).sqlite")
            switch implementation {
            case .inMemoryEngineStore:
                return .init(store: InMemoryEngineStore())
            case .sqliteInMemory:
                let store = try SQLiteEngineStore.inMemory()
                return .init(store: store, failWrites: { try store.simulateFullDisk($0) })
            case .sqliteFile:
                let store = try SQLiteEngineStore(path: path)
                return .init(store: store, failWrites: { try store.simulateFullDisk($0) })
            case .sqliteFileReopenedBeforeEveryLoad:
                let store = try ReopeningStore(path: path)
                return .init(store: store, failWrites: { try store.current.simulateFullDisk($0) })
            }
        }
    }
}
