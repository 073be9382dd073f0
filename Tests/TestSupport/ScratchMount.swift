#if canImport(Glibc)
import Glibc
#endif

/// A file system mounted for one test: a small tmpfs (a disk that fills
/// up) or a read-only bind mount (a camera card, a read-only share).
/// Needs root; tests that use one are skipped where mounting is refused.
/// Unmount it in a `defer`.
public final class ScratchMount {
    public let path: String

    private init(path: String) { self.path = path }

    /// A file inside the mount.
    public func file(_ name: String) -> String { path + "/" + name }

    /// Whether this process may mount: tried once, with a tiny tmpfs.
    public static let isAllowed: Bool = {
        guard let probe = tmpfs(bytes: 64 << 10) else { return false }
        probe.unmount()
        return true
    }()

    /// A tmpfs of `bytes` bytes, or nil when mounting is refused.
    public static func tmpfs(bytes: Int) -> ScratchMount? {
        let target = temporaryFolder()
        guard mount("tmpfs", target, "tmpfs", 0, "size=\(bytes)") == 0 else {
            rmdir(target)
            return nil
        }
        return ScratchMount(path: target)
    }

    /// `source` seen read-only at a new path, or nil when mounting is refused.
    public static func readOnlyBind(of source: String) -> ScratchMount? {
        let target = temporaryFolder()
        guard mount(source, target, nil, UInt(MS_BIND), nil) == 0 else {
            rmdir(target)
            return nil
        }
        let mounted = ScratchMount(path: target)
        guard mount(nil, target, nil, UInt(MS_REMOUNT | MS_BIND | MS_RDONLY), nil) == 0 else {
            mounted.unmount()
            return nil
        }
        return mounted
    }

    /// Unmounts (lazily when something still has a file open) and removes the mount point.
    public func unmount() {
        if umount2(path, 0) != 0 { umount2(path, Int32(MNT_DETACH)) }
        rmdir(path)
    }

    private static func temporaryFolder() -> String {
        var template = Array("/tmp/filmroll-mount-XXXXXX".utf8CString)
        return template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)) }
    }
}
