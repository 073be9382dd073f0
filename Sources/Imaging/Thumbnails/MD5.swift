/// The MD5 message digest (RFC 1321), which names thumbnails in the
/// freedesktop.org thumbnail cache. Not for anything that needs security.
///
/// Related documentation: https://www.rfc-editor.org/rfc/rfc1321
public enum MD5 {
    /// The digest of `bytes` as 32 lowercase hexadecimal digits.
    public static func hex<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        var digest: [UInt32] = [0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476]
        var block: [UInt8] = []
        block.reserveCapacity(64)
        var length: UInt64 = 0
        for byte in bytes {
            block.append(byte)
            length &+= 1
            if block.count == 64 {
                compress(block, into: &digest)
                block.removeAll(keepingCapacity: true)
            }
        }
        // Padding: a 1 bit, zeros up to 56 bytes into a block, then the
        // message length in bits as a little-endian 64-bit number.
        block.append(0x80)
        if block.count > 56 {
            block += [UInt8](repeating: 0, count: 64 - block.count)
            compress(block, into: &digest)
            block.removeAll(keepingCapacity: true)
        }
        block += [UInt8](repeating: 0, count: 56 - block.count)
        let bitLength = length &* 8
        for index in 0..<8 { block.append(UInt8(truncatingIfNeeded: bitLength >> (8 * UInt64(index)))) }
        compress(block, into: &digest)

        var text = ""
        text.reserveCapacity(32)
        for word in digest {
            for index in 0..<4 {
                let byte = UInt8(truncatingIfNeeded: word >> (8 * UInt32(index)))
                text.append(hexDigits[Int(byte >> 4)])
                text.append(hexDigits[Int(byte & 0x0F)])
            }
        }
        return text
    }

    private static let hexDigits = Array("0123456789abcdef")

    /// Per-step left rotations, four for each of the four rounds.
    private static let shifts: [UInt32] = [7, 12, 17, 22, 5, 9, 14, 20, 4, 11, 16, 23, 6, 10, 15, 21]

    /// The integer part of abs(sin(i + 1)) * 2^32 for each step i.
    private static let sines: [UInt32] = [
        0xD76A_A478, 0xE8C7_B756, 0x2420_70DB, 0xC1BD_CEEE, 0xF57C_0FAF, 0x4787_C62A, 0xA830_4613, 0xFD46_9501,
        0x6980_98D8, 0x8B44_F7AF, 0xFFFF_5BB1, 0x895C_D7BE, 0x6B90_1122, 0xFD98_7193, 0xA679_438E, 0x49B4_0821,
        0xF61E_2562, 0xC040_B340, 0x265E_5A51, 0xE9B6_C7AA, 0xD62F_105D, 0x0244_1453, 0xD8A1_E681, 0xE7D3_FBC8,
        0x21E1_CDE6, 0xC337_07D6, 0xF4D5_0D87, 0x455A_14ED, 0xA9E3_E905, 0xFCEF_A3F8, 0x676F_02D9, 0x8D2A_4C8A,
        0xFFFA_3942, 0x8771_F681, 0x6D9D_6122, 0xFDE5_380C, 0xA4BE_EA44, 0x4BDE_CFA9, 0xF6BB_4B60, 0xBEBF_BC70,
        0x289B_7EC6, 0xEAA1_27FA, 0xD4EF_3085, 0x0488_1D05, 0xD9D4_D039, 0xE6DB_99E5, 0x1FA2_7CF8, 0xC4AC_5665,
        0xF429_2244, 0x432A_FF97, 0xAB94_23A7, 0xFC93_A039, 0x655B_59C3, 0x8F0C_CC92, 0xFFEF_F47D, 0x8584_5DD1,
        0x6FA8_7E4F, 0xFE2C_E6E0, 0xA301_4314, 0x4E08_11A1, 0xF753_7E82, 0xBD3A_F235, 0x2AD7_D2BB, 0xEB86_D391,
    ]

    /// Mixes one 64-byte block into the digest.
    private static func compress(_ block: [UInt8], into digest: inout [UInt32]) {
        var words = [UInt32](repeating: 0, count: 16)
        for index in 0..<16 {
            let start = index * 4
            words[index] = UInt32(block[start]) | UInt32(block[start + 1]) << 8
                | UInt32(block[start + 2]) << 16 | UInt32(block[start + 3]) << 24
        }
        var a = digest[0], b = digest[1], c = digest[2], d = digest[3]
        for step in 0..<64 {
            let mixed: UInt32
            let wordIndex: Int
            switch step / 16 {
            case 0: mixed = (b & c) | (~b & d); wordIndex = step
            case 1: mixed = (d & b) | (~d & c); wordIndex = (5 * step + 1) % 16
            case 2: mixed = b ^ c ^ d; wordIndex = (3 * step + 5) % 16
            default: mixed = c ^ (b | ~d); wordIndex = (7 * step) % 16
            }
            let sum = a &+ mixed &+ sines[step] &+ words[wordIndex]
            let shift = shifts[(step / 16) * 4 + step % 4]
            (a, d, c) = (d, c, b)
            b = b &+ ((sum << shift) | (sum >> (32 - shift)))
        }
        digest[0] &+= a
        digest[1] &+= b
        digest[2] &+= c
        digest[3] &+= d
    }
}
