import Foundation
import Glibc
import Imaging
import Testing

@Suite struct XDGThumbnailTests {
    @Test func fileNameIsTheMD5OfTheURI() {
        let uri = XDGThumbnail.fileURI(forAbsolutePath: "/home/jens/photos/me.png")
        #expect(uri == "file:///home/jens/photos/me.png")
        #expect(XDGThumbnail.fileName(forURI: uri) == "c6ee772d9e49320e97ec29a7eb5b1697.png")
    }

    /// Expected URIs are what GLib 2.74's `g_filename_to_uri(path, NULL, NULL)` returns.
    @Test(arguments: [
        ("/tmp/a b/한글 #%?.jpg", "file:///tmp/a%20b/%ED%95%9C%EA%B8%80%20%23%25%3F.jpg"),
        ("/x/!$&'()*+,;=:@~-._", "file:///x/!$&'()*+,%3B=:@~-._"),
        ("/photos/\"<>[\\]^`{|}.png", "file:///photos/%22%3C%3E%5B%5C%5D%5E%60%7B%7C%7D.png"),
        ("/tab\there\u{7F}", "file:///tab%09here%7F"),
        ("/Café/100%.JPG", "file:///Caf%C3%A9/100%25.JPG"),
    ])
    func uriEscapesLikeGLib(path: String, uri: String) {
        #expect(XDGThumbnail.fileURI(forAbsolutePath: path) == uri)
    }

    @Test func uriOfEveryASCIIByteMatchesGLib() {
        let path = "/" + String(decoding: (1...127).filter { $0 != UInt8(ascii: "/") }, as: UTF8.self)
        let glib = "file:///%01%02%03%04%05%06%07%08%09%0A%0B%0C%0D%0E%0F%10%11%12%13%14%15%16%17%18%19%1A%1B%1C%1D%1E%1F"
            + "%20!%22%23$%25&'()*+,-.0123456789:%3B%3C=%3E%3F@ABCDEFGHIJKLMNOPQRSTUVWXYZ%5B%5C%5D%5E_%60"
            + "abcdefghijklmnopqrstuvwxyz%7B%7C%7D~%7F"
        #expect(XDGThumbnail.fileURI(forAbsolutePath: path) == glib)
    }

    @Test(arguments: [
        (["XDG_CACHE_HOME": "/var/cache/jens", "HOME": "/home/jens"], "/var/cache/jens/thumbnails"),
        (["XDG_CACHE_HOME": "/var/cache/jens/", "HOME": "/home/jens"], "/var/cache/jens/thumbnails"),
        (["XDG_CACHE_HOME": "relative/cache", "HOME": "/home/jens"], "/home/jens/.cache/thumbnails"),
        (["XDG_CACHE_HOME": "", "HOME": "/home/jens"], "/home/jens/.cache/thumbnails"),
        (["HOME": "/home/jens"], "/home/jens/.cache/thumbnails"),
    ])
    func cacheRoot(environment: [String: String], root: String) {
        #expect(XDGThumbnail.cacheRoot(environment: environment) == root)
    }

    @Test func writesThumbnailWithChunksAndPrivateModes() throws {
        // Given a cache root that does not exist yet
        let folder = try ScratchFolder()
        let root = folder.path + "/cache/thumbnails"
        let thumbnail = Image(width: 128, height: 96, format: .rgb8, pixels: [UInt8](repeating: 200, count: 128 * 96 * 3))

        // When a thumbnail is written
        try XDGThumbnail.write(thumbnail, size: .normal, sourcePath: "/home/jens/photos/me.png",
                               sourceMTimeSeconds: 1_700_000_000, root: root)

        // Then it sits under the size's folder, named by the URI's MD5, private to the owner
        let file = root + "/normal/c6ee772d9e49320e97ec29a7eb5b1697.png"
        #expect(try mode(of: file) == 0o600)
        for created in [folder.path + "/cache", root, root + "/normal"] {
            #expect(try mode(of: created) == 0o700, "\(created)")
        }
        let bytes = try FileBytes.read(file)
        #expect(bytes.firstRange(of: Array("tEXtThumb::URI\0file:///home/jens/photos/me.png".utf8)) != nil)
        #expect(bytes.firstRange(of: Array("tEXtThumb::MTime\01700000000".utf8)) != nil)
        #expect(bytes.firstRange(of: Array("tEXtSoftware\0Filmroll".utf8)) != nil)
        #expect(try ImageDecoder.decode(contentsOf: file).image.size == thumbnail.size)
        // No temporary file is left beside it
        #expect(try FileManager.default.contentsOfDirectory(atPath: root + "/normal") == ["c6ee772d9e49320e97ec29a7eb5b1697.png"])
    }

    @Test func rewritingReplacesTheThumbnail() throws {
        let folder = try ScratchFolder()
        let image = Image(width: 4, height: 4, format: .rgba8)
        try XDGThumbnail.write(image, size: .large, sourcePath: "/a.jpg", sourceMTimeSeconds: 1, root: folder.path)
        try XDGThumbnail.write(image, size: .large, sourcePath: "/a.jpg", sourceMTimeSeconds: 2, root: folder.path)
        let name = XDGThumbnail.fileName(forURI: "file:///a.jpg")
        let bytes = try FileBytes.read(folder.path + "/large/" + name)
        #expect(bytes.firstRange(of: Array("tEXtThumb::MTime\02".utf8)) != nil)
    }

    @Test func failureMarkerIsAnEmptyPNGInTheFailFolder() throws {
        // Given an existing cache root
        let folder = try ScratchFolder()

        // When a failure is recorded
        try XDGThumbnail.writeFailure(sourcePath: "/home/jens/photos/me.png", sourceMTimeSeconds: 42,
                                      root: folder.path, version: "1.2.0")

        // Then a 1×1 transparent PNG with the Thumb:: chunks sits in the app's fail folder
        let file = folder.path + "/fail/filmroll-1.2.0/c6ee772d9e49320e97ec29a7eb5b1697.png"
        #expect(try mode(of: file) == 0o600)
        #expect(try mode(of: folder.path + "/fail") == 0o700)
        #expect(try mode(of: folder.path + "/fail/filmroll-1.2.0") == 0o700)
        let bytes = try FileBytes.read(file)
        #expect(bytes.firstRange(of: Array("tEXtThumb::URI\0file:///home/jens/photos/me.png".utf8)) != nil)
        #expect(bytes.firstRange(of: Array("tEXtThumb::MTime\042".utf8)) != nil)
        let decoded = try ImageDecoder.decode(contentsOf: file).image
        #expect(decoded.size == PixelSize(width: 1, height: 1))
        #expect(decoded.format.hasAlpha)
        #expect(decoded.pixel(x: 0, y: 0).last == 0)
    }

    @Test func unwritableRootThrows() throws {
        let folder = try ScratchFolder()
        let blocker = folder.path + "/file"
        try AtomicFile.write([1], to: blocker)
        #expect(throws: ImagingError.self) {
            try XDGThumbnail.write(Image(width: 1, height: 1, format: .gray8), size: .normal,
                                   sourcePath: "/a.jpg", sourceMTimeSeconds: 0, root: blocker + "/thumbnails")
        }
    }

    /// The permission bits of `path`.
    private func mode(of path: String) throws -> mode_t {
        var status = stat()
        try #require(stat(path, &status) == 0, "cannot stat \(path)")
        return status.st_mode & 0o7777
    }
}

/// A folder made with `mkdtemp`, removed with everything in it when released.
private final class ScratchFolder {
    let path: String

    init() throws {
        var template = Array((FileManager.default.temporaryDirectory.path + "/filmroll-xdg-XXXXXX").utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buffer in
            mkdtemp(buffer.baseAddress!).map { String(cString: $0) }
        }
        path = try #require(made, "mkdtemp failed")
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }
}
