extension CatalogError {
    /// Why the catalog cannot be written ("read-only file system"), for a
    /// note that a run goes on without recording in it.
    public var reason: String {
        if case .notWritable(_, let reason) = self { return reason }
        return description
    }
}
