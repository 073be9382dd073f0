import Catalog
import Imaging

/// A four-cut sheet as a planned output: four photos, each cut to its
/// cell, framed and captioned. `fourcut`, `fourcut --per-day` and
/// `process` all plan their sheets here, so one recipe has one key.
public enum FourCutSheetOutput {
    /// The sheet of `photos` (four, in order) at `path`, captioned with `caption`.
    public static func planned(_ photos: [ThumbnailOutputs.Photo], caption: (title: String?, date: String?)?,
                               options: FourCutOptions, encoding: EncodingFormat, path: String, root: String,
                               parameters: String) -> PlannedOutput {
        precondition(photos.count == 4, "a four-cut has four photos")
        let cells = options.layout.cells
        let resizes = cells.map { FourCutRenderer.cellResize($0, crop: options.crop) }
        let recipe = OutputRecipe(kind: .fourcut, inputs: photos.map(\.input),
                                  parameters: RecipeText.lines([options.recipeText, RecipeText.caption(caption),
                                                                encoding.cacheIdentifier]))
        // One input per cell: the second strip of a print takes the same
        // photo at the same size, which the executor decodes once.
        let inputs = cells.indices.map { index in
            PlannedOutput.Input(source: photos[index % 4].source, photo: photos[index % 4].reference, resize: resizes[index],
                                chain: photos[index % 4].chain)
        }
        return PlannedOutput(record: .recipe(recipe, parameters: parameters), kind: .fourcut, path: path, root: root,
                             mark: .fourcut, inputs: inputs) { images, _ in
            let sheet = try FourCutRenderer.render(cells: images, caption: caption, options: options)
            return .bytes(try ImageEncoder.encode(sheet, as: encoding))
        }
    }

    /// How a sheet at `path` is encoded: by its extension (JPEG when
    /// `ImageEncoders` knows none), colour at full resolution, its DPI
    /// recorded for printing, marked as a four-cut.
    public static func encoding(forOutputPath path: String, quality: Int, dpi: Int) -> EncodingFormat {
        let encoder = ImageEncoders.encoder(forOutputPath: path) ?? ImageEncoders.standard
        return encoder.encoding(EncodingSettings(quality: quality, keepsFullChroma: true, dpi: dpi, mark: .fourcut))
    }
}
