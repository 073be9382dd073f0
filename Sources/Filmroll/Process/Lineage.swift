/// Records what `process` made, and from which photos, in the folder's
/// catalog, so that `filmroll show` lists a photo's outputs and `prune`
/// removes them with it.
enum Lineage {
    struct Made: Sendable {
        var kind: OutputRecord.Kind
        /// Relative to the output folder.
        var path: String
        /// The photos' catalog ids, in order.
        var photos: [Int64]
    }

    static func record(_ made: [Made], in catalog: Catalog, out: String) throws {
        guard !made.isEmpty else { return }
        try catalog.database.transaction {
            for output in made {
                try catalog.recordOutput(kind: output.kind, path: AbsolutePath.of(out + "/" + output.path),
                                         parameters: #"{"by":"process"}"#, sources: output.photos)
            }
        }
    }
}
