/// What `process` remembers for the folder (schema version 14), by key:
/// the basemap, the hidden places. A catalog older than version 14 (read
/// as it is, read-only) remembers nothing.
extension Catalog {
    /// The keys Filmroll keeps.
    public enum SettingKey: String, Sendable {
        /// `--basemap FILE`: absolute, or relative to the folder when inside it.
        case basemap
        /// `--hide-places-near`: `HiddenPlaces.settingText`.
        case hiddenPlaces = "hide-places-near"
    }

    /// The remembered value, if any.
    public func setting(_ key: SettingKey) throws(DatabaseError) -> String? {
        guard schemaVersion >= CatalogSchema.settingsVersion else { return nil }
        return try database.rows("SELECT value FROM settings WHERE key = ?", [key.rawValue]).first?[0].string
    }

    /// Remembers `value`, or forgets the key when nil.
    public func setSetting(_ key: SettingKey, to value: String?) throws(DatabaseError) {
        if let value {
            _ = try database.execute("""
                INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value
                """, [key.rawValue, value])
        } else {
            _ = try database.execute("DELETE FROM settings WHERE key = ?", [key.rawValue])
        }
    }
}
