/// problems.html: the files the gallery cannot show, and why: photos that
/// could not be read, outputs that could not be made, files that are not
/// photos. Written only when there is one; the index links it. Each kind
/// is counted whole, but the page lists at most `listLimit` files in all,
/// then says how many more there are. Each file is named by its path in the
/// folder, with what is wrong and what to do in plain words (`ProblemReason`),
/// then the program's own words. Sidecars beside their photos are no
/// problem: a line counts them, none is listed.
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
            for problem in listed { body += item(problem) }
            if listed.count < count { body += "<li class=\"more\">\(HTMLEscaping.escape(locale.moreFiles(count - listed.count)))</li>\n" }
            body += "</ul>\n</section>\n"
        }
        let sidecars = problems.count { $0.kind == .sidecar }
        if sidecars > 0 { body += "<p class=\"more\">\(HTMLEscaping.escape(locale.problemsHeading(.sidecar, count: sidecars)))</p>\n" }
        body += "</main>"
        return PageShell(locale: locale, title: heading + " · " + options.title, links: links).document(body: body)
    }

    /// One file: its path, what is wrong and what to do, then the program's words.
    private func item(_ problem: GalleryProblem) -> String {
        let reason = ProblemReason(problem, locale: locale)
        var html = "<li><span class=\"name\"><bdi>\(HTMLEscaping.escape(problem.path))</bdi></span>"
            + " <span class=\"why\">\(HTMLEscaping.escape(reason.what))</span>"
        if let advice = reason.advice { html += " <span class=\"advice\">\(HTMLEscaping.escape(advice))</span>" }
        if problem.kind != .skipped, !problem.reason.isEmpty {
            html += " <span class=\"detail\"><bdi>\(HTMLEscaping.escape(problem.reason))</bdi></span>"
        }
        return html + "</li>\n"
    }

    /// Each kind with files: how many, and the first of them the page lists.
    private var sections: [(kind: GalleryProblem.Kind, count: Int, listed: [GalleryProblem])] {
        var room = Self.listLimit
        return GalleryProblem.Kind.allCases.filter { $0 != .sidecar }.compactMap { kind in
            let all = problems.filter { $0.kind == kind }
            guard !all.isEmpty else { return nil }
            let listed = Array(all.prefix(room))
            room -= listed.count
            return (kind, all.count, listed)
        }
    }
}
