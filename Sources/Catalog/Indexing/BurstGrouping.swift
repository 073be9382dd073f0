/// Finds the bursts of a catalog and the frame that stands for each: its
/// other frames are marked with that frame's row (`burst_lead_id`), so that
/// a burst is one item in the counts, the days and the gallery.
///
/// Frames belong together when they carry the same Apple burst identifier
/// (MakerNote tag 11); stills without one belong together when the same
/// camera took at least three of them, each within a second of the one
/// before (a phone's burst is 10 frames a second), with times to the
/// fraction of a second (as phones write them): copies of one photo, or a
/// batch of scans given one date, are no burst.
///
/// The frame that stands for a burst is the one measured best on its small
/// image (the `quality` of its fingerprint: sharpness and exposure) when
/// every frame has been fingerprinted (`process` does it as it decodes
/// them, and groups the bursts again); until then, the one with the most
/// bytes per pixel. A burst's frames are one scene, one camera and one encoder's
/// settings, so what changes their size is detail: a blurred or shaken
/// frame loses the fine detail that costs JPEG and HEVC bytes, and a frame
/// far too dark or bright loses its texture too. It needs no decode, so
/// grouping a library costs one query, and it picks the frame a person
/// would in most bursts; a frame made noisy by a higher ISO is the case it
/// can get wrong.
struct BurstGrouping {
    /// The least frames of a burst found by time (an identifier needs two).
    static let leastTimedFrames = 3
    /// The most time between two frames of a burst found by time.
    static let framesApartSeconds = 1.0

    let database: Database

    /// A frame's fingerprint quality, of its file as it is now (NULL before schema version 15).
    private var qualityColumn: String {
        guard (try? database.value("PRAGMA user_version").int ?? 0) ?? 0 >= CatalogSchema.fingerprintsVersion else {
            return "NULL"
        }
        return """
            (SELECT f.quality FROM fingerprints AS f WHERE f.photo_id = photos.id AND f.bytes = photos.bytes
             AND f.mtime_ns = photos.mtime_ns)
            """
    }

    private struct Frame {
        var id: Int64
        var burst: String?
        var camera: String?
        var seconds: Double?
        var bytesPerPixel: Double
        /// Its fingerprint's quality (of the file as it is now), when it has one.
        var quality: Double?
        var lead: Int64?
        /// Whether its time has a fraction of a second.
        var isTimedFinely: Bool
    }

    /// Groups every still of the catalog again, or those taken on `days`
    /// ("YYYY-MM-DD": a burst lasts seconds); returns the bursts found.
    @discardableResult
    func run(days: Set<String>? = nil) throws -> Int {
        let frames = try database.rows("""
            SELECT id, burst_id, nullif(trim(coalesce(make, '') || ' ' || coalesce(model, '')), ''), taken_at, bytes,
                   width * height, burst_lead_id, instr(taken_at, '.') > 0, \(qualityColumn) FROM photos
            WHERE duration IS NULL AND missing = 0 AND error IS NULL AND taken_from_mtime = 0
              AND (?1 IS NULL OR taken_day IN (SELECT value FROM json_each(?1)))
            ORDER BY taken_at, path
            """, [days.map { Catalog.jsonArray($0.sorted()) }]).map { row in
            Frame(id: Int64(row[0].int ?? 0), burst: row[1].string, camera: row[2].string,
                  seconds: row[3].string.flatMap(LivePhotoPairing.seconds),
                  bytesPerPixel: Double(row[4].int ?? 0) / Double(max(1, row[5].int ?? 1)), quality: row[8].double,
                  lead: row[6].int.map(Int64.init),
                  isTimedFinely: row[7].int == 1)
        }
        var groups: [[Frame]] = Dictionary(grouping: frames.filter { $0.burst != nil }, by: { $0.burst! }).values
            .filter { $0.count >= 2 }
        var run: [Frame] = []
        func close() {
            if run.count >= Self.leastTimedFrames { groups.append(run) }
            run = []
        }
        for frame in frames where frame.burst == nil {
            guard frame.isTimedFinely, let camera = frame.camera, let now = frame.seconds else {
                close()
                continue
            }
            if let last = run.last, camera == last.camera, let before = last.seconds,
               now > before, now - before <= Self.framesApartSeconds {
                run.append(frame)
            } else {
                close()
                run = [frame]
            }
        }
        close()

        var leads: [Int64: Int64] = [:]
        for group in groups {
            let measured = group.allSatisfy { $0.quality != nil }
            let best = group.max { a, b in
                measured ? (a.quality!, -a.id) < (b.quality!, -b.id) : (a.bytesPerPixel, -a.id) < (b.bytesPerPixel, -b.id)
            }!
            for frame in group where frame.id != best.id { leads[frame.id] = best.id }
        }
        try PhotoLinks(database: database, column: "burst_lead_id")
            .update(frames.map { ($0.id, $0.lead) }, to: leads,
                    staleCondition: "duration IS NOT NULL OR missing = 1 OR error IS NOT NULL")
        return groups.count
    }
}
