/// One frame's Y, Cb and Cr planes exactly as coded (4:2:0, 8 bits),
/// before any conversion to RGB: for checking what an encoder wrote.
public struct VideoPlanes: Sendable, Hashable {
    public var size: PixelSize
    /// `size.width × size.height` luma samples, row after row.
    public var luma: [UInt8]
    /// Half the width and height (rounded up), row after row.
    public var blueDifference: [UInt8]
    public var redDifference: [UInt8]
    public var timeTicks: Int64

    /// The chroma planes' width.
    public var chromaWidth: Int { (size.width + 1) / 2 }

    /// The samples of pixel (x, y): Y, Cb, Cr.
    public func sample(x: Int, y: Int) -> (y: UInt8, cb: UInt8, cr: UInt8) {
        let chroma = (y / 2) * chromaWidth + x / 2
        return (luma[y * size.width + x], blueDifference[chroma], redDifference[chroma])
    }
}
