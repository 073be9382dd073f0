@testable import Filmroll
import Testing
import TestSupport

/// The MVT decoder on tiles made by hand: geometry commands, properties,
/// and every malformed length, index and count an error, never a crash.
@Suite struct VectorTileDecoderTests {
    typealias W = ProtobufWriter

    @Test func decodesPointsLinesAndPolygonsWithProperties() throws {
        let values = [W.stringValue("Mannerheimintie"), { var w = W(); w.varintField(6, UInt64(W.zigzag(-7))); return w.bytes }(),
                      { var w = W(); w.key(3, 1); w.bytes += withUnsafeBytes(of: (2.5).bitPattern.littleEndian, Array.init); return w.bytes }(),
                      { var w = W(); w.varintField(7, 1); return w.bytes }()]
        let point = W.feature(type: 1, tags: [0, 0], geometry: [W.command(1, 2), W.zigzag(10), W.zigzag(20), W.zigzag(-3), W.zigzag(4)])
        let line = W.feature(type: 2, tags: [1, 1, 2, 2], geometry: [W.command(1, 1), W.zigzag(5), W.zigzag(5), W.command(2, 2),
                                                                      W.zigzag(10), 0, 0, W.zigzag(10),
                                                                      W.command(1, 1), W.zigzag(-100), W.zigzag(-100), W.command(2, 1), W.zigzag(1), W.zigzag(1)])
        let polygon = W.feature(type: 3, tags: [3, 3], geometry: [W.command(1, 1), 0, 0, W.command(2, 2), W.zigzag(10), 0, 0, W.zigzag(10),
                                                                   W.command(7, 1)])
        let unknown = W.feature(type: 0, geometry: [W.command(1, 1), 0, 0])
        let bytes = W.tile([W.layer(name: "roads", extent: 512, keys: ["name", "rank", "width", "oneway"], values: values,
                                    features: [point, line, polygon, unknown])])
        let tile = try VectorTileDecoder().decode(bytes)
        let layer = try #require(tile.layer("roads"))
        #expect(layer.extent == 512)
        #expect(layer.features.count == 3)
        #expect(layer.features[0].kind == .point)
        #expect(layer.features[0].parts == [[TilePoint(x: 10, y: 20)], [TilePoint(x: 7, y: 24)]])
        #expect(layer.features[0].properties["name"] == .string("Mannerheimintie"))
        #expect(layer.features[0].labelName == "Mannerheimintie")
        #expect(layer.features[1].parts == [[TilePoint(x: 5, y: 5), TilePoint(x: 15, y: 5), TilePoint(x: 15, y: 15)],
                                            [TilePoint(x: -85, y: -85), TilePoint(x: -84, y: -84)]])
        #expect(layer.features[1].properties == ["rank": .int(-7), "width": .double(2.5)])
        #expect(layer.features[2].kind == .polygon)
        #expect(layer.features[2].parts == [[TilePoint(x: 0, y: 0), TilePoint(x: 10, y: 0), TilePoint(x: 10, y: 10)]])
        #expect(layer.features[2].properties == ["oneway": .bool(true)])
    }

    /// Each malformed tile and the words its error must carry.
    static let malformed: [(String, [UInt8], String)] = {
        let good = W.feature(type: 2, geometry: [W.command(1, 1), 0, 0, W.command(2, 1), 2, 2])
        var cases: [(String, [UInt8], String)] = []
        cases.append(("varint past the end", [0x1a, 0x80], "varint"))
        cases.append(("layer longer than the tile", [0x1a, 0x7f, 0x0a], "past the end"))
        cases.append(("extent 0", W.tile([W.layer(name: "a", extent: 0, features: [good])]), "extent"))
        cases.append(("extent past 1<<16", W.tile([W.layer(name: "a", extent: 1 << 17, features: [good])]), "extent"))
        cases.append(("key index out of range", W.tile([W.layer(name: "a", keys: ["k"], values: [W.stringValue("v")],
                                                                 features: [W.feature(type: 2, tags: [1, 0], geometry: [W.command(1, 1), 0, 0])])]), "key index"))
        cases.append(("value index out of range", W.tile([W.layer(name: "a", keys: ["k"], values: [W.stringValue("v")],
                                                                   features: [W.feature(type: 2, tags: [0, 5], geometry: [W.command(1, 1), 0, 0])])]), "value index"))
        cases.append(("odd tags", W.tile([W.layer(name: "a", keys: ["k"], values: [W.stringValue("v")],
                                                   features: [W.feature(type: 2, tags: [0], geometry: [W.command(1, 1), 0, 0])])]), "odd"))
        cases.append(("command count overruns", W.tile([W.layer(name: "a", features: [W.feature(type: 2, geometry: [W.command(2, 1_000_000), 2, 2])])]), "overruns"))
        cases.append(("LineTo first", W.tile([W.layer(name: "a", features: [W.feature(type: 2, geometry: [W.command(2, 1), 2, 2])])]), "LineTo"))
        cases.append(("unknown command", W.tile([W.layer(name: "a", features: [W.feature(type: 2, geometry: [W.command(3, 1), 2, 2])])]), "command"))
        cases.append(("ClosePath in a line", W.tile([W.layer(name: "a", features: [W.feature(type: 2, geometry: [W.command(1, 1), 0, 0, W.command(7, 1)])])]), "ClosePath"))
        cases.append(("layer without a name", [0x1a, 0x02, 0x28, 0x01], "no name"))
        cases.append(("wire type 7", [0x1f], "wire type"))
        cases.append(("coordinates past 32 bits", W.tile([W.layer(name: "a", features: [W.feature(type: 1, geometry: [W.command(1, 2), W.zigzag(Int32.max), 0, W.zigzag(Int32.max), 0])])]), "out of range"))
        return cases
    }()

    @Test(arguments: 0..<malformed.count) func malformedTileIsAnError(index: Int) {
        let (label, bytes, words) = Self.malformed[index]
        do {
            _ = try VectorTileDecoder().decode(bytes)
            Issue.record("\(label): decoded")
        } catch {
            #expect(error.reason.contains(words), "\(label): \(error.reason)")
        }
    }

    @Test func aTileOf100000FeaturesIsRefused() {
        let feature = W.feature(type: 1, geometry: [W.command(1, 1), 2, 2])
        let bytes = W.tile([W.layer(name: "pois", features: Array(repeating: feature, count: 100_000))])
        #expect(throws: VectorTileDecodingError.self) { try VectorTileDecoder().decode(bytes) }
        do {
            _ = try VectorTileDecoder().decode(bytes)
        } catch {
            #expect(error.reason == "more than 50000 features in a tile")
        }
        // Under a higher cap the same tile decodes whole: the cap is what refused it.
        let tile = try? VectorTileDecoder(limits: .init(features: 100_000)).decode(bytes)
        #expect(tile?.layer("pois")?.features.count == 100_000)
    }

    @Test func pointsPerTileAreCapped() {
        let geometry = [W.command(1, 1), 0, 0, W.command(2, 999)] + Array(repeating: UInt32(2), count: 999 * 2)
        let bytes = W.tile([W.layer(name: "roads", features: Array(repeating: W.feature(type: 2, geometry: geometry), count: 10))])
        #expect(throws: VectorTileDecodingError(reason: "more than 5000 points in a tile")) {
            try VectorTileDecoder(limits: .init(points: 5000)).decode(bytes)
        }
        #expect((try? VectorTileDecoder().decode(bytes))?.layers[0].features.count == 10)
    }

    @Test func inflatingIsCapped() throws {
        let bomb = try Fixtures.bytes("basemap/zeros-40mb.gz")
        #expect(throws: VectorTileDecodingError(reason: "inflates to more than 16777216 bytes")) {
            try TileInflater.inflate(bomb, .gzip)
        }
        #expect(try TileInflater.inflate(bomb, .gzip, limit: 41 << 20).count == 40 << 20)
        #expect(TileInflater.Compression.sniffed(bomb) == .gzip)
        #expect(throws: VectorTileDecodingError.self) { try TileInflater.inflate(Array(bomb.prefix(1000)), .gzip) }
    }

    /// 500 seeded mutations of a real tile (bytes flipped, cut, spliced): each decodes or is an error.
    @Test func mutatedRealTilesNeverCrash() throws {
        let archive = try MBTilesArchive(path: BasemapTesting.mbtiles)
        let stored = try #require(try archive.tileBytes(at: TileAddress(zoom: 14, x: 9327, y: 4741)))
        let original = try TileInflater.inflate(stored, .gzip)
        var random = SplitMix64(seed: 39)
        var errors = 0
        for _ in 0..<500 {
            var bytes = original
            for _ in 0..<(1 + random.below(8)) {
                let at = random.below(bytes.count)
                switch random.below(3) {
                case 0: bytes[at] ^= UInt8(1 << random.below(8))
                case 1: bytes[at] = UInt8(random.below(256))
                default: bytes.removeSubrange(at..<min(bytes.count, at + random.below(64)))
                }
                if bytes.isEmpty { bytes = [0] }
            }
            do { _ = try VectorTileDecoder().decode(bytes) } catch { errors += 1 }
        }
        #expect(errors > 100)
    }
}
