/// The name of the marker file at the top of every folder Filmroll writes
/// outputs into (its text is `OutputRootMarker`'s): a folder holding one is
/// Filmroll's outputs, never photos to walk.
public enum OwnedFolderMarker {
    public static let fileName = ".filmroll-owner"
}
