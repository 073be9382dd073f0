extension FolderProcess {
    /// After the gallery is written: why day maps drawn without a basemap
    /// had no shorelines (GSHHG missing or unreadable), as one warning naming
    /// the file; said once a run.
    func reportShorelineTrouble(events: @Sendable (ProcessEvent) -> Void) {
        guard let trouble = Shorelines.installed.takeTrouble() else { return }
        events(.warned(path: Shorelines.installed.shorelineFile, warning: trouble))
    }
}
