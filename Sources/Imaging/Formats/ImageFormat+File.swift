#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension ImageFormat {
    /// The format of the file at `path` from its first bytes, or nil when
    /// none matches or the file cannot be read. Reads `signatureLength` bytes.
    public static func sniff(contentsOf path: String) -> ImageFormat? {
        guard let (descriptor, size) = try? FileBytes.openRegular(path) else { return nil }
        defer { close(descriptor) }
        var head = [UInt8](repeating: 0, count: min(size, signatureLength))
        let got = head.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        return got == head.count ? sniff(head) : nil
    }
}
