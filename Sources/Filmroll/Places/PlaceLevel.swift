/// The levels a position is named at from a basemap's places, smallest first.
enum PlaceLevel: Int, Sendable, Hashable, CaseIterable {
    /// OpenMapTiles' suburb, quarter, neighbourhood; Protomaps' neighbourhood, macrohood.
    case neighbourhood
    /// City, town, village; Protomaps' locality.
    case town
    /// State, province; Protomaps' region.
    case region
    case country

    /// The zoom its places are read at: its tile and the eight round it
    /// reach about 1.5 tiles each way (z14: 3 km at 50° N; z12: 12 km;
    /// z8: 200 km; z5: 1,500 km).
    var zoom: Int {
        switch self {
        case .neighbourhood: 14
        case .town: 12
        case .region: 8
        case .country: 5
        }
    }

    /// The highest OSM `admin_level` whose boundary parts two places of
    /// this level: a neighbourhood ends at any (10 and under), a town at a
    /// municipality's (8), a region at a state's (4), a country at 2.
    var partingAdminLevel: Int {
        switch self {
        case .neighbourhood: 10
        case .town: 8
        case .region: 4
        case .country: 2
        }
    }

    /// The level of an OpenMapTiles `place` class.
    init?(openMapTilesClass kind: String) {
        switch kind {
        case "suburb", "quarter", "neighbourhood": self = .neighbourhood
        case "city", "town", "village": self = .town
        case "state", "province": self = .region
        case "country": self = .country
        default: return nil
        }
    }

    /// The level of a Protomaps `places` kind.
    init?(protomapsKind kind: String) {
        switch kind {
        case "neighbourhood", "macrohood": self = .neighbourhood
        case "locality": self = .town
        case "region": self = .region
        case "country": self = .country
        default: return nil
        }
    }
}
