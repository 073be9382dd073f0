#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Files

/// How a gallery's files reach another folder by a relative link, as the
/// photo pages link their originals.
enum FolderLink {
    /// The relative path from `gallery` to `folder` ("../../" for
    /// FOLDER/.filmroll/gallery, "../Photos/" for a sibling), both resolved
    /// through their symbolic links; nil when either cannot be resolved.
    static func relative(from gallery: String, to folder: String) -> String? {
        guard let from = resolved(gallery), let to = resolved(folder) else { return nil }
        let base = from.split(separator: "/"), target = to.split(separator: "/")
        var common = 0
        while common < base.count && common < target.count && base[common] == target[common] { common += 1 }
        let up = String(repeating: "../", count: base.count - common)
        let down = target[common...].map { $0 + "/" }.joined()
        return up + down
    }

    private static func resolved(_ path: String) -> String? {
        guard let pointer = realpath(path, nil) else { return nil }
        defer { free(pointer) }
        return PathBytes.decode(Array(UnsafeBufferPointer(start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self),
                                                          count: strlen(pointer))))
    }
}
