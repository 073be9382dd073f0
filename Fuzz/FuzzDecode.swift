// libFuzzer entry for the Swift decode path: format sniffing, header and
// limit checks, shrink-on-load, decoding, orientation and a resize, as a
// thumbnail batch runs them. Built by Fuzz/run-fuzzers.sh (target "swift")
// together with the Imaging sources, with swiftc -sanitize=fuzzer,address.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDecode(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    var limits = DecodeLimits()
    limits.maxPixelsPerFrame = 4_000_000
    limits.maxTotalPixels = 16_000_000
    limits.maxFrames = 64
    _ = try? ImageDecoder.readInfo(bytes, limits: limits)
    if let decoded = try? ImageDecoder.decode(bytes, options: DecodeOptions(target: .edge(24), limits: limits)) {
        _ = ImageProcessors.Resize(edge: 16, fit: .cover).apply(decoded.image)
    }
    _ = try? ImageDecoder.decode(bytes, options: DecodeOptions(frames: .all, limits: limits, appliesOrientation: false))
    return 0
}
