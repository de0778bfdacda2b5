import Foundation
import Testing

/// The project's size rules, checked on every Swift file under `Sources/`: no file over
/// 400 lines, no function, initializer, closure property or computed property over 80
/// lines (measured as ``SourceShape`` describes, from the declaration's line to its
/// closing brace).
struct SourceShapeTests {
    static let maximumFileLines = 400
    static let maximumBodyLines = 80

    @Test func noSourceFileOrBodyIsTooLong() throws {
        let root = DocumentationFiles.root
        let files = DocumentationFiles.files(under: root.appending(path: "Sources"), withExtension: "swift")
        #expect(files.count > 100, "found only \(files.count) Swift files under Sources/")
        for url in files {
            let path = String(url.path.dropFirst(root.path.count + 1))
            let shape = SourceShape(text: try String(contentsOf: url, encoding: .utf8))
            #expect(shape.lineCount <= Self.maximumFileLines,
                    "\(path):1: the file has \(shape.lineCount) lines, more than \(Self.maximumFileLines): split it by concept")
            for body in shape.bodies where body.length > Self.maximumBodyLines {
                Issue.record("\(path):\(body.line): \(body.declaration) spans \(body.length) lines, more than \(Self.maximumBodyLines): split it into named steps")
            }
        }
    }

    // MARK: The heuristic on known text

    @Test func measuresFromTheDeclarationToItsClosingBrace() {
        let text = """
            struct A {
                @discardableResult
                public static func f(_ x: Int) -> Int {
                    if x > 0 {
                        return x
                    }
                    return 0
                }

                private(set) var g: () -> Void = {
                    print("g")
                }

                init?(
                    y: Int
                ) {
                    nil
                }
            }

            """
        let shape = SourceShape(text: text)
        #expect(shape.lineCount == 19)
        #expect(shape.bodies.map(\.line) == [3, 10, 14])
        #expect(shape.bodies.map(\.length) == [6, 3, 5])
    }

    @Test func bracesInStringsAndCommentsDoNotCount() {
        let text = #"""
            func f() {
                let a = "{ \(b ? "}" : "{") {"
                let c = #"}\(d)"#  // }
                /* } { */
                let e = """
                    }}} \
                    }
                    """
                return
            }
            """#
        let shape = SourceShape(text: text)
        #expect(shape.bodies == [SourceShape.Body(line: 1, length: 10, declaration: "func f() {")])
    }

    @Test func computedPropertiesAreMeasuredAndStoredOnesAreNot() {
        let text = """
            struct A {
                static var migrator: Migrator {
                    var m = Migrator()
                    return m
                }
                var b: Int = 0 {
                    didSet {}
                }
                var c: Int { 1 }
                public var d: [String: Int] { // the table
                    [:]
                }
                var e = Set<Int>()
            }
            """
        let shape = SourceShape(text: text)
        #expect(shape.bodies.map(\.line) == [2, 10])
        #expect(shape.bodies.map(\.length) == [4, 3])
    }

    @Test func aRequirementWithoutABodyIsSkipped() {
        let text = """
            protocol P {
                func f()
                func g() -> Int

                init(x: Int)
            }
            extension P {
                func h() {}
            }
            """
        let shape = SourceShape(text: text)
        #expect(shape.bodies.map(\.line) == [8])
        #expect(shape.bodies.map(\.length) == [1])
    }
}
