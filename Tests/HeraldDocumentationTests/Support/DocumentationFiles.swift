import Foundation

/// The repository's documentation and the Swift files its samples are compiled from.
enum DocumentationFiles {
    /// The repository's root, found from this file's path
    /// (`Tests/HeraldDocumentationTests/Support/DocumentationFiles.swift`).
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .standardizedFileURL

    /// README.md, Benchmarks/README.md, Benchmarks/LOG.md and every `.md` of every
    /// `Sources/*/Documentation.docc`.
    static func markdownFiles() throws -> [MarkdownFile] {
        var urls = [root.appending(path: "README.md"), root.appending(path: "Benchmarks/README.md"),
                    root.appending(path: "Benchmarks/LOG.md")]
        let sources = root.appending(path: "Sources")
        for module in try FileManager.default.contentsOfDirectory(atPath: sources.path).sorted() {
            let catalog = sources.appending(path: module).appending(path: "Documentation.docc")
            urls += files(under: catalog, withExtension: "md")
        }
        return try urls.map { try MarkdownFile(url: $0, root: root) }
    }

    /// Every Swift file under `Tests/`: each folder there is a test target, or the crash
    /// harness the crash tests build, so each of these files is compiled by the tests.
    static func compiledSwiftFiles() -> [URL] {
        files(under: root.appending(path: "Tests"), withExtension: "swift")
    }

    /// The files under `folder` whose name ends in `.ext`, sorted by path.
    static func files(under folder: URL, withExtension ext: String) -> [URL] {
        guard let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return [] }
        return enumerator.compactMap { $0 as? URL }
            .filter { $0.pathExtension == ext }
            .map(\.standardizedFileURL)
            .sorted { $0.path < $1.path }
    }

    /// The DocC catalog (`….docc` folder) a page belongs to, if any.
    static func catalog(of file: MarkdownFile) -> URL? {
        var folder = file.url.deletingLastPathComponent()
        while folder.path.count > root.path.count {
            if folder.pathExtension == "docc" { return folder }
            folder = folder.deletingLastPathComponent()
        }
        return nil
    }

    /// Lines with their surrounding white space trimmed and blank ones dropped: the form
    /// in which a sample and a source file are compared.
    static func normalized(_ lines: [String]) -> [String] {
        lines.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }
}
