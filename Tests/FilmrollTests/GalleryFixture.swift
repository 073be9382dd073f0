#if canImport(Glibc)
import Glibc
#endif
import Filmroll

/// A fresh folder under /tmp for one gallery, removed when the test is done with it.
final class GalleryFolder {
    let path: String

    init() {
        var template = Array("/tmp/filmroll-gallery-XXXXXX".utf8CString)
        path = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)) }
    }

    deinit {
        _ = system("rm -rf '\(path)'")
    }

    /// The text of a file of the gallery ("index.html", "days/2025-04-10.html").
    func text(_ relative: String) throws -> String {
        String(decoding: try FileBytes.read(path + "/" + relative), as: UTF8.self)
    }

    /// The last modification time of a file of the gallery, in nanoseconds.
    func modificationTime(_ relative: String) -> Int {
        var status = stat()
        guard stat(path + "/" + relative, &status) == 0 else { return -1 }
        return status.st_mtim.tv_sec * 1_000_000_000 + status.st_mtim.tv_nsec
    }

    /// Writes every image the days name, as real JPEGs and GIFs of the sizes they give.
    func makeImages(for days: [GalleryDay]) throws {
        var seed = 0
        func make(_ relative: String, _ size: PixelSize) throws {
            let target = path + "/" + relative
            try Folders.create(String(target[..<target.lastIndex(of: "/")!]))
            seed += 1
            let bytes = relative.hasSuffix(".gif")
                ? try GIFAnimator().encode([GallerySamples.picture(size, seed: seed), GallerySamples.picture(size, seed: seed + 3)],
                                           delays: [50, 50])
                : try ImageEncoder.encode(GallerySamples.picture(size, seed: seed), as: .jpeg(JPEGEncodingOptions()))
            try AtomicFile.write(bytes, to: target)
        }
        for day in days {
            for photo in day.photos {
                try make(photo.thumbnail, photo.thumbnailSize)
                try make(photo.large, photo.largeSize)
            }
            if let fourCut = day.fourCut { try make(fourCut, day.fourCutSize ?? PixelSize(width: 600, height: 1800)) }
            if let animation = day.animation { try make(animation, day.animationSize ?? PixelSize(width: 320, height: 240)) }
        }
    }
}

/// Days of photos to build galleries from, with names that need escaping and encoding.
enum GallerySamples {
    static let awkwardName = "<b>&\"x.jpg"
    static let hangulName = "한글 사진 #1.jpg"

    static func date(_ iso: String) -> DayDate { DayDate(iso: iso)! }

    /// A landscape photo taken on `day` at `hour`:`minute`, with thumbnails in thumbs/ and large views in large/.
    static func photo(_ name: String, _ day: String, _ hour: Int, _ minute: Int = 0,
                      camera: String? = "Canon EOS 40D", offset: Int? = 540) -> GalleryPhoto {
        let date = DayDate(iso: day)!
        let stem = name.lastIndex(of: ".").map { String(name[..<$0]) } ?? name
        return GalleryPhoto(
            name: name,
            thumbnail: "thumbs/\(date.year)/\(stem)_256.jpg",
            large: "large/\(date.year)/\(stem)_1024.jpg",
            thumbnailSize: PixelSize(width: 256, height: 192),
            largeSize: PixelSize(width: 1024, height: 768),
            taken: CaptureDate(year: date.year, month: date.month, day: date.day, hour: hour, minute: minute, second: 5,
                               utcOffsetMinutes: offset),
            camera: camera)
    }

    /// Four days over two months: one with a four-cut sheet and an animation
    /// and awkward names, one photo without date or camera, one with a video.
    static var days: [GalleryDay] {
        [
            GalleryDay(date: date("2025-03-30"),
                       photos: [photo("IMG_0100.JPG", "2025-03-30", 9), photo("IMG_0101.JPG", "2025-03-30", 10)],
                       animation: "animations/2025-03-30.gif", animationSize: PixelSize(width: 320, height: 240)),
            GalleryDay(date: date("2025-04-10"),
                       photos: [photo(hangulName, "2025-04-10", 8, 15), photo(awkwardName, "2025-04-10", 9, 30),
                                photo("IMG_0001.HEIC", "2025-04-10", 12), photo("IMG_0002.HEIC", "2025-04-10", 14, 45),
                                photo("100% sure?.jpg", "2025-04-10", 18, 5, camera: "Apple iPhone 15 Pro")],
                       fourCut: "fourcut/2025-04-10 four cut.jpg", fourCutSize: PixelSize(width: 600, height: 1800),
                       animation: "animations/2025-04-10.gif", animationSize: PixelSize(width: 320, height: 240)),
            GalleryDay(date: date("2025-04-11"),
                       photos: [GalleryPhoto(name: "scan.png", thumbnail: "thumbs/scan_256.jpg", large: "large/scan_1024.jpg",
                                             thumbnailSize: PixelSize(width: 192, height: 256),
                                             largeSize: PixelSize(width: 768, height: 1024))]),
            GalleryDay(date: date("2025-04-20"),
                       photos: (0..<4).map { photo("IMG_02\($0)0.JPG", "2025-04-20", 11 + $0) },
                       fourCut: "fourcut/2025-04-20.jpg", fourCutSize: PixelSize(width: 600, height: 1800),
                       animation: "animations/2025-04-20.mp4"),
        ]
    }

    /// A colourful picture (a diagonal gradient with a disc) that differs with `seed`.
    static func picture(_ size: PixelSize, seed: Int) -> Image {
        let (width, height) = (size.width, size.height)
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        let hue = [(230, 90, 60), (60, 150, 220), (80, 190, 110), (240, 180, 50), (170, 90, 200)][seed % 5]
        let radius = min(width, height) / 3
        for y in 0..<height {
            for x in 0..<width {
                let shade = 128 + 127 * (x + y) / (width + height)
                let dx = x - width / 2, dy = y - height / 2
                let inside = dx * dx + dy * dy < radius * radius
                let offset = (y * width + x) * 3
                pixels[offset] = UInt8(inside ? 255 - hue.0 / 2 : hue.0 * shade / 255)
                pixels[offset + 1] = UInt8(inside ? 255 - hue.1 / 2 : hue.1 * shade / 255)
                pixels[offset + 2] = UInt8(inside ? 255 - hue.2 / 2 : hue.2 * shade / 255)
            }
        }
        return Image(width: width, height: height, format: .rgb8, pixels: pixels)
    }
}

/// Finds the links of a page without a regular expression: the values of
/// every src, href and srcset attribute, entity-decoded.
enum PageLinkScanner {
    static func urls(in html: String) -> [String] {
        var urls: [String] = []
        for attribute in [" src=\"", " href=\"", " srcset=\""] {
            var rest = Substring(html)
            while let start = rest.firstRange(of: attribute) {
                rest = rest[start.upperBound...]
                guard let end = rest.firstIndex(of: "\"") else { break }
                let value = unescape(String(rest[..<end]))
                if attribute == " srcset=\"" {
                    urls += value.split(separator: ",").compactMap { $0.split(separator: " ").first.map(String.init) }
                } else {
                    urls.append(value)
                }
                rest = rest[end...]
            }
        }
        return urls
    }

    /// The values of every `name="…"` attribute (for alt and id checks).
    static func values(of name: String, in html: String) -> [String] {
        var values: [String] = []
        var rest = Substring(html)
        while let start = rest.firstRange(of: " \(name)=\"") {
            rest = rest[start.upperBound...]
            guard let end = rest.firstIndex(of: "\"") else { break }
            values.append(unescape(String(rest[..<end])))
            rest = rest[end...]
        }
        return values
    }

    /// How many times `needle` occurs in `text`.
    static func count(of needle: String, in text: String) -> Int {
        var count = 0
        var rest = Substring(text)
        while let found = rest.firstRange(of: needle) {
            count += 1
            rest = rest[found.upperBound...]
        }
        return count
    }

    static func unescape(_ text: String) -> String {
        text.replacing("&lt;", with: "<").replacing("&gt;", with: ">").replacing("&quot;", with: "\"")
            .replacing("&#39;", with: "'").replacing("&amp;", with: "&")
    }
}
