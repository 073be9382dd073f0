extension Database {
    /// The `file:` URI that opens `path` read-only (`?mode=ro`, plus
    /// `&immutable=1` when asked). `%`, `?` and `#` in the path are
    /// percent-escaped, as SQLite decodes them; an absolute path gets an
    /// empty authority (`file:///…`), so one starting with `//` stays a path.
    public static func readOnlyURI(path: String, immutable: Bool) -> String {
        var escaped = ""
        for character in path {
            switch character {
            case "%": escaped += "%25"
            case "?": escaped += "%3f"
            case "#": escaped += "%23"
            default: escaped.append(character)
            }
        }
        let prefix = path.hasPrefix("/") ? "file://" : "file:"
        return prefix + escaped + "?mode=ro" + (immutable ? "&immutable=1" : "")
    }
}
