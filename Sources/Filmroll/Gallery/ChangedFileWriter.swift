/// Writes a file only when its bytes differ from what is already there, so
/// an unchanged gallery keeps its files' times and nothing needs re-uploading.
enum ChangedFileWriter {
    /// Writes `text` as UTF-8 to `path` atomically unless the file holds it already.
    /// - Returns: whether the file was written.
    static func write(_ text: String, to path: String) throws(ImagingError) -> Bool {
        let bytes = Array(text.utf8)
        if let existing = try? FileBytes.read(path, limit: bytes.count), existing == bytes { return false }
        try ImagingError.converting(try AtomicFile.write(bytes, to: path))
        return true
    }
}
