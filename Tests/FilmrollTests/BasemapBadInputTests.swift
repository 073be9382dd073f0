#if canImport(Glibc)
import Glibc
#endif
@testable import Filmroll
import Testing
import TestSupport

/// Truncated, lying and random-damaged basemaps: each is one `BasemapError`
/// naming the file, never a crash, a hang or an unbounded allocation.
@Suite struct BasemapBadInputTests {
    /// Opens `path` and reads every fixture address; nil when all of it read, else the error.
    static func readAll(_ path: String) -> BasemapError? {
        do {
            let basemap = try Basemap.open(path: path)
            for address in BasemapTesting.addresses { _ = try basemap.tile(at: address) }
            return nil
        } catch {
            return error
        }
    }

    static func expectError(_ bytes: [UInt8], named name: String, saying words: String, in folder: String) throws {
        let path = folder + "/" + name
        try BasemapTesting.write(bytes, to: path)
        let error = try #require(readAll(path), "\(name) read")
        #expect(error.path == path)
        #expect(error.description.hasPrefix(path + ": "))
        #expect(error.reason.contains(words), "\(name): \(error.reason)")
    }

    /// A header field overwritten with a little-endian value.
    static func patched(_ bytes: [UInt8], at offset: Int, _ value: UInt64, width: Int = 8) -> [UInt8] {
        var bytes = bytes
        for index in 0..<width { bytes[offset + index] = UInt8(truncatingIfNeeded: value >> (8 * UInt64(index))) }
        return bytes
    }

    @Test func lyingHeadersAndDirectories() throws {
        let folder = BasemapTesting.scratchFolder()
        defer { BasemapTesting.removeFolder(folder) }
        let good = try Fixtures.bytes("basemap/helsinki.pmtiles")
        try Self.expectError(Self.patched(good, at: 8, UInt64(good.count)), named: "root-outside.pmtiles", saying: "outside the file", in: folder)
        try Self.expectError(Self.patched(good, at: 16, UInt64.max - 10), named: "length-overflow.pmtiles", saying: "outside the file", in: folder)
        try Self.expectError(Self.patched(good, at: 64, 10), named: "short-data.pmtiles", saying: "outside its section", in: folder)
        try Self.expectError(Self.patched(good, at: 101, 31, width: 1), named: "zoom-31.pmtiles", saying: "absurd zooms", in: folder)
        try Self.expectError(Self.patched(good, at: 7, 2, width: 1), named: "version-2.pmtiles", saying: "version 2", in: folder)
        try Self.expectError(Self.patched(good, at: 98, 3, width: 1), named: "brotli.pmtiles", saying: "brotli", in: folder)
        try Self.expectError(Self.patched(good, at: 99, 2, width: 1), named: "png.pmtiles", saying: "not vector tiles", in: folder)
        try Self.expectError([], named: "empty.pmtiles", saying: "is empty", in: folder)
        try Self.expectError(Array("<html>not a map</html>".utf8), named: "page.pmtiles", saying: "neither a PMTiles nor an MBTiles", in: folder)
        try Self.expectError(Array(good.prefix(100)), named: "header-cut.pmtiles", saying: "too short", in: folder)
        try Self.expectError(Array("SQLite format 3\0".utf8) + Array(repeating: 0, count: 200), named: "not-sqlite.mbtiles",
                             saying: "cannot be read as MBTiles", in: folder)
    }

    /// A leaf directory that points at itself: the walk stops at the depth bound.
    @Test func aCycleOfLeafDirectoriesIsAnError() throws {
        let folder = BasemapTesting.scratchFolder()
        defer { BasemapTesting.removeFolder(folder) }
        // The root and the leaf are the same directory: one leaf pointer, to offset 0 of the
        // leaf section, 5 bytes long: the leaf itself.
        let cycle = PMTilesWriter.directory([.init(tileID: 0, offset: 0, length: 5, runLength: 0)])
        #expect(cycle.count == 5)
        var archive = PMTilesWriter.prefix(tiles: [], leafSize: nil, metadata: "", minZoom: 0, maxZoom: 14, tileCompression: .gzip)
        archive = Array(archive.prefix(PMTilesHeader.size)) + cycle + cycle + [0]
        for (offset, value) in [(8, 127), (16, 5), (24, 132), (32, 0), (40, 132), (48, 5), (56, 137), (64, 1)] {
            archive = Self.patched(archive, at: offset, UInt64(value))
        }
        try Self.expectError(archive, named: "cycle.pmtiles", saying: "nest deeper than 4", in: folder)
    }

    @Test func aTileThatInflatesWithoutBoundIsAnError() throws {
        let folder = BasemapTesting.scratchFolder()
        defer { BasemapTesting.removeFolder(folder) }
        let bomb = try Fixtures.bytes("basemap/zeros-40mb.gz")
        let archive = PMTilesWriter.archive([(TileAddress(zoom: 14, x: 9327, y: 4741), bomb)])
        try Self.expectError(archive, named: "bomb.pmtiles", saying: "tile 14/9327/4741: inflates to more than 16777216 bytes", in: folder)
    }

    @Test func aTileOf100000FeaturesInAnArchiveIsAnError() throws {
        let folder = BasemapTesting.scratchFolder()
        defer { BasemapTesting.removeFolder(folder) }
        let feature = ProtobufWriter.feature(type: 1, geometry: [ProtobufWriter.command(1, 1), 2, 2])
        let tile = ProtobufWriter.tile([ProtobufWriter.layer(name: "poi", features: Array(repeating: feature, count: 100_000))])
        let archive = PMTilesWriter.archive([(TileAddress(zoom: 14, x: 9327, y: 4741), tile)], tileCompression: .none)
        try Self.expectError(archive, named: "crowded.pmtiles", saying: "more than 50000 features", in: folder)
    }

    /// The PMTiles and MBTiles fixtures cut at many lengths: each an error naming the file (or, for a
    /// cut past everything read, the same tiles).
    @Test(arguments: [BasemapTesting.pmtiles, BasemapTesting.mbtiles])
    func truncatedArchivesAreErrors(source: String) throws {
        let folder = BasemapTesting.scratchFolder()
        defer { BasemapTesting.removeFolder(folder) }
        let good = try FileBytes.read(source)
        let name = "cut" + (source.hasSuffix(".mbtiles") ? ".mbtiles" : ".pmtiles")
        var errors = 0
        for length in stride(from: 0, to: good.count, by: max(1, good.count / 300)) {
            let path = folder + "/" + name
            try BasemapTesting.write(Array(good.prefix(length)), to: path)
            if let error = Self.readAll(path) {
                errors += 1
                #expect(error.path == path)
            }
        }
        #expect(errors > 250)
    }

    /// 500 seeded mutations of each fixture (bytes flipped or set, runs cut): no crash, and every
    /// failure one error naming the file.
    @Test(arguments: [BasemapTesting.pmtiles, BasemapTesting.protomaps, BasemapTesting.mbtiles])
    func randomDamageIsAnErrorOrReads(source: String) throws {
        let folder = BasemapTesting.scratchFolder()
        defer { BasemapTesting.removeFolder(folder) }
        let good = try FileBytes.read(source)
        var random = SplitMix64(seed: 0x39)
        var errors = 0
        let rounds = source.hasSuffix(".mbtiles") ? 100 : 500
        for round in 0..<rounds {
            var bytes = good
            for _ in 0..<(1 + random.below(6)) {
                // Half the damage lands in the first 16 KB: the header and the directories.
                let span = random.below(2) == 0 ? min(bytes.count, 16384) : bytes.count
                let at = random.below(span)
                switch random.below(3) {
                case 0: bytes[at] ^= UInt8(1 << random.below(8))
                case 1: bytes[at] = UInt8(random.below(256))
                default: bytes.removeSubrange(at..<min(bytes.count, at + 1 + random.below(256)))
                }
            }
            let path = folder + "/mutant-\(round % 4)" + (source.hasSuffix(".mbtiles") ? ".mbtiles" : ".pmtiles")
            try BasemapTesting.write(bytes, to: path)
            if let error = Self.readAll(path) {
                errors += 1
                #expect(error.path == path)
                #expect(!error.reason.isEmpty)
            }
        }
        #expect(errors > rounds / 5)
    }
}
