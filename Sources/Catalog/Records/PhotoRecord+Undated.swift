extension PhotoRecord {
    /// Whether it has no date but its file's time (no date inside the file,
    /// none in its name): the time it was copied or saved. Such a row has no
    /// `taken_day`; the gallery lists it on its Undated page.
    public var isUndated: Bool { takenFromModificationTime }
}
