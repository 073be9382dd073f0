import Imaging

/// Finds the Live Photos of a catalog: each MOV that belongs to a still is
/// marked with the still's row (`live_still_id`), so that the pair is one
/// item, the still with its motion.
///
/// A MOV and a still belong together when they carry the same Apple
/// content identifier (the still's MakerNote tag 17, the MOV's
/// `com.apple.quicktime.content.identifier`); failing that, when they have
/// the same name but the extension, in the same folder, and were taken
/// within two seconds of each other (an export that lost the identifier).
/// The stills looked at are those that share an identifier or a name with
/// a video, found through the indexes: the work grows with the videos, not
/// the library.
struct LivePhotoPairing {
    /// How far apart in time a pair found by name may be.
    static let nameMatchSeconds = 2.0

    let database: Database

    /// What a pairing reads of a row (`Item`).
    private static let columns = "id, path, content_id, taken_at, live_still_id"

    private struct Item {
        var id: Int64
        var path: String
        var contentIdentifier: String?
        var takenAt: String?
        var liveStillID: Int64?

        init(_ row: Row) {
            id = Int64(row[0].int ?? 0)
            path = row[1].string ?? ""
            contentIdentifier = row[2].string
            takenAt = row[3].string
            liveStillID = row[4].int.map(Int64.init)
        }
    }

    /// Pairs again every video of the catalog, or those taken on `days`
    /// ("YYYY-MM-DD": a Live Photo's still and MOV are seconds apart); returns the pairs found.
    @discardableResult
    func run(days: Set<String>? = nil) throws -> Int {
        let videos = try database.rows("""
            SELECT \(Self.columns) FROM photos WHERE duration IS NOT NULL AND missing = 0 AND error IS NULL
              AND (?1 IS NULL OR taken_day IN (SELECT value FROM json_each(?1)))
            """, [days.map { Catalog.jsonArray($0.sorted()) }]).map(Item.init)
        var pairs: [Int64: Int64] = [:]
        var taken = Set<Int64>()
        for video in videos {
            guard let still = try still(for: video), !taken.contains(still) else { continue }
            pairs[video.id] = still
            taken.insert(still)
        }
        try PhotoLinks(database: database, column: "live_still_id")
            .update(videos.map { ($0.id, $0.liveStillID) }, to: pairs,
                    staleCondition: "duration IS NULL OR missing = 1 OR error IS NOT NULL")
        return pairs.count
    }

    /// The still `video` is the motion of, if any.
    private func still(for video: Item) throws -> Int64? {
        let stillCondition = "duration IS NULL AND missing = 0 AND error IS NULL"
        if let identifier = video.contentIdentifier {
            if let id = try database.rows("SELECT id FROM photos WHERE content_id = ? AND \(stillCondition) ORDER BY path LIMIT 1",
                                          [identifier]).first?[0].int {
                return Int64(id)
            }
        }
        // The same name in the same folder: "IMG_0001.HEIC" for "IMG_0001.MOV".
        guard let dot = video.path.lastIndex(of: "."), !video.path[..<dot].hasSuffix("/") else { return nil }
        let stem = String(video.path[..<dot])
        let candidates = try database.rows("""
            SELECT \(Self.columns) FROM photos
            WHERE path > ? AND path < ? AND \(stillCondition) ORDER BY path
            """, [stem + ".", stem + "/"]).map(Item.init)
        for candidate in candidates where !candidate.path.dropFirst(stem.count + 1).contains("/")
            && (candidate.contentIdentifier == nil || video.contentIdentifier == nil) {
            guard let stillTime = candidate.takenAt.flatMap(Self.seconds), let videoTime = video.takenAt.flatMap(Self.seconds),
                  abs(stillTime - videoTime) <= Self.nameMatchSeconds else { continue }
            return candidate.id
        }
        return nil
    }

    /// A catalog time ("2025-04-10T14:30:05.250") as seconds since 1970
    /// in its own zone, for differences.
    static func seconds(_ text: String) -> Double? {
        guard let date = CaptureDate(isoLocal: text) else { return nil }
        // Days from the civil date (the proleptic Gregorian calendar).
        let year = date.month <= 2 ? date.year - 1 : date.year
        let era = (year >= 0 ? year : year - 399) / 400
        let yearOfEra = year - era * 400
        let dayOfYear = (153 * (date.month + (date.month > 2 ? -3 : 9)) + 2) / 5 + date.day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = era * 146_097 + dayOfEra - 719_468
        let fraction = date.subsecondDigits.flatMap { Double("0." + $0) } ?? 0
        return Double(days * 86_400 + date.hour * 3600 + date.minute * 60 + date.second) + fraction
    }
}
