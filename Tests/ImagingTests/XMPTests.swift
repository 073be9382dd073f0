import Imaging
import Testing
import TestSupport

/// XMP is read with an XML parser, by namespace, beneath EXIF: it dates and
/// names the camera of photos whose EXIF does not, and orients PNGs.
@Suite struct XMPTests {
    static let date = "2024-05-03T14:22:10.25+09:00"

    static func info(_ bytes: [UInt8]) throws -> ImageInfo { try ImageDecoder.readInfo(bytes) }

    static func jpegInfo(attributes: String = "", elements: String = "", before: String = "") throws -> ImageInfo {
        try info(XMPFixtures.jpeg(xmp: XMPFixtures.packet(attributes: attributes, elements: elements, before: before)))
    }

    /// The EXIF of the photo fixture: taken 2025-04-10T14:30:05.250+09:00, Filmroll Fixture Cam, Orientation 1.
    static func photoEXIF() throws -> [UInt8] { try #require(EXIFPayload.read(from: Fixtures.bytes("jpeg/photo.jpg"))) }

    // MARK: JPEG

    @Test func jpegWithOnlyXMPIsDatedWithItsOffset() throws {
        let info = try Self.jpegInfo(elements: """
            <exif:DateTimeOriginal>\(Self.date)</exif:DateTimeOriginal>
            <tiff:Make>Fujifilm</tiff:Make><tiff:Model>X100V</tiff:Model>
            """)
        let date = try #require(info.metadata.captureDate)
        #expect(date.iso8601 == Self.date)
        #expect(date.utcOffsetMinutes == 540)
        #expect(date.subsecondDigits == "25")
        #expect(info.metadata.camera == "Fujifilm X100V")
    }

    @Test(arguments: [
        // The three date properties, in the order they count.
        ("exif:DateTimeOriginal=\"2024-05-03T14:22:10+09:00\" xmp:CreateDate=\"2023-01-01T00:00:00Z\" photoshop:DateCreated=\"2022-02-02\"",
         "2024-05-03T14:22:10+09:00"),
        ("xmp:CreateDate=\"2023-01-01T08:30:00-05:00\" photoshop:DateCreated=\"2022-02-02\"", "2023-01-01T08:30:00-05:00"),
        ("photoshop:DateCreated=\"2022-02-02\"", "2022-02-02T00:00:00"),
        ("photoshop:DateCreated=\"2022-02-02T10:11Z\" xmp:CreateDate=\"2023-01-01T00:00:00Z\"", "2023-01-01T00:00:00Z"),
        // A date that does not parse gives way to the next.
        ("exif:DateTimeOriginal=\"sometime in May\" xmp:CreateDate=\"2023-01-01T00:00:00\"", "2023-01-01T00:00:00"),
    ])
    func dateProperties(attributes: String, iso: String) throws {
        #expect(try Self.jpegInfo(attributes: attributes).metadata.captureDate?.iso8601 == iso)
    }

    @Test(arguments: [
        ("exif:DateTimeOriginal=\"\(date)\" tiff:Make=\"Ricoh\"", ""),
        ("", "<exif:DateTimeOriginal>\(date)</exif:DateTimeOriginal>\n<tiff:Make> Ricoh </tiff:Make>"),
        ("tiff:Make=\"Ricoh\"", "<exif:DateTimeOriginal>\(date)</exif:DateTimeOriginal>"),
    ])
    func attributeAndElementFormsReadAlike(attributes: String, elements: String) throws {
        let metadata = try Self.jpegInfo(attributes: attributes, elements: elements).metadata
        #expect(metadata.captureDate?.iso8601 == Self.date)
        #expect(metadata.make == "Ricoh")
    }

    @Test func exifWinsOverXMP() throws {
        let packet = XMPFixtures.packet(attributes: "exif:DateTimeOriginal=\"\(Self.date)\" tiff:Make=\"Other\" tiff:Model=\"Body\"")
        let metadata = try Self.info(XMPFixtures.jpeg(xmp: packet, exif: Self.photoEXIF())).metadata
        #expect(metadata.captureDate?.iso8601 == "2025-04-10T14:30:05.250+09:00")
        #expect(metadata.camera == "Filmroll Fixture Cam")
    }

    /// As browsers and libvips do, a JPEG's orientation is its EXIF's alone.
    @Test func jpegIgnoresXMPOrientation() throws {
        let bytes = try XMPFixtures.jpeg(xmp: XMPFixtures.packet(attributes: "tiff:Orientation=\"6\""))
        let decoded = try ImageDecoder.decode(bytes)
        #expect(decoded.info.metadata.orientation == .up)
        #expect(!decoded.info.metadata.hasOrientationTag)
        #expect(decoded.image.size == PixelSize(width: 8, height: 4))
    }

    // MARK: Namespaces, not strings

    @Test func propertiesAreMatchedByNamespaceNotPrefix() throws {
        let renamed = try Self.jpegInfo(elements: """
            <e:DateTimeOriginal xmlns:e="http://ns.adobe.com/exif/1.0/">\(Self.date)</e:DateTimeOriginal>
            """)
        #expect(renamed.metadata.captureDate?.iso8601 == Self.date)
        let impostor = try Self.jpegInfo(elements: """
            <exif:DateTimeOriginal xmlns:exif="http://example.com/not-exif/">\(Self.date)</exif:DateTimeOriginal>
            <xmp:CreateDate xmlns:xmp="http://ns.adobe.com/xap/1.0/mm/">\(Self.date)</xmp:CreateDate>
            """)
        #expect(impostor.metadata.captureDate == nil)
    }

    /// Each packet holds the date text where a string search would find it, but
    /// nowhere that says when this photo was taken.
    @Test(arguments: [
        // In a comment.
        "<!-- <exif:DateTimeOriginal>\(date)</exif:DateTimeOriginal> -->",
        // In another namespace's property of the same name.
        "<dc:DateTimeOriginal xmlns:dc=\"http://purl.org/dc/elements/1.1/\">\(date)</dc:DateTimeOriginal>",
        // In the edit history (xmpMM:History), a nested structure.
        """
        <xmpMM:History><rdf:Seq><rdf:li rdf:parseType="Resource">
          <stEvt:when>\(date)</stEvt:when><xmp:CreateDate>\(date)</xmp:CreateDate>
        </rdf:li></rdf:Seq></xmpMM:History>
        """,
        // In the XMP of a placed document (xmpMM:Pantry).
        """
        <xmpMM:Pantry><rdf:Bag><rdf:li><rdf:Description exif:DateTimeOriginal="\(date)"/></rdf:li></rdf:Bag></xmpMM:Pantry>
        """,
        // As a structured value, not a date.
        "<xmp:CreateDate><rdf:Alt><rdf:li xml:lang=\"x-default\">\(date)</rdf:li></rdf:Alt></xmp:CreateDate>",
        // In a processing instruction and as an unknown attribute.
        "<?note exif:DateTimeOriginal=\"\(date)\"?><rdf:li note=\"exif:DateTimeOriginal=\(date)\"/>",
    ])
    func dateTextOutsideTheProperty(elements: String) throws {
        #expect(try Self.jpegInfo(elements: elements).metadata.captureDate == nil)
    }

    // MARK: Hostile and broken packets

    @Test func malformedXMLKeepsWhatCameBefore() throws {
        let packet = XMPFixtures.packet(attributes: "xmp:CreateDate=\"2023-01-01T00:00:00Z\"",
                                        elements: "<tiff:Make>Ricoh</tiff:Make><tiff:Model>GR</tiff:Mod")
        let metadata = try Self.info(XMPFixtures.jpeg(xmp: packet)).metadata
        #expect(metadata.captureDate?.iso8601 == "2023-01-01T00:00:00Z")
        #expect(metadata.make == "Ricoh")
        #expect(metadata.model == nil, "the unfinished element is not read")
    }

    @Test(arguments: [
        // Billion laughs.
        """
        <!DOCTYPE x:xmpmeta [<!ENTITY a "2024-05-03T14:22:10Z"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">
        <!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;"><!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;">
        <!ENTITY e "&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;"><!ENTITY f "&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;">]>
        """,
        // An external entity.
        "<!DOCTYPE x:xmpmeta [<!ENTITY a SYSTEM \"file:///etc/hostname\">]>",
        // A DOCTYPE alone.
        "<!DOCTYPE x:xmpmeta SYSTEM \"http://example.com/xmp.dtd\">",
    ])
    func doctypesAndEntitiesAreRefused(doctype: String) throws {
        let info = try Self.jpegInfo(attributes: "xmp:CreateDate=\"2023-01-01T00:00:00Z\"",
                                     elements: "<exif:DateTimeOriginal>&a;</exif:DateTimeOriginal>", before: doctype)
        #expect(info.metadata.captureDate == nil)
        #expect(info.storedSize == PixelSize(width: 8, height: 4))
    }

    @Test(arguments: [
        [UInt8](), [0], Array("<".utf8), Array("not xml at all".utf8), [0xFF, 0xFE, 0x00],
        Array("<x:xmpmeta xmlns:x=\"adobe:ns:meta/\">".utf8) + [UInt8](repeating: 0x20, count: 3000),
    ])
    func brokenPacketsAreHarmless(packet: [UInt8]) throws {
        let decoded = try ImageDecoder.decode(XMPFixtures.jpeg(xmp: packet))
        #expect(decoded.info.metadata.captureDate == nil)
        #expect(decoded.image.size == PixelSize(width: 8, height: 4))
    }

    /// A packet past the size cap is read up to it: the date near its start counts.
    @Test func hugePNGPacketIsReadUpToTheCap() throws {
        let padding = String(repeating: "<photoshop:DocumentAncestors>x</photoshop:DocumentAncestors>\n", count: 40_000)
        let packet = XMPFixtures.packet(attributes: "xmp:CreateDate=\"2023-01-01T00:00:00Z\"", elements: padding)
        #expect(packet.count > 2 << 20)
        let metadata = try Self.info(Self.png(chunks: [Self.xmpChunk(packet)])).metadata
        #expect(metadata.captureDate?.iso8601 == "2023-01-01T00:00:00Z")
    }

    // MARK: PNG

    /// An 8×4 PNG, opaque, with `chunks` after IHDR and `exif` as an eXIf chunk when given.
    static func png(chunks: [[UInt8]], exif: [UInt8]? = nil) throws -> [UInt8] {
        var pixels: [UInt8] = []
        for y in 0..<4 { for x in 0..<8 { pixels += [UInt8(x * 30), UInt8(y * 60), 0] } }
        let image = Image(width: 8, height: 4, format: .rgb8, pixels: pixels)
        var bytes = try ImageEncoder.encode(image, as: .png(PNGEncodingOptions(exif: exif)))
        bytes.insert(contentsOf: chunks.flatMap { $0 }, at: 33)   // after the signature and IHDR
        return bytes
    }

    /// An uncompressed iTXt "XML:com.adobe.xmp" chunk, as exiftool and Adobe write it.
    static func xmpChunk(_ packet: [UInt8]) -> [UInt8] {
        HostileInputTests.chunk("iTXt", Array("XML:com.adobe.xmp".utf8) + [0, 0, 0, 0, 0] + packet)
    }

    /// ImageMagick's "Raw profile type NAME" text: name, length, hex in lines of 72 digits.
    static func rawProfile(_ name: String, _ bytes: [UInt8]) -> [UInt8] {
        let digits = Array("0123456789abcdef".utf8)
        var text = Array("\n\(name)\n".utf8) + Array(String(repeating: " ", count: 8 - String(bytes.count).count).utf8)
            + Array("\(bytes.count)\n".utf8)
        for (index, byte) in bytes.enumerated() {
            text += [digits[Int(byte >> 4)], digits[Int(byte & 15)]]
            if index % 36 == 35 || index == bytes.count - 1 { text.append(UInt8(ascii: "\n")) }
        }
        return text
    }

    @Test func pngXMPOrientationTurnsThePicture() throws {
        let bytes = try Self.png(chunks: [Self.xmpChunk(XMPFixtures.packet(elements: "<tiff:Orientation>6</tiff:Orientation>"))])
        let decoded = try ImageDecoder.decode(bytes)
        #expect(decoded.info.metadata.orientation == .right)
        #expect(decoded.info.metadata.hasOrientationTag)
        #expect(decoded.info.uprightSize == PixelSize(width: 4, height: 8))
        #expect(decoded.image.size == PixelSize(width: 4, height: 8))
        // Turned 90° clockwise: the stored bottom-left pixel (0, 3) is now the top-left.
        #expect(decoded.image.pixel(x: 0, y: 0) == [0, 180, 0])
    }

    @Test func pngEXIFOrientationWinsOverXMP() throws {
        let bytes = try Self.png(chunks: [Self.xmpChunk(XMPFixtures.packet(attributes: "tiff:Orientation=\"6\""))],
                                 exif: Self.photoEXIF())
        let decoded = try ImageDecoder.decode(bytes)
        #expect(decoded.info.metadata.orientation == .up)
        #expect(decoded.image.size == PixelSize(width: 8, height: 4))
        #expect(decoded.info.metadata.captureDate?.iso8601 == "2025-04-10T14:30:05.250+09:00")
    }

    @Test func pngXMPDatesAPhotoWithoutEXIF() throws {
        let bytes = try Self.png(chunks: [Self.xmpChunk(XMPFixtures.packet(attributes: "photoshop:DateCreated=\"\(Self.date)\""))])
        #expect(try Self.info(bytes).metadata.captureDate?.iso8601 == Self.date)
    }

    /// Pillow and ImageMagick keep EXIF as hex text: zTXt (or tEXt) "Raw profile type exif".
    @Test(arguments: [("zTXt", true), ("zTXt", false), ("tEXt", true), ("iTXt", false)])
    func rawProfileEXIFIsRead(chunkType: String, withHeader: Bool) throws {
        let payload = try Self.photoEXIF()
        let text = Self.rawProfile("exif", withHeader ? payload : Array(payload.dropFirst(6)))
        let key = Array("Raw profile type exif".utf8)
        let data: [UInt8] = switch chunkType {
        case "zTXt": key + [0, 0] + deflate(text)
        case "iTXt": key + [0, 1, 0, 0, 0] + deflate(text)
        default: key + [0] + text
        }
        let bytes = try Self.png(chunks: [HostileInputTests.chunk(chunkType, data)])
        let metadata = try Self.info(bytes).metadata
        #expect(metadata.captureDate?.iso8601 == "2025-04-10T14:30:05.250+09:00")
        #expect(metadata.camera == "Filmroll Fixture Cam")
        #expect(metadata.gps != nil)
        // --keep-metadata carries it over as an APP1 payload.
        #expect(EXIFPayload.read(from: bytes) == payload)
    }

    @Test func rawProfileXMPIsRead() throws {
        let text = Self.rawProfile("xmp", XMPFixtures.packet(attributes: "xmp:CreateDate=\"\(Self.date)\""))
        let bytes = try Self.png(chunks: [HostileInputTests.chunk("zTXt", Array("Raw profile type xmp".utf8) + [0, 0] + deflate(text))])
        #expect(try Self.info(bytes).metadata.captureDate?.iso8601 == Self.date)
    }

    @Test func brokenRawProfileIsHarmless() throws {
        for text in ["", "\nexif\n", "\nexif\n  99999999999999999999\n4578", "\nexif\n 40\nzz", "\nexif\n 4\n45786966"] {
            let bytes = try Self.png(chunks: [HostileInputTests.chunk("tEXt", Array("Raw profile type exif\0\(text)".utf8))])
            let decoded = try ImageDecoder.decode(bytes)
            #expect(decoded.info.metadata.captureDate == nil)
            #expect(decoded.image.size == PixelSize(width: 8, height: 4))
        }
    }

    // MARK: Dates

    @Test(arguments: [
        ("2024-05-03T14:22:10.25+09:00", "2024-05-03T14:22:10.25+09:00"),
        ("2024-05-03T14:22:10Z", "2024-05-03T14:22:10Z"),
        ("2024-05-03T14:22-03:30", "2024-05-03T14:22:00-03:30"),
        ("2024-05-03T14:22:10+0530", "2024-05-03T14:22:10+05:30"),
        ("2024-05-03T14:22:10", "2024-05-03T14:22:10"),
        ("2024-05-03", "2024-05-03T00:00:00"),
        (" 2024:05:03 14:22:10 ", "2024-05-03T14:22:10"),
    ])
    func iso8601DatesParse(text: String, iso: String) {
        #expect(CaptureDate(iso8601: text)?.iso8601 == iso)
    }

    @Test(arguments: ["", "2024", "2024-05", "0000-00-00T00:00:00", "2024-13-01", "2024-05-03T25:00:00",
                      "2024-05-03T14:22:10+9", "2024-05-03T14:22:10 +09:00", "2024-05-03T14", "2024-05-03T14:22:10.Z",
                      "2024-05-03T14:22:10+15:00", "2024-05-03x"])
    func impossibleISO8601DatesAreAbsent(text: String) {
        #expect(CaptureDate(iso8601: text) == nil)
    }
}
