/// undated.html: the photos and videos with no date in them or in their
/// name (`CaptureDateSource.fileTime`). Their file's time is when they were
/// copied or saved, not when they were taken, so they are on no day, month
/// or year; they are listed here by name, each linking its photo page
/// (`PhotoPage` without a day) and opening in the full-screen viewer (a
/// video playing its clip there).
/// Written only when there is one; the index links it.
struct UndatedPage: PageRendering {
    /// In order of their names.
    var photos: [GalleryPhoto]
    var options: GalleryOptions

    let path = GalleryPaths.undated
    let mark = GalleryMark.page
    private var locale: GalleryLocale { options.locale }
    private let links = PageLinks(toRoot: "")

    var key: String {
        var fingerprint = PageFingerprint(path: path, options: options)
        fingerprint.add(photos.count)
        for photo in photos { fingerprint.add(PhotoDigests.digest(photo)) }
        return fingerprint.key
    }

    var text: String {
        let title = locale.undatedHeading
        let items = photos.map { photo in
            """
            <li id="\(HTMLEscaping.escape(DayPage.anchor(photo)))"><figure>
            <a href="\(links.url(photo.page ?? photo.large))"\(GalleryViewerMarkup.attributes(of: photo, links: links, locale: locale))><img src="\(links.url(photo.thumbnail))" \
            alt="\(HTMLEscaping.escape(photo.name))"\(Self.size(photo.thumbnailSize)) loading="lazy" decoding="async"></a>
            <figcaption><span class="name"><bdi>\(HTMLEscaping.escape(photo.name))</bdi></span></figcaption>
            </figure></li>
            """
        }
        let body = """
            <header class="site"><a href="\(links.url(GalleryPaths.index))">\(HTMLEscaping.escape(options.title))</a></header>
            <main id="main">
            <h1>\(HTMLEscaping.escape(title))</h1>
            <p class="summary">\(HTMLEscaping.escape(locale.undatedExplanation(photos.count)))</p>
            <ul class="photos">
            \(items.joined(separator: "\n"))
            </ul>
            </main>
            \(GalleryViewerMarkup.template(locale: locale))
            <script src="\(links.url(GalleryPaths.script))"></script>
            """
        return PageShell(locale: locale, title: title + " · " + options.title, links: links).document(body: body)
    }

    private static func size(_ size: PixelSize) -> String {
        size.width > 0 && size.height > 0 ? " width=\"\(size.width)\" height=\"\(size.height)\"" : ""
    }
}

extension GalleryLocale {
    /// The Undated page's heading.
    var undatedHeading: String { self == .en ? "Undated" : "날짜 없음" }

    /// What the Undated page holds and why.
    func undatedExplanation(_ count: Int) -> String {
        switch self {
        case .en:
            (count == 1 ? "1 photo or video" : "\(count) photos and videos")
                + " with no date inside the file or in its name. The file's time is when it was copied or saved, so it is not used."
        case .ko: "파일 안에도 이름에도 날짜가 없는 사진과 동영상 \(count)개. 파일 시각은 복사하거나 저장한 때라서 쓰지 않았습니다."
        }
    }

    /// An undated photo page's "Taken" row.
    var undatedTakenNote: String {
        self == .en ? "No date in the file or in its name" : "파일 안에도 이름에도 날짜가 없음"
    }

    /// The index's link to the Undated page: "3 undated".
    func undatedLink(_ count: Int) -> String { self == .en ? "\(count) undated" : "날짜 없음 \(count)개" }

    /// Said after a time whose date was guessed: "date from the file name".
    func guessedDateNote(_ source: CaptureDateSource) -> String? {
        source == .fileName || source == .fileTime ? dateSourceNote(source) : nil
    }
}
