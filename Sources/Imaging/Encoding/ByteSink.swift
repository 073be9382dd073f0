/// Where an encoder's bytes go as they are made: a file being written
/// (`AtomicFileWriter`), or memory (`MemorySink`). A streaming encoder
/// hands over each frame's bytes as soon as they exist, so a long
/// animation never piles up in memory.
public protocol ByteSink: AnyObject {
    /// Takes the next bytes of the file.
    /// - Throws: `ImagingError.fileSystem` when they cannot be written.
    func append(_ bytes: UnsafeRawBufferPointer) throws(ImagingError)
}
