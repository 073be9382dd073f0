import Foundation
import Imaging
import Testing
import TestSupport

/// What a decoder went past is data, through the real binary: a JPEG
/// whose scan ends near its top is an error naming the file, never a grey
/// picture; lesser damage is one warning line naming the file.
@Suite struct DamageAsDataTests {
    // MARK: Fixtures, made from the test photo (640×480, baseline)

    /// The photo with its SOF0 claiming 9000×9000: its scan ends 31 rows down.
    static func claimingNineThousand() throws -> [UInt8] {
        var bytes = try Fixtures.bytes("jpeg/photo.jpg")
        let frame = try #require(bytes.indices.dropLast(9).first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xC0 })
        bytes.replaceSubrange(frame + 5..<frame + 9, with: [0x23, 0x28, 0x23, 0x28])   // height, width: 9000
        return bytes
    }

    /// The photo cut a tenth short: its last rows are grey.
    static func cutATenthShort() throws -> [UInt8] {
        let bytes = try Fixtures.bytes("jpeg/photo.jpg")
        return Array(bytes.prefix(bytes.count * 9 / 10))
    }

    /// The photo with three stray bytes before its SOS marker.
    static func extraneousBytes() throws -> [UInt8] {
        var bytes = try Fixtures.bytes("jpeg/photo.jpg")
        let scan = try #require(bytes.indices.dropLast().first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xDA })
        bytes.insert(contentsOf: [0, 1, 2], at: scan)
        return bytes
    }

    // MARK: A picture mostly invented is an error

    @Test(arguments: [["thumbs", "--size", "64", "--no-catalog", "-q", "--out"], ["convert", "--max-size", "256"]])
    func aScanEndingNearTheTopIsAnErrorNamingTheFile(command: [String]) throws {
        let folder = TemporaryFolder()
        try folder.write(try Self.claimingNineThousand(), as: "lying.jpg")
        let out = TemporaryFolder()
        let arguments = command[0] == "convert"
            ? ["convert", folder.file("lying.jpg"), out.file("small.jpg")] + command.dropFirst()
            : command + [out.path, folder.file("lying.jpg")]
        let run = try BinaryRun.run(arguments)
        #expect(run.status == 1)
        #expect(run.errorLines.count == 1, "\(run.stderr)")
        #expect(run.stderr.hasPrefix("filmroll: \(folder.file("lying.jpg")): truncated JPEG: the image data ends at row 31 of 9000;"))
        #expect(out.names().isEmpty)
    }

    // MARK: Lesser damage is a warning

    @Test(arguments: [
        ("cut", "the image data ends at row 400 of 480; the rows below it are grey (Premature end of JPEG file"),
        ("extraneous", "Corrupt JPEG data: 3 extraneous bytes before marker 0xda"),
    ])
    func lesserDamageIsOneWarningLineAndThePicture(damage: String, warning: String) throws {
        let folder = TemporaryFolder()
        try folder.write(damage == "cut" ? try Self.cutATenthShort() : try Self.extraneousBytes(), as: "damaged.jpg")
        let path = folder.file("damaged.jpg")
        let out = TemporaryFolder()
        for arguments in [["thumbs", path, "--size", "64", "--no-catalog", "-q", "--out", out.path],
                          ["convert", path, out.file("small.jpg"), "--max-size", "256"]] {
            let run = try BinaryRun.run(arguments)
            #expect(run.status == 0, "\(arguments[0]): \(run.stderr)")
            #expect(run.errorLines.count == 1, "\(arguments[0]): \(run.stderr)")
            #expect(run.stderr.hasPrefix("filmroll: \(path): warning: \(warning)"), "\(arguments[0]): \(run.stderr)")
        }
        #expect(out.names() == ["damaged_64.jpg", "small.jpg"])
    }
}
