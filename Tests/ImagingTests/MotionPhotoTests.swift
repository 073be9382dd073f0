#if canImport(Glibc)
import Glibc
#endif
import Imaging
import Testing
import TestSupport

/// A motion photo's video is found where Google's XMP, Samsung's trailer or
/// a HEIC's `mpvd` box says, checked to be an MP4 inside the file; a place
/// that lies is a warning naming what is wrong, and the still reads as ever.
@Suite struct MotionPhotoTests {
    static let cameraNamespace = "http://ns.google.com/photos/1.0/camera/"
    static let containerNamespace = "http://ns.google.com/photos/1.0/container/"
    static let itemNamespace = "http://ns.google.com/photos/1.0/container/item/"

    /// Enough of an MP4 to be found: an `ftyp` box, a `moov` stub and an `mdat`.
    static let mp4 = box("ftyp", Array("isom".utf8) + [0, 0, 2, 0] + Array("isomiso2avc1mp41".utf8))
        + box("moov", []) + box("mdat", [UInt8](repeating: 0x5A, count: 40))

    /// One `Container:Item`: its semantic, MIME type and length as written.
    typealias Item = (semantic: String, mime: String, length: String)

    static func motionItems(length: String) -> [Item] {
        [("Primary", "image/jpeg", "0"), ("MotionPhoto", "video/mp4", length)]
    }

    /// A Google Motion Photo packet: Camera:MotionPhoto and a Container:Directory
    /// whose items are attributes of `Container:Item` elements, as Pixels write them.
    static func googleXMP(_ items: [Item], flag: String = "1",
                          prefixes: (camera: String, container: String, item: String) = ("GCamera", "Container", "Item"))
        -> [UInt8] {
        let (camera, container, item) = prefixes
        let listed = items.map {
            "<rdf:li rdf:parseType=\"Resource\"><\(container):Item \(item):Mime=\"\($0.mime)\" "
                + "\(item):Semantic=\"\($0.semantic)\" \(item):Length=\"\($0.length)\" \(item):Padding=\"0\"/></rdf:li>"
        }
        return XMPFixtures.packet(attributes: """
            xmlns:\(camera)="\(cameraNamespace)" xmlns:\(container)="\(containerNamespace)" xmlns:\(item)="\(itemNamespace)"
            \(camera):MotionPhoto="\(flag)" \(camera):MotionPhotoVersion="1" \(camera):MotionPhotoPresentationTimestampUs="1466666"
            """, elements: "<\(container):Directory><rdf:Seq>\(listed.joined())</rdf:Seq></\(container):Directory>")
    }

    /// An older MicroVideo packet.
    static func microVideoXMP(offset: String) -> [UInt8] {
        XMPFixtures.packet(attributes: """
            xmlns:GCamera="\(cameraNamespace)" GCamera:MicroVideo="1" GCamera:MicroVideoVersion="1"
            GCamera:MicroVideoOffset="\(offset)" GCamera:MicroVideoPresentationTimestampUs="1466666"
            """)
    }

    static func still(_ xmp: [UInt8]? = nil) throws -> [UInt8] { try XMPFixtures.jpeg(xmp: xmp) }

    /// Reads `file`'s header, which must succeed with the 8×4 still whatever the video.
    static func info(_ file: [UInt8]) throws -> ImageInfo {
        let info = try ImageDecoder.readInfo(file)
        #expect(info.storedSize == PixelSize(width: 8, height: 4))
        return info
    }

    // MARK: Google

    @Test(arguments: [("GCamera", "Container", "Item"), ("Camera", "GContainer", "GContainerItem"), ("c", "d", "i")])
    func googleMotionPhotoIsTheFilesLastLengthBytes(camera: String, container: String, item: String) throws {
        let still = try Self.still(Self.googleXMP(Self.motionItems(length: "\(Self.mp4.count)"),
                                                  prefixes: (camera, container, item)))
        let info = try Self.info(still + Self.mp4)
        #expect(info.metadata.motionPhoto == MotionPhotoClip(kind: .google, byteRange: still.count..<still.count + Self.mp4.count))
        #expect(info.warnings.isEmpty)
    }

    @Test func itemFieldsWrittenAsElementsReadAlike() throws {
        let element = { (semantic: String, mime: String, length: Int) in
            "<rdf:li rdf:parseType=\"Resource\"><Container:Item rdf:parseType=\"Resource\"><Item:Semantic>\(semantic)"
                + "</Item:Semantic><Item:Mime>\(mime)</Item:Mime><Item:Length> \(length) </Item:Length></Container:Item></rdf:li>"
        }
        let xmp = XMPFixtures.packet(attributes: """
            xmlns:Camera="\(Self.cameraNamespace)" xmlns:Container="\(Self.containerNamespace)"
            xmlns:Item="\(Self.itemNamespace)" Camera:MotionPhoto="1"
            """, elements: "<Container:Directory><rdf:Seq>\(element("Primary", "image/jpeg", 0))"
                + "\(element("MotionPhoto", "video/mp4", Self.mp4.count))</rdf:Seq></Container:Directory>")
        let still = try Self.still(xmp)
        #expect(try Self.info(still + Self.mp4).metadata.motionPhoto?.byteRange == still.count..<still.count + Self.mp4.count)
    }

    /// Items lie in the directory's order after the primary image: one
    /// after the video (a depth map, say) ends the file.
    @Test func anItemAfterTheVideoIsSkipped() throws {
        let depth = [UInt8](repeating: 0xD0, count: 100)
        let items = Self.motionItems(length: "\(Self.mp4.count)") + [("Depth", "image/jpeg", "\(depth.count)")]
        let still = try Self.still(Self.googleXMP(items))
        let info = try Self.info(still + Self.mp4 + depth)
        #expect(info.metadata.motionPhoto == MotionPhotoClip(kind: .google, byteRange: still.count..<still.count + Self.mp4.count))
    }

    @Test func microVideoOffsetCountsFromTheEnd() throws {
        let still = try Self.still(Self.microVideoXMP(offset: "\(Self.mp4.count)"))
        let info = try Self.info(still + Self.mp4)
        let video = still.count..<still.count + Self.mp4.count
        #expect(info.metadata.motionPhoto == MotionPhotoClip(kind: .microVideo, byteRange: video))
        #expect(info.warnings.isEmpty)
    }

    /// Ultra HDR JPEGs have a directory too (Primary, GainMap); without
    /// Camera:MotionPhoto="1" it says nothing of a video.
    @Test(arguments: ["0", ""])
    func aDirectoryWithoutTheMotionPhotoFlagIsNoMotionPhoto(flag: String) throws {
        let items: [Item] = [("Primary", "image/jpeg", "0"), ("GainMap", "image/jpeg", "\(Self.mp4.count)")]
        let still = try Self.still(Self.googleXMP(items, flag: flag))
        let info = try Self.info(still + Self.mp4)
        #expect(info.metadata.motionPhoto == nil)
        #expect(info.warnings.isEmpty)
    }

    @Test func anOrdinaryPhotoHasNoClipAndNoWarning() throws {
        let info = try Self.info(Self.still())
        #expect(info.metadata.motionPhoto == nil)
        #expect(info.warnings.isEmpty)
        let photo = try ImageDecoder.readInfo(Fixtures.bytes("jpeg/photo.jpg"))
        #expect(photo.metadata.motionPhoto == nil && photo.warnings.isEmpty)
    }

    // MARK: Samsung

    /// Samsung's trailer: the video's block (type 0x0A30, named
    /// "MotionPhoto_Data"), then the SEFH directory, its length and "SEFT".
    static func samsungTrailer(video: [UInt8], withDirectory: Bool = true) -> [UInt8] {
        let block = [0, 0, 0x30, 0x0A] + le32(16) + Array("MotionPhoto_Data".utf8) + video
        guard withDirectory else { return block + Array("SEFH".utf8) + le32(101) }
        let directory = Array("SEFH".utf8) + le32(101) + le32(1) + [0, 0, 0x30, 0x0A] + le32(block.count) + le32(block.count)
        return block + directory + le32(directory.count) + Array("SEFT".utf8)
    }

    @Test(arguments: [true, false])
    func samsungTrailerHoldsTheVideoAfterItsName(withDirectory: Bool) throws {
        let still = try Self.still()
        let info = try Self.info(still + Self.samsungTrailer(video: Self.mp4, withDirectory: withDirectory))
        let start = still.count + 24
        #expect(info.metadata.motionPhoto == MotionPhotoClip(kind: .samsung, byteRange: start..<start + Self.mp4.count))
        #expect(info.warnings.isEmpty)
    }

    @Test func aHEICsMpvdBoxHoldsTheVideo() throws {
        let heic = try Fixtures.bytes("phone/quadrants.heic")
        let info = try ImageDecoder.readInfo(heic + Self.box("mpvd", Self.mp4))
        #expect(info.format == .heif)
        #expect(info.storedSize == PixelSize(width: 64, height: 48))
        let video = heic.count + 8..<heic.count + 8 + Self.mp4.count
        #expect(info.metadata.motionPhoto == MotionPhotoClip(kind: .samsung, byteRange: video))
        #expect(info.warnings.isEmpty)
        #expect(try ImageDecoder.readInfo(heic).metadata.motionPhoto == nil)
    }

    // MARK: Lies

    /// A file whose motion part lies, and the one warning it must give.
    struct Lie: CustomTestStringConvertible, Sendable {
        var name: String
        var file: @Sendable () throws -> [UInt8]
        var warning: @Sendable (_ fileSize: Int) throws -> String
        var testDescription: String { name }
    }

    static let google = "Google motion photo"

    static let lies: [Lie] = [
        Lie(name: "length past the file's start", file: {
            try still(googleXMP(motionItems(length: "100000"))) + mp4
        }, warning: { "\(google): a video of 100000 bytes ending at byte \($0) would start before the file; no video read" }),
        Lie(name: "length of 2^63", file: {
            try still(googleXMP(motionItems(length: "9223372036854775808"))) + mp4
        }, warning: {
            "\(google): a video of 9223372036854775808 bytes ending at byte \($0) would start before the file; no video read"
        }),
        Lie(name: "length past UInt64", file: {
            try still(googleXMP(motionItems(length: "18446744073709551616"))) + mp4
        }, warning: { _ in "\(google): Item:Length \"18446744073709551616\" is not a length in bytes; no video read" }),
        Lie(name: "negative length", file: {
            try still(googleXMP(motionItems(length: "-56"))) + mp4
        }, warning: { _ in "\(google): Item:Length \"-56\" is not a length in bytes; no video read" }),
        Lie(name: "length pointing into the still", file: {
            try still(googleXMP(motionItems(length: "\(mp4.count + 10)"))) + mp4
        }, warning: {
            "\(google): the \(mp4.count + 10) bytes at offset \($0 - mp4.count - 10) are not an MP4 (no ftyp box); no video read"
        }),
        Lie(name: "a later item past the file's start", file: {
            try still(googleXMP(motionItems(length: "\(mp4.count)") + [("Depth", "image/jpeg", "9223372036854775808")])) + mp4
        }, warning: {
            "\(google): a video of 9223372036854775808 bytes ending at byte \($0) would start before the file; no video read"
        }),
        Lie(name: "no MotionPhoto item", file: {
            try still(googleXMP([("Primary", "image/jpeg", "0")])) + mp4
        }, warning: { _ in "\(google): the XMP's Container:Directory lists no MotionPhoto item; no video read" }),
        Lie(name: "more items than are read", file: {
            let depths = [Item](repeating: ("Depth", "image/jpeg", "1"), count: 7)
            return try still(googleXMP(motionItems(length: "\(mp4.count)") + depths)) + mp4 + [UInt8](repeating: 1, count: 7)
        }, warning: { _ in "\(google): the XMP's Container:Directory lists 9 items, more than the 8 read; no video read" }),
        Lie(name: "MicroVideoOffset past the file's start", file: {
            try still(microVideoXMP(offset: "9223372036854775808")) + mp4
        }, warning: {
            "Google MicroVideo photo: a video of 9223372036854775808 bytes ending at byte \($0) would start before the file; "
                + "no video read"
        }),
        Lie(name: "MicroVideoOffset at bytes that are no MP4", file: {
            try still(microVideoXMP(offset: "\(mp4.count)")) + [UInt8](repeating: 0x41, count: mp4.count)
        }, warning: {
            "Google MicroVideo photo: the \(mp4.count) bytes at offset \($0 - mp4.count) are not an MP4 (no ftyp box); no video read"
        }),
        Lie(name: "Samsung directory at bytes that are no MP4", file: {
            try still() + samsungTrailer(video: [UInt8](repeating: 0x42, count: mp4.count))
        }, warning: { size in
            let start = size - 32 - mp4.count
            return "Samsung motion photo: the \(mp4.count) bytes at offset \(start) are not an MP4 (no ftyp box); no video read"
        }),
        Lie(name: "Samsung marker before bytes that are no MP4", file: {
            try still() + samsungTrailer(video: [UInt8](repeating: 0x42, count: mp4.count), withDirectory: false)
        }, warning: { size in
            "Samsung motion photo: the \(mp4.count + 8) bytes at offset \(size - mp4.count - 8) are not an MP4 (no ftyp box); "
                + "no video read"
        }),
    ]

    @Test(arguments: lies)
    func aLyingMotionPartIsAWarningAndTheStillReads(lie: Lie) throws {
        let file = try lie.file()
        let info = try Self.info(file)
        #expect(info.metadata.motionPhoto == nil)
        #expect(info.warnings == [try lie.warning(file.count)])
    }

    @Test func anMpvdBoxThatIsNoMP4IsAWarning() throws {
        let heic = try Fixtures.bytes("phone/quadrants.heic")
        let info = try ImageDecoder.readInfo(heic + Self.box("mpvd", [UInt8](repeating: 0x43, count: 24)))
        #expect(info.metadata.motionPhoto == nil)
        #expect(info.warnings == ["Samsung motion photo: the 24 bytes at offset \(heic.count + 8) are not an MP4 (no ftyp box); "
                                  + "no video read"])
    }

    /// The warning rides with the decoded still, which decodes whole.
    @Test func aLyingFileStillDecodes() throws {
        let file = try Self.still(Self.googleXMP(Self.motionItems(length: "9223372036854775808"))) + Self.mp4
        let decoded = try ImageDecoder.decode(file)
        #expect(decoded.image.size == PixelSize(width: 8, height: 4))
        #expect(decoded.warnings.count == 1)
        #expect(decoded.warnings.first?.hasPrefix("Google motion photo: a video of 9223372036854775808 bytes") == true)
    }

    // MARK: exiftool

    /// exiftool reads the files built here as the tests mean them.
    @Test(.enabled(if: ExternalTools.has("exiftool"), "exiftool is not installed"))
    func exiftoolAgrees() throws {
        let path = "/tmp/filmroll-motion-\(UInt32.random(in: 0...UInt32.max)).jpg"
        defer { _ = path.withCString { unlink($0) } }
        try AtomicFile.write(try Self.still(Self.googleXMP(Self.motionItems(length: "\(Self.mp4.count)"))) + Self.mp4, to: path)
        var output = try ExternalTools.run(["exiftool", "-a", "-s3", "-MotionPhoto", "-DirectoryItemSemantic",
                                            "-DirectoryItemLength", path])
        #expect(output.split(separator: "\n") == ["1", "Primary", "MotionPhoto", "0", "\(Self.mp4.count)"])

        try AtomicFile.write(try Self.still(Self.microVideoXMP(offset: "\(Self.mp4.count)")) + Self.mp4, to: path)
        output = try ExternalTools.run(["exiftool", "-s3", "-MicroVideo", "-MicroVideoOffset", path])
        #expect(output.split(separator: "\n") == ["1", "\(Self.mp4.count)"])

        try AtomicFile.write(try Self.still() + Self.samsungTrailer(video: Self.mp4), to: path)
        output = try ExternalTools.run(["exiftool", "-s3", "-EmbeddedVideoType", path])
        #expect(output.split(separator: "\n") == ["MotionPhoto_Data"])
        let video = try ExternalTools.run(["exiftool", "-b", "-EmbeddedVideoFile", path])
        #expect(Array(video.utf8) == Self.mp4)
    }

    static func box(_ type: String, _ payload: [UInt8]) -> [UInt8] {
        be32(UInt32(8 + payload.count)) + Array(type.utf8) + payload
    }

    static func be32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(value >> (24 - 8 * $0) & 0xFF) } }
    static func le32(_ value: Int) -> [UInt8] { (0..<4).map { UInt8(value >> (8 * $0) & 0xFF) } }
}
