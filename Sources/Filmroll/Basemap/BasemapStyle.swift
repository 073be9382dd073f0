/// What each feature of a basemap becomes on a day map, in either schema
/// (`BasemapSchema`), and the colours of each in the light and dark schemes.
enum BasemapSymbol: Int, Sendable, Hashable, CaseIterable, Comparable {
    // In drawing order: areas, then lines from the smallest road up, then buildings.
    case landuse, park, wood, water, river, building
    case path, minorRoad, tertiary, secondary, primary, trunk, motorway, rail

    static func < (a: BasemapSymbol, b: BasemapSymbol) -> Bool { a.rawValue < b.rawValue }

    /// The class name in the SVG's style sheet.
    var cssClass: String {
        switch self {
        case .landuse: "lu"
        case .park: "pk"
        case .wood: "wd"
        case .water: "wa"
        case .river: "rv"
        case .building: "bd"
        case .path: "r-path"
        case .minorRoad: "r-minor"
        case .tertiary: "r-tert"
        case .secondary: "r-sec"
        case .primary: "r-pri"
        case .trunk: "r-trunk"
        case .motorway: "r-mw"
        case .rail: "rail"
        }
    }

    /// Roads are drawn twice: a wider casing under the fill.
    var isRoad: Bool { self >= .path && self <= .motorway }

    /// Areas are filled; the rest are stroked lines.
    var isArea: Bool { self <= .water || self == .building }

    /// The width of a road's fill in pixels at a display zoom (casing 1.5 px wider).
    func roadWidth(zoom: Double) -> Double {
        let base: Double = switch self {
        case .motorway, .trunk: 7
        case .primary: 6
        case .secondary: 5
        case .tertiary: 4.5
        case .minorRoad: 3.5
        default: 1.2
        }
        // Full width at zoom 16, narrower further out.
        let factor = min(1.3, max(0.35, 1 - (16 - zoom) * 0.2))
        return self == .path ? base : base * factor
    }
}

/// Which symbol a feature takes, by its layer and kind in the basemap's schema.
struct BasemapStyle {
    let schema: BasemapSchema

    /// nil: the feature is not drawn.
    func symbol(layer: String, _ feature: VectorTileFeature) -> BasemapSymbol? {
        let kind = feature.properties[schema == .openMapTiles ? "class" : "kind"]?.string ?? ""
        switch (schema, layer) {
        case (.openMapTiles, "water"), (.protomaps, "water"):
            if feature.kind == .line { return .river }
            return feature.kind == .polygon ? .water : nil
        case (.openMapTiles, "waterway"):
            return feature.kind == .line ? .river : nil
        case (.openMapTiles, "park"):
            return feature.kind == .polygon ? .park : nil
        case (.openMapTiles, "landcover"), (.openMapTiles, "landuse"), (.protomaps, "landuse"), (.protomaps, "landcover"):
            guard feature.kind == .polygon else { return nil }
            return area(kind)
        case (.openMapTiles, "building"), (.protomaps, "buildings"):
            return feature.kind == .polygon ? .building : nil
        case (.openMapTiles, "transportation"):
            guard feature.kind == .line else { return nil }
            return openMapTilesRoad(kind)
        case (.protomaps, "roads"):
            guard feature.kind == .line else { return nil }
            return protomapsRoad(kind, detail: feature.properties["kind_detail"]?.string ?? "")
        case (.protomaps, "transit"):
            return feature.kind == .line && kind == "rail" ? .rail : nil
        default:
            return nil
        }
    }

    private func area(_ kind: String) -> BasemapSymbol? {
        switch kind {
        case "park", "grass", "garden", "playground", "pitch", "golf_course", "recreation_ground", "cemetery", "meadow",
             "village_green", "nature_reserve", "national_park", "protected_area", "zoo", "allotments", "farmland", "farm", "scrub", "heath":
            .park
        case "wood", "forest":
            .wood
        case "water", "wetland", "basin", "reservoir":
            .water
        case "residential", "suburb", "neighbourhood", "quarter":
            nil
        case "":
            nil
        default:
            .landuse
        }
    }

    private func openMapTilesRoad(_ kind: String) -> BasemapSymbol? {
        switch kind {
        case "motorway": .motorway
        case "trunk": .trunk
        case "primary": .primary
        case "secondary": .secondary
        case "tertiary": .tertiary
        case "minor", "service", "raceway", "busway", "bus_guideway", "track": .minorRoad
        case "path", "footway", "cycleway", "steps", "bridleway", "pedestrian": .path
        case "rail", "transit": .rail
        default: nil
        }
    }

    private func protomapsRoad(_ kind: String, detail: String) -> BasemapSymbol? {
        switch kind {
        case "highway": detail.hasPrefix("trunk") ? .trunk : .motorway
        case "major_road": detail.hasPrefix("secondary") ? .secondary : (detail.hasPrefix("tertiary") ? .tertiary : .primary)
        case "medium_road": .tertiary
        case "minor_road", "other": .minorRoad
        case "path": .path
        case "rail": .rail
        default: nil
        }
    }

    /// A street's name for a line of the street-name layer (`transportation_name`
    /// or `roads`); nil when it has none or the layer holds no streets.
    func streetName(layer: String, _ feature: VectorTileFeature) -> String? {
        guard feature.kind == .line else { return nil }
        switch (schema, layer) {
        case (.openMapTiles, "transportation_name"), (.protomaps, "roads"): break
        default: return nil
        }
        let kind = feature.properties[schema == .openMapTiles ? "class" : "kind"]?.string ?? ""
        if kind == "rail" || kind == "ferry" || kind == "transit" { return nil }
        return Self.name(feature)
    }

    /// A place's name and rank (lower: larger place) from the place layer; nil for another layer or a place too small.
    func place(layer: String, _ feature: VectorTileFeature) -> (name: String, rank: Int)? {
        guard feature.kind == .point, (schema == .openMapTiles && layer == "place") || (schema == .protomaps && layer == "places"),
              let name = Self.name(feature) else { return nil }
        let kind = feature.properties[schema == .openMapTiles ? "class" : "kind"]?.string ?? ""
        let rank: Int? = switch kind {
        case "country": 0
        case "state", "region", "province": 1
        case "city", "locality": 2
        case "town": 3
        case "village", "suburb", "macrohood": 4
        case "quarter", "borough": 5
        case "neighbourhood", "neighborhood", "hamlet": 6
        default: nil
        }
        return rank.map { (name, $0) }
    }

    /// The feature's name: `name`, else its Latin or English name.
    static func name(_ feature: VectorTileFeature) -> String? {
        for key in ["name", "name:latin", "name_en", "name:en"] {
            if let text = feature.properties[key]?.string, !text.allSatisfy(\.isWhitespace) { return text }
        }
        return nil
    }

    /// The map's style sheet: each symbol's colours, light then dark.
    static let css = """
        .land { fill: #f2efe9; } .lu { fill: #e6e2d8; } .pk { fill: #cfe8c0; } .wd { fill: #b9d9a8; }
        .wa { fill: #a9cbee; } .rv { fill: none; stroke: #a9cbee; stroke-width: 2; stroke-linecap: round; stroke-linejoin: round; }
        .bd { fill: #ddd6cb; stroke: #cbc2b4; stroke-width: 0.5; }
        .cs, .rd, .rail { fill: none; stroke-linecap: round; stroke-linejoin: round; }
        .cs { stroke: #c4bcae; } .rd { stroke: #ffffff; } .rd.r-path { stroke: #a7a093; stroke-dasharray: 3 2; }
        .rd.r-tert, .rd.r-sec { stroke: #fff6d5; } .rd.r-pri { stroke: #fde3a2; } .rd.r-trunk, .rd.r-mw { stroke: #f7bd7b; }
        .cs.r-trunk, .cs.r-mw { stroke: #d5935a; } .cs.r-pri { stroke: #d9b36c; }
        .rail { stroke: #8b8680; stroke-width: 1.5; stroke-dasharray: 6 3; }
        .street { font: 11px sans-serif; fill: #4a4640; } .s10 { font-size: 10px; } .s9 { font-size: 9px; } .place { font: bold 14px sans-serif; fill: #2e2b27; text-anchor: middle; }
        .street, .place, .pin text { paint-order: stroke; stroke: #ffffff; stroke-width: 3px; stroke-linejoin: round; }
        .route { fill: none; stroke: #0a55c2; stroke-width: 4; stroke-linejoin: round; stroke-linecap: round; stroke-opacity: 0.85; }
        .start { fill: #1d7a3a; stroke: #fff; stroke-width: 2; } .end { fill: #b3261e; stroke: #fff; stroke-width: 2; }
        .pin circle { fill: #0a55c2; stroke: #fff; stroke-width: 2; }
        a:focus { outline: 3px solid #0a55c2; outline-offset: 2px; }
        a:focus .pin circle { stroke: #1b1b1f; stroke-width: 4; }
        .pin text { font: bold 11px sans-serif; fill: #fff; stroke: #0a55c2; stroke-width: 1px; text-anchor: middle; }
        .scale { stroke: #333; stroke-width: 3; fill: none; } .scale-text, .credit { font: 12px sans-serif; fill: #333; }
        .credit { font-size: 10px; text-anchor: end; paint-order: stroke; stroke: #f2efe9; stroke-width: 3px; }
        @media (prefers-color-scheme: dark) {
          .land { fill: #22221f; } .lu { fill: #2a2925; } .pk { fill: #233323; } .wd { fill: #1f3020; }
          .wa { fill: #17263a; } .rv { stroke: #17263a; } .bd { fill: #34322d; stroke: #403d37; }
          .cs { stroke: #16160f; } .rd { stroke: #4a4843; } .rd.r-path { stroke: #6b665c; }
          .rd.r-tert, .rd.r-sec { stroke: #5a5548; } .rd.r-pri { stroke: #6e5f3e; } .rd.r-trunk, .rd.r-mw { stroke: #7d5a35; }
          .cs.r-trunk, .cs.r-mw, .cs.r-pri { stroke: #1a1408; } .rail { stroke: #77726b; }
          .street { fill: #d8d3c8; } .place { fill: #f0ece4; }
          .street, .place { stroke: #22221f; }
          .route { stroke: #8cb8ff; } .start, .end, .pin circle { stroke: #121214; } .pin circle { fill: #3b7be0; }
          .pin text { stroke: #3b7be0; }
          .scale { stroke: #ddd; } .scale-text, .credit { fill: #ddd; } .credit { stroke: #22221f; }
        }
        """
}
