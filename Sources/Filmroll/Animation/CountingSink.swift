import Imaging

/// A `ByteSink` that passes the bytes on and counts them: the size of a
/// file written as it was encoded.
final class CountingSink: ByteSink {
    private let sink: any ByteSink
    private(set) var byteCount = 0

    init(_ sink: any ByteSink) {
        self.sink = sink
    }

    func append(_ bytes: UnsafeRawBufferPointer) throws(ImagingError) {
        try sink.append(bytes)
        byteCount += bytes.count
    }
}
