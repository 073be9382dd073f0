#if canImport(Glibc)
import Glibc
#endif

/// Distances on the globe, taken as a sphere of the Earth's mean radius.
enum GreatCircle {
    /// IUGG mean Earth radius.
    static let earthRadiusKilometres = 6371.0088

    static func radians(_ degrees: Double) -> Double { degrees * .pi / 180 }

    /// The haversine distance between two positions (degrees), in kilometres.
    static func kilometres(_ latitude1: Double, _ longitude1: Double, _ latitude2: Double, _ longitude2: Double) -> Double {
        let dLatitude = radians(latitude2 - latitude1), dLongitude = radians(longitude2 - longitude1)
        let h = sin(dLatitude / 2) * sin(dLatitude / 2)
            + cos(radians(latitude1)) * cos(radians(latitude2)) * sin(dLongitude / 2) * sin(dLongitude / 2)
        return 2 * earthRadiusKilometres * asin(min(1, h.squareRoot()))
    }

    /// The point on the unit sphere at a position (degrees): x towards 0° E on
    /// the equator, y towards 90° E, z towards the north pole.
    static func unitVector(latitude: Double, longitude: Double) -> (x: Double, y: Double, z: Double) {
        let phi = radians(latitude), lambda = radians(longitude)
        return (cos(phi) * cos(lambda), cos(phi) * sin(lambda), sin(phi))
    }

    /// Whether a position can be looked up: finite, on the globe, and not
    /// exactly 0, 0 (what a GPS without a fix writes).
    static func isUsable(latitude: Double, longitude: Double) -> Bool {
        latitude.isFinite && longitude.isFinite && abs(latitude) <= 90 && abs(longitude) <= 180
            && !(latitude == 0 && longitude == 0)
    }
}
