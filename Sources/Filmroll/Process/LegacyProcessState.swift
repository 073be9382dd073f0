#if canImport(Glibc)
import Glibc
#endif
import Catalog
import Files

/// Folders processed before outputs had recipes: their thumbnails were
/// judged by time and their day outputs by signatures in
/// `OUT/.process-state`. The first run of this version gives each such
/// output the key of its recipe, when it is still what that recipe would
/// make, instead of remaking it (thumbnails and sheets; day animations are
/// made differently now); then the state file goes.
enum LegacyProcessState {
    /// Adopts `outputs` that a row without a key records and that are
    /// current by the old rules; returns how many.
    static func adopt(_ outputs: [PlannedOutput], plan: ProcessPlan, options: ProcessOptions, out: String,
                      ledger: inout OutputLedger, catalog: Catalog) throws(CatalogError) -> Int {
        let stateFile = out + "/.process-state"
        guard ledger.hasRowsWithoutKey || FileBytes.exists(stateFile) else { return 0 }
        let signatures = read(stateFile)
        let root = AbsolutePath.of(out)
        var current: [String: String] = [:]   // absolute path → the old signature it needs
        for day in plan.days {
            if let sheet = day.fourCut {
                current[root + "/" + sheet] = signature(day.fourCutPhotos, settings: "fourcut \(options.fourCut)")
            }
            // Animations are not adopted: those versions cropped every photo to the day's first one's
            // shape and took palettes from half-size copies, so today's recipe makes other bytes.
        }
        let photoTimes = Dictionary(plan.photos.flatMap { photo in
            [(root + "/" + photo.thumbnail, photo.record.modificationTimeNanoseconds),
             (root + "/" + photo.large, photo.record.modificationTimeNanoseconds)]
        }, uniquingKeysWith: { first, _ in first })

        var adopted = 0
        do {
            try catalog.database.transaction {
                for output in outputs {
                    guard let key = output.key, let entry = ledger.entry(at: output.path), entry.key == nil,
                          OutputMark.read(contentsOf: output.path) == output.mark else { continue }
                    let isCurrent: Bool
                    if let photoTime = photoTimes[output.path] {
                        isCurrent = modificationTime(output.path).map { $0 >= photoTime } ?? false
                    } else if let needed = current[output.path] {
                        isCurrent = signatures[String(output.path.dropFirst(root.count + 1))] == needed
                    } else {
                        isCurrent = false
                    }
                    guard isCurrent else { continue }
                    try catalog.setKey(key, ofOutputAt: output.path)
                    var keyed = entry
                    keyed.key = key
                    ledger.add(keyed)
                    adopted += 1
                }
            }
        } catch {
            throw CatalogError(error, catalog: catalog)
        }
        if FileBytes.exists(stateFile) { _ = unlink(stateFile) }
        return adopted
    }

    /// The old state file: one line per output, its path (relative to the output folder), a tab, its signature.
    private static func read(_ path: String) -> [String: String] {
        guard let bytes = try? FileBytes.read(path, limit: 64 << 20) else { return [:] }
        var signatures: [String: String] = [:]
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
            let parts = line.split(separator: "\t", maxSplits: 1)
            if parts.count == 2 { signatures[String(parts[0])] = String(parts[1]) }
        }
        return signatures
    }

    /// What a day output depended on, as the old version hashed it: its photos' paths, sizes and times, and the settings.
    static func signature(_ photos: [ProcessPlan.Photo], settings: String) -> String {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325   // 64-bit FNV-1a
        func add(_ text: String) {
            for byte in text.utf8 + [0] {
                value ^= UInt64(byte)
                value = value &* 0x100_0000_01b3
            }
        }
        add(settings)
        for photo in photos {
            add("\(photo.record.path)|\(photo.record.byteCount)|\(photo.record.modificationTimeNanoseconds)")
        }
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    private static func modificationTime(_ path: String) -> Int64? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec)
    }
}
