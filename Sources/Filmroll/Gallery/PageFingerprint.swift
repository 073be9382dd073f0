import Catalog

/// What a file of the gallery is made from, as compact bytes for its
/// recipe key: the templates' version, the file's path, the gallery's
/// options, then what the file adds (its day's date, its photos' digests,
/// its neighbours). Built from the model, never from the rendered file, so
/// a file is rendered only when its key changes.
///
/// Each value is self-delimiting (a tag, then a fixed-width number or a
/// string after its byte count; a list is added after its count), so
/// different inputs never give the same bytes. Numbers are written as
/// bytes, not formatted, so a fingerprint costs little more than copying
/// its strings.
struct PageFingerprint {
    /// Bumped whenever a page template, a map drawing or the words of a
    /// page change what a file holds, so that every file is made once more.
    static let templateVersion = "gallery-pages-5"

    private(set) var bytes: [UInt8] = []

    /// An empty fingerprint, for a part of several pages' (`PhotoDigests`).
    init() {
        bytes.reserveCapacity(256)
    }

    /// A page's: the templates' version, its path and the options first.
    init(path: String, options: GalleryOptions) {
        self.init()
        add(Self.templateVersion)
        add(path)
        add(options.title)
        add(options.weekStart.rawValue)
        add(options.locale.rawValue)
    }

    /// 32 hex digits naming these bytes (`ContentHash`).
    var digest: String { ContentHash.hex(bytes) }

    /// The recipe key (`OutputRecipe` of kind page, its parameters the digest): 32 hex digits.
    var key: String { OutputRecipe(kind: .page, inputs: [], parameters: digest).key }

    mutating func add(_ value: String) {
        var value = value
        value.withUTF8 { utf8 in
            append(tag: "s", UInt64(utf8.count))
            bytes.append(contentsOf: utf8)
        }
    }

    mutating func add(_ value: Int) { append(tag: "i", UInt64(bitPattern: Int64(value))) }

    mutating func add(_ value: Double) { append(tag: "d", value.bitPattern) }

    mutating func add(_ value: Bool) { bytes.append(value ? UInt8(ascii: "T") : UInt8(ascii: "F")) }

    mutating func add(_ value: String?) {
        guard let value else { return addNil() }
        add(value)
    }

    mutating func add(_ value: Int?) {
        guard let value else { return addNil() }
        add(value)
    }

    mutating func add(_ value: Double?) {
        guard let value else { return addNil() }
        add(value)
    }

    mutating func add(_ size: PixelSize?) {
        guard let size else { return addNil() }
        add(size.width)
        add(size.height)
    }

    mutating func add(_ date: DayDate?) {
        guard let date else { return addNil() }
        add(date.year * 10_000 + date.month * 100 + date.day)
    }

    mutating func add(_ count: ItemCount) {
        add(count.photos)
        add(count.videos)
    }

    /// A value that is not there.
    mutating func addNil() { bytes.append(UInt8(ascii: "~")) }

    /// A tag byte, then `value`'s eight bytes, little-endian.
    private mutating func append(tag: Unicode.Scalar, _ value: UInt64) {
        bytes.append(UInt8(ascii: tag))
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }
}
