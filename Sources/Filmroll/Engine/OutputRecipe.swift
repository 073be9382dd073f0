import Catalog
import Imaging

/// How an output is made: its kind, its inputs (by content where the
/// catalog knows it), its parameters and the version of the code that
/// makes it. Its `key` is stable across runs and machines; two outputs
/// with the same key are the same work, wherever they were written.
///
/// The key leaves out the path: a thumbnail `thumbs` made is the one
/// `process` needs when their recipes agree, and is reused, not remade.
public struct OutputRecipe: Sendable, Hashable {
    /// One input, identified by content when its hash is known, else by
    /// the file's place, size and time (a run without a catalog).
    public enum Input: Sendable, Hashable {
        case content(hash: String)
        case file(relativePath: String, byteCount: Int, modificationTimeNanoseconds: Int64)

        var keyText: String {
            switch self {
            case .content(let hash): "h:" + hash
            case let .file(path, bytes, time): "f:\(path)\u{1}\(bytes)\u{1}\(time)"
            }
        }
    }

    public var kind: OutputRecord.Kind
    public var inputs: [Input]
    /// The parameters, as stable text (the processors' and encoders' cache identifiers).
    public var parameters: String

    /// Bumped when the code that makes an output changes what it makes, so
    /// that every output is remade once.
    public static let codeVersion = "filmroll-recipe-1"

    public init(kind: OutputRecord.Kind, inputs: [Input], parameters: String) {
        self.kind = kind
        self.inputs = inputs
        self.parameters = parameters
    }

    /// 32 hex digits naming this recipe (XXH3-128, as the catalog hashes photos).
    public var key: String {
        let text = [Self.codeVersion, kind.rawValue, parameters].joined(separator: "\n") + "\n"
            + inputs.map(\.keyText).joined(separator: "\n")
        return ContentHash.hex(Array(text.utf8))
    }
}

extension OutputRecipe {
    /// A thumbnail: one photo, resized and encoded. `thumbs` and `process`
    /// build it alike, so each finds the other's.
    public static func thumbnail(of input: Input, resize: ImageProcessors.Resize, encoding: EncodingFormat) -> OutputRecipe {
        thumbnail(of: input, parameters: thumbnailParameters(resize: resize, encoding: encoding))
    }

    /// A thumbnail from its parameters' text, worked out once for a whole plan.
    public static func thumbnail(of input: Input, parameters: String) -> OutputRecipe {
        OutputRecipe(kind: .thumbnail, inputs: [input], parameters: parameters)
    }

    /// The parameters' text of a thumbnail's recipe.
    public static func thumbnailParameters(resize: ImageProcessors.Resize, encoding: EncodingFormat) -> String {
        resize.cacheIdentifier + "\n" + encoding.cacheIdentifier
    }
}
