/// A `ByteSink` that keeps the bytes in memory, for callers that want the
/// encoded file as an array.
public final class MemorySink: ByteSink {
    public private(set) var bytes: [UInt8] = []

    public init() {}

    public func append(_ bytes: UnsafeRawBufferPointer) throws(ImagingError) {
        self.bytes.append(contentsOf: bytes)
    }
}
