#if canImport(Glibc)
import Glibc
#endif

/// File times for photos without a date inside them.
public enum FileTimes {
    /// Sets the modification time of the file at `path` to noon of a day
    /// (local time), as a copy that keeps times (`cp -p`) leaves it: a time
    /// kept from an earlier file, which Filmroll takes for the photo's day.
    public static func setKept(_ path: String, year: Int = 2025, month: Int = 6, day: Int = 1, second: Int = 0) {
        var noon = tm()
        (noon.tm_year, noon.tm_mon, noon.tm_mday, noon.tm_hour, noon.tm_sec, noon.tm_isdst)
            = (Int32(year - 1900), Int32(month - 1), Int32(day), 12, Int32(second), -1)
        let seconds = mktime(&noon)
        var times = [timespec(tv_sec: seconds, tv_nsec: 0), timespec(tv_sec: seconds, tv_nsec: 0)]
        precondition(utimensat(AT_FDCWD, path, &times, 0) == 0, "cannot set the time of \(path)")
    }
}
