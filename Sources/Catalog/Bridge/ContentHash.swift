import CImaging

/// The catalog's content hash: XXH3-128 over the whole file.
///
/// Why the whole file: the indexer reads every new or changed file in full
/// anyway (header, EXIF), and XXH3 hashes at memory speed (tens of GB/s),
/// so hashing all of it costs next to nothing and catches any change,
/// unlike a hash of the first and last 100 KB. Unchanged files (same size
/// and mtime) are never read, so a re-index does not hash at all.
public enum ContentHash {
    /// 32 lowercase hex digits.
    public static func hex(_ bytes: [UInt8]) -> String {
        var low: UInt64 = 0, high: UInt64 = 0
        bytes.withUnsafeBufferPointer { cimg_hash128($0.baseAddress, $0.count, &low, &high) }
        return hex64(high) + hex64(low)
    }

    fileprivate static func hex64(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}

extension ContentHash {
    /// The byte count and hash of the file open at `descriptor`, read from
    /// its start in 1 MB pieces (a long video is never held whole); nil
    /// when a read fails.
    public static func identity(ofDescriptor descriptor: Int32) -> OutputIdentity? {
        var size: UInt64 = 0, low: UInt64 = 0, high: UInt64 = 0
        guard cimg_hash128_fd(descriptor, &size, &low, &high) == 0 else { return nil }
        return OutputIdentity(bytes: Int(size), hash: hex64(high) + hex64(low))
    }
}
