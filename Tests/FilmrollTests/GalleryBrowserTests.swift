#if canImport(Glibc)
import Glibc
#endif
import Filmroll
import TestSupport
import Testing

/// Chromium, found in the usual places, or installed with apt-get when the
/// tests run as root with FILMROLL_INSTALL_CHROMIUM=1.
enum Chromium {
    static let binary: String? = find() ?? (installAllowed && install() ? find() : nil)

    static let unavailable: Comment = """
        chromium is not installed: install the Debian package chromium, or run the tests as root \
        with FILMROLL_INSTALL_CHROMIUM=1 to have them install it
        """

    private static func find() -> String? {
        ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/snap/bin/chromium", "/usr/local/bin/chromium"]
            .first { access($0, X_OK) == 0 }
    }

    private static var installAllowed: Bool {
        getuid() == 0 && access("/usr/bin/apt-get", X_OK) == 0
            && getenv("FILMROLL_INSTALL_CHROMIUM").map { String(cString: $0) } == "1"
    }

    private static func install() -> Bool {
        system("apt-get install -y chromium > /dev/null 2>&1") == 0
            || system("(apt-get update && apt-get install -y chromium) > /dev/null 2>&1") == 0
    }

    /// Runs headless Chromium on `page` with `arguments`, standard output to `output`.
    /// - Returns: whether it exited with status 0 within two minutes.
    static func run(_ arguments: String, page: String, output: String, profile: String) -> Bool {
        guard let binary else { return false }
        let command = "timeout 120 '\(binary)' --headless=new --no-sandbox --disable-gpu --hide-scrollbars "
            + "--no-first-run --disable-extensions --user-data-dir='\(profile)' --virtual-time-budget=5000 "
            + "\(arguments) 'file://\(page)' > '\(output)' 2> '\(output).log'"
        return system(command) == 0
    }
}

/// The gallery as a real browser shows it: screenshots of the index, a
/// year, a month and a day page and the Korean index are kept in
/// .build/test-artifacts/, with the galleries beside them.
@Suite(.serialized) struct GalleryBrowserTests {
    static let artifacts = Fixtures.root + "/.build/test-artifacts"

    /// One page to render: the gallery it is in, its path there, the screenshot's name, its images.
    struct Rendering {
        var gallery: String
        var page: String
        var name: String
        var images: Int
    }

    @Test(.enabled(if: Chromium.binary != nil, Chromium.unavailable))
    func chromiumRendersIndexAndDayPage() throws {
        // Given galleries with real images, written where a person can open them afterwards
        let days = GallerySamples.days
        let folder = GalleryFolder()
        try folder.makeImages(for: days)
        let title = "Spring <2025> & friends"
        let english = try Self.gallery("gallery", from: folder, days: days, options: GalleryOptions(title: title))
        let korean = try Self.gallery("gallery-ko", from: folder, days: days,
                                      options: GalleryOptions(title: title, weekStart: .sunday, locale: .ko))
        let renderings = [
            // The index: four days' and two months' covers; a day: its sheet, its animation, its photos and the viewer's image
            Rendering(gallery: english, page: "index.html", name: "gallery-index", images: 6),
            Rendering(gallery: english, page: "years/2025.html", name: "gallery-year", images: 2),
            // A month: its three days' covers and the viewer's image
            Rendering(gallery: english, page: "months/2025-04.html", name: "gallery-month", images: 3 + 1),
            Rendering(gallery: english, page: "days/2025-04-10.html", name: "gallery-day", images: 3 + days[1].photos.count),
            Rendering(gallery: korean, page: "index.html", name: "gallery-index-ko", images: 6),
        ]

        for rendering in renderings {
            // When Chromium renders the page
            let page = rendering.gallery + "/" + rendering.page
            let screenshot = Self.artifacts + "/" + rendering.name + ".png"
            _ = unlink(screenshot)   // an earlier run's, if any
            #expect(Chromium.run("--screenshot='\(screenshot)' --window-size=1280,2000", page: page,
                                 output: folder.path + "/" + rendering.name + ".out", profile: folder.path + "/profile"))

            // Then the screenshot is a picture, not one flat colour
            let image = try #require(try ImageDecoder.decode(contentsOf: screenshot).frames.first?.image)
            #expect(image.width == 1280 && image.height == 2000)
            #expect(Self.colourCount(image) > 50, "\(rendering.name).png is nearly flat")

            // And the DOM the browser built holds the page's images and the escaped title
            #expect(Chromium.run("--dump-dom", page: page, output: folder.path + "/" + rendering.name + ".dom",
                                 profile: folder.path + "/profile"))
            let dom = try folder.text(rendering.name + ".dom")
            #expect(dom.contains("Spring &lt;2025&gt; &amp; friends"))
            #expect(!dom.contains("<2025>"))
            #expect(PageLinkScanner.count(of: "<img ", in: dom) == rendering.images, "\(rendering.page)")
        }
    }

    /// The distinct colours on a 7-pixel lattice.
    private static func colourCount(_ image: Image) -> Int {
        var colours = Set<[UInt8]>()
        for y in stride(from: 0, to: image.height, by: 7) {
            for x in stride(from: 0, to: image.width, by: 7) { colours.insert(image.pixel(x: x, y: y)) }
        }
        return colours.count
    }

    /// A fresh gallery in the artifacts folder, with the images of `folder`.
    private static func gallery(_ name: String, from folder: GalleryFolder, days: [GalleryDay],
                                options: GalleryOptions) throws -> String {
        let gallery = artifacts + "/" + name
        _ = system("rm -rf '\(gallery)'")
        try Folders.create(gallery)
        _ = system("cp -R '\(folder.path)'/. '\(gallery)'/")
        _ = try GalleryWriter.write(days: days, options: options, to: gallery)
        return gallery
    }
}
