extension PhotoRecord {
    /// Whether it has no date but its file's time, and that time is when the
    /// file was written here (`PhotoFolder.Entry.keepsAnEarlierTime`): it has
    /// no `taken_day`, and the gallery lists it on its Undated page.
    public var isUndated: Bool { takenFromModificationTime && takenDay == nil }
}
