/// The catalog's tables, one migration per schema version, stepped by
/// `PRAGMA user_version`. A migration is never edited once released;
/// changes come as a new one.
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
    ]

    static var currentVersion: Int { migrations.count }
}
