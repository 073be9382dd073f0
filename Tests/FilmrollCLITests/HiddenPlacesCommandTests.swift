#if canImport(Glibc)
import Glibc
#endif
import Filmroll
import FilmrollCLI
import Testing
import TestSupport

/// `process --hide-places-near LAT,LON,KM`: a position within the radius is on
/// no map, page or listing, and its original is not copied; one farther keeps it.
/// The fixture photo was taken in Seoul at 37.5665 N, 126.978 E.
@Suite struct HiddenPlacesCommandTests {
    /// 440 m east of the photo.
    static let near = "37.5665,126.983,1"
    /// 5 km north of it.
    static let far = "37.6115,126.978,1"

    /// Every file of the gallery (pages, maps, stylesheet), as text, by path.
    static func galleryTexts(_ folder: String) -> [String: String] {
        var texts: [String: String] = [:]
        func walk(_ path: String) {
            for name in Folders.names(in: path) {
                let child = path + "/" + name
                if Folders.isFolder(child) { walk(child) } else if name.hasSuffix(".html") || name.hasSuffix(".svg") {
                    texts[child] = String(decoding: (try? FileBytes.read(child)) ?? [], as: UTF8.self)
                }
            }
        }
        walk(folder)
        return texts
    }

    static func folderWithPhoto() throws -> TemporaryFolder {
        let folder = TemporaryFolder()
        try folder.write(try Fixtures.bytes("jpeg/photo.jpg"), as: "seoul.jpg")
        return folder
    }

    @Test func aPhotoNearAHiddenHomeHasNoPositionAnywhere() throws {
        let folder = try Self.folderWithPhoto()
        let gallery = folder.path + "/.filmroll/gallery"
        let (code, run) = CommandRunner.run("process", folder.path, "--hide-places-near", Self.near, "--originals", "copy", "--quiet")
        #expect(code == .success, "\(run.stderr)")
        let texts = Self.galleryTexts(gallery)
        #expect(texts.keys.contains { $0.hasSuffix("photos/seoul.html") })
        for (path, text) in texts {
            #expect(!text.contains("Seoul") && !text.contains("126.97") && !text.contains("37.56"), "\(path)")
        }
        #expect(!texts.keys.contains { $0.hasSuffix("-map.svg") || $0.hasSuffix("/map.svg") })
        // Not copied (its metadata holds the position): the page links the original in the folder.
        #expect(!FileBytes.exists(gallery + "/originals/seoul.jpg"))
        let page = texts.first { $0.key.hasSuffix("photos/seoul.html") }?.value ?? ""
        #expect(page.contains("href=\"../../../seoul.jpg\""))
        // The catalog keeps the position; the listings do not show it.
        let (_, listed) = CommandRunner.run("ls", folder.path, "--json")
        #expect(listed.stdout.contains(#""gps":null"#) && !listed.stdout.contains("Seoul"))
        let (_, shown) = CommandRunner.run("show", folder.file("seoul.jpg"), "--json")
        #expect(shown.stdout.contains(#""gps":null"#) && !shown.stdout.contains("Seoul"))
        let catalog = try Catalog(folder: folder.path, access: .read)
        #expect(try catalog.photo(relativePath: "seoul.jpg")?.gps != nil)
        #expect(try catalog.setting(.hiddenPlaces) == Self.near)
    }

    @Test func aPhotoFarFromTheHiddenPlaceKeepsItsPositionAndARememberedChangeRedraws() throws {
        let folder = try Self.folderWithPhoto()
        let gallery = folder.path + "/.filmroll/gallery"
        #expect(CommandRunner.run("process", folder.path, "--hide-places-near", Self.near, "--quiet").code == .success)
        #expect(!Self.galleryTexts(gallery).values.contains { $0.contains("Seoul") })
        // A re-run without the flag keeps hiding it.
        #expect(CommandRunner.run("process", folder.path, "--quiet").code == .success)
        #expect(!Self.galleryTexts(gallery).values.contains { $0.contains("Seoul") })
        // 5 km away: the photo is shown where it was taken, on its page and the maps.
        #expect(CommandRunner.run("process", folder.path, "--hide-places-near", Self.far, "--originals", "copy", "--quiet").code == .success)
        let texts = Self.galleryTexts(gallery)
        #expect(texts.first { $0.key.hasSuffix("photos/seoul.html") }?.value.contains("Seoul") == true)
        #expect(texts.keys.contains { $0.hasSuffix("-map.svg") } && texts.keys.contains { $0.hasSuffix("/map.svg") })
        #expect(FileBytes.exists(gallery + "/originals/seoul.jpg"))
        let (_, listed) = CommandRunner.run("ls", folder.path, "--json")
        #expect(listed.stdout.contains("Seoul"))
        // none forgets: the next run shows it.
        #expect(CommandRunner.run("process", folder.path, "--hide-places-near", "none", "--quiet").code == .success)
        let catalog = try Catalog(folder: folder.path, access: .read)
        #expect(try catalog.setting(.hiddenPlaces) == nil)
    }

    @Test(arguments: [
        ("91,0,1", "latitude '91' is not a number from -90 to 90"),
        ("0,181,1", "longitude '181' is not a number from -180 to 180"),
        ("37.5,127,-1", "radius '-1' is not a number of kilometres above 0"),
        ("37.5,127", "takes LAT,LON,KM"),
        ("37.5,,1", "takes LAT,LON,KM"),
        ("north,127,1", "latitude 'north' is not a number"),
    ])
    func badValuesAreRefusedClearly(value: String, message: String) throws {
        let folder = try Self.folderWithPhoto()
        let (code, run) = CommandRunner.run("process", folder.path, "--hide-places-near", value)
        #expect(code == .usage)
        #expect(run.stderr.contains("--hide-places-near " + message), "\(run.stderr)")
        #expect(!FileBytes.exists(folder.path + "/.filmroll/catalog.sqlite"))
    }

    @Test func noneGoesAlone() throws {
        let folder = try Self.folderWithPhoto()
        let (code, run) = CommandRunner.run("process", folder.path, "--hide-places-near", "none", "--hide-places-near", "1,2,3")
        #expect(code == .usage && run.stderr.contains("give it alone"))
    }
}

/// `process --basemap FILE`: checked, remembered for the folder (relative to it
/// when inside), forgotten with none; a remembered one that is gone is one warning line.
@Suite struct BasemapOptionTests {
    @Test func theBasemapIsRememberedAndAGoneOneWarnsOnce() throws {
        let folder = TemporaryFolder()
        try folder.write(try Fixtures.bytes("jpeg/photo.jpg"), as: "seoul.jpg")
        try folder.write(Array("not really tiles".utf8), as: "city.pmtiles")
        var (code, run) = CommandRunner.run("process", folder.path, "--basemap", folder.file("city.pmtiles"), "--quiet")
        #expect(code == .success, "\(run.stderr)")
        var catalog = try Catalog(folder: folder.path, access: .read)
        #expect(try catalog.setting(.basemap) == "city.pmtiles")
        (code, run) = CommandRunner.run("stats", folder.path)
        #expect(run.stdout.contains("basemap: \(folder.file("city.pmtiles"))\n"))
        var options = ProcessOptions()
        #expect(try FolderSettings.apply(FolderSettings.Changes(), folder: folder.path, catalog: catalog,
                                         remembers: false, to: &options) == nil)
        #expect(options.basemapPath == folder.file("city.pmtiles"))

        #expect(unlink(folder.file("city.pmtiles")) == 0)
        (code, run) = CommandRunner.run("process", folder.path, "--quiet")
        #expect(code == .success)
        #expect(run.stderr.split(separator: "\n").filter { $0.contains("basemap") }.count == 1, "\(run.stderr)")
        #expect(run.stderr.contains("filmroll: \(folder.file("city.pmtiles")): warning: the remembered basemap is gone or unreadable: maps drawn without it"))

        (code, run) = CommandRunner.run("process", folder.path, "--basemap", "none", "--quiet")
        #expect(code == .success && !run.stderr.contains("basemap"))
        catalog = try Catalog(folder: folder.path, access: .read)
        #expect(try catalog.setting(.basemap) == nil)
    }

    @Test func aBasemapThatIsNoFileIsRefused() throws {
        let folder = TemporaryFolder()
        try folder.write(try Fixtures.bytes("jpeg/photo.jpg"), as: "seoul.jpg")
        var (code, run) = CommandRunner.run("process", folder.path, "--basemap", folder.file("missing.pmtiles"))
        #expect(code == .failure && run.stderr.contains("missing.pmtiles: --basemap: no such file or directory"), "\(run.stderr)")
        (code, run) = CommandRunner.run("process", folder.path, "--basemap", folder.path)
        #expect(code == .failure && run.stderr.contains("--basemap: is a directory"), "\(run.stderr)")
    }

    /// Outside the folder the path is kept absolute.
    @Test func aBasemapOutsideTheFolderIsRememberedAbsolute() throws {
        let folder = TemporaryFolder(), elsewhere = TemporaryFolder()
        try folder.write(try Fixtures.bytes("jpeg/photo.jpg"), as: "seoul.jpg")
        try elsewhere.write(Array("tiles".utf8), as: "city.mbtiles")
        #expect(CommandRunner.run("process", folder.path, "--basemap", elsewhere.file("city.mbtiles"), "--quiet").code == .success)
        #expect(try Catalog(folder: folder.path, access: .read).setting(.basemap) == elsewhere.file("city.mbtiles"))
    }
}
