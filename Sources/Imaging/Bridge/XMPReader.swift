/// XMP packets (placeholder until the XMP reader lands).
enum XMPReader {
    static func read(_ packet: UnsafeRawBufferPointer, into metadata: inout ImageMetadata) {}
}
