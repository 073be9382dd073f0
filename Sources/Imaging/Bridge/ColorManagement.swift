import CImaging
import Files

/// lcms2 through CImaging: profiles described and made, and transforms to
/// sRGB, built once per distinct profile and pixel layout and kept.
enum ColorManagement {
    /// The pixels a transform reads.
    enum Input: Int32, Sendable, Hashable {
        case gray8 = 1
        case rgb8 = 3
        case rgba8 = 4
        case cmyk8 = 10
        /// Adobe CMYK: 255 - ink.
        case cmyk8Inverted = 11

        init(_ format: PixelFormat) {
            switch format {
            case .gray8: self = .gray8
            case .rgb8: self = .rgb8
            case .rgba8: self = .rgba8
            }
        }
    }

    static func describe(_ profile: ColorProfile) throws(ImagingError) -> ColorProfileFacts {
        var facts = cimg_color_profile_facts()
        var error = cimg_error()
        let status = profile.bytes.withUnsafeBytes { raw in
            cimg_color_profile_describe(raw.uint8Base, raw.count, &facts, &error)
        }
        if status != 0 { throw ImagingError.corrupt(.jpeg, "ICC profile: " + ImagingError(error, format: .jpeg).reason) }
        let space: ColorProfileFacts.DataSpace = switch facts.color_space {
        case Int32(CIMG_COLOR_SPACE_RGB): .rgb
        case Int32(CIMG_COLOR_SPACE_GRAY): .gray
        case Int32(CIMG_COLOR_SPACE_CMYK): .cmyk
        default: .other
        }
        let description = withUnsafeBytes(of: facts.description) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        return ColorProfileFacts(dataSpace: space, description: description, version: facts.version)
    }

    static func profile(primaries: Chromaticities, transfer: TransferCurve,
                        description: String) throws(ImagingError) -> ColorProfile {
        var output = cimg_buffer()
        let white = [primaries.whiteX, primaries.whiteY], red = [primaries.redX, primaries.redY]
        let green = [primaries.greenX, primaries.greenY], blue = [primaries.blueX, primaries.blueY]
        switch transfer {
        case .sRGB, .gamma:
            let exponent: Double = if case .gamma(let value) = transfer { value } else { 0 }
            try checkCodec(.jpeg) { error in
                cimg_color_profile_from_chromaticities(white, red, green, blue, exponent, description, &output, error)
            }
        case .perceptualQuantizer, .hybridLogGamma:
            let code = transfer == .perceptualQuantizer ? Int32(CIMG_TRANSFER_PQ) : Int32(CIMG_TRANSFER_HLG)
            try checkCodec(.jpeg) { error in
                cimg_color_profile_hdr(white, red, green, blue, code, description, &output, error)
            }
        }
        return ColorProfile(output.takeBytes())
    }

    /// The transform from `profile` for `input` pixels, or nil when it would
    /// change nothing (an sRGB profile) or cannot apply (a profile for other
    /// pixels, an unreadable profile: the pixels are then taken as sRGB, as
    /// browsers do).
    static func transform(from profile: ColorProfile, input: Input) -> ColorTransform? {
        TransformCache.shared.transform(from: profile, input: input)
    }

    /// Whether lcms2 reads `profile` for `input` pixels and its transform to
    /// sRGB leaves every colour of a 9 × 9 × 9 grid within one level.
    static func isIdentity(_ profile: ColorProfile, input: Input) -> Bool {
        TransformCache.shared.isIdentity(profile, input: input)
    }
}

/// One lcms2 transform to sRGB; safe to apply from several threads.
final class ColorTransform: @unchecked Sendable {
    private let handle: OpaquePointer
    let input: ColorManagement.Input

    fileprivate init(handle: OpaquePointer, input: ColorManagement.Input) {
        self.handle = handle
        self.input = input
    }

    deinit { cimg_color_transform_free(handle) }

    /// The pixels transformed, tagged sRGB: RGB8 from CMYK, the same layout
    /// otherwise. `image` holds 4-byte CMYK pixels for the CMYK inputs.
    func apply(to image: Image) -> Image {
        let output: PixelFormat = switch input {
        case .cmyk8, .cmyk8Inverted: .rgb8
        default: image.format
        }
        return Image(width: image.width, height: image.height, format: output, colorSpace: .sRGB) { pixels in
            image.pixels.withUnsafeBufferPointer { source in
                cimg_color_transform_apply(handle, source.baseAddress, image.bytesPerRow, pixels.baseAddress,
                                           image.width * output.bytesPerPixel, UInt32(image.width), UInt32(image.height))
            }
        }
    }
}

/// Transforms by profile hash and input; a profile with no useful
/// transform is remembered as such, so it is looked at once.
private final class TransformCache: Sendable {
    static let shared = TransformCache()
    private struct Key: Hashable {
        var profile: ProfileKey
        var input: ColorManagement.Input
    }
    /// `identity`: the profile is sRGB's; `unusable`: lcms2 cannot build the transform.
    private enum Entry { case identity, unusable, transform(ColorTransform) }
    private let entries = Locked<[Key: Entry]>([:])
    private let capacity = 64

    func transform(from profile: ColorProfile, input: ColorManagement.Input) -> ColorTransform? {
        if case .transform(let transform) = entry(profile, input: input) { return transform }
        return nil
    }

    func isIdentity(_ profile: ColorProfile, input: ColorManagement.Input) -> Bool {
        if case .identity = entry(profile, input: input) { return true }
        return false
    }

    private func entry(_ profile: ColorProfile, input: ColorManagement.Input) -> Entry {
        let key = Key(profile: profile.key, input: input)
        if let entry = entries.withLock({ $0[key] }) { return entry }
        let entry = make(profile, input: input)
        entries.withLock { entries in
            if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
            entries[key] = entry
        }
        return entry
    }

    private func make(_ profile: ColorProfile, input: ColorManagement.Input) -> Entry {
        var handle: OpaquePointer?
        var identity: Int32 = 0
        var error = cimg_error()
        let status = profile.bytes.withUnsafeBytes { raw in
            cimg_color_transform_create(raw.uint8Base, raw.count, input.rawValue, &handle, &identity, &error)
        }
        guard status == 0, let handle else { return .unusable }
        let transform = ColorTransform(handle: handle, input: input)
        return identity != 0 ? .identity : .transform(transform)
    }
}

extension ProfileKey {
    init(_ bytes: [UInt8]) {
        var low: UInt64 = 0, high: UInt64 = 0
        bytes.withUnsafeBufferPointer { cimg_hash128($0.baseAddress, $0.count, &low, &high) }
        self.init(low: low, high: high)
    }
}
