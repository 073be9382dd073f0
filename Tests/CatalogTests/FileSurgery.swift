#if canImport(Glibc)
import Glibc
#endif
import Imaging

/// Byte-level changes to a catalog file, to damage it the way a failing
/// disk or a stray write would.
enum FileSurgery {
    static let pageSize = 4096

    /// Overwrites `bytes` at `offset` of the file at `path`, in place.
    static func overwrite(_ path: String, at offset: Int, with bytes: [UInt8]) {
        let fd = open(path, O_WRONLY | O_CLOEXEC)
        precondition(fd >= 0, "cannot open \(path)")
        defer { close(fd) }
        let written = bytes.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, off_t(offset)) }
        precondition(written == bytes.count, "short write to \(path)")
    }

    /// Overwrites the page in the middle of the file with 0xFF.
    static func overwriteMiddlePage(_ path: String, with byte: UInt8 = 0xFF) throws -> Int {
        let pages = try FileBytes.read(path).count / pageSize
        let offset = pages / 2 * pageSize
        overwrite(path, at: offset, with: Array(repeating: byte, count: pageSize))
        return offset
    }

    /// The page-aligned offset of the first page that holds `marker`.
    static func pageOffset(of marker: String, in path: String) throws -> Int? {
        let bytes = try FileBytes.read(path)
        let needle = Array(marker.utf8)
        guard bytes.count >= needle.count else { return nil }
        for start in 0...(bytes.count - needle.count) where bytes[start] == needle[0] {
            if Array(bytes[start..<(start + needle.count)]) == needle { return start / pageSize * pageSize }
        }
        return nil
    }

    /// Every match of `pattern` (a prefix and a count of digits after it) in the page at `offset`.
    static func markers(_ prefix: String, digits: Int, inPageAt offset: Int, of path: String) throws -> Set<String> {
        let page = Array(try FileBytes.read(path)[offset..<(offset + pageSize)])
        let needle = Array(prefix.utf8)
        var found = Set<String>()
        var start = 0
        while start + needle.count + digits <= page.count {
            if Array(page[start..<(start + needle.count)]) == needle {
                found.insert(String(decoding: page[start..<(start + needle.count + digits)], as: UTF8.self))
            }
            start += 1
        }
        return found
    }
}
