import Foundation
import Testing
import TestSupport

/// The README stays a front page (at most 300 lines), and every relative
/// link in it and in `docs/*.md` leads to a file of the repository.
@Suite struct DocumentationTests {
    static let readme = Fixtures.root + "/README.md"
    static let docs = Fixtures.root + "/docs"

    /// The Markdown files checked: the README and every `docs/*.md`.
    static func markdownFiles() throws -> [String] {
        let pages = try FileManager.default.contentsOfDirectory(atPath: docs)
            .filter { $0.hasSuffix(".md") }.sorted().map { docs + "/" + $0 }
        return [readme] + pages
    }

    /// The targets of `[text](target)` and `src="target"` outside code:
    /// fenced blocks and `inline code` are left out, as they are no links.
    static func links(in text: String) -> [String] {
        var prose: [String] = []
        var inFence = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") {
                inFence.toggle()
                continue
            }
            if !inFence { prose.append(String(line).replacing(/`[^`]*`/, with: "")) }
        }
        let joined = prose.joined(separator: "\n")
        let markdown = joined.matches(of: /\]\(([^)\s]+)(?:\s+"[^"]*")?\)/).map { String($0.output.1) }
        let html = joined.matches(of: /(?:src|href)="([^"]+)"/).map { String($0.output.1) }
        return markdown + html
    }

    /// Whether `target` points outside the repository (a web address, mail) or within the page.
    static func isExternalOrAnchor(_ target: String) -> Bool {
        target.hasPrefix("#") || target.contains("://") || target.hasPrefix("mailto:")
    }

    @Test func readmeIsAtMostThreeHundredLines() throws {
        let text = try String(contentsOfFile: Self.readme, encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count - (text.hasSuffix("\n") ? 1 : 0)
        #expect(lines > 0)
        #expect(lines <= 300, "README.md has \(lines) lines; move detail into docs/")
    }

    @Test func readmeLinksEveryDocsPage() throws {
        let text = try String(contentsOfFile: Self.readme, encoding: .utf8)
        let linked = Set(Self.links(in: text))
        for page in try Self.markdownFiles().dropFirst() {
            let relative = "docs/" + (page as NSString).lastPathComponent
            #expect(linked.contains(relative), "README.md does not link \(relative)")
        }
    }

    @Test func everyRelativeLinkLeadsToAFile() throws {
        var checked = 0
        for file in try Self.markdownFiles() {
            let text = try String(contentsOfFile: file, encoding: .utf8)
            let folder = (file as NSString).deletingLastPathComponent
            for target in Self.links(in: text) where !Self.isExternalOrAnchor(target) {
                let path = String(target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0])
                let decoded = path.removingPercentEncoding ?? path
                // A link from the root (`/docs/x.md`) is the repository's root, as GitHub reads it.
                let resolved = decoded.hasPrefix("/") ? Fixtures.root + decoded : folder + "/" + decoded
                #expect(FileManager.default.fileExists(atPath: resolved),
                        "\(file.dropFirst(Fixtures.root.count + 1)): \(target) leads to no file")
                checked += 1
            }
        }
        #expect(checked >= 10, "only \(checked) relative links found: the link pattern no longer matches")
    }

    @Test func linkPatternFindsLinksAndSkipsCode() {
        let text = """
        See [the gallery](docs/gallery.md#pages) and <img src="docs/gallery.png" alt="">.
        `[not](a-link.md)` stays code, as does a fenced block:
        ```swift
        let x = [1](y)
        ```
        [out](https://example.org) [here](#top)
        """
        let found = Self.links(in: text)
        #expect(found == ["docs/gallery.md#pages", "https://example.org", "#top", "docs/gallery.png"])
        #expect(found.filter { !Self.isExternalOrAnchor($0) } == ["docs/gallery.md#pages", "docs/gallery.png"])
    }
}
