@testable import Filmroll

/// A basemap held in memory: features given in degrees, each tile asked
/// for holding those that reach into it (in its coordinates, with a buffer,
/// as tilers cut them); tiles listed in `failing` fail to decode.
struct MemoryBasemap: BasemapTiles {
    struct Feature {
        var layer: String
        var kind: VectorTileFeature.Kind
        var points: [[GeoPoint]]
        var properties: [String: VectorTileValue]
    }

    var path = "/nowhere/memory.pmtiles"
    var minZoom = 0
    var maxZoom = 14
    var attribution = "<a href=\"https://www.openstreetmap.org/copyright\">© OpenStreetMap contributors</a>"
    var schema = BasemapSchema.openMapTiles
    var features: [Feature] = []
    var failing: Set<TileAddress> = []
    var failsEverywhere = false
    static let extent = 4096

    func tile(at address: TileAddress) throws(BasemapError) -> VectorTile? {
        if failsEverywhere || failing.contains(address) { throw BasemapError(path: path, reason: "tile \(address) does not inflate") }
        var layers: [String: VectorTileLayer] = [:]
        let count = Double(1 << address.zoom), extent = Double(Self.extent)
        for feature in features {
            let parts = feature.points.map { part in
                part.map { point in
                    TilePoint(x: Int32(((TileProjection.worldX(point.longitude) * count) - Double(address.x)) * extent),
                              y: Int32(((TileProjection.worldY(point.latitude) * count) - Double(address.y)) * extent))
                }
            }
            let buffer = Int32(Self.extent / 16)
            let reaches = parts.joined().contains { $0.x >= -buffer && $0.x <= Int32(Self.extent) + buffer && $0.y >= -buffer && $0.y <= Int32(Self.extent) + buffer }
            guard reaches else { continue }
            layers[feature.layer, default: VectorTileLayer(name: feature.layer, extent: Self.extent, features: [])]
                .features.append(VectorTileFeature(kind: feature.kind, parts: parts, properties: feature.properties))
        }
        return layers.isEmpty ? nil : VectorTile(layers: layers.keys.sorted().map { layers[$0]! })
    }
}

extension MemoryBasemap.Feature {

    static func line(_ layer: String, _ points: [(Double, Double)], _ properties: [String: String]) -> Self {
        Self(layer: layer, kind: .line, points: [points.map { GeoPoint(latitude: $0.0, longitude: $0.1) }],
                properties: properties.mapValues { .string($0) })
    }

    static func area(_ layer: String, _ points: [(Double, Double)], _ properties: [String: String]) -> Self {
        Self(layer: layer, kind: .polygon, points: [points.map { GeoPoint(latitude: $0.0, longitude: $0.1) }],
                properties: properties.mapValues { .string($0) })
    }

    static func point(_ layer: String, _ point: (Double, Double), _ properties: [String: String]) -> Self {
        Self(layer: layer, kind: .point, points: [[GeoPoint(latitude: point.0, longitude: point.1)]],
                properties: properties.mapValues { .string($0) })
    }
}

/// Checks that an SVG is well-formed XML: every tag closed in order, every
/// attribute quoted, every character reference known; the elements' names in order.
enum SVGCheck {
    struct Malformed: Error, CustomStringConvertible { var description: String }

    @discardableResult
    static func elements(_ svg: String) throws -> [String] {
        var stack: [String] = [], names: [String] = []
        var rest = Substring(svg)
        while let open = rest.firstIndex(of: "<") {
            try checkText(rest[..<open])
            rest = rest[rest.index(after: open)...]
            if rest.hasPrefix("!--") {
                guard let end = rest.range(of: "-->") else { throw Malformed(description: "comment not closed") }
                rest = rest[end.upperBound...]
                continue
            }
            guard let close = rest.firstIndex(of: ">") else { throw Malformed(description: "tag not closed") }
            let tag = rest[..<close]
            rest = rest[rest.index(after: close)...]
            if tag.hasPrefix("/") {
                guard stack.popLast() == String(tag.dropFirst()) else { throw Malformed(description: "</\(tag.dropFirst())> closes \(stack.last ?? "nothing")") }
                continue
            }
            let selfClosing = tag.hasSuffix("/")
            let body = selfClosing ? tag.dropLast() : tag
            let name = String(body.prefix { !$0.isWhitespace })
            guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0 == ":" || $0 == "-" }) else { throw Malformed(description: "bad tag <\(tag)>") }
            try checkAttributes(body.dropFirst(name.count))
            names.append(name)
            if !selfClosing { stack.append(name) }
        }
        try checkText(rest)
        guard stack.isEmpty else { throw Malformed(description: "not closed: \(stack)") }
        return names
    }

    private static func checkAttributes(_ text: Substring) throws {
        var rest = text.drop { $0.isWhitespace }
        while !rest.isEmpty {
            guard let equals = rest.firstIndex(of: "=") else { throw Malformed(description: "attribute without value: \(rest)") }
            let name = rest[..<equals]
            guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0 == "-" || $0 == ":" }) else { throw Malformed(description: "bad attribute \(name)") }
            rest = rest[rest.index(after: equals)...]
            guard rest.first == "\"" else { throw Malformed(description: "unquoted attribute \(name)") }
            rest = rest.dropFirst()
            guard let end = rest.firstIndex(of: "\"") else { throw Malformed(description: "attribute \(name) not closed") }
            try checkText(rest[..<end])
            rest = rest[rest.index(after: end)...].drop { $0.isWhitespace }
        }
    }

    private static func checkText(_ text: Substring) throws {
        var rest = text
        while let amp = rest.firstIndex(of: "&") {
            rest = rest[rest.index(after: amp)...]
            guard let semicolon = rest.firstIndex(of: ";") else { throw Malformed(description: "bare &") }
            let entity = rest[..<semicolon]
            guard ["amp", "lt", "gt", "quot", "apos"].contains(entity) || (entity.hasPrefix("#") && entity.count > 1) else {
                throw Malformed(description: "unknown entity &\(entity);")
            }
        }
    }
}
