#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Catalog
import Imaging

/// Renders, encodes and writes one four-cut sheet, and records it in the
/// catalog of the folder its photos are in.
struct FourCutMaker {
    let renderer: FourCutRenderer
    let options: FourCutOptions
    let quality: Int
    let lineage: OutputLineage
    /// `--force`: replace an existing file Filmroll did not make.
    let force: Bool
    let io: CommandIO
    let json: Bool

    /// `--catalog`, as the lineage uses it.
    var catalogPath: String? { lineage.catalogPath }

    /// Makes `output` from four photo paths; reports failures; true on success.
    func make(photos: [String], output: String, dayCaption: String?) -> Bool {
        let writer = OutputWriter(outputGuard: OutputGuard(
            mark: .fourcut, force: force, inputs: InputIdentities(photos.map { InputFile(path: $0, relativePath: $0, root: ".") }),
            catalogPath: catalogPath))
        do throws(ImagingError) {
            try writer.outputGuard.check(output)
        } catch {
            io.reportFailure(path: output, error.description)
            return false
        }
        let target: OutputLineage.Target?
        do throws(CatalogError) {
            target = try lineage.prepare(photos: photos, io: io)
        } catch {
            io.printError("filmroll: \(error); or add --no-catalog to go on without it")
            return false
        }
        var sources: [SourceIdentity] = []
        for photo in photos {
            do throws(ImagingError) {
                sources.append(try SourceIdentity.of(photo))
            } catch {
                io.reportFailure(path: photo, error.description)
                return false
            }
        }
        var options = options
        if let dayCaption, case .auto = options.caption { options.caption = .text(dayCaption) }
        let sheet: Image
        do {
            sheet = try renderer.render(sources, options: options)
        } catch let error as FourCutRenderer.PhotoError {
            io.reportFailure(path: error.path, error.error.description)
            return false
        } catch {
            io.printError("filmroll fourcut: \(error)")
            return false
        }
        do throws(ImagingError) {
            let encoding: EncodingFormat = ImageFormat.forOutputPath(output) == .png
                ? .png(PNGEncodingOptions(dpi: options.dpi))
                : .jpeg(JPEGEncodingOptions(quality: quality, chromaSubsampling: .none, dpi: options.dpi))
            let bytes = try ImageEncoder.encode(sheet, as: encoding.marked(.fourcut))
            try writer.write(bytes, to: output)
        } catch {
            io.reportFailure(path: output, error.description)
            return false
        }
        let recorded = record(output: output, in: target)
        if json {
            io.print(JSONValue.object([
                ("path", .string(output)), ("width", .int(sheet.width)), ("height", .int(sheet.height)),
                ("dpi", .int(options.dpi)), ("photos", .array(photos.map(JSONValue.string))),
            ]).rendered)
        }
        return recorded
    }

    /// Records the sheet with its four sources when they are in a catalogued folder.
    private func record(output: String, in target: OutputLineage.Target?) -> Bool {
        lineage.record(.fourcut, output: output, in: target, parameters: .object([
            ("layout", .string(options.style.rawValue)), ("print", .string(options.sheet.rawValue)), ("dpi", .int(options.dpi)),
            ("frame", .string(hexColor(options.frame))), ("radius", .int(options.cornerRadius)),
            ("crop", .string(options.crop.rawValue)), ("locale", .string(options.dates.locale.rawValue)),
        ]), io: io)
    }

    private func hexColor(_ color: RGBColor) -> String {
        "#" + [color.red, color.green, color.blue].map { $0 < 16 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
    }
}
