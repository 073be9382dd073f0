import Filmroll

/// `filmroll stats FOLDER`: totals of the catalog.
struct StatsCommand: Command {
    static let folder = ArgumentSpec(name: "FOLDER", help: "A catalogued photo folder.")

    static let spec = CommandSpec(
        name: "stats",
        abstract: "Show totals: photos, outputs, bytes, date range, cameras.",
        arguments: [folder],
        options: [CatalogOptions.catalog, ReportOptions.json],
        synopsis: [[.argument(folder), .optional(CatalogOptions.catalog), .optional(ReportOptions.json)]]
    )

    var folder: String
    var catalogPath: String?
    var json: Bool

    init(_ arguments: ParsedArguments) throws(UsageError) {
        guard arguments.positionals.count == 1 else { throw UsageError("stats takes one FOLDER") }
        folder = arguments.positionals[0]
        catalogPath = try CatalogOptions(arguments).path
        json = try ReportOptions(arguments).json
    }

    func run(_ io: CommandIO) -> ExitCode {
        do {
            let catalog = try CatalogLocator.open(folder: folder, path: catalogPath, access: .read)
            let stats = try catalog.stats()
            // What `process` remembers for the folder: the basemap, the hidden places.
            let basemap = try FolderSettings.rememberedBasemap(in: catalog, folder: folder)
            let hidden = try FolderSettings.remembered(in: catalog)
            if json {
                io.print(JSONValue.object([
                    ("photos", .int(stats.photos)), ("videos", .int(stats.videos)), ("livePhotos", .int(stats.livePhotos)),
                    ("motionPhotos", .int(stats.motionPhotos)), ("bursts", .int(stats.bursts)),
                    ("missing", .int(stats.missing)), ("failed", .int(stats.failed)),
                    ("bytes", .int(stats.bytes)),
                    ("outputs", .object(stats.outputs.sorted { $0.key < $1.key }.map { ($0.key, .int($0.value)) })),
                    ("firstDay", .optional(stats.firstDay)), ("lastDay", .optional(stats.lastDay)),
                    ("basemap", .optional(basemap)),
                    ("hiddenPlaces", .array(hidden.places.map { .string($0.text) })),
                    ("cameras", .array(stats.cameras.map { .object([("camera", .string($0.name)), ("photos", .int($0.photos))]) })),
                ]).rendered)
            } else {
                var lines = ["photos: \(stats.photos) (\(displayBytes(stats.bytes)))"]
                if stats.videos > 0 { lines.append("videos: \(stats.videos)") }
                if stats.livePhotos > 0 { lines.append("Live Photos: \(stats.livePhotos) (each a photo with its MOV)") }
                if stats.motionPhotos > 0 { lines.append("motion photos: \(stats.motionPhotos)") }
                if stats.bursts > 0 { lines.append("bursts: \(stats.bursts) (each counted as one photo)") }
                if stats.missing > 0 { lines.append("missing: \(stats.missing) (filmroll prune removes them)") }
                if stats.failed > 0 { lines.append("unreadable: \(stats.failed)") }
                if let first = stats.firstDay, let last = stats.lastDay { lines.append("taken: \(first) – \(last)") }
                let outputs = stats.outputs.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)\($0.value == 1 ? "" : "s")" }
                lines.append("outputs: " + (outputs.isEmpty ? "none" : outputs.joined(separator: ", ")))
                if let basemap { lines.append("basemap: \(basemap)" + (FileBytes.exists(basemap) ? "" : " (gone: maps drawn without it)")) }
                if !hidden.isEmpty { lines.append("hidden places: \(hidden.places.map(\.text).joined(separator: "; "))") }
                lines.append("cameras:")
                lines += stats.cameras.map { "  \($0.photos)  \($0.name)" }
                io.print(lines.joined(separator: "\n"))
            }
            return .success
        } catch {
            io.reportFailure(path: folder, CatalogAccess.explain(error, folder: folder, path: catalogPath))
            return .failure
        }
    }
}
