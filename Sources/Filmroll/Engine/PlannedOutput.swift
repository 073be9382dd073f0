import Catalog
import Imaging

/// One output of a plan: what it is made by (its recipe), where it goes,
/// the photos it needs at which size, and how it is made from them.
///
/// Commands build these and nothing else; `PlanExecutor` decides what is
/// stale, decodes each photo once for all the outputs that need it, makes
/// them and records them.
public struct PlannedOutput: Sendable {
    /// One photo an output needs, and the size it needs it at.
    public struct Input: Sendable, Hashable {
        public var source: SourceIdentity
        /// The photo's catalog row, for the output's links.
        public var photo: PhotoReference
        public var resize: ImageProcessors.Resize
        /// The photo's own outputs' sizes in its plan (`ImagePipeline.images(for:resizes:chain:threads:)`):
        /// when given, each size is made from them as when all are made, whatever else is asked with it.
        public var chain: [ImageProcessors.Resize]

        public init(source: SourceIdentity, photo: PhotoReference, resize: ImageProcessors.Resize,
                    chain: [ImageProcessors.Resize] = []) {
            self.source = source
            self.photo = photo
            self.resize = resize
            self.chain = chain
        }
    }

    /// What a maker is handed besides the images.
    public struct Context: Sendable {
        /// Writes through the output guard.
        public var writer: OutputWriter
        /// Threads the maker may use: 1 while other work waits for the
        /// workers, more for an output made when little else is left.
        public var threads: Int
    }

    /// What making an output gave.
    public enum Made: Sendable {
        /// Bytes for the executor to write at the output's path, through the guard.
        case bytes([UInt8])
        /// The maker wrote the file itself (a video, streamed as it is encoded).
        case written
    }

    /// How a catalog row is kept: by recipe (the one record), or not at all
    /// (a freedesktop.org thumbnail, judged by its own rule).
    public enum Record: Sendable {
        case recipe(OutputRecipe, parameters: String)
        /// Up to date when `isCurrent` says so; never recorded.
        case unrecorded(isCurrent: @Sendable () -> Bool)
    }

    public let record: Record
    /// What the output is, as progress, JSON and the executor's counts name it.
    public var kind: OutputKind
    /// Where the file goes (absolute or relative to the working folder).
    public var path: String
    /// The folder it is made in, inside which alone `prune` may delete it.
    public var root: String
    /// The mark it carries, which the output guard checks before replacing a file.
    public var mark: OutputMark
    public var inputs: [Input]
    /// Photos the output reads itself, in order, rather than being handed
    /// their decoded images (an animation's or a video's frames, streamed
    /// into the encoder as they are read: too many to hold); recorded as
    /// its photos, after those of `inputs`.
    public var streamedPhotos: [PhotoReference]
    /// How many inputs must decode for the output to be made from those that did.
    public var minimumInputs: Int
    /// Makes the output from its inputs' images (in the order of `inputs`, those that decoded).
    public var make: @Sendable (_ images: [Image], _ context: Context) throws -> Made
    /// Begins a maker that takes the images one at a time as they are
    /// decoded (`IncrementalMaker`); nil: `make` takes them all at once.
    public internal(set) var begin: (@Sendable (_ context: Context) throws -> any IncrementalMaker)?

    public init(record: Record, kind: OutputKind, path: String, root: String, mark: OutputMark, inputs: [Input],
                minimumInputs: Int? = nil, streamedPhotos: [PhotoReference] = [],
                make: @escaping @Sendable (_ images: [Image], _ context: Context) throws -> Made) {
        self.record = record
        if case .recipe(let recipe, _) = record { key = recipe.key } else { key = nil }
        self.kind = kind
        self.path = path
        self.root = root
        self.mark = mark
        self.inputs = inputs
        self.streamedPhotos = streamedPhotos
        self.minimumInputs = minimumInputs ?? inputs.count
        self.make = make
        begin = nil
    }

    /// The recipe's key, when the output is recorded (computed once).
    public let key: String?
}
