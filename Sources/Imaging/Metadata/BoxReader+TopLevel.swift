extension BoxReader {
    /// The payload of the first top-level box of `type` in a file's bytes
    /// (32- or 64-bit sizes, 0 for "to the end"), copied; nil when there is
    /// none, when a size runs past the file, or when it holds more than
    /// `maxBytes` (a `meta` or `moov` of boxes, not media data).
    static func topLevelPayload(_ type: String, in bytes: UnsafeRawBufferPointer, maxBytes: Int) -> [UInt8]? {
        var offset = 0
        while bytes.count - offset >= 8 {
            var size = Int(uint32(bytes, offset)), header = 8
            if size == 1 {
                guard bytes.count - offset >= 16 else { return nil }
                size = Int(clamping: uint64(bytes, offset + 8))
                header = 16
            } else if size == 0 {
                size = bytes.count - offset
            }
            guard size >= header, size <= bytes.count - offset else { return nil }
            if bytes[offset + 4..<offset + 8].elementsEqual(type.utf8) {
                guard size - header <= maxBytes else { return nil }
                return Array(bytes[offset + header..<offset + size])
            }
            offset += size
        }
        return nil
    }
}
