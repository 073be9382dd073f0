/// A file searched for Filmroll's `OutputMark`: its first bytes in hand,
/// any others read where a format's reader asks (a WebP's XMP chunk comes
/// after its frames).
public struct SearchedFile {
    /// The file's size in bytes.
    public let size: Int
    /// The first bytes, up to `OutputMark.searchLength`: where a mark sits
    /// in most formats (before the pixels, after at most an EXIF block).
    public let head: [UInt8]
    private let read: (_ offset: Int, _ count: Int) -> [UInt8]

    /// - Parameter read: the bytes at an offset, fewer at the end of the file.
    public init(size: Int, head: [UInt8], read: @escaping (_ offset: Int, _ count: Int) -> [UInt8]) {
        self.size = size
        self.head = head
        self.read = read
    }

    /// A file in memory.
    public init(_ bytes: [UInt8]) {
        self.init(size: bytes.count, head: Array(bytes.prefix(OutputMark.searchLength))) { offset, count in
            Array(bytes[min(offset, bytes.count)..<min(offset + count, bytes.count)])
        }
    }

    /// `count` bytes from `offset`, fewer at the end of the file.
    public func bytes(at offset: Int, count: Int) -> [UInt8] {
        offset + count <= head.count ? Array(head[offset..<offset + count]) : read(offset, count)
    }
}
