/// Which photos `ls` lists: by day, month or date range, and camera.
public struct PhotoQuery: Sendable, Equatable {
    /// "2025-04-10"
    public var day: String?
    /// "2025-04"
    public var month: String?
    /// Inclusive range of days, "2025-04-10" … "2025-04-12".
    public var from: String?
    public var to: String?
    /// Matched case-insensitively against make and model.
    public var camera: String?
    /// Include photos whose file is gone.
    public var includeMissing = false
    /// Leave out the copies of a picture but their set's best (`similar_groups`,
    /// schema version 15): the gallery's items.
    public var foldsCopies = false

    /// The gallery's items: every present photo, copies folded.
    public static let galleryItems: PhotoQuery = {
        var query = PhotoQuery()
        query.foldsCopies = true
        return query
    }()

    public init(day: String? = nil, month: String? = nil, from: String? = nil, to: String? = nil, camera: String? = nil) {
        self.day = day
        self.month = month
        self.from = from
        self.to = to
        self.camera = camera
    }

    var sql: (String, [DatabaseValueConvertible]) {
        // Items: a Live Photo's MOV goes with its still, a burst's frames with the one that stands for it.
        var conditions = ["error IS NULL", "live_still_id IS NULL", "burst_lead_id IS NULL"]
        var arguments: [DatabaseValueConvertible] = []
        if !includeMissing { conditions.append("missing = 0") }
        if foldsCopies {
            conditions.append("""
                NOT EXISTS (SELECT 1 FROM similar_groups AS g WHERE g.photo_id = photos.id AND g.kind = 'copy'
                            AND g.lead_id <> g.photo_id)
                """)
        }
        if let day {
            conditions.append("taken_day = ?")
            arguments.append(day)
        }
        if let month {
            conditions.append("taken_day BETWEEN ? AND ?")
            arguments += Self.days(ofMonth: month)
        }
        if let from {
            conditions.append("taken_day >= ?")
            arguments.append(from)
        }
        if let to {
            conditions.append("taken_day <= ?")
            arguments.append(to)
        }
        if let camera {
            conditions.append("(coalesce(make, '') || ' ' || coalesce(model, '')) LIKE ? ESCAPE '\\'")
            let escaped = camera.replacingEach(of: ["\\", "%", "_"]) { "\\" + String($0) }
            arguments.append("%" + escaped + "%")
        }
        return (conditions.joined(separator: " AND "), arguments)
    }

    /// The first and last day a month's days ("YYYY-MM-DD") can be, as a range an
    /// index on `taken_day` answers (`substr(taken_day, 1, 7) = ?` reads every row).
    static func days(ofMonth month: String) -> [String] { [month + "-01", month + "-31"] }
}

extension String {
    func replacingEach(of characters: Set<Character>, with replacement: (Character) -> String) -> String {
        var out = ""
        for character in self { out += characters.contains(character) ? replacement(character) : String(character) }
        return out
    }
}
