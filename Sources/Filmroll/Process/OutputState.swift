#if canImport(Glibc)
import Glibc
#endif

/// What each day output was made from, kept beside the outputs
/// (`.process-state`), so a re-run remakes a sheet or an animation only
/// when its photos changed. One line per output: path, tab, signature.
struct OutputState {
    private(set) var signatures: [String: String] = [:]
    let path: String

    init(folder: String) {
        path = folder + "/.process-state"
        guard let bytes = try? FileBytes.read(path) else { return }
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
            let parts = line.split(separator: "\t", maxSplits: 1)
            if parts.count == 2 { signatures[String(parts[0])] = String(parts[1]) }
        }
    }

    subscript(output: String) -> String? {
        get { signatures[output] }
        set { signatures[output] = newValue }
    }

    func save() throws(ImagingError) {
        let text = signatures.keys.sorted().map { "\($0)\t\(signatures[$0]!)\n" }.joined()
        try ImagingError.converting(try AtomicFile.write(Array(text.utf8), to: path))
    }

    /// What a day output depends on: its photos' paths, sizes and times, and the settings.
    static func signature(_ photos: [ProcessPlan.Photo], settings: String) -> String {
        var hasher = FNV1a()
        hasher.add(settings)
        for photo in photos {
            hasher.add("\(photo.record.path)|\(photo.record.byteCount)|\(photo.record.modificationTimeNanoseconds)")
        }
        return hasher.hex
    }
}

/// 64-bit FNV-1a: a stable signature (Swift's Hasher is seeded per process).
struct FNV1a {
    private var value: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func add(_ text: String) {
        for byte in text.utf8 + [0] {
            value ^= UInt64(byte)
            value = value &* 0x100_0000_01b3
        }
    }

    var hex: String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
