/// What a run reports as it goes, for a progress display or JSON lines.
public enum ProcessEvent: Sendable {
    /// A stage began, with the items it has to do.
    case stageStarted(ProcessStage, total: Int)
    /// One more item of the current stage is done.
    case advanced(ProcessStage, done: Int, total: Int)
    /// An output was written (a path relative to the output folder).
    case made(kind: OutputKind, path: String)
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

extension ProcessEvent {
    /// What the executor reported, as the run's own event: its decodes are the photos stage.
    init(_ event: ExecutorEvent) {
        switch event {
        case .started(let photos): self = .stageStarted(.photos, total: photos)
        case let .decoded(done, total): self = .advanced(.photos, done: done, total: total)
        case let .made(kind, path): self = .made(kind: kind, path: path)
        case let .failed(path, reason, storageErrno): self = .failed(path: path, reason: reason, storageErrno: storageErrno)
        }
    }
}
