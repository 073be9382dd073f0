import Foundation
import Testing
import TestSupport

/// The heavy libraries (libheif, libjxl, FFmpeg, LibRaw, libtiff, FreeType with
/// fontconfig, libgeonames) are not linked: a command loads one when it first
/// needs it (CImaging/cimg_lazy.h). Seen from outside, in the dynamic
/// loader's own log (LD_DEBUG=files) of the real binary.
@Suite struct LazyLibraryTests {
    /// The shared objects loaded on first use, as the loader's log names them.
    static let lazyObjects = ["libheif.so", "libjxl.so", "libjxl_threads.so", "libavformat.so", "libavcodec.so",
                              "libswscale.so", "libswresample.so", "libavutil.so", "libraw_r.so", "libtiff.so",
                              "libfreetype.so", "libfontconfig.so", "libgeonames.so"]

    /// Runs filmroll under LD_DEBUG=files: the run and the objects it loaded
    /// ("libsqlite3.so.0", …), from the loader's "file=NAME [0];" lines.
    static func loaded(_ arguments: String...) throws -> (run: BinaryRun, objects: Set<String>) {
        try loaded(arguments)
    }

    static func loaded(_ arguments: [String]) throws -> (run: BinaryRun, objects: Set<String>) {
        let run = try BinaryRun.run(arguments, environment: ["LD_DEBUG": "files"])
        var objects = Set<String>()
        for line in run.errorLines {
            guard let start = line.range(of: "file=") else { continue }
            let name = line[start.upperBound...].prefix { $0 != " " && $0 != "\t" && $0 != ";" }
            objects.insert(String(name.split(separator: "/").last ?? name))
        }
        return (run, objects)
    }

    /// The lazily loaded objects among `objects` ("libheif.so.1", …).
    static func lazy(in objects: Set<String>) -> [String] {
        objects.filter { object in lazyObjects.contains { object.hasPrefix($0) } }.sorted()
    }

    @Test func versionLoadsNoneOfThem() throws {
        let (run, objects) = try Self.loaded("--version")
        #expect(run.status == 0)
        // The log is read: the linked libraries are in it.
        #expect(objects.contains { $0.hasPrefix("libsqlite3.so") }, "no loader log: \(run.stderr.prefix(300))")
        #expect(Self.lazy(in: objects).isEmpty, "loaded: \(Self.lazy(in: objects))")
        // … and --version still names them, by the version built against.
        for library in ["libheif", "libjxl", "FFmpeg", "LibRaw", "libtiff", "FreeType"] {
            #expect(try run.stdout.contains(Regex("(\\(|, )\(library) [0-9]+\\.[0-9]+")), "\(library) missing")
        }
    }

    @Test func catalogQueriesLoadNoneOfThem() throws {
        let folder = TemporaryFolder()
        for index in 1...3 { try folder.write(try Fixtures.bytes("dated/IMG_000\(index).jpg"), as: "IMG_000\(index).jpg") }
        #expect(try BinaryRun.run("index", folder.path).status == 0)
        for arguments in [["stats", folder.path], ["ls", folder.path], ["calendar", folder.path, "--month", "2025-04"],
                          ["show", folder.file("IMG_0001.jpg")]] {
            let (run, objects) = try Self.loaded(arguments)
            #expect(run.status == 0, "\(arguments): \(run.errorLines.filter { !$0.contains("file=") }.prefix(3))")
            #expect(objects.contains { $0.hasPrefix("libsqlite3.so") }, "no loader log")
            let loaded = Self.lazy(in: objects)
            #expect(loaded.isEmpty, "\(arguments[0]) loaded \(loaded)")
        }
    }

    @Test(arguments: [("phone/quadrants.heic", "libheif.so"), ("jxl/photo.jxl", "libjxl.so"),
                      ("raw/camera.dng", "libraw_r.so"), ("tiff/gray8.tif", "libtiff.so")])
    func decodingLoadsItsLibraryOnly(photo: String, object: String) throws {
        let (run, objects) = try Self.loaded("info", Fixtures.path(photo))
        #expect(run.status == 0, "\(run.errorLines.filter { !$0.contains("file=") }.prefix(3))")
        // Loaded by dlopen, by its versioned name (the SONAME the table was made with).
        let own = run.errorLines.first { $0.contains("file=" + object + ".") && $0.contains("dynamically loaded by") }
        #expect(own != nil, "\(object) not loaded for \(photo)")
        #expect(!Self.lazy(in: objects).contains { $0.hasPrefix("libavcodec.so") }, "FFmpeg loaded for \(photo)")
    }

    @Test func videoLoadsFFmpeg() throws {
        let (run, objects) = try Self.loaded("info", Fixtures.root + "/Tests/Videos/full-range.mp4")
        #expect(run.status == 0, "\(run.errorLines.filter { !$0.contains("file=") }.prefix(3))")
        #expect(objects.contains { $0.hasPrefix("libavformat.so.") } && objects.contains { $0.hasPrefix("libavcodec.so.") })
    }

    /// A library that cannot be loaded is one line naming it and the photo;
    /// the other formats are read as before.
    @Test func missingLibraryIsOneLine() throws {
        let fakes = TemporaryFolder()
        // An empty file is found first in LD_LIBRARY_PATH, and is not a library.
        for name in ["libheif.so.1", "libheif.so"] { try fakes.write([], as: name) }
        let photo = Fixtures.path("phone/quadrants.heic")
        let heic = try BinaryRun.run(["info", photo], environment: ["LD_LIBRARY_PATH": fakes.path])
        #expect(heic.status == 1, "status \(heic.status): \(heic.stderr)")
        #expect(heic.errorLines.count == 1, "\(heic.stderr)")
        let line = try #require(heic.errorLines.first)
        #expect(line.contains(photo) && line.contains("cannot load libheif: "), "\(line)")
        let jpeg = try BinaryRun.run(["info", Fixtures.path("jpeg/photo.jpg")], environment: ["LD_LIBRARY_PATH": fakes.path])
        #expect(jpeg.status == 0, "\(jpeg.stderr)")
        #expect(try BinaryRun.run(["--version"], environment: ["LD_LIBRARY_PATH": fakes.path]).status == 0)
    }

    /// CImaging/cimg_lazy_*.h are what Scripts/make-lazy-symbols.py makes of
    /// the shims and the libraries installed.
    @Test func tablesAreCurrent() {
        let check = shell("cd '\(Fixtures.root)' && python3 Scripts/make-lazy-symbols.py --check 2>&1")
        #expect(check.status == 0, "\(check.output)")
    }
}
