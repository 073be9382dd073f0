#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A lock that one run at a time holds: `flock(2)` on a lock file, which
/// the kernel releases when the holder closes it or exits, however it ends
/// (a crash or `kill -9` leaves nothing to clean up).
///
/// The holder writes its process id into the file, so a run that has to
/// wait can say for whom. The file stays when the lock is released:
/// removing it would let a third run lock a file the second has open.
public final class RunLock: Sendable {
    /// The lock file.
    public let path: String
    private let descriptor: Int32

    private init(path: String, descriptor: Int32) {
        self.path = path
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    /// Takes the lock at `path` (creating the file), waiting while another
    /// run holds it.
    /// - Parameters:
    ///   - waiting: called once, when another run holds the lock, with its
    ///     process id when the file names one.
    ///   - shouldStop: asked every 50 ms while waiting; true gives up.
    /// - Returns: the lock, held until it is released; nil when `shouldStop` gave up.
    /// - Throws: `FileError` when the lock file cannot be opened or locked.
    public static func take(at path: String, waiting: (Int32?) -> Void,
                            shouldStop: () -> Bool) throws(FileError) -> RunLock? {
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard descriptor >= 0 else { throw .failed(.create, path: path, .system(errno: errno)) }
        var announced = false
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            let failure = errno
            guard failure == EWOULDBLOCK || failure == EINTR else {
                close(descriptor)
                throw .failed(.write, path: path, .system(errno: failure))
            }
            if !announced {
                waiting(holder(of: descriptor))
                announced = true
            }
            if shouldStop() {
                close(descriptor)
                return nil
            }
            usleep(50_000)
        }
        let stamp = Array("\(getpid())\n".utf8)
        if ftruncate(descriptor, 0) == 0 { _ = pwrite(descriptor, stamp, stamp.count, 0) }
        return RunLock(path: path, descriptor: descriptor)
    }

    /// The process id the holder wrote into the lock file, if any.
    private static func holder(of descriptor: Int32) -> Int32? {
        var bytes = [UInt8](repeating: 0, count: 24)
        let count = pread(descriptor, &bytes, bytes.count, 0)
        guard count > 0 else { return nil }
        let digits = bytes[..<count].prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
        return Int32(String(decoding: digits, as: UTF8.self))
    }
}
