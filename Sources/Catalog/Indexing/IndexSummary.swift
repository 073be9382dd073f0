import Imaging

/// What one `index` run did.
public struct IndexSummary: Sendable, Equatable {
    public struct Failure: Sendable, Equatable {
        public var path: String
        public var reason: String
    }

    public var added = 0
    public var changed = 0
    public var moved = 0
    public var missing = 0
    public var failed = 0
    public var unchanged = 0
    public var failures: [Failure] = []
    /// What the headers of the files read went past, a warning each (the reason).
    public var warnings: [Failure] = []
    /// Live Photos (a still and its MOV) found, when the pairs were looked
    /// for again (nil when nothing changed).
    public var livePhotos: Int?
    /// Bursts found, when they were looked for again (nil when nothing changed).
    public var bursts: Int?
    /// Files of the folder that are neither photos nor videos (sidecars, text); not catalogued.
    public var skipped: [PhotoFolder.Skipped] = []
    /// True when the run was stopped before the end (a re-run finishes it).
    public var interrupted = false
    /// The capture days ("YYYY-MM-DD") of the rows this run added, changed,
    /// moved or marked missing, before and after.
    public var touchedDays = Set<String>()
    /// The paths of those rows that have no capture day, before or after.
    public var touchedUndated = Set<String>()

    /// Notes a row this run wrote, by its day (nil: none) and path.
    mutating func touch(day: String?, path: String) {
        if let day { touchedDays.insert(day) } else { touchedUndated.insert(path) }
    }

    public init() {}

    /// "3 added, 0 changed, 1 moved, 0 missing, 1 failed, 40 unchanged"
    public var line: String {
        "\(added) added, \(changed) changed, \(moved) moved, \(missing) missing, \(failed) failed, \(unchanged) unchanged"
    }
}
