/// The everyday English names of the countries GeoNames' cities data calls
/// by a formal or odd one ("Republic of Korea"); the others keep the data's.
enum CountryNames {
    static let common: [String: String] = [
        "KR": "South Korea",
        "US": "United States",
        "HK": "Hong Kong",
        "JO": "Jordan",
        "LT": "Lithuania",
        "MC": "Monaco",
        "MD": "Moldova",
    ]

    /// The common name for an ISO 3166-1 alpha-2 code, when it differs from the data's.
    static func common(code: String) -> String? { common[code] }
}
