/// The brands of an ISO base media file's `ftyp` box, which tell HEIC from
/// AVIF (and both from MP4 video). The major brand sits at bytes 8–11, the
/// compatible brands after byte 16, so eight bytes never suffice.
struct HEIFBrands {
    var major: String
    var compatible: [String]

    private static let heicBrands: Set = ["heic", "heix", "hevc", "hevx", "heim", "heis", "hevm", "hevs"]
    private static let avifBrands: Set = ["avif", "avis"]
    private static let imageBrands: Set = ["mif1", "msf1"]

    /// The brands of the `ftyp` box that starts `head`, or nil.
    init?(_ head: [UInt8]) {
        guard head.count >= 12, Array(head[4..<8]) == Array("ftyp".utf8) else { return nil }
        let boxSize = Int(head[0]) << 24 | Int(head[1]) << 16 | Int(head[2]) << 8 | Int(head[3])
        guard boxSize >= 16 else { return nil }
        func brand(at offset: Int) -> String { String(decoding: head[offset..<offset + 4], as: UTF8.self) }
        major = brand(at: 8)
        compatible = stride(from: 16, to: min(boxSize, head.count) - 3, by: 4).map { brand(at: $0) }
    }

    /// AVIF when an AV1 brand is named, HEIF for the HEVC and general image
    /// brands, nil for other ISO files (MP4, MOV, CR3).
    var format: ImageFormat? {
        let all = [major] + compatible
        if Self.avifBrands.contains(major) { return .avif }
        if Self.heicBrands.contains(major) { return .heif }
        if all.contains(where: Self.avifBrands.contains) { return .avif }
        if all.contains(where: Self.heicBrands.contains) || Self.imageBrands.contains(major) { return .heif }
        return nil
    }
}
