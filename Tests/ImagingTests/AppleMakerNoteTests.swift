#if canImport(Glibc)
import Glibc
#endif
@testable import Imaging
import Testing
import TestSupport

/// Apple's MakerNote gives a Live Photo's content identifier (tag 17) and
/// a burst's identifier (tag 11); a note that lies about its counts or
/// offsets gives nothing and costs nothing.
@Suite struct AppleMakerNoteTests {
    static let content = "3A1E5C2B-7D44-4F0A-9C61-0B8E2F7A91D3"
    static let burst = "B5F0E2C4-1A2B-4C3D-8E9F-0123456789AB"

    /// One IFD entry of a note: its tag, type, count and value (inline
    /// when 4 bytes or fewer, else placed after the IFD).
    struct Entry {
        var tag: UInt16, type: UInt16 = 2, count: UInt32? = nil, value: [UInt8]

        static func ascii(_ tag: UInt16, _ text: String) -> Entry { Entry(tag: tag, value: Array(text.utf8) + [0]) }
    }

    /// An Apple MakerNote as iPhones write it: "Apple iOS\0", version 1,
    /// "MM", a big-endian IFD at byte 14 whose offsets count from the note's start.
    static func note(_ entries: [Entry], statedCount: UInt16? = nil) -> [UInt8] {
        var head = Array("Apple iOS\0".utf8) + [0, 1] + Array("MM".utf8) + be16(statedCount ?? UInt16(entries.count))
        var data: [UInt8] = []
        let dataAt = head.count + entries.count * 12 + 4
        for entry in entries {
            head += be16(entry.tag) + be16(entry.type) + be32(entry.count ?? UInt32(entry.value.count))
            if entry.value.count <= 4 {
                head += entry.value + [UInt8](repeating: 0, count: 4 - entry.value.count)
            } else {
                head += be32(UInt32(dataAt + data.count))
                data += entry.value
            }
        }
        return head + be32(0) + data
    }

    /// An APP1 EXIF payload, big-endian as iPhones write it: IFD0 with Make
    /// "Apple" and the Exif IFD pointer; the Exif IFD with `makerNote` as
    /// tag 0x927C (UNDEFINED).
    static func exif(makerNote: [UInt8]) -> [UInt8] {
        let make = Array("Apple\0".utf8)
        let ifd0At = 8, exifAt = ifd0At + 2 + 2 * 12 + 4, makeAt = exifAt + 2 + 12 + 4, noteAt = makeAt + make.count
        var tiff = Array("MM".utf8) + [0, 0x2A] + be32(UInt32(ifd0At))
        tiff += be16(2) + be16(0x010F) + be16(2) + be32(UInt32(make.count)) + be32(UInt32(makeAt))
        tiff += be16(0x8769) + be16(4) + be32(1) + be32(UInt32(exifAt)) + be32(0)
        tiff += be16(1) + be16(0x927C) + be16(7) + be32(UInt32(makerNote.count)) + be32(UInt32(noteAt)) + be32(0)
        return Array("Exif\0\0".utf8) + tiff + make + makerNote
    }

    static func jpegInfo(makerNote: [UInt8]) throws -> ImageInfo {
        try ImageDecoder.readInfo(XMPFixtures.jpeg(xmp: nil, exif: exif(makerNote: makerNote)))
    }

    static var bothIdentifiers: [UInt8] {
        note([Entry(tag: 1, type: 9, value: [0, 0, 0, 14]), .ascii(11, burst), .ascii(17, content)])
    }

    // MARK: Read

    @Test func aJPEGGivesBothIdentifiers() throws {
        let info = try Self.jpegInfo(makerNote: Self.bothIdentifiers)
        #expect(info.metadata.contentIdentifier == Self.content)
        #expect(info.metadata.burstIdentifier == Self.burst)
        #expect(info.metadata.make == "Apple")
        #expect(info.warnings.isEmpty)
    }

    @Test func aNoteWithOnlyTheContentIdentifierHasNoBurst() throws {
        let note = try #require(AppleMakerNote(Self.note([.ascii(17, Self.content)])))
        #expect(note.contentIdentifier == Self.content)
        #expect(note.burstIdentifier == nil)
    }

    @Test func aShortValueIsReadFromTheEntryItself() throws {
        let note = try #require(AppleMakerNote(Self.note([.ascii(11, "b1")])))
        #expect(note.burstIdentifier == "b1")
    }

    @Test func anotherMakersNoteIsNotApples() {
        var nikon = Self.bothIdentifiers
        nikon.replaceSubrange(0..<10, with: Array("Nikon\0\0\0\0\0".utf8))
        #expect(AppleMakerNote(nikon) == nil)
        #expect(AppleMakerNote(Array(Self.bothIdentifiers.prefix(15))) == nil)
    }

    // MARK: Hostile notes

    /// Cut anywhere, a note gives at most the identifiers that lie wholly
    /// before the cut, and the photo still reads.
    @Test(arguments: [10, 16, 30, 40, 52, 60, 80, 100])
    func aTruncatedNoteGivesOnlyWhatItHolds(length: Int) throws {
        let whole = Self.bothIdentifiers
        let cut = Array(whole.prefix(length))
        let burstEnd = 16 + 3 * 12 + 4 + Self.burst.utf8.count + 1
        let note = AppleMakerNote(cut)
        #expect(note?.contentIdentifier == nil)
        #expect(note?.burstIdentifier == (length >= burstEnd ? Self.burst : nil))
        let info = try Self.jpegInfo(makerNote: cut)
        #expect(info.metadata.contentIdentifier == nil)
        #expect(info.metadata.make == "Apple")
    }

    /// A note that states 65535 entries and points past its end: only the
    /// entries it holds are visited, and no value outside it is read.
    @Test func aCountOf65535AndOffsetsPastTheEndGiveNothing() throws {
        var entries: [Entry] = [.ascii(11, Self.burst), .ascii(17, Self.content)]
        var note = Self.note(entries, statedCount: 65535)
        // Both values now start past the note's end.
        for index in 0..<2 { note.replaceSubrange(16 + index * 12 + 8..<16 + index * 12 + 12, with: Self.be32(0xFFFF_FFF0)) }
        let read = try #require(AppleMakerNote(note))
        #expect(read.contentIdentifier == nil && read.burstIdentifier == nil)
        #expect(try Self.jpegInfo(makerNote: note).metadata.contentIdentifier == nil)

        // A count as large as the note: the value would end past it.
        entries = [Entry(tag: 17, count: UInt32.max, value: Array(Self.content.utf8) + [0])]
        #expect(AppleMakerNote(Self.note(entries))?.contentIdentifier == nil)
        // Not text: a LONG, and text that is not printable.
        #expect(AppleMakerNote(Self.note([Entry(tag: 17, type: 4, value: Array(Self.content.utf8) + [0])]))?
                    .contentIdentifier == nil)
        #expect(AppleMakerNote(Self.note([Entry(tag: 17, value: [0x07, 0x41, 0x42, 0x43, 0x44, 0])]))?
                    .contentIdentifier == nil)
    }

    // MARK: exiftool

    /// exiftool reads the note built here as Apple's, with the same identifiers.
    @Test(.enabled(if: ExternalTools.has("exiftool"), "exiftool is not installed"))
    func exiftoolAgrees() throws {
        let path = "/tmp/filmroll-makernote-\(UInt32.random(in: 0...UInt32.max)).jpg"
        try AtomicFile.write(try XMPFixtures.jpeg(xmp: nil, exif: Self.exif(makerNote: Self.bothIdentifiers)), to: path)
        defer { _ = path.withCString { unlink($0) } }
        let output = try ExternalTools.run(["exiftool", "-a", "-G1", "-s", "-MakerNotes:all", path])
        // exiftool calls tag 17 MediaGroupUUID since 12.19 (ContentIdentifier before).
        #expect(output.contains(Self.content))
        #expect(output.contains("BurstUUID") && output.contains(Self.burst))
    }

    static func be16(_ value: UInt16) -> [UInt8] { [UInt8(value >> 8), UInt8(value & 0xFF)] }
    static func be32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(value >> (24 - 8 * $0) & 0xFF) } }
}
