/// One share of a folder's photos, for splitting `process` or `thumbs`
/// across the tasks of a Slurm job array or a Kubernetes Indexed Job:
/// shard `index` of `count`, counted from 0 as both engines count.
///
/// `process` shares out days: a photo belongs to the shard its capture day
/// ("YYYY-MM-DD") hashes to, so that a shard holds every photo of its days
/// and makes their sheets, animations and pages (`owns(day:relativePath:)`);
/// an undated photo goes by its path. `thumbs`, which knows no days, shares
/// out paths: a photo belongs to the shard its stem (relative path without
/// the extension) hashes to, so that a Live Photo's still and its MOV
/// (`IMG_0001.HEIC`, `IMG_0001.MOV`) fall in one shard. The hash is 64-bit
/// FNV-1a of the bytes: the same on every machine and in every run, so a
/// retried task gets the same photos.
public struct Shard: Sendable, Hashable, CustomStringConvertible {
    public let index: Int
    public let count: Int

    /// Shards beyond this are refused: no cluster task list is longer, and a typo should not make 10⁹ catalogs.
    public static let maximumCount = 100_000

    public init?(index: Int, count: Int) {
        guard count >= 1, count <= Self.maximumCount, index >= 0, index < count else { return nil }
        self.index = index
        self.count = count
    }

    /// "K/N" as written on the command line (K from 0).
    public init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else { return nil }
        self.init(index: index, count: count)
    }

    public var description: String { "\(index)/\(count)" }

    /// Whether the photo at `relativePath` is this shard's.
    public func contains(relativePath: String) -> Bool {
        count == 1 || Self.number(of: relativePath) % UInt64(count) == UInt64(index)
    }

    /// Whether a photo taken on `day` ("YYYY-MM-DD", nil when it has none) at
    /// `relativePath` is this shard's in `process`: its day's, else its path's.
    public func owns(day: String?, relativePath: String) -> Bool {
        guard let day else { return contains(relativePath: relativePath) }
        return count == 1 || Self.fnv1a(Substring(day).utf8[...]) % UInt64(count) == UInt64(index)
    }

    /// The shard number of a path before the modulus: FNV-1a of its stem's bytes.
    static func number(of relativePath: String) -> UInt64 {
        var bytes = Substring(relativePath).utf8[...]
        if let dot = bytes.lastIndex(of: UInt8(ascii: ".")), !bytes[dot...].contains(UInt8(ascii: "/")) {
            bytes = bytes[..<dot]
        }
        return fnv1a(bytes)
    }

    /// 64-bit FNV-1a of `bytes`.
    static func fnv1a(_ bytes: Substring.UTF8View.SubSequence) -> UInt64 {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            value ^= UInt64(byte)
            value &*= 0x100_0000_01b3
        }
        return value
    }
}
