import Catalog
@testable import Filmroll
import Imaging
import Testing
import TestSupport

/// `SimilarPhotos` on fingerprints of seeded scenes: copies across
/// encodings and sizes, a burst named by its sharp frame, and pictures
/// that only share a second apart.
struct SimilarPhotosTests {
    static func photo(_ path: String, _ image: Image, taken: String? = nil, camera: String? = "Apple iPhone 15 Pro",
                      bytes: Int = 100_000, modified: Int64 = 1) -> FingerprintedPhoto {
        FingerprintedPhoto(id: Int64(path.hashValue & 0xFFFF_FFFF), path: path, format: "jpeg", byteCount: bytes,
                           size: PixelSize(width: image.width, height: image.height), takenAt: taken,
                           isTimedByFile: taken != nil, modificationTimeNanoseconds: modified, camera: camera,
                           burstIdentifier: nil, fingerprint: PhotoFingerprint.of(image))
    }

    static func jpeg(_ image: Image, quality: Int) throws -> Image {
        try SimilarTestScenes.saved(image, as: .jpeg(JPEGEncodingOptions(quality: quality)))
    }

    @Test func copiesInOtherEncodingsAndSizesAreOneGroupNamingTheOriginal() throws {
        let scene = SimilarTestScenes.scene(seed: 11)
        let half = ImageProcessors.Resize(edge: 192).apply(scene)
        let photos = [
            Self.photo("IMG_0001.JPG", try Self.jpeg(scene, quality: 92), taken: "2024-05-04T10:00:00.120", modified: 10),
            Self.photo("WhatsApp/IMG-20240504-WA0001.jpg", try Self.jpeg(scene, quality: 60), modified: 20),
            Self.photo("Exports/IMG_0001.png", scene, modified: 30),
            Self.photo("Exports/IMG_0001-small.jpg", try Self.jpeg(half, quality: 80), modified: 40),
            Self.photo("IMG_0002.JPG", SimilarTestScenes.scene(seed: 12), taken: "2024-05-04T10:00:00.120"),
        ]
        let groups = SimilarPhotos().groups(photos)
        #expect(groups.count == 1)
        #expect(groups.first?.kind == .copy)
        #expect(groups.first?.photos.map(\.path) == ["Exports/IMG_0001-small.jpg", "Exports/IMG_0001.png", "IMG_0001.JPG",
                                                     "WhatsApp/IMG-20240504-WA0001.jpg"])
        // The most pixels, then the one whose file carries its capture time.
        #expect(groups.first?.best.path == "IMG_0001.JPG")
        #expect((groups.first?.distance ?? 99) <= 8)
    }

    @Test func aBurstIsOneGroupNamedByItsSharpFrameAndNotCopies() throws {
        let scene = SimilarTestScenes.scene(seed: 21)
        let frames = (0..<6).map { frame -> FingerprintedPhoto in
            var image = SimilarTestScenes.shifted(scene, dx: frame % 3, dy: frame / 3)
            if frame != 4 { image = SimilarTestScenes.boxBlurred(image, radius: 1 + frame % 2) }
            return Self.photo("IMG_00\(10 + frame).JPG", image, taken: "2024-05-04T10:00:0\(frame / 3).\(frame % 3 * 3)00")
        }
        let groups = SimilarPhotos().groups(frames)
        #expect(groups.map(\.kind) == [.burst])
        #expect(groups.first?.photos.count == 6)
        #expect(groups.first?.best.path == "IMG_0014.JPG")
    }

    @Test func differentPicturesTakenInOneSecondByOneCameraAreNoGroup() {
        let photos = (0..<8).map { seed in
            Self.photo("IMG_\(seed).JPG", SimilarTestScenes.scene(seed: UInt64(100 + seed)), taken: "2024-05-04T10:00:00")
        }
        #expect(SimilarPhotos().groups(photos).isEmpty)
    }

    @Test func theSameSceneMinutesApartIsSimilarAndHoursApartIsNot() throws {
        let scene = SimilarTestScenes.scene(seed: 31)
        let moved = SimilarTestScenes.shifted(scene, dx: 3, dy: 2)
        let close = [Self.photo("a.jpg", scene, taken: "2024-05-04T10:00:00", camera: "Canon EOS R6"),
                     Self.photo("b.jpg", moved, taken: "2024-05-04T10:01:00", camera: "Canon EOS R6")]
        let groups = SimilarPhotos().groups(close)
        #expect(groups.map(\.kind) == [.similar])
        let far = [Self.photo("a.jpg", scene, taken: "2024-05-04T10:00:00"), Self.photo("b.jpg", moved, taken: "2024-05-04T14:00:00")]
        #expect(SimilarPhotos().groups(far).isEmpty)
    }

    @Test func captureSecondsCountDaysAndFractions() {
        let a = CaptureSeconds.parse("2024-02-29T23:59:59.5"), b = CaptureSeconds.parse("2024-03-01T00:00:00.25")
        #expect(a != nil && b != nil)
        #expect(abs((b ?? 0) - (a ?? 0) - 0.75) < 1e-9)
        #expect(CaptureSeconds.parse("2024-13-01T00:00:00") == nil)
        #expect(CaptureSeconds.parse("2024-05-04") == nil)
    }
}
