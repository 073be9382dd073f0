#if canImport(Glibc)
import Glibc
#endif
import Catalog
import Foundation
import Imaging
import Testing
import TestSupport

/// File names are the bytes the file system holds: a Latin-1 name from an
/// old camera, a byte that is no UTF-8 at all, and the NFC and NFD
/// spellings of one Korean name are each a photo of their own, end to end.
@Suite struct FileNameBytesTests {
    static let latin1: [UInt8] = Array("caf".utf8) + [0xE9] + Array(".jpg".utf8)
    static let badByte: [UInt8] = Array("bad".utf8) + [0xFF] + Array(".jpg".utf8)
    static let badFolder: [UInt8] = Array("dir".utf8) + [0xFF] + Array("bad".utf8)
    static let nfc = "\u{D55C}\u{AE00} \u{C0AC}\u{C9C4}.jpg"                       // 한글 사진.jpg, composed
    static let nfd = "\u{1112}\u{1161}\u{11AB}\u{1100}\u{1173}\u{11AF} \u{1109}\u{1161}\u{110C}\u{1175}\u{11AB}.jpg"

    /// A folder holding `caf\xE9.jpg`, `bad\xFF.jpg` and `dir\xFFbad/x.jpg`.
    static func latin1Folder() throws -> TemporaryFolder {
        let folder = TemporaryFolder()
        // Three pictures: byte copies would be one picture, folded into one tile.
        try folder.write(try Fixtures.repainted("dated/IMG_0001.jpg", seed: 1), as: PathBytes.decode(latin1))
        try folder.write(try Fixtures.repainted("dated/IMG_0001.jpg", seed: 2), as: PathBytes.decode(badByte))
        try Folders.create(folder.file(PathBytes.decode(badFolder)))
        try folder.write(try Fixtures.repainted("dated/IMG_0001.jpg", seed: 3), as: PathBytes.decode(badFolder) + "/x.jpg")
        return folder
    }

    /// The names in `folder` as raw bytes, read with readdir.
    static func rawNames(in folder: String) -> Set<[UInt8]> {
        guard let directory = opendir(folder) else { return [] }
        defer { closedir(directory) }
        var names: Set<[UInt8]> = []
        let offset = MemoryLayout<dirent>.offset(of: \dirent.d_name)!
        while let entry = readdir(directory) {
            let name = (UnsafeRawPointer(entry) + offset).assumingMemoryBound(to: UInt8.self)
            let bytes = Array(UnsafeBufferPointer(start: name, count: strlen(UnsafeRawPointer(name).assumingMemoryBound(to: CChar.self))))
            if bytes != [0x2E] && bytes != [0x2E, 0x2E] { names.insert(bytes) }
        }
        return names
    }

    @Test func pathBytesRoundTripEveryByteString() {
        var generator = SystemRandomNumberGenerator()
        for length in 0..<64 {
            for _ in 0..<50 {
                let bytes = (0..<length).map { _ in UInt8.random(in: 1...255, using: &generator) }
                #expect(PathBytes.encode(PathBytes.decode(bytes)) == bytes)
            }
        }
        // Valid UTF-8 of a scalar in the escape range itself (U+10FFFF: F4 8F BF BF) comes back too.
        let escapeLike: [UInt8] = [0x61, 0xF4, 0x8F, 0xBF, 0xBF, 0x62]
        #expect(PathBytes.encode(PathBytes.decode(escapeLike)) == escapeLike)
        #expect(PathBytes.decode(Array("한글 사진.jpg".utf8)) == "한글 사진.jpg")
        #expect(!PathBytes.hasEscapes(PathBytes.decode(Array("plain.jpg".utf8))))
    }

    @Test func foldersWithNamesThatAreNotUTF8AreWalkedAndNamed() throws {
        let folder = try Self.latin1Folder()
        let run = try BinaryRun.run(["info", "--json", folder.path])
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n")
        #expect(lines.count == 3)
        // JSON carries the bytes as lone surrogates, as Python's surrogateescape reads them.
        #expect(run.stdout.contains(#"caf\udce9.jpg""#))
        #expect(run.stdout.contains(#"bad\udcff.jpg""#))
        #expect(run.stdout.contains(#"dir\udcffbad/x.jpg""#))
        let human = try BinaryRun.run(["info", folder.path])
        #expect(human.stdout.contains("caf\\xE9.jpg: JPEG"))
        #expect(human.stdout.contains("dir\\xFFbad/x.jpg: JPEG"))
    }

    @Test func aNameThatIsNotUTF8NamedOnTheCommandLineIsThatFile() throws {
        let folder = try Self.latin1Folder()
        let run = shell("'\(InterruptionTests.binary)' info \"$(printf '\(folder.path)/caf\\351.jpg')\"")
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.contains("caf\\xE9.jpg: JPEG"))
        // convert writes the very bytes it was given as its output name.
        let convert = shell("cd '\(folder.path)' && '\(InterruptionTests.binary)' convert \"$(printf 'caf\\351.jpg')\" \"$(printf 'o\\377.png')\"")
        #expect(convert.status == 0, "\(convert.output)")
        #expect(Self.rawNames(in: folder.path).contains(Array("o".utf8) + [0xFF] + Array(".png".utf8)))
    }

    @Test func catalogAndGalleryKeepTheBytes() throws {
        let folder = try Self.latin1Folder()
        let run = try BinaryRun.run(["process", folder.path])
        #expect(run.status == 0, "\(run.stderr)")
        // The catalog holds the bytes themselves (hex of the stored text).
        let catalog = try CatalogLocator.open(folder: folder.path, path: nil, access: .read)
        let stored = Set(try catalog.database.rows("SELECT hex(path) FROM photos").compactMap { $0[0].string })
        #expect(stored == ["636166E92E6A7067", "626164FF2E6A7067", "646972FF6261642F782E6A7067"])
        // Thumbnails are named from the bytes, and pages link them percent-encoded from the bytes.
        let thumbs = Self.rawNames(in: folder.file(".filmroll/gallery/thumbs"))
        #expect(thumbs.contains(Array("caf".utf8) + [0xE9] + Array("_256.jpg".utf8)))
        #expect(thumbs.contains(Array("bad".utf8) + [0xFF] + Array("_256.jpg".utf8)))
        #expect(Self.rawNames(in: folder.file(".filmroll/gallery/thumbs/" + PathBytes.decode(Self.badFolder))).contains(Array("x_256.jpg".utf8)))
        let pages = Folders.names(in: folder.file(".filmroll/gallery/days")).filter { $0.hasSuffix(".html") }
        let html = try pages.map { String(decoding: try FileBytes.read(folder.file(".filmroll/gallery/days/" + $0)), as: UTF8.self) }
            .joined()
        #expect(html.contains("../thumbs/caf%E9_256.jpg"))
        #expect(html.contains("../thumbs/dir%FFbad/x_256.jpg"))
        #expect(html.contains("<bdi>caf\\xE9.jpg</bdi>"))
        // ls shows the byte escaped on the terminal.
        let list = try BinaryRun.run(["ls", folder.path])
        #expect(list.stdout.contains("bad\\xFF.jpg"))
    }

    @Test func nfcAndNFDNamesAreTwoPhotosAndADeletionIsNoticed() throws {
        let folder = TemporaryFolder()
        let photo = try Fixtures.bytes("dated/IMG_0001.jpg")
        try folder.write(photo, as: Self.nfc)
        try folder.write(photo + [0], as: Self.nfd)
        #expect(Self.rawNames(in: folder.path).count == 2)
        let first = try BinaryRun.run(["index", "--json", folder.path])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains("\"added\":2"))
        #expect(unlink(folder.file(Self.nfc)) == 0)
        let second = try BinaryRun.run(["index", "--json", folder.path])
        #expect(second.stdout.contains("\"missing\":1"), "\(second.stdout)")
        #expect(second.stdout.contains("\"unchanged\":1"), "\(second.stdout)")
        let stats = try BinaryRun.run(["stats", "--json", folder.path])
        #expect(stats.stdout.contains("\"missing\":1"), "\(stats.stdout)")
    }

    @Test func bidirectionalControlsInNamesAreShownNotObeyed() throws {
        let folder = TemporaryFolder()
        try folder.write(try Fixtures.bytes("dated/IMG_0001.jpg"), as: "photo\u{202E}gpj.exe.jpg")
        let run = try BinaryRun.run(["process", folder.path])
        #expect(run.status == 0, "\(run.stderr)")
        let list = try BinaryRun.run(["ls", folder.path])
        #expect(list.stdout.contains("photo\\u202Egpj.exe.jpg"))
        #expect(!list.stdout.unicodeScalars.contains("\u{202E}"))
        let pages = Folders.names(in: folder.file(".filmroll/gallery/days")).filter { $0.hasSuffix(".html") }
        let html = try pages.map { String(decoding: try FileBytes.read(folder.file(".filmroll/gallery/days/" + $0)), as: UTF8.self) }
            .joined()
        #expect(html.contains("<bdi>photo\\u202Egpj.exe.jpg</bdi>"))
        #expect(!html.unicodeScalars.contains("\u{202E}"))
        // JSON keeps the exact name for programs.
        let json = try BinaryRun.run(["ls", "--json", folder.path])
        #expect(json.stdout.unicodeScalars.contains("\u{202E}"))
    }
}
