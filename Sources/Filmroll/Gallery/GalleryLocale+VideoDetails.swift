import Imaging

/// The words of a video's details on its page: length, codec and frame rate, sound.
extension GalleryLocale {
    var lengthLabel: String { self == .en ? "Length" : "길이" }
    var soundLabel: String { self == .en ? "Sound" : "소리" }
    var playVideo: String { self == .en ? "Play the video" : "동영상 재생" }

    /// "Yes", "None": whether the video has sound.
    func soundText(_ video: VideoFacts) -> String {
        switch (self, video.hasAudio) {
        case (.en, true): "Yes"
        case (.en, false): "None"
        case (.ko, true): "있음"
        case (.ko, false): "없음"
        }
    }

    /// "HEVC · 29.97 fps": the codec by its usual name, and the frame rate when known.
    func videoText(_ video: VideoFacts) -> String {
        let codec = Self.codecName(video.codec)
        guard let rate = video.frameRate, rate.isFinite, rate > 0 else { return codec }
        return (codec.isEmpty ? "" : codec + " · ") + Self.frameRateText(rate)
    }

    /// "H.264" for FFmpeg's "h264", "HEVC" for "hevc"; others upper-cased.
    /// A profile the catalog keeps after it ("h264 (High 4:2:2)") stays.
    static func codecName(_ codec: String) -> String {
        if let space = codec.firstIndex(of: " ") {
            return codecName(String(codec[..<space])) + codec[space...]
        }
        return switch codec {
        case "h264": "H.264"
        case "hevc": "HEVC"
        case "av1": "AV1"
        case "vp8": "VP8"
        case "vp9": "VP9"
        case "mpeg4": "MPEG-4 Part 2"
        case "mjpeg": "Motion JPEG"
        case "prores": "ProRes"
        default: codec.uppercased()
        }
    }

    /// "30 fps", "29.97 fps": two decimals at most, none when whole.
    static func frameRateText(_ rate: Double) -> String {
        let hundredths = Int((rate * 100).rounded())
        let whole = hundredths / 100, rest = hundredths % 100
        let fraction = rest == 0 ? "" : rest % 10 == 0 ? ".\(rest / 10)" : ".\(rest < 10 ? "0" : "")\(rest)"
        return "\(whole)\(fraction) fps"
    }
}
