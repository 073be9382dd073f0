import Filmroll
import Testing
import TestSupport

/// `convert`'s work in the library: one photo upright, shrunk, encoded by
/// its output's extension, through the executor and the output guard.
@Suite struct PhotoConversionTests {
    @Test func aPhotoIsWrittenUprightAndShrunkInTheFormatItsNameAsks() throws {
        let folder = try WorkflowFolder()
        defer { folder.remove() }
        // IMG_0004 is stored 120×160 with orientation 6: 160×120 upright.
        try PhotoConversion(maxSize: 80).make(folder.file("IMG_0004.jpg"), output: folder.file("small.png"))
        let bytes = try FileBytes.read(folder.file("small.png"))
        let info = try ImageDecoder.readInfo(bytes)
        #expect(info.format == .png)
        #expect(info.uprightSize == PixelSize(width: 80, height: 60))
        #expect(info.metadata.orientation == .up)
    }

    @Test func aPhotoThatCannotBeReadIsNamedAndNothingIsWritten() throws {
        let folder = try WorkflowFolder()
        defer { folder.remove() }
        try folder.add("broken.jpg", from: "jpeg/truncated.jpg")
        #expect {
            try PhotoConversion().make(folder.file("broken.jpg"), output: folder.file("out.jpg"))
        } throws: { error in
            guard case .photo(let path, _) = error as? ConversionError else { return false }
            return path.hasSuffix("broken.jpg")
        }
        #expect(!FileBytes.exists(folder.file("out.jpg")))
    }

    @Test func anOutputFilmrollDidNotMakeIsLeftAsItIs() throws {
        let folder = try WorkflowFolder()
        defer { folder.remove() }
        let mine = Array("somebody's notes".utf8)
        try AtomicFile.write(mine, to: folder.file("notes.jpg"))
        #expect {
            try PhotoConversion().make(folder.file("IMG_0001.jpg"), output: folder.file("notes.jpg"))
        } throws: { error in
            guard case .output(let path, _) = error as? ConversionError else { return false }
            return path.hasSuffix("notes.jpg")
        }
        #expect(try FileBytes.read(folder.file("notes.jpg")) == mine)
        // Its own output, though, it replaces.
        try PhotoConversion().make(folder.file("IMG_0001.jpg"), output: folder.file("copy.jpg"))
        try PhotoConversion(maxSize: 50).make(folder.file("IMG_0001.jpg"), output: folder.file("copy.jpg"))
        #expect(try ImageDecoder.readInfo(try FileBytes.read(folder.file("copy.jpg"))).uprightSize.width == 50)
    }
}
