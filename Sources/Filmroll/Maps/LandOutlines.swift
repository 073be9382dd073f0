/// The outlines of the world's land, country by country (Natural Earth's
/// 1:110m countries, public domain; built into the program by
/// `Scripts/make-land-data.py`), for maps drawn with no network.
enum LandOutlines {
    /// One closed outline: its points (degrees) and the box around them.
    struct Ring: Sendable {
        var points: [GeoPoint]
        var bounds: GeoBounds
    }

    /// Every ring, decoded once.
    static let rings: [Ring] = decode(Base64.decode(encoded))

    static func decode(_ bytes: [UInt8]) -> [Ring] {
        var rings: [Ring] = []
        var at = 0
        func int16(_ offset: Int) -> Int16 { Int16(bitPattern: UInt16(bytes[offset]) | UInt16(bytes[offset + 1]) << 8) }
        while at + 2 <= bytes.count {
            let count = Int(UInt16(bytes[at]) | UInt16(bytes[at + 1]) << 8)
            at += 2
            guard at + count * 4 <= bytes.count else { break }
            let points = (0..<count).map { index in
                GeoPoint(latitude: Double(int16(at + index * 4 + 2)) / 100, longitude: Double(int16(at + index * 4)) / 100)
            }
            at += count * 4
            if let bounds = GeoBounds(points) { rings.append(Ring(points: points, bounds: bounds)) }
        }
        return rings
    }
}

/// A position in degrees.
struct GeoPoint: Sendable, Hashable {
    var latitude: Double
    var longitude: Double
}

/// The box around some positions, in degrees.
struct GeoBounds: Sendable, Hashable {
    var south: Double, west: Double, north: Double, east: Double

    init(south: Double, west: Double, north: Double, east: Double) {
        (self.south, self.west, self.north, self.east) = (south, west, north, east)
    }

    /// The box around `points`; nil when there are none.
    init?(_ points: [GeoPoint]) {
        guard let first = points.first else { return nil }
        var box = GeoBounds(south: first.latitude, west: first.longitude, north: first.latitude, east: first.longitude)
        for point in points {
            box.south = min(box.south, point.latitude)
            box.north = max(box.north, point.latitude)
            box.west = min(box.west, point.longitude)
            box.east = max(box.east, point.longitude)
        }
        self = box
    }

    func intersects(_ other: GeoBounds) -> Bool {
        south <= other.north && other.south <= north && west <= other.east && other.west <= east
    }
}

/// Base64 text to bytes, whitespace skipped.
enum Base64 {
    static func decode(_ text: String) -> [UInt8] {
        var table = [UInt8](repeating: 255, count: 256)
        for (index, byte) in "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8.enumerated() {
            table[Int(byte)] = UInt8(index)
        }
        var bytes: [UInt8] = [], buffer: UInt32 = 0, bits = 0
        for byte in text.utf8 {
            let value = table[Int(byte)]
            guard value != 255 else { continue }
            buffer = buffer << 6 | UInt32(value)
            bits += 6
            if bits >= 8 {
                bits -= 8
                bytes.append(UInt8(truncatingIfNeeded: buffer >> UInt32(bits)))
            }
        }
        return bytes
    }
}
