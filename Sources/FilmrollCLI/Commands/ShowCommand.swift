import Filmroll

/// `filmroll show PHOTO`: a photo's record and everything made from it.
struct ShowCommand: Command {
    static let photo = ArgumentSpec(name: "PHOTO", help: "A photo inside a catalogued folder.")

    static let spec = CommandSpec(
        name: "show",
        abstract: "Show a photo's catalog record and the outputs made from it.",
        arguments: [photo],
        options: [CatalogOptions.catalog, ReportOptions.json],
        synopsis: [[.argument(photo), .optional(CatalogOptions.catalog), .optional(ReportOptions.json)]],
        discussion: "The catalog is found in the nearest parent folder that has .filmroll/catalog.sqlite."
    )

    var photo: String
    var catalogPath: String?
    var json: Bool

    init(_ arguments: ParsedArguments) throws(UsageError) {
        guard arguments.positionals.count == 1 else { throw UsageError("show takes one PHOTO") }
        photo = arguments.positionals[0]
        catalogPath = try CatalogOptions(arguments).path
        json = try ReportOptions(arguments).json
    }

    func run(_ io: CommandIO) -> ExitCode {
        let located = locate()
        do {
            guard let (folder, relativePath) = located else { throw CatalogError.notFound(photo) }
            let catalog = try CatalogLocator.open(folder: folder, path: catalogPath, access: .read)
            guard var record = try catalog.photo(relativePath: relativePath) else {
                io.reportFailure(path: photo, "not in the catalog of \(folder); run 'filmroll index \(folder)'")
                return .failure
            }
            // Deleted since the last index: the row is still there, the file is not.
            if !FileBytes.exists(photo) { record.isMissing = true }
            // A position in a place the folder hides (`--hide-places-near`) is kept in the catalog, not shown.
            let places = try PlaceNamer.remembered(folder: folder, catalog: catalog)
            record.gps = places.hidden.shown(record.gps)
            let outputs = try catalog.outputs(ofPhoto: record.id)
            if json {
                io.print(PhotoJSON.record(record, folder: folder, places: places, outputs: outputs).rendered)
            } else {
                io.print(Self.describe(record, places: places, outputs: outputs))
            }
            return .success
        } catch {
            io.reportFailure(path: photo, located.map { CatalogAccess.explain(error, folder: $0.0, path: catalogPath) }
                                 ?? String(describing: error))
            return .failure
        }
    }

    /// With --catalog the folder is the photo's own folder unless the
    /// catalog's folder is found above it; without, the nearest catalogued parent.
    private func locate() -> (String, String)? {
        if let found = CatalogLocator.enclosingFolder(of: photo) { return found }
        guard catalogPath != nil else { return nil }
        return (InputWalker.parentFolder(photo), InputWalker.lastComponent(photo))
    }

    static func describe(_ record: PhotoRecord, places: PlaceNamer, outputs: [OutputRecord]) -> String {
        var lines = ["path: \(displayPath(record.path))"]
        if let error = record.error { lines.append("error: \(error)") }
        if record.isMissing { lines.append("missing: the file is gone (filmroll prune removes it)") }
        if let format = record.format, let size = record.size {
            var text = "image: \(format.uppercased()) \(size)"
            if let orientation = record.orientation, orientation != 1, let stored = record.storedSize {
                text += ", orientation \(orientation), stored \(stored)"
            }
            if let frames = record.frames, frames > 1 { text += ", \(frames) frames" }
            lines.append(text)
        }
        if let video = record.video {
            lines.append("video: \(video.durationText), \(video.codec)" + (video.hasAudio ? ", with sound" : ", silent")
                         + (record.liveStillID != nil ? " (the motion of a Live Photo)" : ""))
        }
        if let motion = record.motionPhoto {
            lines.append("motion photo: \(motion.kind.rawValue), \(displayBytes(motion.byteRange.count)) of video")
        }
        if let burst = record.burstIdentifier { lines.append("burst: \(burst)") }
        if let taken = record.takenISO8601 {
            let source = record.takenSource ?? (record.takenFromModificationTime ? .fileTime : .original)
            let notes = [record.takenTimeUnknown ? "time unknown" : nil, source.isGuess ? source.explanation : nil].compactMap { $0 }
            lines.append("taken: \(taken)" + (notes.isEmpty ? "" : " (\(notes.joined(separator: ", ")))"))
        }
        if let camera = record.camera { lines.append("camera: \(camera)") }
        if let lens = record.shooting.lens { lines.append("lens: \(lens)") }
        let exposure = [record.shooting.exposureTime.map(ShootingDetails.exposureText),
                        record.shooting.fNumber.map(ShootingDetails.apertureText), record.shooting.iso.map { "ISO \($0)" },
                        record.shooting.focalLength.map(ShootingDetails.focalLengthText)].compactMap { $0 }
        if !exposure.isEmpty { lines.append("exposure: " + exposure.joined(separator: ", ")) }
        if let colorSpace = record.colorSpace { lines.append("colour space: \(colorSpace)") }
        if let gps = record.gps {
            lines.append("gps: \(fixed(gps.latitude, 5)), \(fixed(gps.longitude, 5))")
            if let place = places.name(gps) { lines.append("place: \(place)") }
        }
        lines.append("bytes: \(record.byteCount)")
        if let hash = record.hash { lines.append("hash: \(hash)") }
        lines.append(outputs.isEmpty ? "outputs: none" : "outputs:")
        for output in outputs {
            lines.append("  \(output.kind.rawValue)  \(displayPath(output.path))  \(output.parameters)  \(output.madeAt)")
        }
        return lines.joined(separator: "\n")
    }
}

/// Photo records as JSON, shared by `show` and `ls`.
enum PhotoJSON {
    /// - Parameter places: names the position: "place" is the whole name, "placeParts" its parts.
    static func record(_ record: PhotoRecord, folder: String, places: PlaceNamer, outputs: [OutputRecord]? = nil) -> JSONValue {
        let place = places.name(record.gps)
        var members: [(String, JSONValue)] = [
            ("path", .string(record.path)),
            ("folder", .string(folder)),
            ("format", .optional(record.format)),
            ("width", record.size.map { .int($0.width) } ?? .null),
            ("height", record.size.map { .int($0.height) } ?? .null),
            ("orientation", record.orientation.map(JSONValue.int) ?? .null),
            ("taken", .optional(record.takenISO8601)),
            ("takenTimeKnown", record.takenAt == nil ? .null : .bool(!record.takenTimeUnknown)),
            ("takenFromFileTime", .bool(record.takenFromModificationTime)),
            ("takenSource", .optional(record.takenSource?.rawValue)),
            ("exposureTime", record.shooting.exposureTime.map(JSONValue.double) ?? .null),
            ("fNumber", record.shooting.fNumber.map(JSONValue.double) ?? .null),
            ("iso", record.shooting.iso.map(JSONValue.int) ?? .null),
            ("focalLength", record.shooting.focalLength.map(JSONValue.double) ?? .null),
            ("lens", .optional(record.shooting.lens)),
            ("colorSpace", .optional(record.colorSpace)),
            ("make", .optional(record.make)),
            ("model", .optional(record.model)),
            ("gps", record.gps.map { .object([("lat", .double($0.latitude)), ("lon", .double($0.longitude))]) } ?? .null),
            ("place", .optional(place?.description)),
            ("placeParts", place.map(placeParts) ?? .null),
            ("frames", record.frames.map(JSONValue.int) ?? .null),
            ("kind", .string(record.isVideo ? "video" : "photo")),
            ("video", record.video.map {
                .object([("duration", .double(($0.durationSeconds * 1000).rounded() / 1000)), ("codec", .string($0.codec)),
                         ("audio", .bool($0.hasAudio))])
            } ?? .null),
            ("livePhotoMotion", .bool(record.liveStillID != nil)),
            ("contentIdentifier", .optional(record.contentIdentifier)),
            ("burst", .optional(record.burstIdentifier)),
            ("motionPhoto", record.motionPhoto.map {
                .object([("kind", .string($0.kind.rawValue)), ("offset", .int($0.byteRange.lowerBound)),
                         ("length", .int($0.byteRange.count))])
            } ?? .null),
            ("bytes", .int(record.byteCount)),
            ("hash", .optional(record.hash)),
            ("missing", .bool(record.isMissing)),
            ("error", .optional(record.error)),
        ]
        if let outputs {
            members.append(("outputs", .array(outputs.map {
                .object([("kind", .string($0.kind.rawValue)), ("path", .string($0.path)),
                         ("parameters", .string($0.parameters)), ("madeAt", .string($0.madeAt))])
            })))
        }
        return .object(members)
    }

    /// A place's parts, each null when unknown.
    static func placeParts(_ place: PlaceName) -> JSONValue {
        func part(_ text: String) -> JSONValue { text.isEmpty ? .null : .string(text) }
        return .object([("neighbourhood", part(place.neighbourhood)), ("town", part(place.town)),
                        ("district", part(place.district)), ("region", part(place.region)),
                        ("country", part(place.country)), ("countryCode", part(place.countryCode))])
    }
}
