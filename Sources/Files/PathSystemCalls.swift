#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// The system calls Filmroll makes on paths, taking a `String` path and
// handing the system the bytes it stands for (`withPlatformPath`), so that
// a name that is not UTF-8 reaches the file it names. Declared with the
// system's own names: a call with a `String` path anywhere in Filmroll
// picks these over the C functions, which would take the string's UTF-8
// with the escape scalars left in (a name no file has).

public func open(_ path: String, _ flags: Int32) -> Int32 {
    path.withPlatformPath { Glibc.open($0, flags) }
}

public func open(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 {
    path.withPlatformPath { Glibc.open($0, flags, mode) }
}

public func stat(_ path: String, _ status: UnsafeMutablePointer<stat>) -> Int32 {
    path.withPlatformPath { fstatat(AT_FDCWD, $0, status, 0) }
}

public func lstat(_ path: String, _ status: UnsafeMutablePointer<stat>) -> Int32 {
    path.withPlatformPath { fstatat(AT_FDCWD, $0, status, AT_SYMLINK_NOFOLLOW) }
}

public func access(_ path: String, _ mode: Int32) -> Int32 {
    path.withPlatformPath { Glibc.access($0, mode) }
}

public func unlink(_ path: String) -> Int32 {
    path.withPlatformPath { Glibc.unlink($0) }
}

public func rmdir(_ path: String) -> Int32 {
    path.withPlatformPath { Glibc.rmdir($0) }
}

public func rename(_ old: String, _ new: String) -> Int32 {
    old.withPlatformPath { oldPath in new.withPlatformPath { Glibc.rename(oldPath, $0) } }
}

public func link(_ old: String, _ new: String) -> Int32 {
    old.withPlatformPath { oldPath in new.withPlatformPath { Glibc.link(oldPath, $0) } }
}

public func symlink(_ target: String, _ path: String) -> Int32 {
    target.withPlatformPath { targetPath in path.withPlatformPath { Glibc.symlink(targetPath, $0) } }
}

public func mkdir(_ path: String, _ mode: mode_t) -> Int32 {
    path.withPlatformPath { Glibc.mkdir($0, mode) }
}

public func chmod(_ path: String, _ mode: mode_t) -> Int32 {
    path.withPlatformPath { Glibc.chmod($0, mode) }
}

public func opendir(_ path: String) -> OpaquePointer? {
    path.withPlatformPath { Glibc.opendir($0) }
}

public func realpath(_ path: String, _ resolved: UnsafeMutablePointer<CChar>?) -> UnsafeMutablePointer<CChar>? {
    path.withPlatformPath { Glibc.realpath($0, resolved) }
}

public func utimensat(_ directory: Int32, _ path: String, _ times: UnsafePointer<timespec>?, _ flags: Int32) -> Int32 {
    path.withPlatformPath { Glibc.utimensat(directory, $0, times, flags) }
}

public func openat(_ directory: Int32, _ path: String, _ flags: Int32) -> Int32 {
    path.withPlatformPath { Glibc.openat(directory, $0, flags) }
}

public func openat(_ directory: Int32, _ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 {
    path.withPlatformPath { Glibc.openat(directory, $0, flags, mode) }
}

public func unlinkat(_ directory: Int32, _ path: String, _ flags: Int32) -> Int32 {
    path.withPlatformPath { Glibc.unlinkat(directory, $0, flags) }
}

public func fstatat(_ directory: Int32, _ path: String, _ status: UnsafeMutablePointer<stat>, _ flags: Int32) -> Int32 {
    path.withPlatformPath { Glibc.fstatat(directory, $0, status, flags) }
}
