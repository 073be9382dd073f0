import Foundation
@testable import Imaging
import Testing
import TestSupport

/// Canon CRW, Minolta MRW and Phase One IIQ, built byte by byte
/// (`RAWBuilder`): told by content, read by LibRaw at the size LibRaw's own
/// tools report, decoded as its `dcraw_emu` decodes them, and refused with
/// a reason when their raw data is cut or missing.
@Suite struct OtherRAWKindsTests {
    struct Sample: Sendable, CustomTestStringConvertible {
        var kind: RAWKind
        var bytes: [UInt8]
        /// Where the raw data starts.
        var dataOffset: Int
        var camera: String
        var testDescription: String { kind.rawValue }
    }

    static let samples: [Sample] = {
        let mrw = RAWBuilder.mrw(), iiq = RAWBuilder.iiq(), crw = RAWBuilder.crw()
        // A CRW's records lie at its end: its raw data is cut in the middle of the file.
        return [
            Sample(kind: .mrw, bytes: mrw, dataOffset: RAWBuilder.mrwDataOffset(mrw), camera: "Minolta DiMAGE 7"),
            Sample(kind: .iiq, bytes: iiq.file, dataOffset: iiq.dataOffset, camera: "Phase One IQ Fixture"),
            Sample(kind: .crw, bytes: crw.file, dataOffset: crw.dataOffset, camera: "Canon EOS Fixture"),
        ]
    }()

    /// Writes `bytes` to a fresh file under /tmp and hands its path to `body`.
    static func withFile<T>(_ bytes: [UInt8], suffix: String, _ body: (String) throws -> T) throws -> T {
        let path = NSTemporaryDirectory() + "filmroll-raw-\(UUID().uuidString).\(suffix)"
        guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else {
            throw ImagingError.corrupt(.raw, "cannot write \(path)")
        }
        defer { try? FileManager.default.removeItem(atPath: path) }
        return try body(path)
    }

    @Test(arguments: samples)
    func headerIsLibRaws(sample: Sample) throws {
        #expect(RAWKind(head: Array(sample.bytes.prefix(RAWKind.signatureLength))) == sample.kind)
        #expect(ImageFormat.sniff(sample.bytes) == .raw)
        let info = try ImageDecoder.readInfo(sample.bytes)
        #expect(info.format == .raw)
        #expect(info.storedSize == PixelSize(width: 64, height: 48))
        #expect(info.metadata.camera == sample.camera)
        let contents = try #require(info.colorModel.camera)
        #expect(contents.container == sample.kind.rawValue)
        #expect(contents.sensor == .colorFilter)
    }

    @Test func anIIQIsNotItsOneByOneWrapper() throws {
        // Given an IIQ, whose TIFF wrapper's IFD0 is a 1x1 placeholder
        let bytes = RAWBuilder.iiq().file
        // Then it is read as the RAW behind it, not as that TIFF
        #expect(ImageDecoders.decoder(forHead: Array(bytes.prefix(ImageDecoders.signatureLength)))?.format == .raw)
        let decoded = try ImageDecoder.decode(bytes, options: DecodeOptions())
        #expect(decoded.image.size == PixelSize(width: 64, height: 48))
    }

    @Test(arguments: samples)
    func decodeShowsThePicture(sample: Sample) throws {
        let image = try ImageDecoder.decode(sample.bytes, options: DecodeOptions(appliesOrientation: false)).image
        #expect(image.size == PixelSize(width: 64, height: 48))
        func luma(_ x: Int, _ y: Int) -> Double { PixelMatch.luma(image.pixel(x: x, y: y)) }
        if sample.kind == .crw {
            // Half the filter raised at the top: green there, grey below.
            let top = image.pixel(x: 20, y: 10), bottom = image.pixel(x: 20, y: 38)
            #expect(bottom[0] == bottom[1] && bottom[1] == bottom[2], "\(bottom)")
            #expect(Int(top[1]) > Int(bottom[1]) + 20 && top[2] == bottom[2], "top \(top), bottom \(bottom)")
        } else {
            // The checkerboard: a bright square beside a dark one.
            #expect(luma(12, 3) > luma(3, 3) + 60, "\(luma(12, 3)) against \(luma(3, 3))")
            #expect(luma(3, 12) > luma(12, 12) + 60)
        }
    }

    @Test(.enabled(if: ExternalTools.has("dcraw_emu"), "needs LibRaw's dcraw_emu (libraw-bin)"), arguments: samples)
    func decodeMatchesLibRawsOwnTool(sample: Sample) throws {
        let image = try ImageDecoder.decode(sample.bytes, options: DecodeOptions(appliesOrientation: false)).image
        // dcraw_emu with Filmroll's settings: camera white balance, sRGB, 8 bits, no flip.
        let reference = try Self.withFile(sample.bytes, suffix: sample.kind.rawValue.lowercased()) { path in
            let output = path + ".ppm"
            defer { try? FileManager.default.removeItem(atPath: output) }
            _ = try ExternalTools.run(["dcraw_emu", "-w", "-t", "0", "-Z", output, path])
            return try Self.readPPM([UInt8](Data(contentsOf: URL(fileURLWithPath: output))))
        }
        #expect(image.size == reference.size)
        #expect(PixelMatch.maxDifference(image, reference) == 0)
    }

    @Test(.enabled(if: ExternalTools.has("raw-identify"), "needs LibRaw's raw-identify (libraw-bin)"), arguments: samples)
    func sizeIsRawIdentifysOutputSize(sample: Sample) throws {
        let info = try ImageDecoder.readInfo(sample.bytes)
        let text = try Self.withFile(sample.bytes, suffix: "raw") { try ExternalTools.run(["raw-identify", "-v", $0]) }
        let line = try #require(text.split(separator: "\n").first { $0.hasPrefix("Output size:") })
        #expect(line.split(separator: " ").filter { !$0.isEmpty }.suffix(3).joined(separator: " ")
                == "\(info.storedSize.width) x \(info.storedSize.height)")
    }

    // MARK: - Fuji's turned sensor

    @Test func aTurnedFujiSensorIsTheSizeLibRawOutputs() throws {
        // Given a RAF whose sensor is turned 45° (96x32 samples)
        let raf = RAWBuilder.raf()
        #expect(RAWKind(head: Array(raf.prefix(RAWKind.signatureLength))) == .raf)
        // Then its size is LibRaw's output, the data turned back (dcraw's
        // fuji_rotate: 47 / sin 45° by (79 - 47) / sin 45°), not the raw
        // data's 96x32 nor the sensor's layout (80x79)
        let info = try ImageDecoder.readInfo(raf)
        #expect(info.storedSize == PixelSize(width: 66, height: 45))
        #expect(info.metadata.camera == "Fujifilm S5Pro")
        #expect(info.colorModel.camera?.sensor == .unevenColorFilter)
        #expect(try ImageDecoder.decode(raf, info: info, options: DecodeOptions()).image.size == info.storedSize)
    }

    @Test(.enabled(if: ExternalTools.has("raw-identify"), "needs LibRaw's raw-identify (libraw-bin)"))
    func aTurnedFujiSensorIsTheSizeRawIdentifyTells() throws {
        let raf = RAWBuilder.raf()
        let text = try Self.withFile(raf, suffix: "raf") { try ExternalTools.run(["raw-identify", "-v", $0]) }
        #expect(text.contains("Output size:   66 x 45"), "\(text)")
        #expect(text.contains("Image size:    80 x 79"))
    }

    // MARK: - Raw data cut or missing

    /// `sample` with its raw data cut 64 bytes in (its header whole).
    static func cut(_ sample: Sample) -> [UInt8] {
        sample.kind == .crw ? RAWBuilder.crw(keptDataBytes: 64).file : Array(sample.bytes.prefix(sample.dataOffset + 64))
    }

    @Test(arguments: samples)
    func rawDataCutShortFailsWithAReason(sample: Sample) throws {
        // Given the file cut a little way into its raw data
        let cut = Self.cut(sample)
        // Then its header still reads, but decoding it fails: no blank picture
        let info = try ImageDecoder.readInfo(cut)
        #expect(info.storedSize == PixelSize(width: 64, height: 48))
        #expect {
            try ImageDecoder.decode(cut, info: info, options: DecodeOptions())
        } throws: { error in
            guard let error = error as? ImagingError else { return false }
            switch error {
            case .truncated(.raw, let reason), .corrupt(.raw, let reason):
                return reason.contains("ends") || reason.contains("missing") || reason.contains("damaged")
            default: return false
            }
        }
    }

    @Test func aDataErrorLibRawOnlyReportsFails() throws {
        // Given a CRW whose top half holds samples past its 10 bits: LibRaw
        // reports a data error in the middle of the file and goes on
        let damaged = RAWBuilder.crw(raised: 600).file
        #expect(try ImageDecoder.readInfo(damaged).storedSize == PixelSize(width: 64, height: 48))
        // Then the decode fails, saying so, where LibRaw would make a picture of it
        #expect {
            try ImageDecoder.decode(damaged, options: DecodeOptions())
        } throws: { error in
            guard case .corrupt(.raw, let reason) = error as? ImagingError else { return false }
            return reason.hasPrefix("the raw data is damaged or missing (LibRaw's data error at byte ")
        }
        // While 511 fits
        #expect(try ImageDecoder.decode(RAWBuilder.crw(raised: 511).file, options: DecodeOptions()).image.size.width == 64)
    }

    @Test func aPhaseOneDirectoryLibRawWouldLoopOverIsRefused() throws {
        // Given an IIQ with neither body nor serial: LibRaw 0.20 would read a
        // second directory whose count (past the end of the file) is 2^32 - 1
        let file = RAWBuilder.iiq(serial: false).file
        // Then it is refused before LibRaw sees it
        #expect(RAWKind(head: Array(file.prefix(RAWKind.signatureLength))) == .iiq)
        #expect {
            try ImageDecoder.readInfo(file)
        } throws: { error in
            guard case .corrupt(.raw, let reason) = error as? ImagingError else { return false }
            return reason.contains("Phase One")
        }
    }

    @Test func rawDataThatIsNotThereFails() throws {
        // An IIQ whose raw data lies past the end of the file.
        let (file, dataOffset) = RAWBuilder.iiq(dataOffsetPastTheEnd: true)
        let header = Array(file.prefix(dataOffset))
        #expect(throws: ImagingError.self) { try ImageDecoder.decode(header, options: DecodeOptions()) }
    }

    @Test func rawDataOfZerosIsMissingData() throws {
        // Zero rows are what LibRaw leaves where it reads nothing: every one of them,
        let zeros = RAWBuilder.iiq(samples: { _, _ in 0 }).file
        // or half of them (24 of 48), is raw data missing;
        let half = RAWBuilder.iiq(samples: { x, y in y < 24 ? 1000 + x : 0 }).file
        for file in [zeros, half] {
            #expect {
                try ImageDecoder.decode(file, options: DecodeOptions())
            } throws: { error in
                guard case .corrupt(.raw, let reason) = error as? ImagingError else { return false }
                return reason.contains("missing")
            }
        }
        // fewer (23) is a picture with a black band, as LibRaw makes it.
        let most = RAWBuilder.iiq(samples: { x, y in y <= 24 ? 1000 + x : 0 }).file
        #expect(try ImageDecoder.decode(most, options: DecodeOptions()).image.size == PixelSize(width: 64, height: 48))
    }

    // MARK: - PPM

    /// A binary 8-bit PPM ("P6") as dcraw_emu writes it.
    static func readPPM(_ bytes: [UInt8]) throws -> Image {
        var fields: [String] = [], at = 2, current = ""
        guard bytes.starts(with: Array("P6".utf8)) else { throw ImagingError.corrupt(.raw, "not a PPM") }
        while fields.count < 3 && at < bytes.count {
            let byte = bytes[at]
            if byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 {
                if !current.isEmpty { fields.append(current); current = "" }
            } else {
                current.append(Character(UnicodeScalar(byte)))
            }
            at += 1
        }
        guard fields.count == 3, let width = Int(fields[0]), let height = Int(fields[1]), fields[2] == "255",
              bytes.count - at >= width * height * 3 else { throw ImagingError.corrupt(.raw, "not an 8-bit PPM") }
        return Image(width: width, height: height, format: .rgb8, pixels: Array(bytes[at..<at + width * height * 3]))
    }
}
