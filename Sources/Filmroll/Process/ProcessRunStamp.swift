#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Catalog
import Files
import Imaging

/// How a `process` re-run knows, without reading a file, that it has
/// nothing to do: the index found no photo added, changed, moved or gone;
/// the catalog's generation is the one the last complete run left (nobody
/// wrote photos or outputs since); the options and this build of Filmroll
/// are the same; and every folder of outputs has the mtime it had (a file
/// deleted, added or replaced in one moves it). Then the run costs the
/// folder walk (a `stat` per photo), one catalog query per table and a
/// `stat` per output folder.
enum ProcessRunStamp {
    /// The run's options, the folder's files that are no photos (the
    /// problems page lists them) and the executable, as one text.
    static func recipe(options: ProcessOptions, out: String, skipped: [PhotoFolder.Skipped]) -> String {
        var text = "filmroll \(Filmroll.version) \(executableIdentity)\n"
        text += RecipeText.fields("run", [
            ("out", .string(out)),
            ("sizes", .array([options.thumbnailSize, options.largeSize, options.previewSize].map(JSONValue.int))),
            ("quality", .int(options.quality)), ("previewQuality", .int(options.previewQuality)),
            ("originals", .string(options.originals.rawValue)),
            ("fourcutMinimum", .int(options.fourCutMinimum)), ("fourcutQuality", .int(options.fourCutQuality)),
            ("animationMinimum", .int(options.animationMinimum)), ("animationMaximum", .int(options.animationMaximum)),
            ("animationEdge", .int(options.animationEdge)), ("animationDelay", .int(options.animationDelay)),
            ("animationFormats", .array(options.animationFormats.map { .string($0.rawValue) })),
            ("animationSpeed", .int(options.animationSpeed)),
            ("galleryTitle", .string(options.gallery.title)), ("weekStart", .int(options.gallery.weekStart.rawValue)),
            ("locale", .string(options.gallery.locale.rawValue)), ("xdg", options.xdgRoot.map(JSONValue.string) ?? .null),
            ("basemap", .string(FolderSettings.basemapIdentity(options.basemapPath))),
            ("hiddenPlaces", .string(options.hiddenPlaces.settingText)),
            ("similar", .string(options.findsSimilar ? PhotoFingerprint.recipe : "none")),
            ("limits", .array([options.limits.maxPixelsPerFrame, options.limits.maxTotalPixels, options.limits.maxProgressiveScans,
                               options.limits.maxFrames, options.limits.maxPNGChunkBytes, options.limits.maxFileBytes].map(JSONValue.int))),
        ]) + "\n" + options.fourCut.recipeText + "\n"
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for file in skipped {
            for byte in (file.relativePath + "\u{0}" + file.reason + "\u{0}").utf8 {
                hash ^= UInt64(byte)
                hash &*= 0x100_0000_01b3
            }
        }
        return text + "skipped \(skipped.count) \(String(hash, radix: 16))"
    }

    /// The folders under `out` (and the XDG cache's, when filled), each
    /// with its mtime: "RELATIVE\tSECONDS.NANOSECONDS" lines, in walk order.
    static func folderState(out: String, xdgRoot: String?) -> String {
        var lines = ""
        func walk(_ path: String, _ relative: String) {
            var status = stat()
            guard lstat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR else { return }
            lines += relative + "\t\(status.st_mtim.tv_sec).\(status.st_mtim.tv_nsec)\n"
            guard let directory = opendir(path) else { return }
            defer { closedir(directory) }
            var folders: [String] = []
            while let entry = readdir(directory) {
                let type = entry.pointee.d_type
                guard type == UInt8(DT_DIR) || type == UInt8(DT_UNKNOWN) else { continue }
                let name = Folders.entryName(entry)
                if name.hasPrefix(".") { continue }
                folders.append(name)
            }
            for name in folders.sorted() { walk(path + "/" + name, relative + "/" + name) }
        }
        walk(out, ".")
        if let xdgRoot { walk(xdgRoot, "xdg:") }
        return lines
    }

    /// Whether every folder listed in `state` still has its mtime (a `stat` each).
    static func foldersUnchanged(_ state: String, out: String, xdgRoot: String?) -> Bool {
        for line in state.split(separator: "\n") {
            guard let tab = line.lastIndex(of: "\t") else { return false }
            let relative = line[..<tab]
            let path = relative.hasPrefix("xdg:") ? (xdgRoot ?? "") + relative.dropFirst(4)
                : out + relative.dropFirst(1)
            var status = stat()
            guard lstat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR,
                  line[line.index(after: tab)...] == "\(status.st_mtim.tv_sec).\(status.st_mtim.tv_nsec)" else { return false }
        }
        return !state.isEmpty
    }

    /// The running executable's size and mtime: a rebuilt Filmroll is another recipe.
    private static let executableIdentity: String = {
        var status = stat()
        guard stat("/proc/self/exe", &status) == 0 else { return "?" }
        return "\(status.st_size) \(status.st_mtim.tv_sec).\(status.st_mtim.tv_nsec)"
    }()
}
