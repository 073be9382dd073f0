/// Imaging reads and writes through the file utilities of `Files`
/// (`FileBytes`, `AtomicFile`, `Folders`, …); importing `Imaging` brings them.
@_exported import Files
