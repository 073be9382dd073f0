/// What a file's header tells before any pixel is decoded.
public struct ImageInfo: Sendable, Hashable {
    public var format: ImageFormat
    /// Size of the pixels as stored (before orientation).
    public var storedSize: PixelSize
    public var metadata: ImageMetadata
    /// What the pixels are stored as: gray, RGB, palette, CMYK, YCbCr …,
    /// with alpha, bit depth and coding where the format tells them.
    public var colorModel: ColorModel
    /// Progressive JPEG or interlaced PNG/GIF.
    public var isProgressive: Bool
    public var hasAlpha: Bool
    /// What the file says its colours are (sRGB when it says nothing).
    public var colorSpace: ColorSpace
    /// HEIF: the largest embedded thumbnail, upright.
    public var embeddedThumbnailSize: PixelSize?
    /// Damage the header read went past, as sentences
    /// ("PNG chunk tEXt has a bad CRC; ignored").
    public var warnings: [String]

    public init(format: ImageFormat, storedSize: PixelSize, metadata: ImageMetadata = ImageMetadata(),
                colorModel: ColorModel, isProgressive: Bool = false, hasAlpha: Bool = false,
                colorSpace: ColorSpace = .sRGB, warnings: [String] = []) {
        self.colorSpace = colorSpace
        self.format = format
        self.storedSize = storedSize
        self.metadata = metadata
        self.colorModel = colorModel
        self.isProgressive = isProgressive
        self.hasAlpha = hasAlpha
        self.warnings = warnings
    }

    /// Size as displayed, after orientation.
    public var uprightSize: PixelSize { metadata.orientation.uprightSize(of: storedSize) }

    /// The orientation a person is told of (`info`, the catalog): the EXIF
    /// one, or a HEIF's irot and imir, which its decoder applies itself.
    public var statedOrientation: Orientation { metadata.heifTransform ?? metadata.orientation }

    /// The size as the file stores it, before `statedOrientation`: for a
    /// HEIF turned by irot, its upright size turned back (after any crop).
    public var statedStoredSize: PixelSize {
        metadata.heifTransform.map { $0.uprightSize(of: uprightSize) } ?? storedSize
    }

    /// The colour space of the decoded pixels, which `ImageDecoder` tags
    /// every frame with: the file's, except that a CMYK JPEG's pixels come
    /// out RGB (through its CMYK profile when it has one), so its profile
    /// does not describe them.
    public var decodedColorSpace: ColorSpace {
        colorModel.isCMYK ? .sRGB : colorSpace
    }
}

/// One frame of a decoded image, upright, with how long it shows.
public struct ImageFrame: Sendable, Hashable {
    public var image: Image
    /// How long the frame shows, in milliseconds, as the file says (WebP
    /// counts milliseconds, GIF centiseconds); 0 for stills.
    public var delayMilliseconds: Int

    /// The delay in centiseconds (GIF's unit), rounded to the nearest.
    public var delayCentiseconds: Int {
        get { (delayMilliseconds + 5) / 10 }
        set { delayMilliseconds = newValue * 10 }
    }

    public init(image: Image, delayCentiseconds: Int = 0) {
        self.image = image
        delayMilliseconds = delayCentiseconds * 10
    }

    public init(image: Image, delayMilliseconds: Int) {
        self.image = image
        self.delayMilliseconds = delayMilliseconds
    }
}

/// A decoded file: its header facts and its frames, upright (unless the
/// decode was asked to leave them as stored), in the file's own colours
/// (each frame's `image.colorSpace` says which).
public struct DecodedImage: Sendable {
    public var info: ImageInfo
    /// At least one frame.
    public var frames: [ImageFrame]
    /// The JPEG DCT scale used, as a numerator of 8 (8 = full size).
    public var decodeScale: Int
    /// Damage the decode went past (the header's and the pixels'), as
    /// sentences; the caller shows them with the file's name.
    public var warnings: [String]

    public init(info: ImageInfo, frames: [ImageFrame], decodeScale: Int = 8, warnings: [String] = []) {
        precondition(!frames.isEmpty, "a decoded image has at least one frame")
        self.info = info
        self.frames = frames
        self.decodeScale = decodeScale
        self.warnings = warnings
    }

    /// The first (or only) frame.
    public var image: Image { frames[0].image }
}
