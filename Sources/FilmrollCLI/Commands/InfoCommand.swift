import Filmroll

/// `filmroll info PATH...`: what each photo's header says, without decoding pixels.
struct InfoCommand: Command {
    static let paths = ArgumentSpec(name: "PATH...", help: "Image files or folders (searched recursively).")

    static let spec = CommandSpec(
        name: "info",
        abstract: "Show the format, upright size, orientation, date and camera of photos.",
        arguments: [paths],
        options: [ReportOptions.json] + LimitOptions.specs,
        synopsis: [[.argument(paths), .optional(ReportOptions.json)]],
        discussion: "Only headers and EXIF are read; no pixels are decoded."
    )

    var paths: [String]
    var json: Bool
    var limits: DecodeLimits

    init(_ arguments: ParsedArguments) throws(UsageError) {
        guard !arguments.positionals.isEmpty else { throw UsageError("missing PATH") }
        paths = arguments.positionals
        json = try ReportOptions(arguments).json
        limits = try LimitOptions(arguments).limits
    }

    func run(_ io: CommandIO) -> ExitCode {
        let (files, failures, skipped) = InputWalker.expand(paths)
        var failed = false
        for failure in failures {
            failed = true
            report(path: failure.path, error: failure.reason, io: io)
        }
        for file in files {
            do {
                let opened = try ImageFile.open(file.path, limit: limits.maxFileBytes)
                let info = try opened.readInfo(limits: limits)
                io.print(json ? Self.json(file.path, info, bytes: opened.byteCount).rendered
                              : Self.line(file.path, info, bytes: opened.byteCount))
                for warning in info.warnings { io.reportWarning(path: file.path, warning) }
            } catch {
                failed = true
                report(path: file.path, error: String(describing: error), io: io)
            }
        }
        if json {
            for object in skipped.jsonObjects(reasonKey: "skipped") { io.print(object.rendered) }
        }
        skipped.report(io)
        return failed ? .failure : .success
    }

    private func report(path: String, error: String, io: CommandIO) {
        if json { io.print(JSONValue.object([("path", .string(path)), ("error", .string(error))]).rendered) }
        io.reportFailure(path: path, error)
    }

    /// The record `--json` prints for one file.
    static func json(_ path: String, _ info: ImageInfo, bytes: Int) -> JSONValue {
        let metadata = info.metadata
        let gps: JSONValue = metadata.gps.map {
            .object([("lat", .double(roundedDegrees($0.latitude))), ("lon", .double(roundedDegrees($0.longitude)))])
        } ?? .null
        return .object([
            ("path", .string(path)),
            ("format", .string(info.format.rawValue)),
            ("width", .int(info.uprightSize.width)),
            ("height", .int(info.uprightSize.height)),
            ("storedWidth", .int(info.statedStoredSize.width)),
            ("storedHeight", .int(info.statedStoredSize.height)),
            ("orientation", .int(info.statedOrientation.rawValue)),
            ("taken", .optional(metadata.captureDate.map(Self.taken))),
            ("make", .optional(metadata.make)),
            ("model", .optional(metadata.model)),
            ("gps", gps),
            ("frames", .int(metadata.frameCount)),
            ("loopCount", metadata.loop?.netscapeValue.map(JSONValue.int) ?? .null),
            ("colorModel", .string(info.colorModel.description)),
            ("colorSpace", .string(info.colorSpace.description)),
            ("colorSource", .string(info.colorSpace.source)),
            ("exifOrientationIgnored", metadata.ignoredEXIFOrientation.map { .int($0.rawValue) } ?? .null),
            ("progressive", .bool(info.isProgressive)),
            ("bytes", .int(bytes)),
        ] + videoFields(metadata.video))
    }

    /// A video's facts for `--json`; none for a still.
    static func videoFields(_ video: VideoFacts?) -> [(String, JSONValue)] {
        guard let video else { return [] }
        return [("video", .object([
            ("duration", .double((video.durationSeconds * 1000).rounded() / 1000)),
            ("codec", .string(video.codec)),
            ("frameRate", video.frameRate.map { .double(($0 * 1000).rounded() / 1000) } ?? .null),
            ("audio", .bool(video.hasAudio)),
        ]))]
    }

    /// The line printed for one file by default.
    static func line(_ path: String, _ info: ImageInfo, bytes: Int) -> String {
        let metadata = info.metadata
        var parts = ["\(info.format.displayName) \(info.uprightSize)"]
        if info.statedOrientation != .up {
            parts.append("orientation \(info.statedOrientation.rawValue), stored \(info.statedStoredSize)")
        }
        if let video = metadata.video {
            parts.append("\(video.durationText), \(video.codec)" + (video.hasAudio ? " with sound" : ", silent"))
        }
        if metadata.frameCount > 1 {
            let loop = switch metadata.loop {
            case .forever?: "looping"
            case .repeats(let count)?: "\(count) repeats"
            default: "plays once"
            }
            parts.append("\(metadata.frameCount) frames, \(loop)")
        }
        if info.colorSpace.needsConversion { parts.append(info.colorSpace.description) }
        if let date = metadata.captureDate { parts.append("taken \(Self.taken(date))" + (date.hasTimeOfDay ? "" : ", time unknown")) }
        if let camera = metadata.camera { parts.append(camera) }
        if let gps = metadata.gps {
            parts.append("GPS \(fixed(gps.latitude, 5)), \(fixed(gps.longitude, 5))")
        }
        parts.append(displayBytes(bytes))
        return "\(displayPath(path)): " + parts.joined(separator: ", ")
    }
}

/// Degrees rounded to 7 decimals (about a centimetre), so JSON shows
/// 126.978 rather than 126.97800000000001.
func roundedDegrees(_ degrees: Double) -> Double {
    (degrees * 1e7).rounded() / 1e7
}

extension InfoCommand {
    /// "2025-04-10T14:30:05+09:00", or the day alone, "2024-05-04", when the time of day is unknown.
    static func taken(_ date: CaptureDate) -> String { date.hasTimeOfDay ? date.iso8601 : date.dayString }
}
