import Foundation
import Testing

/// Every ```swift block of README.md, Benchmarks/README.md, Benchmarks/LOG.md and the DocC catalogs is
/// compiled: it appears, line for line (white space around a line and blank lines
/// aside), in a Swift file of a test target.
struct CodeSampleTests {
    @Test func everySwiftSampleAppearsVerbatimInACompiledFile() throws {
        // Given every Swift sample of the documentation and every compiled test file
        let samples = try DocumentationFiles.markdownFiles().flatMap { file in
            file.fencedBlocks.filter { $0.language == "swift" }.map { (file: file, block: $0) }
        }
        let sources = try DocumentationFiles.compiledSwiftFiles().map { url in
            (url: url, lines: DocumentationFiles.normalized(try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")))
        }
        #expect(samples.count >= 20, "found only \(samples.count) Swift samples: is the documentation where the test looks?")

        // Then each sample is a run of consecutive lines of one of them
        for sample in samples {
            let lines = DocumentationFiles.normalized(sample.block.lines)
            let home = sources.first { source in Self.contains(source.lines, run: lines) }
            #expect(
                home != nil,
                """
                \(sample.file.path):\(sample.block.line): this Swift sample is not in any file a test target compiles; \
                copy it, line for line, into one (Tests/HeraldDocumentationTests/DocumentationSamples/ has the others). \
                It starts: \(lines.first ?? "(empty)")
                """
            )
        }
    }

    @Test func aSampleMatchesOnlyAWholeRunOfLines() {
        let source = ["let a = 1", "let b = 2", "let c = 3"]
        #expect(Self.contains(source, run: ["let b = 2", "let c = 3"]))
        #expect(!Self.contains(source, run: ["let a = 1", "let c = 3"]))
        #expect(!Self.contains(source, run: ["let b = 2;"]))
    }

    /// Whether `lines` holds `run` as consecutive lines.
    static func contains(_ lines: [String], run: [String]) -> Bool {
        guard !run.isEmpty else { return true }
        guard run.count <= lines.count else { return false }
        return (0...(lines.count - run.count)).contains { start in
            lines[start] == run[0] && Array(lines[start..<(start + run.count)]) == run
        }
    }
}
