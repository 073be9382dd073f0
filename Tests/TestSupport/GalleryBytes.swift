#if canImport(Glibc)
import Glibc
#endif
import Files
import Foundation

/// Every file of a processed folder's gallery and its bytes, to compare two galleries byte for byte.
public enum GalleryBytes {
    /// The regular files below `folder`/.filmroll/gallery, by path relative to it.
    public static func of(_ folder: String) throws -> [String: [UInt8]] {
        var files: [String: [UInt8]] = [:]
        let root = folder + "/.filmroll/gallery"
        let enumerator = FileManager.default.enumerator(atPath: root)
        while let relative = enumerator?.nextObject() as? String {
            var status = stat()
            guard lstat(root + "/" + relative, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { continue }
            files[relative] = try FileBytes.read(root + "/" + relative)
        }
        return files
    }
}
