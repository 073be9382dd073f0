import Imaging

/// Tiny files carrying XMP, built in the test: a packet around RDF, and a
/// JPEG with it in an APP1 segment.
public enum XMPFixtures {
    /// An XMP packet whose rdf:Description carries `attributes` and `elements`,
    /// with the usual prefixes bound (exif, xmp, photoshop, tiff, xmpMM, stEvt).
    public static func packet(attributes: String = "", elements: String = "", before: String = "") -> [UInt8] {
        Array("""
            <?xpacket begin="\u{FEFF}" id="W5M0MpCehiHzreSzNTczkc9d"?>
            \(before)<x:xmpmeta xmlns:x="adobe:ns:meta/">
             <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
              <rdf:Description rdf:about=""
                xmlns:exif="http://ns.adobe.com/exif/1.0/"
                xmlns:xmp="http://ns.adobe.com/xap/1.0/"
                xmlns:photoshop="http://ns.adobe.com/photoshop/1.0/"
                xmlns:tiff="http://ns.adobe.com/tiff/1.0/"
                xmlns:xmpMM="http://ns.adobe.com/xap/1.0/mm/"
                xmlns:stEvt="http://ns.adobe.com/xap/1.0/sType/ResourceEvent#"
                \(attributes)>
               \(elements)
              </rdf:Description>
             </rdf:RDF>
            </x:xmpmeta>
            <?xpacket end="w"?>
            """.utf8)
    }

    /// An 8×4 grey JPEG with `exif` (an APP1 payload) when given, and
    /// `xmp` in an APP1 segment right after SOI.
    public static func jpeg(xmp: [UInt8]?, exif: [UInt8]? = nil) throws -> [UInt8] {
        let image = Image(width: 8, height: 4, format: .rgb8, pixels: [UInt8](repeating: 128, count: 8 * 4 * 3))
        var bytes = try ImageEncoder.encode(image, as: .jpeg(JPEGEncodingOptions(exif: exif)))
        if let xmp {
            let payload = Array("http://ns.adobe.com/xap/1.0/\0".utf8) + xmp
            let length = payload.count + 2
            bytes.insert(contentsOf: [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload, at: 2)
        }
        return bytes
    }
}
