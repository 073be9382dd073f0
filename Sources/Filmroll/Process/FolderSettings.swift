#if canImport(Glibc)
import Glibc
#endif
import Catalog
import Files

/// What `process` remembers for a folder in its catalog (`Catalog.setting`),
/// so that a re-run needs no flag: the basemap (`--basemap`) and the hidden
/// places (`--hide-places-near`). A value given to a run replaces the
/// remembered one; `forget` drops it.
public enum FolderSettings {
    /// What a run says of one setting.
    public enum Change<Value: Sendable>: Sendable {
        /// Not given: the remembered value, if any.
        case keep
        case set(Value)
        /// `none`: forget the remembered value; the run goes without.
        case forget
    }

    /// What a run was given: each setting's change.
    public struct Changes: Sendable {
        public var basemap: Change<String> = .keep
        public var hiddenPlaces: Change<[HiddenPlace]> = .keep

        public init(basemap: Change<String> = .keep, hiddenPlaces: Change<[HiddenPlace]> = .keep) {
            self.basemap = basemap
            self.hiddenPlaces = hiddenPlaces
        }

        /// Whether nothing was given.
        var keepsAll: Bool {
            if case .keep = basemap, case .keep = hiddenPlaces { return true }
            return false
        }
    }

    /// A remembered basemap that is gone, and the warning said of it.
    public struct GoneBasemap: Sendable, Equatable {
        public var path: String
        public var warning: String { "the remembered basemap is gone or unreadable: maps drawn without it "
            + "('--basemap FILE' sets another, '--basemap none' forgets it)" }
    }

    /// Sets `options.basemapPath` and `options.hiddenPlaces` from the
    /// changes, else from what `catalog` remembers (else as they were);
    /// when `remembers`, stores the changes. Returns the remembered basemap
    /// when it is gone (the maps are drawn without it).
    /// - Parameter changes: the basemap as given is checked by `checkedBasemap` first.
    public static func apply(_ changes: Changes, folder: String, catalog: Catalog?, remembers: Bool,
                             to options: inout ProcessOptions) throws(DatabaseError) -> GoneBasemap? {
        var gone: GoneBasemap?
        switch changes.basemap {
        case let .set(path):
            options.basemapPath = AbsolutePath.normalized(path)
            if remembers { try catalog?.setSetting(.basemap, to: stored(basemap: options.basemapPath!, folder: folder)) }
        case .forget:
            options.basemapPath = nil
            if remembers { try catalog?.setSetting(.basemap, to: nil) }
        case .keep:
            if let path = try rememberedBasemap(in: catalog, folder: folder) {
                if (try? checkedBasemap(path)) != nil {
                    options.basemapPath = path
                } else {
                    options.basemapPath = nil
                    gone = GoneBasemap(path: path)
                }
            }
        }
        switch changes.hiddenPlaces {
        case let .set(places):
            options.hiddenPlaces = HiddenPlaces(places)
            if remembers { try catalog?.setSetting(.hiddenPlaces, to: options.hiddenPlaces.settingText) }
        case .forget:
            options.hiddenPlaces = HiddenPlaces()
            if remembers { try catalog?.setSetting(.hiddenPlaces, to: nil) }
        case .keep:
            let remembered = try remembered(in: catalog)
            if !remembered.isEmpty { options.hiddenPlaces = remembered }
        }
        return gone
    }

    /// The hidden places `catalog` remembers (none for nil or an older catalog).
    public static func remembered(in catalog: Catalog?) throws(DatabaseError) -> HiddenPlaces {
        HiddenPlaces(settingText: try catalog?.setting(.hiddenPlaces))
    }

    /// The remembered basemap as a run would use it (absolute), or nil.
    public static func rememberedBasemap(in catalog: Catalog?, folder: String) throws(DatabaseError) -> String? {
        guard let remembered = try catalog?.setting(.basemap) else { return nil }
        return remembered.hasPrefix("/") ? remembered : AbsolutePath.normalized(folder) + "/" + remembered
    }

    /// `path` absolute, once checked to be a regular file that can be read.
    /// (What is in it, PMTiles or MBTiles, is the basemap reader's to say.)
    /// - Throws: `FileError` saying why not.
    @discardableResult
    public static func checkedBasemap(_ path: String) throws(FileError) -> String {
        let opened = try FileBytes.openRegular(path)
        close(opened.descriptor)
        return AbsolutePath.normalized(path)
    }

    /// The basemap as a run's recipe names it: its path, size and
    /// modification time, so that a replaced file redraws the maps.
    static func basemapIdentity(_ path: String?) -> String {
        guard let path else { return "" }
        var status = stat()
        guard stat(path, &status) == 0 else { return path }
        return "\(path) \(status.st_size) \(status.st_mtim.tv_sec).\(status.st_mtim.tv_nsec)"
    }

    /// How a basemap is remembered: relative to the folder when inside it
    /// (the folder may move with it), else absolute.
    static func stored(basemap path: String, folder: String) -> String {
        let root = AbsolutePath.normalized(folder)
        return path.hasPrefix(root + "/") ? String(path.dropFirst(root.count + 1)) : path
    }
}
