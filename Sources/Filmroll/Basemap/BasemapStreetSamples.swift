import Files

/// For `filmroll-bench basemap-map --write-samples DIR`: day maps written
/// with their frames, for Scripts/count-named-streets.py to count the
/// named streets in each frame from the tiles and look for each in the SVG.
public enum BasemapStreetSamples {
    /// A walk from Esplanadi up past the Senate Square (the fixture tests' walk).
    static let walk = [(60.1676, 24.9440), (60.1688, 24.9480), (60.1700, 24.9500), (60.1690, 24.9530)]

    /// Writes `walk.svg` and `walk.json`, then `day1` … `dayN` (walks of
    /// 3…12 photos about central Helsinki, seeded), each map beside its
    /// frame: {"zoom", "left", "top", "scale", "width", "height"}. Returns the maps written.
    public static func write(days: Int, basemapPath: String, to folder: String, seed: UInt64 = 39) throws -> Int {
        let basemap = try Basemap.open(path: basemapPath)
        var state = seed
        func next() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) / Double(1 << 53)
        }
        var walks = [("walk", walk.map { GeoPoint(latitude: $0.0, longitude: $0.1) })]
        for day in stride(from: 1, through: days, by: 1) {
            var latitude = 60.1645 + next() * 0.012, longitude = 24.937 + next() * 0.014
            var points: [GeoPoint] = []
            for _ in 0..<(3 + Int(next() * 10)) {
                latitude += (next() - 0.5) * 0.002
                longitude += (next() - 0.5) * 0.004
                points.append(GeoPoint(latitude: latitude, longitude: longitude))
            }
            walks.append(("day\(day)", points))
        }
        var written = 0
        for (name, points) in walks {
            let stops = points.map { BasemapDayMap.Stop(position: $0, link: nil) }
            guard let svg = BasemapDayMap.draw(stops, title: "Map", width: 640, height: 480, basemap: basemap).svg else { continue }
            let zooms = max(0, min(basemap.minZoom, basemap.maxZoom))...max(0, basemap.maxZoom, basemap.minZoom)
            let frame = TileProjection(fitting: points, width: 640, height: 480, zooms: zooms)
            let json = "{\"zoom\": \(frame.tileZoom), \"left\": \(frame.left), \"top\": \(frame.top), \"scale\": \(frame.scale), "
                + "\"width\": \(frame.width), \"height\": \(frame.height)}\n"
            do {
                try AtomicFile.write(Array(svg.utf8), to: folder + "/" + name + ".svg")
                try AtomicFile.write(Array(json.utf8), to: folder + "/" + name + ".json")
            } catch {
                throw BasemapError(path: folder, reason: "cannot be written (\(error))")
            }
            written += 1
        }
        return written
    }
}
