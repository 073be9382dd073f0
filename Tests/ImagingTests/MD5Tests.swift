import Imaging
import Testing

@Suite struct MD5Tests {
    /// The test suite of RFC 1321, appendix A.5.
    @Test(arguments: [
        ("", "d41d8cd98f00b204e9800998ecf8427e"),
        ("a", "0cc175b9c0f1b6a831c399e269772661"),
        ("abc", "900150983cd24fb0d6963f7d28e17f72"),
        ("message digest", "f96b697d7cb7938d525a2f31aaf161d0"),
        ("abcdefghijklmnopqrstuvwxyz", "c3fcd3d76192e4007dfb496cca67e13b"),
        ("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789", "d174ab98d277d9f5a5611c2c9f419d9f"),
        (String(repeating: "1234567890", count: 8), "57edf4a22be3c955ac49da2e2107b67a"),
    ])
    func rfc1321Vectors(message: String, digest: String) {
        #expect(MD5.hex(message.utf8) == digest)
    }

    /// Lengths around the padding boundary: 55 bytes pad within one block, 56 and 64 need two.
    @Test(arguments: [
        (55, "04364420e25c512fd958a70738aa8f72"),
        (56, "668a72d5ba17f08e62dabcafad6db14b"),
        (64, "c1bb4f81d892b2d57947682aeb252456"),
    ])
    func paddingBoundaries(length: Int, digest: String) {
        #expect(MD5.hex([UInt8](repeating: UInt8(ascii: "x"), count: length)) == digest)
    }

    @Test func multiBlockInput() {
        // Given 1280 bytes (20 blocks) of every byte value five times over
        let bytes = (0..<5).flatMap { _ in (0...255).map { UInt8($0) } }

        // Then the digest matches, from an array or any other sequence
        #expect(MD5.hex(bytes) == "82829f1f3f2bb0f18b25f278e5bba8bd")
        #expect(MD5.hex(bytes.lazy.map { $0 }) == "82829f1f3f2bb0f18b25f278e5bba8bd")
    }
}
