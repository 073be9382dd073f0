import Imaging
import Testing

/// An encoding's `cacheIdentifier` is part of every output's key: a change
/// of one character remakes every thumbnail and sheet a folder has. These
/// are the texts Filmroll has written into keys; they must stay as they are.
@Suite struct EncodingKeyTests {
    @Test(arguments: [
        (EncodingFormat.jpeg(JPEGEncodingOptions(quality: 85, optimizeHuffman: false)).marked(.thumbnail),
         "jpeg(q:85,chroma:420,progressive:false,huffman:false,dpi:0,exif:false,comment:Filmroll thumbnail,icc:none)"),
        (EncodingFormat.png(PNGEncodingOptions(exif: [1, 2])).marked(.thumbnail),
         "png(level:6,dpi:0,texts:Software=Filmroll thumbnail,exif:true,icc:none)"),
        (EncodingFormat.jpeg(JPEGEncodingOptions(quality: 92, chromaSubsampling: .none, dpi: 600)).marked(.fourcut),
         "jpeg(q:92,chroma:444,progressive:false,huffman:true,dpi:600,exif:false,comment:Filmroll fourcut,icc:none)"),
        (EncodingFormat.png(PNGEncodingOptions(dpi: 300, texts: [.init(key: "Software", value: "x"), .init(key: "Title", value: "y")]))
            .marked(.fourcut),
         "png(level:6,dpi:300,texts:Title=y;Software=Filmroll fourcut,exif:false,icc:none)"),
        (EncodingFormat.jpeg(JPEGEncodingOptions()), "jpeg(q:85,chroma:420,progressive:false,huffman:true,dpi:0,exif:false,comment:,icc:none)"),
    ])
    func identifiersStayAsWritten(encoding: EncodingFormat, identifier: String) {
        #expect(encoding.cacheIdentifier == identifier)
    }

    /// The encodings commands ask the registry for carry the same identifiers
    /// as the options they were written with before.
    @Test func theRegistrysEncodingsKeepTheirIdentifiers() throws {
        let jpeg = try #require(ImageEncoders.encoder(for: .jpeg))
        let png = try #require(ImageEncoders.encoder(for: .png))
        #expect(jpeg.encoding(EncodingSettings(quality: 85, optimizeHuffman: false, mark: .thumbnail)).cacheIdentifier
            == "jpeg(q:85,chroma:420,progressive:false,huffman:false,dpi:0,exif:false,comment:Filmroll thumbnail,icc:none)")
        #expect(png.encoding(EncodingSettings(optimizeHuffman: false, exif: [1, 2], mark: .thumbnail)).cacheIdentifier
            == "png(level:6,dpi:0,texts:Software=Filmroll thumbnail,exif:true,icc:none)")
        #expect(jpeg.encoding(EncodingSettings(quality: 92, keepsFullChroma: true, dpi: 600, mark: .fourcut)).cacheIdentifier
            == "jpeg(q:92,chroma:444,progressive:false,huffman:true,dpi:600,exif:false,comment:Filmroll fourcut,icc:none)")
    }
}
