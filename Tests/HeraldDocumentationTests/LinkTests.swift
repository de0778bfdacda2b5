import Foundation
import Testing

/// Every relative link of README.md, Benchmarks/README.md, Benchmarks/LOG.md and the DocC articles
/// resolves inside the repository; none points at a folder outside it.
struct LinkTests {
    @Test func everyRelativeLinkResolvesInsideTheRepository() throws {
        let files = try DocumentationFiles.markdownFiles()
        let root = DocumentationFiles.root.path
        var checked = 0
        for file in files {
            for link in file.links where link.kind == .markdown {
                let place = "\(file.path):\(link.line): \(link)"
                #expect(!link.target.contains("../shared"), "\(place) points at ../shared, outside the repository")
                if link.target.hasPrefix("http://") || link.target.hasPrefix("https://") || link.target.hasPrefix("mailto:") {
                    continue  // not checked: the tests have no network
                }
                checked += 1
                let parts = link.target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
                let path = String(parts[0])
                let anchor = parts.count > 1 ? String(parts[1]) : nil
                #expect(!path.hasPrefix("/"), "\(place) is an absolute path; link relative to the page")

                let target = path.isEmpty
                    ? file.url
                    : file.url.deletingLastPathComponent().appending(path: path.removingPercentEncoding ?? path).standardizedFileURL
                let inside = target.path == root || target.path.hasPrefix(root + "/")
                #expect(inside, "\(place) leads outside the repository, to \(target.path)")
                guard inside else { continue }
                #expect(FileManager.default.fileExists(atPath: target.path), "\(place): \(target.path) does not exist")

                if let anchor, target.pathExtension == "md", FileManager.default.fileExists(atPath: target.path) {
                    let page = try MarkdownFile(url: target, root: DocumentationFiles.root)
                    #expect(page.headingAnchors.contains(anchor),
                            "\(place): \(page.path) has no heading with the anchor #\(anchor); it has \(page.headingAnchors.sorted())")
                }
            }
        }
        #expect(checked >= 20, "checked only \(checked) relative links")
    }

    @Test func everyDocLinkNamesAnArticleOfItsOwnCatalog() throws {
        var checked = 0
        for file in try DocumentationFiles.markdownFiles() {
            let docLinks = file.links.filter { $0.kind == .docC }
            guard let catalog = DocumentationFiles.catalog(of: file) else {
                for link in docLinks {
                    Issue.record("\(file.path):\(link.line): \(link) only resolves inside a DocC catalog; link the article's file instead")
                }
                continue
            }
            let articles = Set(DocumentationFiles.files(under: catalog, withExtension: "md").map { $0.deletingPathExtension().lastPathComponent })
            for link in docLinks {
                checked += 1
                let name = String(link.target.split(separator: "#").first ?? "")
                #expect(articles.contains(name), "\(file.path):\(link.line): \(link) names no article of \(catalog.lastPathComponent); it has \(articles.sorted())")
            }
        }
        #expect(checked >= 10, "checked only \(checked) <doc:> links")
    }

    @Test func noPageMentionsAFolderOutsideTheRepository() throws {
        for file in try DocumentationFiles.markdownFiles() {
            let text = try String(contentsOf: file.url, encoding: .utf8)
            #expect(!text.contains("../shared"), "\(file.path) mentions ../shared, which is outside the repository")
        }
    }

    @Test func everyArticleIsListedOnItsLandingPage() throws {
        // An article no landing page lists is unreachable in the rendered documentation.
        let files = try DocumentationFiles.markdownFiles()
        for file in files {
            guard let catalog = DocumentationFiles.catalog(of: file) else { continue }
            let name = file.url.deletingPathExtension().lastPathComponent
            let module = catalog.deletingLastPathComponent().lastPathComponent
            guard name != module else { continue }
            let landing = files.first { $0.url == catalog.appending(path: "\(module).md").standardizedFileURL }
            let listed = landing?.links.contains { $0.kind == .docC && $0.target == name } ?? false
            #expect(listed, "\(file.path) is not linked from \(module).md (add it under ## Topics, ### Articles as <doc:\(name)>)")
        }
    }

    @Test func anchorsFollowGitHubsRules() {
        #expect(MarkdownFile.gitHubSlug("Adopting Herald in an iOS app") == "adopting-herald-in-an-ios-app")
        #expect(MarkdownFile.gitHubSlug("Every recurrence kind against `Calendar.RecurrenceRule`")
                == "every-recurrence-kind-against-calendarrecurrencerule")
        #expect(MarkdownFile.gitHubSlug("Data events, and events that cannot happen") == "data-events-and-events-that-cannot-happen")
    }

    @Test func linksInsideCodeAreNotLinks() throws {
        let spaces = { (count: Int) in String(repeating: " ", count: count) }
        #expect(MarkdownFile.removingCodeSpans("see `[a](b)` and ``x`` here") == "see \(spaces(8)) and \(spaces(5)) here")
        #expect(MarkdownFile.removingCodeSpans("an unclosed ` stays") == "an unclosed ` stays")
    }
}
