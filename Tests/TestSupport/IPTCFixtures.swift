/// IPTC-IIM built in the test, as Photoshop and exiftool write it in a
/// JPEG: datasets in a Photoshop image resource 0x0404, in an APP13
/// "Photoshop 3.0" segment.
public enum IPTCFixtures {
    /// Record 2 datasets ("0x1C 2 number length value"), in order given.
    public static func iim(_ datasets: [(UInt8, String)]) -> [UInt8] {
        datasets.flatMap { number, value in
            [0x1C, 2, number, UInt8(value.utf8.count >> 8), UInt8(value.utf8.count & 0xFF)] + Array(value.utf8)
        }
    }

    /// Photoshop image resources: `before` (another resource, as files have
    /// a few) then the IIM block as resource 0x0404, each padded to even.
    public static func resources(_ iim: [UInt8], before: [UInt8] = []) -> [UInt8] {
        func resource(_ id: UInt16, _ data: [UInt8]) -> [UInt8] {
            let size = UInt32(data.count)
            return Array("8BIM".utf8) + [UInt8(id >> 8), UInt8(id & 0xFF), 0, 0]
                + [UInt8(size >> 24), UInt8(size >> 16 & 0xFF), UInt8(size >> 8 & 0xFF), UInt8(size & 0xFF)]
                + data + (data.count % 2 == 1 ? [0] : [])
        }
        return (before.isEmpty ? [] : resource(0x040C, before)) + resource(0x0404, iim)
    }

    /// `jpeg` with an APP13 segment holding `resources`, right after SOI.
    public static func inserting(_ resources: [UInt8], into jpeg: [UInt8]) -> [UInt8] {
        let payload = Array("Photoshop 3.0\0".utf8) + resources
        let length = payload.count + 2
        var bytes = jpeg
        bytes.insert(contentsOf: [0xFF, 0xED, UInt8(length >> 8), UInt8(length & 0xFF)] + payload, at: 2)
        return bytes
    }
}
