import Catalog
import Imaging

/// Renders, encodes and writes four-cut sheets, and records each in the
/// catalog of the folder its photos are in: what `filmroll fourcut` does.
///
/// ```swift
/// let maker = FourCutMaker(options: FourCutOptions())
/// let sheet = try maker.make(photos: ["a.jpg", "b.jpg", "c.jpg", "d.jpg"], output: "strip.jpg")
/// ```
public struct FourCutMaker {
    public var renderer: FourCutRenderer
    public var options: FourCutOptions
    /// JPEG quality, 1 to 100 (a `.png` output is lossless).
    public var quality: Int
    /// Replace an existing file Filmroll did not make (never a photo).
    public var force: Bool
    /// Records sheets with their photos; nil: no catalog is read or written.
    public var lineage: LineageRecorder?

    public init(pipeline: ImagePipeline = ImagePipeline(), options: FourCutOptions = FourCutOptions(), quality: Int = 92,
                force: Bool = false, lineage: LineageRecorder? = nil) {
        renderer = FourCutRenderer(pipeline: pipeline)
        self.options = options
        self.quality = quality
        self.force = force
        self.lineage = lineage
    }

    /// The sheet of four photos, drawn but not written.
    /// - Parameter dayCaption: the caption when `options.caption` is `.auto` (a day's date).
    public func render(photos: [String], dayCaption: String? = nil) throws(FourCutError) -> Image {
        var sources: [SourceIdentity] = []
        for photo in photos {
            do throws(ImagingError) {
                sources.append(try SourceIdentity.of(photo))
            } catch {
                throw .photo(path: photo, error)
            }
        }
        var options = options
        if let dayCaption, case .auto = options.caption { options.caption = .text(dayCaption) }
        do {
            return try renderer.render(sources, options: options)
        } catch let error as FourCutRenderer.PhotoError {
            throw .photo(path: error.path, error.error)
        } catch let error as TextError {
            throw .rendering(error)
        } catch {
            // `render` throws only the two above; anything else is told as a font that cannot be used.
            throw .rendering(.unusableFont(String(describing: error)))
        }
    }

    /// Makes `output` (`.jpg`, `.png` or another format `ImageEncoders` writes, by its
    /// extension; JPEG for a name without one it knows) from four photos and
    /// records it. The output and the catalog are checked before any pixel work.
    /// - Throws: `FourCutError`; the sheet is not written then.
    public func make(photos: [String], output: String, dayCaption: String? = nil) throws(FourCutError) -> FourCutSheet {
        let inputs = InputIdentities(photos.map { InputFile(path: $0, relativePath: $0, root: ".") })
        let writer = OutputWriter(outputGuard: OutputGuard(mark: .fourcut, force: force, inputs: inputs, catalogPath: lineage?.catalogPath))
        do throws(ImagingError) {
            try writer.outputGuard.check(output)
        } catch {
            throw .output(path: output, error)
        }
        let target: LineageTarget?
        do throws(CatalogError) {
            target = try lineage?.target(forPhotos: photos)
        } catch {
            throw .catalog(error)
        }
        let sheet = try render(photos: photos, dayCaption: dayCaption)
        do throws(ImagingError) {
            let encoder = ImageEncoders.encoder(forOutputPath: output) ?? ImageEncoders.standard
            let settings = EncodingSettings(quality: quality, keepsFullChroma: true, dpi: options.dpi, mark: .fourcut)
            try writer.write(try ImageEncoder.encode(sheet, as: encoder.encoding(settings)), to: output)
        } catch {
            throw .output(path: output, error)
        }
        var made = FourCutSheet(path: output, size: sheet.size, dpi: options.dpi, photos: photos)
        if let lineage, let target {
            do throws(CatalogError) {
                try lineage.record(LineageOutput(kind: .fourcut, path: output, parameters: lineageParameters,
                                                 photos: target.photos), in: target)
            } catch {
                made.recordingError = error
            }
        }
        return made
    }

    /// How the sheet was made, as recorded in the catalog.
    private var lineageParameters: String {
        JSONValue.object([
            ("layout", .string(options.style.rawValue)), ("print", .string(options.sheet.rawValue)), ("dpi", .int(options.dpi)),
            ("frame", .string(hexColor(options.frame))), ("radius", .int(options.cornerRadius)),
            ("crop", .string(options.crop.rawValue)), ("locale", .string(options.dates.locale.rawValue)),
        ]).rendered
    }

    private func hexColor(_ color: RGBColor) -> String {
        "#" + [color.red, color.green, color.blue].map { $0 < 16 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
    }
}
