/// What a `ThumbnailBatch` tells as it goes, from the threads it works on.
public enum ThumbnailEvent: Sendable {
    /// Where the store could not be kept; the run goes on.
    case store(StoreNote)
    /// A thumbnail made or found.
    case output(ThumbnailOutput)
    /// A photo whose thumbnails could not be made, and why; `output` is the
    /// thumbnail file the reason is about, when the reason does not name it.
    /// `storage`: the system's code and the file not written, when it failed for want of room (`StorageCause`).
    case failed(path: String, output: String?, reason: String, storage: (errno: Int32, file: String)? = nil)
    /// A photo is done, made or failed (for a progress display).
    case finished(InputFile)
}
