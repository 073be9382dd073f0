import Catalog
@testable import Filmroll
import Testing
import TestSupport

/// The PMTiles and MBTiles readers on real tiles of central Helsinki
/// (tilemaker's OpenMapTiles output, © OpenStreetMap contributors).
@Suite struct BasemapArchiveTests {
    @Test func findsCentralHelsinkisStreetNames() throws {
        let basemap = try Basemap.open(path: BasemapTesting.pmtiles)
        var names: Set<String> = []
        for x in 9326...9327 {
            for y in 4741...4742 {
                let tile = try #require(try basemap.tile(at: TileAddress(zoom: 14, x: x, y: y)))
                let layer = try #require(tile.layer("transportation_name"))
                #expect(layer.extent == 4096)
                names.formUnion(layer.features.compactMap(\.labelName))
            }
        }
        #expect(names.contains("Mannerheimintie"))
        #expect(names.contains("Aleksanterinkatu"))
        #expect(names.contains { $0.lowercased().hasSuffix("esplanadi") })
        #expect(names.count > 50)
    }

    @Test func openMapTilesArchivesTellTheirSchemaZoomsAndAttribution() throws {
        for path in [BasemapTesting.pmtiles, BasemapTesting.mbtiles] {
            let basemap = try Basemap.open(path: path)
            #expect(basemap.path == path)
            #expect(basemap.schema == .openMapTiles)
            #expect(basemap.minZoom == 10)
            #expect(basemap.maxZoom == 14)
            #expect(basemap.attribution == "© OpenStreetMap contributors")
        }
        #expect(try Basemap.open(path: BasemapTesting.pmtiles) is PMTilesArchive)
        #expect(try Basemap.open(path: BasemapTesting.mbtiles) is MBTilesArchive)
    }

    @Test func protomapsSchemaIsRecognisedAndRead() throws {
        let basemap = try Basemap.open(path: BasemapTesting.protomaps)
        #expect(basemap.schema == .protomaps)
        let tile = try #require(try basemap.tile(at: TileAddress(zoom: 14, x: 9327, y: 4742)))
        #expect(Set(tile.layers.map(\.name)).isSuperset(of: ["earth", "roads", "buildings"]))
        let roads = try #require(tile.layer("roads"))
        #expect(roads.features.contains { $0.labelName == "Mannerheimintie" })
        #expect(try basemap.tile(at: TileAddress(zoom: 13, x: 4663, y: 2370)) == nil)
    }

    @Test func pmtilesAndMBTilesOfTheSameDataGiveTheSameTiles() throws {
        let pmtiles = try PMTilesArchive(path: BasemapTesting.pmtiles)
        let mbtiles = try MBTilesArchive(path: BasemapTesting.mbtiles)
        var found = 0
        for address in BasemapTesting.addresses {
            let fromPMTiles = try pmtiles.tile(at: address)
            #expect(fromPMTiles == (try mbtiles.tile(at: address)), "\(address)")
            if fromPMTiles != nil { found += 1 }
        }
        #expect(found == 9)  // 4 at z14, 2 at z13, one each at z10–z12
        #expect(try pmtiles.tile(at: TileAddress(zoom: 14, x: 0, y: 0)) == nil)
        #expect(try pmtiles.tile(at: TileAddress(zoom: 31, x: 0, y: 0)) == nil)
        #expect(try pmtiles.tile(at: TileAddress(zoom: 14, x: -1, y: 0)) == nil)
        #expect(try mbtiles.tile(at: TileAddress(zoom: 14, x: 1 << 14, y: 0)) == nil)
    }

    /// PMTiles' tile ids along the Hilbert curve, as PyPI pmtiles' zxy_to_tileid gives them.
    @Test func hilbertTileIDs() {
        let cases: [(Int, Int, Int, UInt64)] = [(0, 0, 0, 0), (1, 0, 0, 1), (1, 0, 1, 2), (1, 1, 1, 3), (1, 1, 0, 4),
                                                 (2, 0, 0, 5), (3, 0, 0, 21), (12, 3423, 1763, 19078479),
                                                 (14, 9327, 4741, 319_433_635),
                                                 (30, (1 << 30) - 1, 0, 1_537_228_672_809_129_300)]
        for (zoom, x, y, id) in cases {
            #expect(PMTilesDirectory.tileID(TileAddress(zoom: zoom, x: x, y: y)) == id, "\(zoom)/\(x)/\(y)")
        }
        #expect(PMTilesDirectory.tileID(TileAddress(zoom: 31, x: 0, y: 0)) == nil)
        #expect(PMTilesDirectory.tileID(TileAddress(zoom: 2, x: 4, y: 0)) == nil)
    }

    @Test func leafDirectoriesGiveTheSameTilesAsARootAlone() throws {
        let source = try PMTilesArchive(path: BasemapTesting.pmtiles)
        var stored: [(TileAddress, [UInt8])] = []
        for address in BasemapTesting.addresses {
            if let bytes = try source.tileBytes(at: address) { stored.append((address, bytes)) }
        }
        let folder = BasemapTesting.scratchFolder()
        defer { BasemapTesting.removeFolder(folder) }
        for leafSize in [nil, 1, 2, 4] as [Int?] {
            let path = folder + "/leaves-\(leafSize ?? 0).pmtiles"
            try BasemapTesting.write(PMTilesWriter.archive(stored, leafSize: leafSize), to: path)
            let archive = try PMTilesArchive(path: path)
            if leafSize != nil { #expect(archive.header.leafDirectories.length > 0) }
            for address in BasemapTesting.addresses {
                #expect(try archive.tile(at: address) == (try source.tile(at: address)), "\(address) leaves of \(leafSize ?? 0)")
            }
        }
    }

    /// MBTiles rows count from the south (TMS): XYZ row y is stored as 2^z − 1 − y.
    @Test func mbtilesRowsAreFlipped() throws {
        let folder = BasemapTesting.scratchFolder()
        defer { BasemapTesting.removeFolder(folder) }
        let path = folder + "/flip.mbtiles"
        let marker = ProtobufWriter.tile([ProtobufWriter.layer(name: "north", features: [
            ProtobufWriter.feature(type: 1, geometry: [ProtobufWriter.command(1, 1), 2, 2])])])
        do {
            let database = try Database(path: path, mode: .create)
            try database.execute("""
                CREATE TABLE metadata (name TEXT, value TEXT);
                CREATE TABLE tiles (zoom_level INTEGER, tile_column INTEGER, tile_row INTEGER, tile_data BLOB);
                INSERT INTO metadata VALUES ('format', 'pbf'), ('minzoom', '3'), ('maxzoom', '3'),
                  ('json', '{"vector_layers":[{"id":"roads"},{"id":"earth"}]}');
                """)
            try database.execute("INSERT INTO tiles VALUES (3, 2, 6, ?)", [DatabaseValue.blob(marker)])
        }
        let archive = try MBTilesArchive(path: path)
        #expect(archive.schema == .protomaps)
        #expect(archive.attribution == "© OpenStreetMap contributors")
        #expect(try archive.tile(at: TileAddress(zoom: 3, x: 2, y: 1))?.layer("north") != nil)
        #expect(try archive.tile(at: TileAddress(zoom: 3, x: 2, y: 6)) == nil)
    }
}
