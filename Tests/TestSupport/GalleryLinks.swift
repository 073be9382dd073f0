import Foundation

/// Checks a gallery's pages as a browser would follow them.
public enum GalleryLinks {
    /// Every `href`, `src` and `srcset` URL of every page below `folder`
    /// that does not lead to a file there (a fragment alone is fine), as
    /// "page: url". External URLs count as broken: pages reach no network.
    public static func broken(in folder: String) throws -> [String] {
        var broken: [String] = []
        let base = URL(fileURLWithPath: folder, isDirectory: true)
        let pages = FileManager.default.enumerator(atPath: folder)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".html") } ?? []
        let attribute = try NSRegularExpression(pattern: "(href|src|srcset)=\"([^\"]*)\"")
        for page in pages.sorted() {
            let html = try String(contentsOfFile: folder + "/" + page, encoding: .utf8)
            let pageURL = base.appendingPathComponent(page)
            for match in attribute.matches(in: html, range: NSRange(html.startIndex..., in: html)) {
                let name = String(html[Range(match.range(at: 1), in: html)!])
                let value = String(html[Range(match.range(at: 2), in: html)!]).replacingOccurrences(of: "&amp;", with: "&")
                let urls = name == "srcset"
                    ? value.split(separator: ",").compactMap { $0.split(separator: " ").first.map(String.init) } : [value]
                for url in urls where !url.hasPrefix("#") {
                    let withoutFragment = String(url.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0])
                    guard !withoutFragment.contains(":"),
                          let resolved = URL(string: withoutFragment, relativeTo: pageURL)?.standardizedFileURL,
                          FileManager.default.fileExists(atPath: resolved.path) else {
                        broken.append("\(page): \(url)")
                        continue
                    }
                }
            }
        }
        return broken
    }
}
