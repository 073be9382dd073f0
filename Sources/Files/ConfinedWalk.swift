#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Opens the folder holding a file, from a start folder down, one
/// component at a time with `O_NOFOLLOW`: a symbolic link or anything that
/// is not a folder on the way stops the walk and is named.
struct ConfinedWalk {
    /// The folder the walk starts from (opened following links).
    let start: String
    /// The folders below `start`, then the file's name.
    let components: [String]

    /// Where a walk ended.
    enum End {
        /// The file's folder is open (the caller closes the descriptor).
        case folder(Int32)
        /// Something on the way stopped it.
        case stopped(ConfinedFiles.Outcome)
    }

    /// Opens the file's folder, or tells what stopped the walk.
    func openParent() -> End {
        var folder = open(start, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard folder >= 0 else { return .stopped(Self.outcome(of: errno)) }
        for (index, name) in components.dropLast().enumerated() {
            let next = openat(folder, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            let failure = errno
            if next < 0 {
                let outcome = stopped(at: name, in: folder, path: path(ofFirst: index + 1), errno: failure)
                close(folder)
                return .stopped(outcome)
            }
            close(folder)
            folder = next
        }
        return .folder(folder)
    }

    /// `start` and the first `count` components.
    func path(ofFirst count: Int) -> String {
        ([start == "/" ? "" : start] + components.prefix(count)).joined(separator: "/")
    }

    /// Why `name` in `folder` could not be opened as a folder.
    private func stopped(at name: String, in folder: Int32, path: String, errno failure: Int32) -> ConfinedFiles.Outcome {
        var status = stat()
        guard fstatat(folder, name, &status, AT_SYMLINK_NOFOLLOW) == 0 else { return Self.outcome(of: failure) }
        switch status.st_mode & S_IFMT {
        case S_IFLNK: return .refused(.symbolicLink(path))
        case S_IFDIR: return Self.outcome(of: failure)
        default: return .refused(.notAFolder(path))
        }
    }

    /// A failed call's outcome: gone when something on the way is missing.
    static func outcome(of failure: Int32) -> ConfinedFiles.Outcome {
        failure == ENOENT ? .gone : .failed(.system(errno: failure))
    }
}
