#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Files

/// Writes thumbnails the way the freedesktop.org Thumbnail Managing Standard
/// says, so file managers and image viewers find and reuse them.
///
/// A thumbnail is a PNG named by the MD5 of its source's `file://` URI, in
/// a folder per size; `Thumb::URI` and `Thumb::MTime` text chunks let a
/// reader tell whether it is still fresh.
///
/// Related documentation: https://specifications.freedesktop.org/thumbnail-spec/
public enum XDGThumbnail {
    /// The URI GLib's `g_filename_to_uri(path, NULL, NULL)` gives an absolute path.
    ///
    /// Every byte is percent-encoded (uppercase hex) except ASCII letters,
    /// digits and `-._~!$&'()*+,=:@/`. Like GLib, this escapes `;` too.
    public static func fileURI(forAbsolutePath path: String) -> String {
        precondition(path.hasPrefix("/"), "a file URI needs an absolute path")
        var uri = "file://"
        for byte in PathBytes.encode(path) {
            if keptInPath(byte) {
                uri.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                uri += "%"
                uri.unicodeScalars.append(upperHexDigits[Int(byte >> 4)])
                uri.unicodeScalars.append(upperHexDigits[Int(byte & 0x0F)])
            }
        }
        return uri
    }

    /// The thumbnail's file name: the lowercase hex MD5 of the URI, then `.png`.
    public static func fileName(forURI uri: String) -> String {
        MD5.hex(uri.utf8) + ".png"
    }

    /// The cache's root folder: `$XDG_CACHE_HOME/thumbnails` when that is an
    /// absolute path, otherwise `$HOME/.cache/thumbnails`.
    public static func cacheRoot(environment: [String: String]) -> String {
        if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") {
            return withoutTrailingSlashes(cache) + "/thumbnails"
        }
        return withoutTrailingSlashes(homeFolder(environment: environment)) + "/.cache/thumbnails"
    }

    /// The thumbnail of `size` for the photo at `sourcePath` (absolute) under `root`.
    public static func path(size: XDGThumbnailSize, sourcePath: String, root: String) -> String {
        "\(root)/\(size.rawValue)/" + fileName(forURI: fileURI(forAbsolutePath: sourcePath))
    }

    /// Whether the thumbnail of `size` for the photo is there and no older
    /// than the photo (`sourceMTimeSeconds`): current, as the specification has it.
    public static func isCurrent(size: XDGThumbnailSize, sourcePath: String, sourceMTimeSeconds: Int, root: String) -> Bool {
        var status = stat()
        return stat(path(size: size, sourcePath: sourcePath, root: root), &status) == 0
            && Int(status.st_mtim.tv_sec) >= sourceMTimeSeconds
    }

    /// Writes `thumbnail` as `root/<size>/<md5>.png`, readable by the owner only.
    ///
    /// - Parameters:
    ///   - thumbnail: Already resized so its longest edge is at most `size.pixels`.
    ///   - sourcePath: The absolute path of the original file.
    ///   - sourceMTimeSeconds: The original's modification time, in seconds since 1970.
    ///   - root: The cache root, usually `cacheRoot(environment:)`.
    /// - Throws: `ImagingError.fileSystem` when a folder or the file cannot be
    ///   made, `ImagingError.encodingFailed` when the PNG cannot be written.
    public static func write(_ thumbnail: Image, size: XDGThumbnailSize, sourcePath: String,
                             sourceMTimeSeconds: Int, root: String) throws(ImagingError) {
        precondition(max(thumbnail.width, thumbnail.height) <= size.pixels,
                     "a \(size.rawValue) thumbnail is at most \(size.pixels) pixels on its longest edge")
        try store(thumbnail, in: root + "/" + size.rawValue, sourcePath: sourcePath,
                  sourceMTimeSeconds: sourceMTimeSeconds)
    }

    /// Records that a thumbnail of `sourcePath` could not be made: an empty
    /// (1×1 transparent) PNG at `root/fail/filmroll-<version>/<md5>.png`, so
    /// later runs need not try again while the source is unchanged.
    ///
    /// - Throws: `ImagingError.fileSystem` when a folder or the file cannot be made.
    public static func writeFailure(sourcePath: String, sourceMTimeSeconds: Int, root: String,
                                    version: String) throws(ImagingError) {
        let empty = Image(width: 1, height: 1, format: .rgba8)
        try store(empty, in: root + "/fail/filmroll-" + version, sourcePath: sourcePath,
                  sourceMTimeSeconds: sourceMTimeSeconds)
    }

    /// Encodes `image` with the `Thumb::` chunks and writes it atomically into `folder`.
    private static func store(_ image: Image, in folder: String, sourcePath: String,
                              sourceMTimeSeconds: Int) throws(ImagingError) {
        let uri = fileURI(forAbsolutePath: sourcePath)
        let bytes = try ImageEncoder.encode(image, as: .png(PNGEncodingOptions(texts: [
            .init(key: "Thumb::URI", value: uri),
            .init(key: "Thumb::MTime", value: String(sourceMTimeSeconds)),
            .init(key: "Software", value: "Filmroll"),
        ])))
        try ImagingError.converting(try Folders.create(folder, mode: 0o700))
        try ImagingError.converting(try AtomicFile.write(bytes, to: folder + "/" + fileName(forURI: uri), permissions: 0o600))
    }

    /// `$HOME`, or the home folder in the password database when it is unset.
    private static func homeFolder(environment: [String: String]) -> String {
        if let home = environment["HOME"], !home.isEmpty { return home }
        if let entry = getpwuid(getuid()), let directory = entry.pointee.pw_dir {
            return PathBytes.decode(cString: directory)
        }
        return "/"
    }

    private static func withoutTrailingSlashes(_ path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        return trimmed == "/" ? "" : String(trimmed)
    }

    /// Whether GLib leaves `byte` as it is in the path of a `file://` URI.
    private static func keptInPath(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default:
            keptPunctuation.contains(byte)
        }
    }

    /// The punctuation GLib keeps: the unreserved `-._~` and, of the
    /// characters RFC 3986 allows in a path, all but `;`.
    private static let keptPunctuation = Array("-._~!$&'()*+,=:@/".utf8)

    private static let upperHexDigits = Array("0123456789ABCDEF".unicodeScalars)
}
