import Imaging

extension Fixtures {
    /// `jpeg` (a JPEG's bytes) with Filmroll's `mark` as a comment right
    /// after the start marker: a file as Filmroll would have made it.
    public static func marked(_ jpeg: [UInt8], as mark: OutputMark) -> [UInt8] {
        let text = Array(mark.text.utf8)
        let length = text.count + 2
        return Array(jpeg.prefix(2)) + [0xFF, 0xFE, UInt8(length >> 8), UInt8(length & 0xFF)] + text + Array(jpeg.dropFirst(2))
    }

    /// The bytes of a JPEG under `TestImages/`, carrying Filmroll's `mark`.
    public static func markedBytes(_ relative: String, as mark: OutputMark) throws -> [UInt8] {
        marked(try bytes(relative), as: mark)
    }
}
