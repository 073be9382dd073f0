#if canImport(Glibc)
import Glibc
#endif
import FilmrollCLI
import Imaging
import Testing
import TestSupport

@Suite(.serialized) struct ThumbsCommandTests {
    /// A folder with copies of a few fixtures (the store goes inside it).
    static func photoFolder(_ files: [String]) throws -> TemporaryFolder {
        let folder = TemporaryFolder()
        for file in files {
            let name = file.split(separator: "/").last.map(String.init)!
            try folder.write(try Fixtures.bytes(file), as: name)
        }
        return folder
    }

    static func jsonLines(_ text: String) -> [String] { text.split(separator: "\n").map(String.init) }

    @Test func outMirrorsTheTreeWithExactSizes() throws {
        let out = TemporaryFolder()
        let (code, runner) = CommandRunner.run("thumbs", Fixtures.path("orientation"), "--size", "64,32",
                                               "--out", out.path, "--no-cache", "--quiet")
        #expect(code == .success, "\(runner.stderr)")
        for orientation in 1...8 {
            for (size, expected) in [(64, PixelSize(width: 64, height: 48)), (32, PixelSize(width: 32, height: 24))] {
                let image = try ImageDecoder.decode(contentsOf: out.file("orientation-\(orientation)_\(size).jpg"))
                #expect(image.image.size == expected)
                #expect(!image.info.metadata.hasOrientationTag)
            }
        }
        #expect(out.names().contains("upright_64.jpg"))
    }

    @Test func portraitLandscapeNoUpscaleAndCover() throws {
        let out = TemporaryFolder()
        let inputs = ["dated/IMG_0004.jpg", "png/gray-exif.png", "gif/still.gif"].map(Fixtures.path)
        _ = CommandRunner.run(["thumbs"] + inputs + ["--size", "80", "--out", out.path, "--no-cache", "--quiet"])
        #expect(try ImageDecoder.readInfo(contentsOf: out.file("IMG_0004_80.jpg")).storedSize == PixelSize(width: 80, height: 60))
        #expect(try ImageDecoder.readInfo(contentsOf: out.file("gray-exif_80.jpg")).storedSize == PixelSize(width: 16, height: 24))
        #expect(try ImageDecoder.readInfo(contentsOf: out.file("still_80.jpg")).storedSize == PixelSize(width: 16, height: 16))

        let covered = TemporaryFolder()
        _ = CommandRunner.run(["thumbs"] + inputs + ["--size", "12", "--fit", "cover", "--format", "png", "--out", covered.path, "--no-cache"])
        for name in ["IMG_0004_12.png", "gray-exif_12.png", "still_12.png"] {
            #expect(try ImageDecoder.readInfo(contentsOf: covered.file(name)).storedSize == PixelSize(width: 12, height: 12))
        }
        let enlarged = TemporaryFolder()
        _ = CommandRunner.run("thumbs", Fixtures.path("gif/still.gif"), "--size", "40", "--upscale", "--out", enlarged.path, "--no-cache")
        #expect(try ImageDecoder.readInfo(contentsOf: enlarged.file("still_40.jpg")).storedSize == PixelSize(width: 40, height: 40))
    }

    @Test func secondRunMakesNothingAndATouchedPhotoIsRemade() throws {
        let folder = try Self.photoFolder(["dated/IMG_0001.jpg", "dated/IMG_0002.jpg", "dated/IMG_0003.jpg"])
        let (firstCode, first) = CommandRunner.run("thumbs", folder.path, "--size", "64,32", "--json")
        #expect(firstCode == .success)
        let firstLines = Self.jsonLines(first.stdout)
        #expect(firstLines.count == 6)
        #expect(firstLines.allSatisfy { $0.contains(#""status":"made""#) })
        #expect(first.stderr.hasPrefix("6 thumbnails: 6 made, 0 cached, 0 failed in "))
        #expect(first.stderr.contains("; in \(folder.path)/.filmroll/thumbs"))

        let (_, second) = CommandRunner.run("thumbs", folder.path, "--size", "64,32", "--json")
        #expect(Self.jsonLines(second.stdout).allSatisfy { $0.contains(#""status":"cached""#) })
        #expect(second.stderr.hasPrefix("6 thumbnails: 0 made, 6 cached, 0 failed"))
        // Cached entries report the same paths and sizes as when they were made.
        #expect(Set(Self.jsonLines(second.stdout).map { $0.replacingStatus() })
                == Set(firstLines.map { $0.replacingStatus() }))

        var times = [timespec(tv_sec: 1_700_000_000, tv_nsec: 0), timespec(tv_sec: 1_700_000_000, tv_nsec: 0)]
        #expect(utimensat(AT_FDCWD, folder.file("IMG_0002.jpg"), &times, 0) == 0)
        let (_, third) = CommandRunner.run("thumbs", folder.path, "--size", "64,32", "--json")
        let made = Self.jsonLines(third.stdout).filter { $0.contains(#""status":"made""#) }
        #expect(made.count == 2)
        #expect(made.allSatisfy { $0.contains("IMG_0002.jpg") })
    }

    @Test func outputsAreCopiedFromTheStoreOnRerun() throws {
        let folder = try Self.photoFolder(["jpeg/photo.jpg"])
        let out = TemporaryFolder()
        _ = CommandRunner.run("thumbs", folder.path, "--out", out.path, "--quiet")
        let made = try FileBytes.read(out.file("photo_256.jpg"))
        #expect(unlink(out.file("photo_256.jpg")) == 0)
        let (code, runner) = CommandRunner.run("thumbs", folder.path, "--out", out.path, "--json")
        #expect(code == .success)
        #expect(runner.stdout.contains(#""status":"cached""#))
        #expect(try FileBytes.read(out.file("photo_256.jpg")) == made)
    }

    @Test func tinyCacheLimitEvictsTheStore() throws {
        let folder = try Self.photoFolder(["dated/IMG_0001.jpg", "dated/IMG_0005.jpg", "dated/IMG_0006.jpg"])
        let store = TemporaryFolder()
        let (code, _) = CommandRunner.run("thumbs", folder.path, "--cache-dir", store.path, "--cache-limit", "1KB", "--quiet")
        #expect(code == .success)
        let usage = ThumbnailStore(directory: store.path).usage()
        #expect(usage.bytes <= 1000)
        #expect(usage.files < 3)
    }

    @Test func aBrokenPhotoDoesNotStopTheBatch() throws {
        let folder = try Self.photoFolder(["jpeg/truncated.jpg", "dated/IMG_0001.jpg", "bad/not-an-image.jpg", "gif/animated.gif"])
        let out = TemporaryFolder()
        let (code, runner) = CommandRunner.run("thumbs", folder.path, "--out", out.path, "--no-cache", "--size", "32")
        #expect(code == .failure)
        #expect(runner.stderr.formatListElided.sortedLines() == """
            filmroll: \(folder.path)/not-an-image.jpg: not an image Filmroll reads (…)
            filmroll: \(folder.path)/truncated.jpg: truncated JPEG: the image data ends at row 64 of 240; the rest would be grey (Premature end of JPEG file; Corrupt JPEG data: premature end of data segment)

            """.sortedLines())
        #expect(out.names() == ["IMG_0001_32.jpg", "animated_32.jpg"])
        #expect(runner.stdout.hasPrefix("2 thumbnails: 2 made, 0 cached, 2 failed in "))
    }

    @Test func outputsNeverReplaceAnInput() throws {
        let folder = try Self.photoFolder(["dated/IMG_0001.jpg"])
        // A photo whose name is what a thumbnail would be called.
        let decoy = try Fixtures.bytes("jpeg/photo.jpg")
        try folder.write(decoy, as: "IMG_0001_32.jpg")
        let (code, runner) = CommandRunner.run("thumbs", folder.file("IMG_0001.jpg"), folder.file("IMG_0001_32.jpg"),
                                               "--out", folder.path, "--size", "32", "--no-cache")
        #expect(code == .failure)
        #expect(runner.stderr.contains("refusing to overwrite the input photo"))
        #expect(try FileBytes.read(folder.file("IMG_0001_32.jpg")) == decoy)
    }

    @Test func xdgThumbnailsForFileManagers() throws {
        let folder = try Self.photoFolder(["jpeg/photo.jpg", "jpeg/truncated.jpg"])
        let cache = TemporaryFolder()
        setenv("XDG_CACHE_HOME", cache.path, 1)
        defer { unsetenv("XDG_CACHE_HOME") }
        let (code, _) = CommandRunner.run("thumbs", folder.path, "--xdg", "--no-cache", "--json")
        #expect(code == .failure)
        let uri = XDGThumbnail.fileURI(forAbsolutePath: folder.file("photo.jpg"))
        let name = XDGThumbnail.fileName(forURI: uri)
        let large = cache.path + "/thumbnails/large/" + name
        let bytes = try FileBytes.read(large)
        #expect(try ImageDecoder.readInfo(bytes).storedSize == PixelSize(width: 256, height: 192))
        #expect(bytes.firstRange(of: Array("tEXtThumb::URI\0\(uri)".utf8)) != nil)
        #expect(try ImageDecoder.readInfo(contentsOf: cache.path + "/thumbnails/normal/" + name).storedSize
                == PixelSize(width: 128, height: 96))
        let failedName = XDGThumbnail.fileName(forURI: XDGThumbnail.fileURI(forAbsolutePath: folder.file("truncated.jpg")))
        #expect(FileBytes.exists(cache.path + "/thumbnails/fail/filmroll-\(CLI.version)/" + failedName))
    }

    @Test(arguments: ["jpeg", "png"])
    func keepMetadataCarriesEXIFUpright(format: String) throws {
        let out = TemporaryFolder()
        let (code, _) = CommandRunner.run("thumbs", Fixtures.path("dated/IMG_0004.jpg"), "--size", "80", "--out", out.path,
                                          "--no-cache", "--keep-metadata", "--format", format)
        #expect(code == .success)
        let ext = format == "png" ? "png" : "jpg"
        let decoded = try ImageDecoder.decode(contentsOf: out.file("IMG_0004_80.\(ext)"))
        #expect(decoded.image.size == PixelSize(width: 80, height: 60))
        #expect(decoded.info.metadata.hasOrientationTag)
        #expect(decoded.info.metadata.orientation == .up)
        #expect(decoded.info.metadata.captureDate?.iso8601 == "2025-04-11T08:00:00+09:00")
        #expect(decoded.info.metadata.camera == "Filmroll Fixture Cam")

        let plain = TemporaryFolder()
        _ = CommandRunner.run("thumbs", Fixtures.path("dated/IMG_0004.jpg"), "--size", "80", "--out", plain.path,
                              "--no-cache", "--format", format)
        let bare = try ImageDecoder.readInfo(contentsOf: plain.file("IMG_0004_80.\(ext)")).metadata
        #expect(bare.captureDate == nil && bare.make == nil && !bare.hasOrientationTag)
    }

    @Test(arguments: [
        ["thumbs"],
        ["thumbs", "x", "--size", "0"],
        ["thumbs", "x", "--size", "256,abc"],
        ["thumbs", "x", "--format", "webp"],
        ["thumbs", "x", "--fit", "fill"],
        ["thumbs", "x", "--cache-limit", "lots"],
        ["thumbs", "x", "--no-cache"],
    ])
    func badOptionsAreUsageErrors(arguments: [String]) {
        let (code, runner) = CommandRunner.run(arguments)
        #expect(code == .usage)
        #expect(runner.stderr.contains("Usage: filmroll thumbs "))
    }
}

extension String {
    func replacingStatus() -> String {
        replacing(#""status":"cached""#, with: "").replacing(#""status":"made""#, with: "")
    }

    func sortedLines() -> String {
        split(separator: "\n").sorted().joined(separator: "\n") + "\n"
    }
}

@Suite struct OutputFolderEscapeTests {
    @Test func symlinkInsideOutIsNotFollowedOutside() throws {
        let photos = TemporaryFolder()
        try Folders.create(photos.file("trip"))
        try photos.write(try Fixtures.bytes("dated/IMG_0001.jpg"), as: "trip/a.jpg")
        let out = TemporaryFolder(), elsewhere = TemporaryFolder()
        #expect(symlink(elsewhere.path, out.file("trip")) == 0)
        let (code, runner) = CommandRunner.run("thumbs", photos.path, "--out", out.path, "--no-cache", "--size", "32")
        #expect(code == .failure)
        #expect(runner.stderr.contains("a symbolic link leads outside \(out.path)"))
        #expect(elsewhere.names().isEmpty)
    }
}
