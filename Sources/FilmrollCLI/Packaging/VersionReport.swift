import Filmroll

/// What `filmroll --version` prints: Filmroll's version and, read at run
/// time, the version of every library it is linked with.
struct VersionReport {
    var version: String
    var libraries: [LibraryVersion]

    /// "filmroll 0.1.0 (libjpeg-turbo 2.1.5, libpng 1.6.39, …)".
    var line: String {
        "filmroll \(version) (" + libraries.map { "\($0.name) \($0.version)" }.joined(separator: ", ") + ")"
    }

    /// {"version":"0.1.0","libraries":{"libjpeg-turbo":"2.1.5",…}}
    var json: JSONValue {
        .object([
            ("version", .string(version)),
            ("libraries", .object(libraries.map { ($0.name, .string($0.version)) })),
        ])
    }
}
