import Files

/// An atomic file takes an encoder's bytes as they come; the file appears
/// at its path only on `commit()`.
extension AtomicFileWriter: ByteSink {
    public func append(_ bytes: UnsafeRawBufferPointer) throws(ImagingError) {
        try ImagingError.converting(try write(bytes))
    }
}
