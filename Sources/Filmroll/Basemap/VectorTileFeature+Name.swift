extension VectorTileFeature {
    /// The feature's name as a label would show it: `name`, else tilemaker's
    /// `name:latin` (its OpenMapTiles example writes only that), else `name_en`.
    var labelName: String? {
        for key in ["name", "name:latin", "name_en", "name:en"] {
            if let text = properties[key]?.string, !text.isEmpty { return text }
        }
        return nil
    }
}
