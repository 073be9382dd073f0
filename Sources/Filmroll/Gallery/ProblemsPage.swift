/// problems.html: the files the gallery cannot show, and why: photos that
/// could not be read, outputs that could not be made, files that are not
/// photos. Written only when there is one; the index links it. Each kind
/// is counted whole, but the page lists at most `listLimit` files in all,
/// then says how many more there are.
struct ProblemsPage: PageRendering {
    var problems: [GalleryProblem]
    var options: GalleryOptions

    /// The most files the page lists, over all kinds.
    static let listLimit = 1000

    let path = GalleryPaths.problems
    let mark = GalleryMark.page
    private var locale: GalleryLocale { options.locale }
    private let links = PageLinks(toRoot: "")

    /// From each kind's count and the files listed.
    var key: String {
        var fingerprint = PageFingerprint(path: path, options: options)
        for (kind, count, listed) in sections {
            fingerprint.add(kind.rawValue)
            fingerprint.add(count)
            fingerprint.add(listed.count)
            for problem in listed {
                fingerprint.add(problem.path)
                fingerprint.add(problem.reason)
            }
        }
        return fingerprint.key
    }

    /// "Files not shown", or "Photos shown with a warning" when that is all the page lists.
    private var heading: String {
        locale.problemsHeading(onlyWarnings: sections.allSatisfy { $0.kind == .warned })
    }

    var text: String {
        var body = """
            <header class="site"><a href="\(links.url(GalleryPaths.index))">\(HTMLEscaping.escape(options.title))</a></header>
            <main id="main">
            <h1>\(HTMLEscaping.escape(heading))</h1>

            """
        for (kind, count, listed) in sections {
            body += """
                <section aria-labelledby="\(kind.rawValue)">
                <h2 id="\(kind.rawValue)">\(HTMLEscaping.escape(locale.problemsHeading(kind, count: count)))</h2>
                <ul class="problems">

                """
            for problem in listed {
                body += "<li><span class=\"name\"><bdi>\(HTMLEscaping.escape(problem.path))</bdi></span>: "
                    + "\(HTMLEscaping.escape(problem.reason))</li>\n"
            }
            if listed.count < count { body += "<li class=\"more\">\(HTMLEscaping.escape(locale.moreFiles(count - listed.count)))</li>\n" }
            body += "</ul>\n</section>\n"
        }
        body += "</main>"
        return PageShell(locale: locale, title: heading + " · " + options.title, links: links).document(body: body)
    }

    /// Each kind with files: how many, and the first of them the page lists.
    private var sections: [(kind: GalleryProblem.Kind, count: Int, listed: [GalleryProblem])] {
        var room = Self.listLimit
        return GalleryProblem.Kind.allCases.compactMap { kind in
            let all = problems.filter { $0.kind == kind }
            guard !all.isEmpty else { return nil }
            let listed = Array(all.prefix(room))
            room -= listed.count
            return (kind, all.count, listed)
        }
    }
}
