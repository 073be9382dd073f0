import Filmroll
import Imaging
import Testing
import TestSupport

/// A basemap kept inside the photo folder is the run's input, not a file
/// passed over: it is not counted among the files that are not photos,
/// while any other map file beside it still is.
@Suite struct BasemapInFolderTests {
    @Test func theFoldersOwnBasemapIsNotCountedAsSkipped() throws {
        let folder = TemporaryFolder()
        try BasemapProcessTests.walk(in: folder)
        let basemap = try FileBytes.read(Fixtures.path("basemap/helsinki.pmtiles"))
        try Folders.create(folder.file("walk/maps"))
        try folder.write(basemap, as: "walk/maps/helsinki.pmtiles")
        try folder.write(basemap, as: "walk/maps/other.pmtiles")
        let (code, run) = CommandRunner.run("process", folder.file("walk"), "--basemap", folder.file("walk/maps/helsinki.pmtiles"))
        #expect(code == .success, "\(run.stderr)")
        #expect(run.stderr.contains("skipped 1 file that is not a photo: 1 .pmtiles"), "\(run.stderr)")
        // Remembered, and on a re-run passed over as well, by its path as the folder spells it
        let (again, rerun) = CommandRunner.run("process", folder.file("walk/./"))
        #expect(again == .success, "\(rerun.stderr)")
        #expect(rerun.stderr.contains("skipped 1 file that is not a photo: 1 .pmtiles"), "\(rerun.stderr)")
    }
}
