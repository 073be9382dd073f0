/// similar.html: the groups `process` found (`SimilarPhotos`): copies of
/// one picture, bursts and photos of one scene moments apart, each with its
/// best photo first and marked so, the others after it. A photo with a
/// tile shows it and links its page; a copy folded into its original or a
/// burst's other frame is named. Written only when there is a group; the
/// index links it. Lists at most `listLimit` groups, then says how many more.
struct SimilarPage: PageRendering {
    var groups: [GallerySimilarGroup]
    var options: GalleryOptions

    static let listLimit = 1000

    let path = GalleryPaths.similar
    let mark = GalleryMark.page
    private var locale: GalleryLocale { options.locale }
    private let links = PageLinks(toRoot: "")

    var key: String {
        var fingerprint = PageFingerprint(path: path, options: options)
        fingerprint.add(groups.count)
        for group in groups.prefix(Self.listLimit) {
            fingerprint.add(group.kind.rawValue)
            fingerprint.add(group.distance)
            fingerprint.add(group.members.count)
            for member in group.members {
                fingerprint.add(member.path)
                fingerprint.add(member.thumbnail)
                fingerprint.add(member.thumbnailSize)
                fingerprint.add(member.page)
            }
        }
        return fingerprint.key
    }

    var text: String {
        let title = locale.similarHeading
        var body = """
            <header class="site"><a href="\(links.url(GalleryPaths.index))">\(HTMLEscaping.escape(options.title))</a></header>
            <main id="main">
            <h1>\(HTMLEscaping.escape(title))</h1>
            <p class="summary">\(HTMLEscaping.escape(locale.similarExplanation(groups.count)))</p>

            """
        for (number, group) in groups.prefix(Self.listLimit).enumerated() {
            let heading = "g\(number + 1)"
            body += """
                <section class="similar" aria-labelledby="\(heading)">
                <h2 id="\(heading)">\(HTMLEscaping.escape(locale.similarGroupHeading(group.kind, count: group.members.count)))</h2>
                <ul class="photos">
                \(group.members.enumerated().map { item($0.element, isBest: $0.offset == 0, kind: group.kind) }.joined(separator: "\n"))
                </ul>
                </section>

                """
        }
        if groups.count > Self.listLimit {
            body += "<p class=\"more\">\(HTMLEscaping.escape(locale.moreGroups(groups.count - Self.listLimit)))</p>\n"
        }
        body += "</main>"
        return PageShell(locale: locale, title: title + " · " + options.title, links: links).document(body: body)
    }

    private func item(_ member: GallerySimilarGroup.Member, isBest: Bool, kind: SimilarGroup.Kind) -> String {
        let name = "<span class=\"name\"><bdi>\(HTMLEscaping.escape(member.path))</bdi></span>"
        let best = isBest ? " <strong>\(HTMLEscaping.escape(locale.bestLabel(kind)))</strong>" : ""
        guard let thumbnail = member.thumbnail else {
            return "<li><figure><figcaption>\(name)\(best)</figcaption></figure></li>"
        }
        var image = "<img src=\"\(links.url(thumbnail))\" alt=\"\(HTMLEscaping.escape(member.path))\""
        if let size = member.thumbnailSize, size.width > 0, size.height > 0 {
            image += " width=\"\(size.width)\" height=\"\(size.height)\""
        }
        image += " loading=\"lazy\" decoding=\"async\">"
        let linked = member.page.map { "<a href=\"\(links.url($0))\">\(image)</a>" } ?? image
        return "<li><figure>\(linked)<figcaption>\(name)\(best)</figcaption></figure></li>"
    }
}

extension GalleryLocale {
    /// The Similar photos page's heading, and the index's link's words.
    var similarHeading: String { self == .en ? "Similar photos" : "비슷한 사진" }

    /// What the page holds.
    func similarExplanation(_ count: Int) -> String {
        switch self {
        case .en:
            (count == 1 ? "1 group" : "\(count) groups")
                + " of copies of one picture, bursts and photos of one scene taken moments apart. The best of each comes first."
                + " Nothing was moved or deleted."
        case .ko: "같은 사진의 사본, 연사, 잠깐 사이에 찍은 같은 장면 \(count)묶음. 묶음마다 가장 좋은 사진이 먼저입니다. 옮기거나 지운 파일은 없습니다."
        }
    }

    /// "Copies · 3 files", "Burst · 6 photos", "Similar · 2 photos".
    func similarGroupHeading(_ kind: SimilarGroup.Kind, count: Int) -> String {
        switch (self, kind) {
        case (.en, .copy): "Copies · \(count) files"
        case (.en, .burst): "Burst · \(count) photos"
        case (.en, .similar): "Similar · \(count) photos"
        case (.ko, .copy): "사본 · 파일 \(count)개"
        case (.ko, .burst): "연사 · \(count)장"
        case (.ko, .similar): "비슷한 사진 · \(count)장"
        }
    }

    /// What the first of a group is: "original" for copies, else "best".
    func bestLabel(_ kind: SimilarGroup.Kind) -> String {
        switch (self, kind) {
        case (.en, .copy): "original"
        case (.en, _): "best"
        case (.ko, .copy): "원본"
        case (.ko, _): "가장 좋은 사진"
        }
    }

    func moreGroups(_ count: Int) -> String { self == .en ? "and \(count) more groups" : "그 밖에 \(count)묶음" }

    /// The index's link: "4 similar groups".
    func similarLink(_ count: Int) -> String {
        self == .en ? (count == 1 ? "1 similar group" : "\(count) similar groups") : "비슷한 사진 \(count)묶음"
    }
}
