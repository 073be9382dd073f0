/// The catalog's tables, one migration per schema version, stepped by
/// `PRAGMA user_version`. A migration is never edited once released;
/// changes come as a new one. A new catalog is made at the current version
/// in one step (`current`), with the tables laid out as they always were.
enum CatalogSchema {
    static let migrations: [String] = [
        // 1: photos, outputs and the links between them.
        """
        CREATE TABLE photos (
            id INTEGER PRIMARY KEY,
            path TEXT NOT NULL UNIQUE,            -- relative to the catalogued folder
            bytes INTEGER NOT NULL,
            mtime_ns INTEGER NOT NULL,
            hash TEXT,                            -- XXH3-128 of the whole file
            format TEXT,
            stored_width INTEGER,
            stored_height INTEGER,
            width INTEGER,                        -- upright
            height INTEGER,
            orientation INTEGER,
            taken_at TEXT,                        -- local time, ISO 8601 without offset
            taken_offset_minutes INTEGER,         -- east of UTC, when known
            taken_day TEXT,                       -- YYYY-MM-DD of taken_at
            taken_from_mtime INTEGER NOT NULL DEFAULT 0,
            make TEXT,
            model TEXT,
            latitude REAL,
            longitude REAL,
            frames INTEGER,
            error TEXT,                           -- why the file could not be read
            missing INTEGER NOT NULL DEFAULT 0,   -- 1 when the file is gone
            indexed_at TEXT NOT NULL
        );
        CREATE INDEX photos_hash ON photos(hash);
        CREATE INDEX photos_taken ON photos(taken_at);
        CREATE INDEX photos_day ON photos(taken_day);
        CREATE TABLE outputs (
            id INTEGER PRIMARY KEY,
            kind TEXT NOT NULL CHECK (kind IN ('thumbnail', 'fourcut', 'gif')),
            path TEXT NOT NULL UNIQUE,            -- absolute
            key TEXT,                             -- same key, same output (source identity + processing)
            parameters TEXT NOT NULL,             -- JSON
            made_at TEXT NOT NULL
        );
        CREATE TABLE output_sources (
            output_id INTEGER NOT NULL REFERENCES outputs(id) ON DELETE CASCADE,
            photo_id INTEGER NOT NULL REFERENCES photos(id) ON DELETE CASCADE,
            position INTEGER NOT NULL DEFAULT 0,
            PRIMARY KEY (output_id, position)
        );
        CREATE INDEX output_sources_photo ON output_sources(photo_id);
        CREATE INDEX outputs_key ON outputs(key);
        """,
        // 2: an output's kind is any short lowercase word ('webp' for animated WebPs came
        // first), checked by the program rather than by a list in the table, so that a new
        // kind needs no table rebuild (a new kind still comes with a version, so that an older
        // Filmroll refuses a catalog holding kinds it does not know). SQLite cannot change a
        // CHECK in place: both output tables are rebuilt, the links first out and last in, so
        // that with foreign keys on no cascade deletes a link; renaming outputs_2 rewrites
        // the links' REFERENCES.
        """
        CREATE TABLE outputs_2 (
            id INTEGER PRIMARY KEY,
            kind TEXT NOT NULL CHECK (length(kind) BETWEEN 1 AND 32 AND kind NOT GLOB '*[^a-z0-9]*'),
            path TEXT NOT NULL UNIQUE,            -- absolute
            key TEXT,                             -- same key, same output (source identity + processing)
            parameters TEXT NOT NULL,             -- JSON
            made_at TEXT NOT NULL
        );
        INSERT INTO outputs_2 (id, kind, path, key, parameters, made_at)
            SELECT id, kind, path, key, parameters, made_at FROM outputs;
        CREATE TABLE output_sources_2 (
            output_id INTEGER NOT NULL REFERENCES outputs_2(id) ON DELETE CASCADE,
            photo_id INTEGER NOT NULL REFERENCES photos(id) ON DELETE CASCADE,
            position INTEGER NOT NULL DEFAULT 0,
            PRIMARY KEY (output_id, position)
        );
        INSERT INTO output_sources_2 (output_id, photo_id, position)
            SELECT output_id, photo_id, position FROM output_sources;
        DROP TABLE output_sources;
        DROP TABLE outputs;
        ALTER TABLE outputs_2 RENAME TO outputs;
        ALTER TABLE output_sources_2 RENAME TO output_sources;
        CREATE INDEX output_sources_photo ON output_sources(photo_id);
        CREATE INDEX outputs_key ON outputs(key);
        """,
        // 3: the folder each output was made in (the folder's `.filmroll/...`, an `--out`
        // folder, the folder of `-o FILE`), inside which alone `prune` deletes it. NULL for
        // outputs recorded before: `Catalog.outputRoot(of:)` tells theirs from the path.
        // And the size and XXH3-128 hash of each output as it was made (`OutputIdentity`):
        // a row authorises replacing or deleting an unmarked file only while both match.
        """
        ALTER TABLE outputs ADD COLUMN root TEXT;
        ALTER TABLE outputs ADD COLUMN bytes INTEGER;
        ALTER TABLE outputs ADD COLUMN hash TEXT;
        """,
        // 4: the kind 'page' (gallery pages and their stylesheet, recorded with their
        // recipe's key like every other output). No table changes: the version is there so
        // that an older Filmroll refuses a catalog holding a kind it does not know.
        """
        -- the kind 'page'
        """,
        // 5: where the capture date came from (a `CaptureDateSource`: 'original', 'digitized',
        // 'xmp', 'modified', 'gps', 'fileTime'), how the photo was taken and its colour space,
        // for the gallery's photo pages. Rows made before hold none of it: their size is set
        // to -1 so that the next index reads each file again (the content hash is unchanged,
        // so no output is remade for it).
        """
        ALTER TABLE photos ADD COLUMN taken_source TEXT;
        ALTER TABLE photos ADD COLUMN exposure_time REAL;
        ALTER TABLE photos ADD COLUMN f_number REAL;
        ALTER TABLE photos ADD COLUMN iso INTEGER;
        ALTER TABLE photos ADD COLUMN focal_length REAL;
        ALTER TABLE photos ADD COLUMN lens TEXT;
        ALTER TABLE photos ADD COLUMN color_space TEXT;
        UPDATE photos SET bytes = -1 WHERE missing = 0;
        """,
        // 6: videos are items too (a duration marks one), and the parts of a camera roll that
        // belong together: Apple's content identifier (a Live Photo's still and its MOV), its
        // burst identifier, and a motion photo's embedded video (where it lies in the file).
        // `live_still_id` is set on a Live Photo's MOV: the row of its still; such a MOV is
        // no item of its own. `burst_lead_id` is set on a burst's frames but the one that
        // stands for it: that frame's row. Rows made before are read again (see version 5).
        """
        ALTER TABLE photos ADD COLUMN duration REAL;
        ALTER TABLE photos ADD COLUMN video_codec TEXT;
        ALTER TABLE photos ADD COLUMN audio INTEGER;
        ALTER TABLE photos ADD COLUMN content_id TEXT;
        ALTER TABLE photos ADD COLUMN burst_id TEXT;
        ALTER TABLE photos ADD COLUMN motion_kind TEXT;
        ALTER TABLE photos ADD COLUMN motion_offset INTEGER;
        ALTER TABLE photos ADD COLUMN motion_length INTEGER;
        ALTER TABLE photos ADD COLUMN live_still_id INTEGER;
        ALTER TABLE photos ADD COLUMN burst_lead_id INTEGER;
        CREATE INDEX photos_content_id ON photos(content_id);
        UPDATE photos SET bytes = -1 WHERE missing = 0;
        """,
        // 7: libraries of 100,000 photos. Indexes that let `stats`, `ls` and `calendar`
        // read a narrow index instead of the wide photos table; a generation number that
        // every change to photos or outputs moves on (by triggers, whoever writes), and
        // `process_runs`, what the last complete `process` into each output folder left
        // (its options, the generation after it, the state of its folders), so that a
        // re-run that finds nothing changed stops there.
        """
        CREATE INDEX outputs_kind ON outputs(kind);
        CREATE INDEX photos_summary ON photos(missing, taken_day, error, duration, live_still_id, burst_lead_id,
                                              motion_kind, bytes, make, model);
        CREATE TABLE catalog_generation (value INTEGER NOT NULL);
        INSERT INTO catalog_generation (value) VALUES (0);
        CREATE TRIGGER photos_inserted AFTER INSERT ON photos BEGIN UPDATE catalog_generation SET value = value + 1; END;
        CREATE TRIGGER photos_updated AFTER UPDATE ON photos BEGIN UPDATE catalog_generation SET value = value + 1; END;
        CREATE TRIGGER photos_deleted AFTER DELETE ON photos BEGIN UPDATE catalog_generation SET value = value + 1; END;
        CREATE TRIGGER outputs_inserted AFTER INSERT ON outputs BEGIN UPDATE catalog_generation SET value = value + 1; END;
        CREATE TRIGGER outputs_updated AFTER UPDATE ON outputs BEGIN UPDATE catalog_generation SET value = value + 1; END;
        CREATE TRIGGER outputs_deleted AFTER DELETE ON outputs BEGIN UPDATE catalog_generation SET value = value + 1; END;
        CREATE TABLE process_runs (
            out TEXT PRIMARY KEY,                 -- the output folder, absolute
            recipe TEXT NOT NULL,                 -- the run's options and this build of Filmroll
            generation INTEGER NOT NULL,          -- catalog_generation after the run
            folders TEXT NOT NULL,                -- the output folders and their mtimes
            counts TEXT NOT NULL                  -- the run's item counts, for its summary
        );
        """,
        // 8: `stats` counts photos per camera from an index in camera order, with no sort.
        """
        CREATE INDEX photos_cameras ON photos(make, model, missing, error, live_still_id, burst_lead_id);
        """,
        // 9: what a photo's decoder went past (a JPEG whose last rows are grey, extraneous
        // bytes before a marker, a motion photo whose directory lies), one warning a line,
        // for the gallery's problems page. NULL when there was none; rows made before hold
        // none until their file is read again.
        """
        ALTER TABLE photos ADD COLUMN warning TEXT;
        """,
        // 10: the catalog's id (`CatalogIdentity`), which the marker of every folder it owns
        // names (`OutputRootMarker`), set by `Catalog.establishIdentity()`; and output paths
        // inside the catalogued folder kept relative to it (`OutputPathCodec`), so that a
        // folder moved with its `.filmroll` keeps its outputs: rewritten by `Catalog.migrate()`
        // right after this step, since the SQL does not know the folder.
        """
        CREATE TABLE catalog_identity (id TEXT NOT NULL);
        """,
        // 11: the totals `stats` reports, kept by triggers (`ItemTotalsSchema`).
        ItemTotalsSchema.migration,
        // 12: a video's frame rate, for its page; video rows made before are read again (see
        // version 5). Positions that are none (exactly 0,0, or out of range) are forgotten:
        // a camera without a fix writes 0,0.
        """
        ALTER TABLE photos ADD COLUMN frame_rate REAL;
        UPDATE photos SET bytes = -1 WHERE missing = 0 AND duration IS NOT NULL;
        UPDATE photos SET latitude = NULL, longitude = NULL
            WHERE (latitude = 0 AND longitude = 0) OR abs(latitude) > 90 OR abs(longitude) > 180;
        """,
        // 13: a date without a time of day (a name like "IMG-20240504-WA0001.jpg", an XMP
        // "2024-05-04"): `taken_at` holds its midnight, and `taken_time_unknown` is 1 so that
        // no page or listing shows that midnight. NULL or 0: the time is known. Rows dated by
        // their name are marked by `Catalog.migrate()` right after this step, from their path
        // (`FileNameDate`); rows dated by XMP at midnight are read again (see version 5).
        """
        ALTER TABLE photos ADD COLUMN taken_time_unknown INTEGER;
        UPDATE photos SET bytes = -1 WHERE missing = 0 AND taken_source = 'xmp' AND taken_at LIKE '%T00:00:00';
        """,
        // 14: what `process` remembers for the folder (`Catalog.setting(_:)`): the basemap
        // (`--basemap`), the places whose positions are hidden (`--hide-places-near`).
        settingsTable,
        // 15: each still's perceptual fingerprint, for similar photos and bursts (`Catalog.storeFingerprints`).
        fingerprintsTable,
    ]

    /// Version 14's table, in the migration and in `current` alike.
    static let settingsTable = """
        CREATE TABLE settings (
            key TEXT PRIMARY KEY,
            value TEXT NOT NULL
        );
        """

    /// Version 15's table: a photo's fingerprint, of the file it was taken
    /// from (its size and time of change then: another file version has
    /// none until it is fingerprinted again), by a recipe (`recipe`; another
    /// recipe's is made again). `dct` and `gradient` are 64-bit hashes kept
    /// as their bit patterns; `luma` the picture's 16 × 16 luma, a byte a
    /// cell; `quality` one score to rank frames of one scene by, higher
    /// better, with its parts `sharpness`, `clipped` and `exposure`.
    ///
    /// `similar_groups`: the groups `process` last found among them (a
    /// photo may be a set of copies' best and in a burst or similar group
    /// too): each member's group kind, the row of the group's best photo,
    /// and how far apart the group's pictures are.
    static let fingerprintsTable = """
        CREATE TABLE similar_groups (
            photo_id INTEGER NOT NULL REFERENCES photos(id) ON DELETE CASCADE,
            kind TEXT NOT NULL CHECK (kind IN ('copy', 'burst', 'similar')),
            lead_id INTEGER NOT NULL,
            distance INTEGER NOT NULL,
            PRIMARY KEY (photo_id, kind)
        );
        CREATE INDEX similar_groups_lead ON similar_groups(lead_id);
        CREATE TABLE fingerprints (
            photo_id INTEGER PRIMARY KEY REFERENCES photos(id) ON DELETE CASCADE,
            bytes INTEGER NOT NULL,
            mtime_ns INTEGER NOT NULL,
            recipe TEXT NOT NULL,
            dct INTEGER NOT NULL,
            gradient INTEGER NOT NULL,
            luma BLOB NOT NULL,
            quality REAL NOT NULL,
            sharpness REAL NOT NULL,
            clipped REAL NOT NULL,
            exposure REAL NOT NULL
        );
        """

    /// The schema the migrations lead to, for a new catalog (a test keeps the two equal).
    static let current: String =
        """
        CREATE TABLE photos (
            id INTEGER PRIMARY KEY,
            path TEXT NOT NULL UNIQUE,            -- relative to the catalogued folder
            bytes INTEGER NOT NULL,
            mtime_ns INTEGER NOT NULL,
            hash TEXT,                            -- XXH3-128 of the whole file
            format TEXT,
            stored_width INTEGER,
            stored_height INTEGER,
            width INTEGER,                        -- upright
            height INTEGER,
            orientation INTEGER,
            taken_at TEXT,                        -- local time, ISO 8601 without offset
            taken_offset_minutes INTEGER,         -- east of UTC, when known
            taken_day TEXT,                       -- YYYY-MM-DD of taken_at
            taken_from_mtime INTEGER NOT NULL DEFAULT 0,
            make TEXT,
            model TEXT,
            latitude REAL,
            longitude REAL,
            frames INTEGER,
            error TEXT,                           -- why the file could not be read
            missing INTEGER NOT NULL DEFAULT 0,   -- 1 when the file is gone
            indexed_at TEXT NOT NULL
            , taken_source TEXT, exposure_time REAL, f_number REAL, iso INTEGER, focal_length REAL, lens TEXT, color_space TEXT, duration REAL, video_codec TEXT, audio INTEGER, content_id TEXT, burst_id TEXT, motion_kind TEXT, motion_offset INTEGER, motion_length INTEGER, live_still_id INTEGER, burst_lead_id INTEGER, warning TEXT, frame_rate REAL, taken_time_unknown INTEGER
            -- version 5 (where ADD COLUMN puts them): the date's source, exposure, lens, colour space;
            -- version 6: videos, Live Photos, bursts and motion photos; version 9: what the decoder went past;
            -- version 11: a video's frame rate; version 13: a date without a time of day
        );
        CREATE INDEX photos_hash ON photos(hash);
        CREATE INDEX photos_taken ON photos(taken_at);
        CREATE INDEX photos_day ON photos(taken_day);
        CREATE INDEX photos_content_id ON photos(content_id);
        CREATE TABLE outputs (
            id INTEGER PRIMARY KEY,
            kind TEXT NOT NULL CHECK (length(kind) BETWEEN 1 AND 32 AND kind NOT GLOB '*[^a-z0-9]*'),
            path TEXT NOT NULL UNIQUE,            -- absolute; relative to the folder inside it (version 10)
            key TEXT,                             -- same key, same output (source identity + processing)
            parameters TEXT NOT NULL,             -- JSON
            made_at TEXT NOT NULL
            , root TEXT, bytes INTEGER, hash TEXT -- version 3 (where ADD COLUMN puts them): root absolute, size and hash as made
        );
        CREATE TABLE output_sources (
            output_id INTEGER NOT NULL REFERENCES outputs(id) ON DELETE CASCADE,
            photo_id INTEGER NOT NULL REFERENCES photos(id) ON DELETE CASCADE,
            position INTEGER NOT NULL DEFAULT 0,
            PRIMARY KEY (output_id, position)
        );
        CREATE INDEX output_sources_photo ON output_sources(photo_id);
        CREATE INDEX outputs_key ON outputs(key);
        CREATE INDEX outputs_kind ON outputs(kind);
        CREATE INDEX photos_summary ON photos(missing, taken_day, error, duration, live_still_id, burst_lead_id,
                                              motion_kind, bytes, make, model);
        CREATE TABLE catalog_generation (value INTEGER NOT NULL);
        INSERT INTO catalog_generation (value) VALUES (0);
        CREATE TRIGGER photos_inserted AFTER INSERT ON photos BEGIN UPDATE catalog_generation SET value = value + 1; END;
        CREATE TRIGGER photos_updated AFTER UPDATE ON photos BEGIN UPDATE catalog_generation SET value = value + 1; END;
        CREATE TRIGGER photos_deleted AFTER DELETE ON photos BEGIN UPDATE catalog_generation SET value = value + 1; END;
        CREATE TRIGGER outputs_inserted AFTER INSERT ON outputs BEGIN UPDATE catalog_generation SET value = value + 1; END;
        CREATE TRIGGER outputs_updated AFTER UPDATE ON outputs BEGIN UPDATE catalog_generation SET value = value + 1; END;
        CREATE TRIGGER outputs_deleted AFTER DELETE ON outputs BEGIN UPDATE catalog_generation SET value = value + 1; END;
        CREATE TABLE process_runs (
            out TEXT PRIMARY KEY,                 -- the output folder, absolute
            recipe TEXT NOT NULL,                 -- the run's options and this build of Filmroll
            generation INTEGER NOT NULL,          -- catalog_generation after the run
            folders TEXT NOT NULL,                -- the output folders and their mtimes
            counts TEXT NOT NULL                  -- the run's item counts, for its summary
        );
        CREATE INDEX photos_cameras ON photos(make, model, missing, error, live_still_id, burst_lead_id);
        CREATE TABLE catalog_identity (id TEXT NOT NULL);
        """ + ItemTotalsSchema.migration + "\n" + settingsTable + "\n" + fingerprintsTable

    /// The version from which output paths inside the folder are stored relative to it.
    static let relativeOutputPathsVersion = 10

    /// The version from which a date without a time of day is marked (`taken_time_unknown`).
    static let timeUnknownVersion = 13

    /// The version from which `process` remembers settings for the folder (`Catalog.setting(_:)`).
    static let settingsVersion = 14

    /// The version from which stills' fingerprints are kept (`fingerprints`).
    static let fingerprintsVersion = 15

    static var currentVersion: Int { migrations.count }
}
