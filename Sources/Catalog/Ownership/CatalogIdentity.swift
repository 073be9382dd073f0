/// A catalog's id: 32 lowercase hex digits (128 random bits), kept in the
/// catalog (`catalog_identity`) and in the marker of every folder it owns
/// (`OutputRootMarker`).
public enum CatalogIdentity {
    /// A new random id (the system's random source, as `SystemRandomNumberGenerator` reads it).
    static func make() -> String {
        var generator = SystemRandomNumberGenerator()
        let digits = Array("0123456789abcdef")
        return String((0..<32).map { _ in digits[Int(generator.next() & 15)] })
    }

    /// Whether `id` is 32 lowercase hex digits.
    static func isWellFormed(_ id: String) -> Bool {
        id.utf8.count == 32 && id.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }
}
