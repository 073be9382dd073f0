/// One image the pipeline can make: a source file, upright, resized.
/// Hashable, so it is the memory cache's key.
public struct ImageRequest: Sendable, Hashable {
    public var source: SourceIdentity
    public var resize: ImageProcessors.Resize

    public init(source: SourceIdentity, resize: ImageProcessors.Resize) {
        self.source = source
        self.resize = resize
    }
}
