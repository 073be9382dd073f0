import Files

extension Catalog {
    /// What `prune` removed.
    public struct PruneResult: Sendable, Equatable {
        public var photos = 0
        public var outputs = 0
        public var filesDeleted = 0
        /// Recorded outputs whose files were left alone: outside the folder
        /// they were made in, reached through a link, or not Filmroll's.
        /// Their rows are forgotten all the same.
        public var refused: [RefusedOutput] = []
        public var failures: [String] = []
    }

    /// A recorded output whose file Filmroll leaves alone, and why.
    public struct RefusedOutput: Sendable, Equatable {
        public var path: String
        public var reason: ConfinementRefusal
    }

    /// Removes photos marked missing, and every output made from them:
    /// the rows, and the output files.
    ///
    /// A file is deleted only when it lies inside the folder it was made in
    /// (`outputRoot(of:)`), reached without following a symbolic link, and
    /// is still Filmroll's (its mark, or the size and hash recorded when it
    /// was made); never a catalogued photo. Any other
    /// is left alone and reported in `refused`; its row goes with the
    /// photo's, since it records nothing Filmroll may act on.
    ///
    /// The rows are read and deleted in one write transaction (BEGIN
    /// IMMEDIATE), and only what this call deleted is reported and unlinked:
    /// two prunes at once never both report the same photos.
    public func pruneMissing() throws -> PruneResult {
        var result = PruneResult()
        let (photos, deletedOutputs, photoPaths): (Int, [OutputRecord], Set<String>) = try database.transaction {
            let missing = try missingPhotos()
            guard !missing.isEmpty else { return (0, [], []) }
            var outputs: [Int64: OutputRecord] = [:]
            for photo in missing {
                for output in try self.outputs(ofPhoto: photo.id) { outputs[output.id] = output }
            }
            var deleted: [OutputRecord] = []
            for output in outputs.values {
                if try database.execute("DELETE FROM outputs WHERE id = ?", [output.id]) == 1 { deleted.append(output) }
            }
            var photos = 0
            for photo in missing {
                photos += try database.execute("DELETE FROM photos WHERE id = ? AND missing = 1", [photo.id])
            }
            let photoPaths = Set(try database.rows("SELECT path FROM photos WHERE missing = 0").compactMap { $0[0].string }
                .map { absolutePath(of: $0) })
            return (photos, deleted, photoPaths)
        }
        result.photos = photos
        result.outputs = deletedOutputs.count
        for output in deletedOutputs.sorted(by: { $0.path < $1.path }) where !photoPaths.contains(output.path) {
            switch visitOutput(path: output.path, root: outputRoot(of: output), identity: output.identity, removing: true) {
            case .removed: result.filesDeleted += 1
            case .gone, .present: break
            case .refused(let reason): result.refused.append(RefusedOutput(path: output.path, reason: reason))
            case .failed(let message): result.failures.append("\(output.path): \(message)")
            }
        }
        return result
    }
}
