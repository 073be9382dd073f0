#if canImport(Glibc)
import Glibc
#endif
import Catalog
import Testing

/// The catalog's content hash is XXH3-128, whichever of libxxhash's entry
/// points computes it (SSE2, or AVX2 and AVX-512 where they are): the
/// digests of the `xxhash` Python package, for bytes in hand and for a
/// file read in pieces.
@Suite struct ContentHashTests {
    /// 256 × 4099 bytes: more than one 1 MiB piece of a file read in pieces.
    static let bytes = [UInt8]((0..<4099).flatMap { _ in (0...255).map { UInt8($0) } })
    static let digest = "3eb413071bb36356ebd7da7da24295f8"   // xxhash.xxh3_128_hexdigest(bytes(range(256)) * 4099)

    @Test func bytesInHandHashAsXXH3128() {
        #expect(ContentHash.hex([]) == "99aa06d3014798d86001c324468d497f")
        #expect(ContentHash.hex(Self.bytes) == Self.digest)
    }

    @Test func aFileReadInPiecesHashesAsItsBytes() throws {
        var template = Array("/tmp/filmroll-hash-XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        try #require(descriptor >= 0)
        let path = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        defer { close(descriptor); unlink(path) }
        #expect(Self.bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) } == Self.bytes.count)
        let identity = try #require(ContentHash.identity(ofDescriptor: descriptor))
        #expect(identity.bytes == Self.bytes.count)
        #expect(identity.hash == Self.digest)
    }
}
