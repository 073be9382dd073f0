#if canImport(Glibc)
import Glibc
#endif
import Files
@testable import Filmroll
import TestSupport

/// Helpers for the basemap suites: a scratch folder, a protobuf writer to
/// make vector tiles by hand, the fixtures' tile addresses.
enum BasemapTesting {
    static let pmtiles = Fixtures.path("basemap/helsinki.pmtiles")
    static let mbtiles = Fixtures.path("basemap/helsinki.mbtiles")
    static let protomaps = Fixtures.path("basemap/helsinki-protomaps.pmtiles")

    /// Every address at z10–z14 over the fixtures' box (a few outside it).
    static var addresses: [TileAddress] {
        var addresses: [TileAddress] = []
        for zoom in 10...14 {
            let scale = 1 << (14 - zoom)
            for x in (9325 / scale)...(9328 / scale) {
                for y in (4740 / scale)...(4743 / scale) { addresses.append(TileAddress(zoom: zoom, x: x, y: y)) }
            }
        }
        return addresses
    }

    /// A new empty folder under /tmp.
    static func scratchFolder() -> String {
        var template = Array("/tmp/filmroll-basemap-XXXXXX".utf8CString)
        return template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)) }
    }

    static func write(_ bytes: [UInt8], to path: String) throws {
        try AtomicFile.write(bytes, to: path)
    }

    static func removeFolder(_ path: String) {
        for name in Folders.names(in: path) { _ = unlink(path + "/" + name) }
        _ = rmdir(path)
    }
}

/// Writes protocol buffer fields, to make vector tiles (good and bad) by hand.
struct ProtobufWriter {
    var bytes: [UInt8] = []

    mutating func varint(_ value: UInt64) { PMTilesWriter.appendVarint(value, to: &bytes) }
    mutating func key(_ field: UInt64, _ wireType: UInt64) { varint(field << 3 | wireType) }
    mutating func varintField(_ field: UInt64, _ value: UInt64) { key(field, 0); varint(value) }
    mutating func bytesField(_ field: UInt64, _ value: [UInt8]) { key(field, 2); varint(UInt64(value.count)); bytes += value }
    mutating func stringField(_ field: UInt64, _ value: String) { bytesField(field, Array(value.utf8)) }
    mutating func packed(_ field: UInt64, _ values: [UInt32]) {
        var inner = ProtobufWriter()
        for value in values { inner.varint(UInt64(value)) }
        bytesField(field, inner.bytes)
    }

    static func zigzag(_ value: Int32) -> UInt32 { UInt32(bitPattern: (value << 1) ^ (value >> 31)) }
    static func command(_ id: UInt32, _ count: UInt32) -> UInt32 { id | count << 3 }

    /// A feature message: type, tags, geometry.
    static func feature(type: UInt64, tags: [UInt32] = [], geometry: [UInt32]) -> [UInt8] {
        var writer = ProtobufWriter()
        if !tags.isEmpty { writer.packed(2, tags) }
        writer.varintField(3, type)
        writer.packed(4, geometry)
        return writer.bytes
    }

    /// A layer message; `values` already encoded as Value messages.
    static func layer(name: String, extent: UInt64? = 4096, keys: [String] = [], values: [[UInt8]] = [], features: [[UInt8]]) -> [UInt8] {
        var writer = ProtobufWriter()
        writer.varintField(15, 2)
        writer.stringField(1, name)
        for feature in features { writer.bytesField(2, feature) }
        for key in keys { writer.stringField(3, key) }
        for value in values { writer.bytesField(4, value) }
        if let extent { writer.varintField(5, extent) }
        return writer.bytes
    }

    static func tile(_ layers: [[UInt8]]) -> [UInt8] {
        var writer = ProtobufWriter()
        for layer in layers { writer.bytesField(3, layer) }
        return writer.bytes
    }

    static func stringValue(_ text: String) -> [UInt8] { var writer = ProtobufWriter(); writer.stringField(1, text); return writer.bytes }
}
