/// The labels of the photo pages, in each language.
extension GalleryLocale {
    var detailsHeading: String { self == .en ? "Details" : "정보" }
    var takenLabel: String { self == .en ? "Taken" : "촬영" }
    var cameraLabel: String { self == .en ? "Camera" : "카메라" }
    var lensLabel: String { self == .en ? "Lens" : "렌즈" }
    var exposureLabel: String { self == .en ? "Exposure" : "노출" }
    var pixelSizeLabel: String { self == .en ? "Size" : "크기" }
    var colorSpaceLabel: String { self == .en ? "Colour space" : "색 공간" }
    var fileLabel: String { self == .en ? "File" : "파일" }
    var placeLabel: String { self == .en ? "Place" : "장소" }
    var originalLabel: String { self == .en ? "Original" : "원본" }
    var openOriginal: String { self == .en ? "Open the original" : "원본 열기" }
    var photosNavigationLabel: String { self == .en ? "Photos" : "사진 이동" }
    var previousPhotoPrefix: String { self == .en ? "Previous photo: " : "이전 사진: " }
    var nextPhotoPrefix: String { self == .en ? "Next photo: " : "다음 사진: " }

    /// "4032 × 3024 pixels" / "4032 × 3024 픽셀".
    func pixelSize(_ size: PixelSize) -> String {
        self == .en ? "\(size.width) × \(size.height) pixels" : "\(size.width) × \(size.height) 픽셀"
    }

    /// "3.2 MB", "640 KB", "900 bytes" / "900바이트".
    func fileSize(_ bytes: Int) -> String {
        if bytes < 1000 { return self == .en ? (bytes == 1 ? "1 byte" : "\(bytes) bytes") : "\(bytes)바이트" }
        if bytes < 1_000_000 { return "\(Int((Double(bytes) / 1000).rounded())) KB" }
        let megabytes = Double(bytes) / 1_000_000
        return megabytes < 100 ? "\((megabytes * 10).rounded() / 10) MB" : "\(Int(megabytes.rounded())) MB"
    }

    /// "09:15:00, UTC+09:00" — the time with its offset from UTC when known.
    func timeWithOffset(_ date: CaptureDate) -> String {
        var text = "\(digits(date.hour, 2)):\(digits(date.minute, 2)):\(digits(min(date.second, 59), 2))"
        if let offset = date.utcOffsetMinutes {
            let magnitude = abs(offset)
            text += ", UTC" + (offset < 0 ? "−" : "+") + "\(digits(magnitude / 60, 2)):\(digits(magnitude % 60, 2))"
        }
        return text
    }

    /// Said after a date without a time of day, in place of its time.
    var timeUnknownNote: String { self == .en ? "time unknown" : "시각 모름" }

    /// Where a guessed date came from, for the details panel; nil for the camera's own record.
    func dateSourceNote(_ source: CaptureDateSource) -> String? {
        switch (self, source) {
        case (_, .original), (_, .digitized), (_, .quickTime): nil
        case (.en, .xmp): "date from XMP"
        case (.en, .iptc): "date from IPTC"
        case (.en, .modified): "date from when the file was last changed (EXIF DateTime)"
        case (.en, .gps): "date from GPS"
        case (.en, .container): "date from the video file's creation time"
        case (.en, .fileName): "date from the file name"
        case (.en, .fileTime): "date from the file's time"
        case (.ko, .xmp): "XMP에 적힌 날짜"
        case (.ko, .iptc): "IPTC에 적힌 날짜"
        case (.ko, .modified): "파일을 마지막으로 고친 날짜(EXIF DateTime)"
        case (.ko, .gps): "GPS 날짜"
        case (.ko, .container): "동영상 파일을 만든 시각으로 정한 날짜"
        case (.ko, .fileName): "파일 이름으로 정한 날짜"
        case (.ko, .fileTime): "파일 시각으로 정한 날짜"
        }
    }

    /// A photo page's title: its name and day.
    func photoTitle(_ photo: GalleryPhoto, day: DayDate) -> String { "\(photo.name) · \(dayTitle(day))" }
}
