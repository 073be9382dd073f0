#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Files
import Imaging

/// What indexing learns from one file: its hash, and its header and EXIF
/// or why they could not be read. No pixel is decoded.
struct PhotoFacts: Sendable {
    var entry: PhotoFolder.Entry
    var hash: String?
    var info: ImageInfo?
    var error: String?

    /// Whether the file is another shard's (`FolderIndexer.shard`): read for its day, not hashed.
    var isForeign = false

    /// Reads `entry` in full, hashes it, and reads its header. A video is
    /// hashed a piece at a time and its header read by its decoder, by path.
    /// With `owns`, a file on a day it refuses is not hashed, and is foreign.
    static func read(_ entry: PhotoFolder.Entry, owns: ((_ day: String?) -> Bool)? = nil) -> PhotoFacts {
        var facts = PhotoFacts(entry: entry, hash: nil, info: nil, error: nil)
        do throws(FileError) {
            let (bytes, stoppedAtHead, _) = try FileBytes.read(entry.path, limit: 1 << 30, headCount: ImageDecoders.signatureLength) {
                ImageDecoders.decoder(forHead: $0)?.readsFiles == true
            }
            do throws(ImagingError) {
                facts.info = stoppedAtHead ? try ImageFile.open(entry.path, limit: 0).readInfo(limits: .default)
                                           : try ImageDecoder.readInfo(bytes)
            } catch {
                facts.error = error.description
            }
            facts.isForeign = owns.map { !$0(facts.day) } ?? false
            if !facts.isForeign { facts.hash = stoppedAtHead ? try hashInPieces(entry.path) : ContentHash.hex(bytes) }
            return facts
        } catch {
            facts = PhotoFacts(entry: entry, hash: nil, info: nil, error: error.description)
            facts.isForeign = owns.map { !$0(facts.day) } ?? false
            return facts
        }
    }

    /// The capture day ("YYYY-MM-DD") the row gets; none for a file dated by
    /// its file time alone when that time is when it was written here (copied,
    /// downloaded, saved): it is undated. A time kept from an earlier file
    /// (`PhotoFolder.Entry.keepsAnEarlierTime`) gives its day, as a guess.
    var day: String? {
        let taken = taken
        return taken.source == .fileTime && !entry.keepsAnEarlierTime ? nil : String(taken.local.prefix(10))
    }

    /// The content hash of a file too large to hold, read in 1 MB pieces.
    private static func hashInPieces(_ path: String) throws(FileError) -> String {
        let (descriptor, _) = try FileBytes.openRegular(path)
        defer { close(descriptor) }
        guard let identity = ContentHash.identity(ofDescriptor: descriptor) else {
            throw .failed(.read, path: path, .system(errno: errno))
        }
        return identity.hash
    }

    /// The capture time: the file's best-ranked date (`CaptureDateSource`:
    /// DateTimeOriginal, CreateDate, XMP and IPTC, IFD0 DateTime, GPS), local with
    /// its offset when known, else a date in its name (`FileNameDate`), else
    /// the file's mtime in this machine's time zone. A date without a time of
    /// day (`CaptureDate.hasTimeOfDay`) is its midnight, with `timeUnknown`.
    var taken: (local: String, offsetMinutes: Int?, source: CaptureDateSource, timeUnknown: Bool) {
        if let (date, source) = info?.metadata.captureDateAndSource {
            var local = date
            local.utcOffsetMinutes = nil
            return (local.iso8601, date.utcOffsetMinutes, source, !date.hasTimeOfDay)
        }
        if var named = FileNameDate.date(in: entry.relativePath) {
            let offset = named.utcOffsetMinutes
            named.utcOffsetMinutes = nil
            return (named.iso8601, offset, .fileName, !named.hasTimeOfDay)
        }
        let (local, offset) = Timestamps.local(nanoseconds: entry.modificationTimeNanoseconds)
        return (local, offset, .fileTime, false)
    }

    /// Values for the photo columns after `path`:
    /// bytes … taken_time_unknown (see `FolderIndexer.upsertColumns`).
    var columnValues: [DatabaseValueConvertible] {
        let taken = taken
        let metadata = info?.metadata
        // 0,0 and out-of-range figures are no position: NULL, whichever reader gave them.
        let gps = metadata?.gps.flatMap { GPSCoordinate(reading: $0.latitude, $0.longitude) }
        return [
            entry.byteCount, entry.modificationTimeNanoseconds, hash, info?.format.rawValue,
            info?.statedStoredSize.width, info?.statedStoredSize.height, info?.uprightSize.width, info?.uprightSize.height,
            info?.statedOrientation.rawValue, taken.local, taken.offsetMinutes, day,
            taken.source == .fileTime, metadata?.make, metadata?.model, gps?.latitude,
            gps?.longitude, metadata?.frameCount, error, false, Timestamps.nowUTC(),
            taken.source.rawValue, metadata?.shooting.exposureTime, metadata?.shooting.fNumber, metadata?.shooting.iso,
            metadata?.shooting.focalLength, metadata?.shooting.lens, info?.colorSpace.description,
            metadata?.video?.durationSeconds, metadata?.video?.codec, metadata?.video.map { $0.hasAudio ? ($0.soundPlaysInBrowsers ? 1 : 2) : 0 },
            metadata?.contentIdentifier, metadata?.burstIdentifier, metadata?.motionPhoto?.kind.rawValue,
            metadata?.motionPhoto?.byteRange.lowerBound, metadata?.motionPhoto?.byteRange.count, warning,
            metadata?.video?.frameRate, taken.timeUnknown,
        ]
    }

    /// The header's warnings (a motion photo whose directory lies, libjpeg's
    /// about its markers), a line each; nil when there is none.
    var warning: String? {
        guard let warnings = info?.warnings, !warnings.isEmpty else { return nil }
        return warnings.joined(separator: "\n")
    }
}

/// Times as the catalog writes them.
enum Timestamps {
    /// A file time as local "YYYY-MM-DDTHH:MM:SS" and the zone's offset then.
    static func local(nanoseconds: Int64) -> (String, Int) {
        var seconds = time_t(nanoseconds / 1_000_000_000)
        var parts = tm()
        localtime_r(&seconds, &parts)
        return (format(parts), Int(parts.tm_gmtoff) / 60)
    }

    /// Now, as "YYYY-MM-DDTHH:MM:SSZ".
    static func nowUTC() -> String {
        var seconds = time(nil)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        return format(parts) + "Z"
    }

    private static func format(_ parts: tm) -> String {
        func pad(_ value: Int32, _ width: Int = 2) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return "\(pad(parts.tm_year + 1900, 4))-\(pad(parts.tm_mon + 1))-\(pad(parts.tm_mday))T"
            + "\(pad(parts.tm_hour)):\(pad(parts.tm_min)):\(pad(parts.tm_sec))"
    }
}
