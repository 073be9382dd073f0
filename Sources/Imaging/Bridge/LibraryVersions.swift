import CImaging

/// One C library Filmroll is linked with, and its version as the library
/// reports it at run time (from its header where it has no function).
public struct LibraryVersion: Sendable, Hashable {
    public var name: String
    public var version: String
}

extension LibraryVersion {
    /// Every library, in the order `filmroll --version` names them, then
    /// those the registered decoders name (LibRaw, libtiff, libjxl …).
    /// libexif is missing: it has neither a version function nor a macro.
    public static var all: [LibraryVersion] {
        var seen = Set(core.map(\.name))
        return core + ImageDecoders.all.compactMap(\.library).filter { seen.insert($0.name).inserted }
    }

    private static var core: [LibraryVersion] {
        [
            LibraryVersion(name: "libjpeg-turbo", version: String(cString: cimg_version_libjpeg())),
            LibraryVersion(name: "libpng", version: String(cString: cimg_version_libpng())),
            LibraryVersion(name: "zlib", version: String(cString: cimg_version_zlib())),
            LibraryVersion(name: "libdeflate", version: String(cString: cimg_version_libdeflate())),
            LibraryVersion(name: "giflib", version: String(cString: cimg_version_giflib())),
            LibraryVersion(name: "libheif", version: String(cString: cimg_heif_version())),
            LibraryVersion(name: "libwebp", version: dotted(Int(cimg_webp_version()), base: 256)),
            LibraryVersion(name: "lcms2", version: String(cString: cimg_color_lcms_version())),
            LibraryVersion(name: "libexpat", version: expat),
            LibraryVersion(name: "SQLite", version: String(cString: cimg_version_sqlite())),
            LibraryVersion(name: "libimagequant", version: String(cString: cimg_version_imagequant())),
            LibraryVersion(name: "FreeType", version: dotted(Int(cimg_version_freetype()), base: 100)),
            LibraryVersion(name: "FFmpeg", version: VideoCodec.version),
        ]
    }

    /// expat says "expat_2.5.0".
    private static var expat: String {
        let text = String(cString: cimg_version_expat())
        return text.hasPrefix("expat_") ? String(text.dropFirst(6)) : text
    }

    /// "2.17.0" from a version packed as major, minor, patch digits in `base`.
    private static func dotted(_ value: Int, base: Int) -> String {
        "\(value / (base * base)).\(value / base % base).\(value % base)"
    }
}
