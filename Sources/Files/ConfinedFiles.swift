#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Recorded outputs checked or removed only inside the output root they
/// were made in, and only when still Filmroll's own.
///
/// The walk opens the root (the one place a symbolic link is followed: the
/// user chose it), then each folder below it with `openat(O_NOFOLLOW)`
/// from the one above; the file is checked through its own descriptor
/// (`isOurs` reads its mark) and removed with `unlinkat` on its folder's,
/// so a link swapped in meanwhile leads nowhere.
public enum ConfinedFiles {
    /// What became of one recorded output.
    public enum Outcome: Sendable, Equatable {
        /// There, below its root, and Filmroll's (`check`).
        case present
        /// Removed (`remove`).
        case removed(bytes: Int)
        /// Not there any more: nothing to do.
        case gone
        /// Left alone, for this reason.
        case refused(ConfinementRefusal)
        /// It could not be read or removed (a permission, an I/O error).
        case failed(FileProblem)
    }

    /// Whether `path` is a regular file below `root`, reached without
    /// following a link below `anchor` (a folder at or above `root`,
    /// default `root`), for which `isOurs` holds.
    public static func check(_ path: String, root: String, anchor: String? = nil,
                             isOurs: (_ descriptor: Int32) -> Bool) -> Outcome {
        visit(path, root: root, anchor: anchor, removing: false, isOurs: isOurs)
    }

    /// Removes `path` when `check` finds it present.
    public static func remove(_ path: String, root: String, anchor: String? = nil,
                              isOurs: (_ descriptor: Int32) -> Bool) -> Outcome {
        visit(path, root: root, anchor: anchor, removing: true, isOurs: isOurs)
    }

    private static func visit(_ path: String, root: String, anchor: String?, removing: Bool,
                              isOurs: (Int32) -> Bool) -> Outcome {
        let confined: ConfinedPath
        do throws(ConfinementRefusal) {
            confined = try ConfinedPath(path, root: root)
        } catch {
            return .refused(error)
        }
        // The walk starts at the anchor when it lies above the root.
        var start = confined.root
        var components = confined.components
        if let anchor, anchor != confined.root, let above = try? ConfinedPath(confined.root, root: anchor) {
            start = above.root
            components = above.components + components
        }
        let walk = ConfinedWalk(start: start, components: components)
        let parent: Int32
        switch walk.openParent() {
        case .folder(let descriptor): parent = descriptor
        case .stopped(let outcome): return outcome
        }
        defer { close(parent) }
        return visitFile(named: components.last!, in: parent, path: walk.path(ofFirst: components.count),
                         removing: removing, isOurs: isOurs)
    }

    /// Checks (and removes) the file `name` in the folder open as `parent`.
    private static func visitFile(named name: String, in parent: Int32, path: String, removing: Bool,
                                  isOurs: (Int32) -> Bool) -> Outcome {
        var before = stat()
        guard fstatat(parent, name, &before, AT_SYMLINK_NOFOLLOW) == 0 else { return ConfinedWalk.outcome(of: errno) }
        switch before.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFLNK: return .refused(.symbolicLink(path))
        default: return .refused(.notRegularFile)
        }
        let descriptor = openat(parent, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            return errno == ELOOP ? .refused(.symbolicLink(path)) : ConfinedWalk.outcome(of: errno)
        }
        defer { close(descriptor) }
        var opened = stat()
        guard fstat(descriptor, &opened) == 0 else { return ConfinedWalk.outcome(of: errno) }
        guard (opened.st_mode & S_IFMT) == S_IFREG else { return .refused(.notRegularFile) }
        guard isOurs(descriptor) else { return .refused(.notOurs) }
        guard removing else { return .present }
        // The name must still lead to the file just checked.
        var now = stat()
        guard fstatat(parent, name, &now, AT_SYMLINK_NOFOLLOW) == 0 else { return ConfinedWalk.outcome(of: errno) }
        guard now.st_dev == opened.st_dev, now.st_ino == opened.st_ino else { return .refused(.changed) }
        guard unlinkat(parent, name, 0) == 0 else { return ConfinedWalk.outcome(of: errno) }
        return .removed(bytes: Int(opened.st_size))
    }
}
