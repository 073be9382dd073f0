/// A position in degrees: latitude north positive, longitude east positive.
public struct GPSCoordinate: Sendable, Hashable {
    public var latitude: Double
    public var longitude: Double

    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }

    /// The position a file's or a catalog's figures give, or nil when they
    /// give none: exactly 0,0 (what a camera without a fix writes), out of
    /// range (|latitude| > 90, |longitude| > 180) or not numbers.
    public init?(reading latitude: Double, _ longitude: Double) {
        guard latitude.isFinite, longitude.isFinite, abs(latitude) <= 90, abs(longitude) <= 180,
              !(latitude == 0 && longitude == 0) else { return nil }
        self.init(latitude: latitude, longitude: longitude)
    }
}
