/// What libjpeg went past while decoding a JPEG, and what Filmroll makes
/// of it: a warning to tell, or an error when the picture would be mostly
/// invented.
///
/// libjpeg goes on when a scan's data ends early, whether the file was cut
/// short (JWRN_JPEG_EOF, "Premature end of JPEG file") or its frame header
/// claims more rows than its scan holds (JWRN_HIT_MARKER, "premature end of
/// data segment"): it fills the rest with grey. A thumbnail of a picture
/// whose upper part is there is still the photo, as a browser shows it; one
/// of a few real rows over a grey field is a wrong picture that looks right.
/// Related documentation: libjpeg-turbo's libjpeg.txt, "Error handling".
struct JPEGDamage: Sendable, Equatable {
    /// libjpeg's warnings, each once, in the order met.
    var warnings: [String]
    /// The stored rows decoded from data before it ended; nil when it did not end early.
    var rowsWithData: Int?

    /// The share of the stored rows that must carry data for the picture to
    /// be shown (with a warning): half. Below it, most of what a thumbnail
    /// shows would be grey that libjpeg invented.
    static let leastShareOfRowsWithData = 0.5

    /// The damage told as one warning (nil when there is none), leaving out
    /// lines already told (the header's, read again by the decode).
    /// - Parameter height: the stored height.
    /// - Throws: `ImagingError.truncated` when fewer than half of the rows carry data.
    func warning(height: Int, excluding told: [String] = []) throws(ImagingError) -> String? {
        let fresh = warnings.filter { !told.contains($0) }
        let libraryText = fresh.joined(separator: "; ")
        guard let rows = rowsWithData else { return fresh.isEmpty ? nil : libraryText }
        let ending = "the image data ends at row \(rows) of \(height)"
        let because = libraryText.isEmpty ? "" : " (\(libraryText))"
        if Double(rows) < Double(height) * Self.leastShareOfRowsWithData {
            throw .truncated(.jpeg, "\(ending); the rest would be grey\(because)")
        }
        // A progressive file cut in a later scan: every row has its coarser scans.
        guard rows < height else { return "the image data ends in a later scan; the picture is less detailed\(because)" }
        return "\(ending); the rows below it are grey\(because)"
    }
}
