import Catalog

/// A `LineageRecorder` the executor's workers record through: the executor
/// hands it one batch at a time, so the recorder (and its SQLite
/// connection) is never used by two threads at once. The first failure is
/// kept and thrown by `check()` after the run.
final class SerialRecorder: @unchecked Sendable {
    private let recorder: LineageRecorder
    private let folder: String
    private var failure: CatalogError?

    init(_ recorder: LineageRecorder, folder: String) {
        self.recorder = recorder
        self.folder = folder
    }

    /// Records a batch; called by one thread at a time (`PlanExecutor`).
    func record(_ outputs: [LineageOutput]) {
        guard failure == nil else { return }
        do throws(CatalogError) { try recorder.record(outputs, inFolder: folder) } catch { failure = error }
    }

    func check() throws(CatalogError) {
        if let failure { throw failure }
    }
}
