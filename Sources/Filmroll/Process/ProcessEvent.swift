/// What a run reports as it goes, for a progress display or JSON lines.
public enum ProcessEvent: Sendable {
    /// A stage began, with the items it has to do.
    case stageStarted(ProcessStage, total: Int)
    /// One more item of the current stage is done.
    case advanced(ProcessStage, done: Int, total: Int)
    /// An output was written (a path relative to the output folder).
    case made(kind: String, path: String)
    /// A photo or output failed; the run goes on.
    /// `storageErrno`: the system's code when it failed for want of room (`StorageCause`).
    case failed(path: String, reason: String, storageErrno: Int32? = nil)
    /// A photo was read past damage (each file's each warning once a run).
    case warned(path: String, warning: String)
    /// Another run holds the folder's run lock (process `holder`, when
    /// known); this one waits for it to finish before it starts.
    case waiting(folder: String, holder: Int32?)
}

/// The stages of `FolderProcess`, in order.
public enum ProcessStage: String, Sendable, CaseIterable {
    case index, photos, gallery
}
