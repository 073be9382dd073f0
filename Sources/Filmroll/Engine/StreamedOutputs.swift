#if canImport(Glibc)
import Glibc
#endif
import Catalog
import Files
import Imaging

/// Outputs whose frames stream from their files into the encoder, as
/// `gif` and `video` make them: their inputs may be animations and videos
/// of many frames each, so the maker reads its own frames in order as it
/// encodes them instead of being handed decoded images (1,000 frames could
/// not be held). The executor runs them as any other planned output: the
/// one output guard, one atomic write, failures kept to the output, and a
/// catalog row with the recipe's key and its photos.
public enum StreamedOutputs {
    /// The output at `path` made from `files` (in order) by `make`, which
    /// writes it through the writer it is handed, on the threads it is given.
    /// - Parameters:
    ///   - recipeParameters: everything that changes the output's bytes, as stable text.
    ///   - catalogParameters: how the catalog describes it (a JSON object's text).
    ///   - hashes: the catalog's content hashes by absolute path, for the
    ///     recipe's inputs; nil when the output is recorded in no catalog.
    public static func planned(kind: OutputRecord.Kind, files: [InputFile], recipeParameters: String,
                               catalogParameters: String, path: String, mark: OutputMark, photos: [PhotoReference],
                               hashes: [String: (byteCount: Int, modificationTimeNanoseconds: Int64, hash: String)]? = nil,
                               make: @escaping @Sendable (_ writer: OutputWriter, _ threads: Int) throws -> Void) -> PlannedOutput {
        let recipe = OutputRecipe(kind: kind, inputs: files.map { recipeInput($0, hashes: hashes) }, parameters: recipeParameters)
        return PlannedOutput(record: .recipe(recipe, parameters: catalogParameters), kind: kind == .video ? .video : .animation, path: path,
                             root: InputWalker.parentFolder(path), mark: mark, inputs: [], streamedPhotos: photos) { _, context in
            try make(context.writer, context.threads)
            return .written
        }
    }

    /// What a recipe names `file` by: with a catalog, its content hash (the
    /// catalog's while the file is as catalogued, else hashed here as the
    /// indexer would), so the key is the same before and after the photo is
    /// indexed; without one, its absolute path, size and time (-1 when it
    /// cannot be read: the maker then names the file in its error).
    static func recipeInput(_ file: InputFile, hashes: [String: (byteCount: Int, modificationTimeNanoseconds: Int64, hash: String)]?) -> OutputRecipe.Input {
        let path = AbsolutePath.of(file.path)
        let source = try? SourceIdentity.of(file.path)
        if let hashes, let source {
            if let known = hashes[path], known.byteCount == source.byteCount,
               known.modificationTimeNanoseconds == source.modificationTimeNanoseconds {
                return .content(hash: known.hash)
            }
            if let descriptor = try? FileBytes.openRegular(file.path).descriptor {
                defer { close(descriptor) }
                if let identity = ContentHash.identity(ofDescriptor: descriptor) { return .content(hash: identity.hash) }
            }
        }
        return .file(relativePath: path, byteCount: source?.byteCount ?? -1,
                     modificationTimeNanoseconds: source?.modificationTimeNanoseconds ?? -1)
    }

    /// The content hashes `lineage` knows for the photos of `target`'s
    /// folder, by absolute path; nil when nothing will be recorded.
    static func hashes(_ lineage: LineageRecorder?, target: LineageTarget?)
        -> [String: (byteCount: Int, modificationTimeNanoseconds: Int64, hash: String)]? {
        guard let lineage, let target, let known = lineage.photoHashes(inFolder: target.folder) else { return nil }
        let folder = AbsolutePath.of(target.folder)
        var byPath: [String: (byteCount: Int, modificationTimeNanoseconds: Int64, hash: String)] = [:]
        for case .relativePath(let relative) in target.photos {
            if let entry = known[relative] { byPath[folder + "/" + relative] = entry }
        }
        return byPath
    }

    /// Runs `planned` alone through the executor against what `target`'s
    /// catalog records (the same recipe's output already at its path is
    /// left, one made elsewhere copied), recording it through `lineage`.
    /// - Returns: the failure the executor reported, if any, and the
    ///   error recording it gave, if any.
    static func run(_ planned: PlannedOutput, pipeline: ImagePipeline, jobs: Int, force: Bool, inputs: InputIdentities,
                    cancellation: CancellationToken, lineage: LineageRecorder?, target: LineageTarget?)
        -> (summary: PlanExecutor.Summary, failure: PlanExecutor.Failure?, recordingError: CatalogError?) {
        let failure = Locked<PlanExecutor.Failure?>(nil)
        let recorder = lineage.flatMap { lineage in target.map { SerialRecorder(lineage, folder: $0.folder) } }
        let executor = PlanExecutor(pipeline: pipeline, jobs: jobs, force: force, photos: inputs, cancellation: cancellation,
                                    catalogPath: lineage?.catalogPath)
        var ledger = OutputLedger()
        if let lineage, target != nil, case .recipe(let recipe, _) = planned.record { ledger = lineage.ledger(of: recipe.kind) }
        let summary = executor.run([planned], ledger: ledger, record: { recorder?.record($0) }, failures: { failed in
            failure.withLock { $0 = $0 ?? failed }
        }, events: { _ in })
        var recordingError: CatalogError?
        do throws(CatalogError) { try recorder?.check() } catch { recordingError = error }
        return (summary, failure.withLock { $0 }, recordingError)
    }

    /// A maker (`AnimationMaker`, `VideoMaker`) carried into its planned
    /// output's closure: its pipeline and options are Sendable values; the
    /// lineage recorder it holds is used only by the executor's recording,
    /// one thread at a time, never by the closure.
    struct Carried<Maker>: @unchecked Sendable {
        let value: Maker
        init(_ value: Maker) { self.value = value }
    }
}
