/// Decodes a Mapbox Vector Tile (MVT 2.1 protobuf, already inflated) into a
/// `VectorTile`. Every length, count and index is checked: a malformed tile
/// is a `VectorTileDecodingError`, never a crash, and the work is bounded by
/// `limits` (features and points per tile). No recursion on the input.
struct VectorTileDecoder: Sendable {
    /// How much one tile may hold.
    struct Limits: Sendable, Hashable {
        var features = 50_000
        var points = 2_000_000
    }

    var limits = Limits()

    /// The largest extent accepted (tiles use 4096; 1 << 16 leaves room).
    static let largestExtent = 1 << 16

    func decode(_ bytes: [UInt8]) throws(VectorTileDecodingError) -> VectorTile {
        do {
            return try bytes.withUnsafeBufferPointer { buffer throws(ProtobufReader.Malformed) in
                var budget = Budget(limits: limits)
                return try decodeTile(buffer, budget: &budget)
            }
        } catch {
            throw VectorTileDecodingError(reason: error.reason)
        }
    }

    /// What is left of the tile's limits as it is decoded.
    private struct Budget {
        var features: Int
        var points: Int
        let limits: Limits
        init(limits: Limits) {
            self.limits = limits
            features = limits.features
            points = limits.points
        }
    }

    private func decodeTile(_ buffer: UnsafeBufferPointer<UInt8>, budget: inout Budget) throws(ProtobufReader.Malformed) -> VectorTile {
        var reader = ProtobufReader(buffer)
        var layers: [VectorTileLayer] = []
        while let (number, wireType) = try reader.field() {
            if number == 3 && wireType == .lengthDelimited {
                let range = try reader.lengthDelimited()
                layers.append(try decodeLayer(buffer, range: range, budget: &budget))
            } else {
                try reader.skip(wireType)
            }
        }
        return VectorTile(layers: layers)
    }

    private func decodeLayer(_ buffer: UnsafeBufferPointer<UInt8>, range: Range<Int>,
                             budget: inout Budget) throws(ProtobufReader.Malformed) -> VectorTileLayer {
        var reader = ProtobufReader(buffer, range: range)
        var name: String?
        var extent = 4096
        var keys: [String] = []
        var values: [VectorTileValue] = []
        var featureRanges: [Range<Int>] = []
        while let (number, wireType) = try reader.field() {
            switch (number, wireType) {
            case (1, .lengthDelimited): name = reader.string(try reader.lengthDelimited())
            case (2, .lengthDelimited):
                guard featureRanges.count < budget.features else {
                    throw ProtobufReader.Malformed(reason: "more than \(budget.limits.features) features in a tile")
                }
                featureRanges.append(try reader.lengthDelimited())
            case (3, .lengthDelimited): keys.append(reader.string(try reader.lengthDelimited()))
            case (4, .lengthDelimited): values.append(try decodeValue(buffer, range: try reader.lengthDelimited()))
            case (5, .varint):
                let value = try reader.varint()
                guard value > 0 && value <= UInt64(Self.largestExtent) else {
                    throw ProtobufReader.Malformed(reason: "a layer's extent of \(value) is out of range (1…\(Self.largestExtent))")
                }
                extent = Int(value)
            default: try reader.skip(wireType)
            }
        }
        guard let name else { throw ProtobufReader.Malformed(reason: "a layer has no name") }
        budget.features -= featureRanges.count
        var features: [VectorTileFeature] = []
        features.reserveCapacity(featureRanges.count)
        for featureRange in featureRanges {
            if let feature = try decodeFeature(buffer, range: featureRange, keys: keys, values: values, budget: &budget) {
                features.append(feature)
            }
        }
        return VectorTileLayer(name: name, extent: extent, features: features)
    }

    private func decodeValue(_ buffer: UnsafeBufferPointer<UInt8>, range: Range<Int>) throws(ProtobufReader.Malformed) -> VectorTileValue {
        var reader = ProtobufReader(buffer, range: range)
        var value: VectorTileValue?
        while let (number, wireType) = try reader.field() {
            switch (number, wireType) {
            case (1, .lengthDelimited): value = .string(reader.string(try reader.lengthDelimited()))
            case (2, .fixed32): value = .double(Double(Float(bitPattern: try reader.fixed32())))
            case (3, .fixed64): value = .double(Double(bitPattern: try reader.fixed64()))
            case (4, .varint): value = .int(Int64(bitPattern: try reader.varint()))
            case (5, .varint):
                let number = try reader.varint()
                value = number <= UInt64(Int64.max) ? .int(Int64(number)) : .double(Double(number))
            case (6, .varint): value = .int(ProtobufReader.zigzag(try reader.varint()))
            case (7, .varint): value = .bool(try reader.varint() != 0)
            default: try reader.skip(wireType)
            }
        }
        guard let value else { throw ProtobufReader.Malformed(reason: "a property value has no value") }
        return value
    }

    /// One feature; nil for a feature of unknown geometry type (the spec says to ignore it).
    private func decodeFeature(_ buffer: UnsafeBufferPointer<UInt8>, range: Range<Int>, keys: [String],
                               values: [VectorTileValue], budget: inout Budget) throws(ProtobufReader.Malformed) -> VectorTileFeature? {
        var reader = ProtobufReader(buffer, range: range)
        var tags: Range<Int>?
        var type: UInt64 = 0
        var geometry: Range<Int>?
        while let (number, wireType) = try reader.field() {
            switch (number, wireType) {
            case (2, .lengthDelimited): tags = try reader.lengthDelimited()
            case (3, .varint): type = try reader.varint()
            case (4, .lengthDelimited): geometry = try reader.lengthDelimited()
            case (2, _), (4, _): throw ProtobufReader.Malformed(reason: "a feature's tags or geometry are not packed")
            default: try reader.skip(wireType)
            }
        }
        let kind: VectorTileFeature.Kind
        switch type {
        case 1: kind = .point
        case 2: kind = .line
        case 3: kind = .polygon
        default: return nil
        }
        var properties: [String: VectorTileValue] = [:]
        if let tags {
            var tagReader = ProtobufReader(buffer, range: tags)
            while !tagReader.isAtEnd {
                let key = try tagReader.varint()
                guard !tagReader.isAtEnd else { throw ProtobufReader.Malformed(reason: "a feature has an odd number of tags") }
                let value = try tagReader.varint()
                guard key < UInt64(keys.count) else {
                    throw ProtobufReader.Malformed(reason: "a tag's key index \(key) is out of range (\(keys.count) keys)")
                }
                guard value < UInt64(values.count) else {
                    throw ProtobufReader.Malformed(reason: "a tag's value index \(value) is out of range (\(values.count) values)")
                }
                properties[keys[Int(key)]] = values[Int(value)]
            }
        }
        let parts = try geometry.map { range throws(ProtobufReader.Malformed) in
            try decodeGeometry(buffer, range: range, kind: kind, budget: &budget)
        } ?? []
        return VectorTileFeature(kind: kind, parts: parts, properties: properties)
    }

    /// The geometry commands: MoveTo (1), LineTo (2), ClosePath (7), each
    /// with a count; parameters are zigzag deltas from the cursor.
    private func decodeGeometry(_ buffer: UnsafeBufferPointer<UInt8>, range: Range<Int>, kind: VectorTileFeature.Kind,
                                budget: inout Budget) throws(ProtobufReader.Malformed) -> [[TilePoint]] {
        var reader = ProtobufReader(buffer, range: range)
        var parts: [[TilePoint]] = []
        var current: [TilePoint] = []
        var x: Int64 = 0
        var y: Int64 = 0
        while !reader.isAtEnd {
            let command = try reader.varint()
            let id = command & 7
            let count = command >> 3
            switch id {
            case 1, 2:
                // Each point takes at least two bytes: a count past that cannot be real.
                guard count > 0, count <= UInt64(reader.end - reader.position) / 2 else {
                    throw ProtobufReader.Malformed(reason: "a geometry command's count of \(count) overruns the geometry")
                }
                if id == 2 && (kind == .point || current.isEmpty) {
                    throw ProtobufReader.Malformed(reason: "a LineTo in a point or before any MoveTo")
                }
                guard budget.points >= Int(count) else {
                    throw ProtobufReader.Malformed(reason: "more than \(budget.limits.points) points in a tile")
                }
                budget.points -= Int(count)
                for _ in 0..<count {
                    x += ProtobufReader.zigzag(try reader.varint())
                    y += ProtobufReader.zigzag(try reader.varint())
                    guard let px = Int32(exactly: x), let py = Int32(exactly: y) else {
                        throw ProtobufReader.Malformed(reason: "a geometry's coordinates run out of range")
                    }
                    let point = TilePoint(x: px, y: py)
                    if id == 1 {
                        if kind == .point {
                            parts.append([point])
                        } else {
                            if !current.isEmpty { parts.append(current) }
                            current = [point]
                        }
                    } else {
                        current.append(point)
                    }
                }
                if id == 1 && kind != .point && count != 1 {
                    throw ProtobufReader.Malformed(reason: "a MoveTo of \(count) points in a line or polygon")
                }
            case 7:
                guard count == 1 else { throw ProtobufReader.Malformed(reason: "a ClosePath of count \(count)") }
                guard kind == .polygon, !current.isEmpty else {
                    throw ProtobufReader.Malformed(reason: "a ClosePath outside a polygon's ring")
                }
                parts.append(current)
                current = []
            default:
                throw ProtobufReader.Malformed(reason: "unknown geometry command \(id)")
            }
        }
        if !current.isEmpty { parts.append(current) }
        return parts
    }
}

/// Why a tile's bytes are not a vector tile Filmroll can read.
struct VectorTileDecodingError: Error, Sendable, Hashable {
    var reason: String
}
