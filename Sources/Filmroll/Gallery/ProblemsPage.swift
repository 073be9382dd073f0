/// problems.html: the files the gallery cannot show, and why: photos that
/// could not be read, outputs that could not be made, files that are not
/// photos. Written only when there is one; the index links it.
struct ProblemsPage {
    var problems: [GalleryProblem]
    var options: GalleryOptions

    private var locale: GalleryLocale { options.locale }
    private let links = PageLinks(toRoot: "")

    var html: String {
        var body = """
            <header class="site"><a href="\(links.url(GalleryPaths.index))">\(HTMLEscaping.escape(options.title))</a></header>
            <main id="main">
            <h1>\(HTMLEscaping.escape(locale.problemsHeading))</h1>

            """
        for kind in GalleryProblem.Kind.allCases {
            let listed = problems.filter { $0.kind == kind }
            guard !listed.isEmpty else { continue }
            body += """
                <section aria-labelledby="\(kind.rawValue)">
                <h2 id="\(kind.rawValue)">\(HTMLEscaping.escape(locale.problemsHeading(kind, count: listed.count)))</h2>
                <ul class="problems">

                """
            for problem in listed {
                body += "<li><span class=\"name\"><bdi>\(HTMLEscaping.escape(problem.path))</bdi></span>: "
                    + "\(HTMLEscaping.escape(problem.reason))</li>\n"
            }
            body += "</ul>\n</section>\n"
        }
        body += "</main>"
        return PageShell(locale: locale, title: locale.problemsHeading + " · " + options.title, links: links).document(body: body)
    }
}
