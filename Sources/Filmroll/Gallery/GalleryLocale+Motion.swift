/// The words of videos, Live Photos and motion photos on the gallery's pages.
extension GalleryLocale {
    /// What a badge tells a screen reader: "video, 0:07", "Live Photo".
    func motionLabel(_ motion: GalleryMotion) -> String {
        let kind = switch (self, motion.kind) {
        case (.en, .video): "video"
        case (.en, .livePhoto): "Live Photo"
        case (.en, .motionPhoto): "motion photo"
        case (.ko, .video): "동영상"
        case (.ko, .livePhoto): "라이브 포토"
        case (.ko, .motionPhoto): "모션 포토"
        }
        return motion.durationText.map { "\(kind), \($0)" } ?? kind
    }

    /// The badge's own text: "▶ 0:07", "LIVE", "MOTION".
    func motionBadge(_ motion: GalleryMotion) -> String {
        switch motion.kind {
        case .video: "▶ " + (motion.durationText ?? "")
        case .livePhoto: "LIVE"
        case .motionPhoto: self == .en ? "MOTION" : "모션"
        }
    }

    var playMotion: String { self == .en ? "Play the motion" : "움직임 재생" }
    var videoLabel: String { self == .en ? "Video" : "동영상" }
    var noPlayableClip: String {
        self == .en ? "This video cannot be played here; open the original." : "여기서는 재생할 수 없는 동영상입니다. 원본을 여세요."
    }

    /// "BURST 20": a burst's badge, with all its frames.
    func burstBadge(frames: Int) -> String { self == .en ? "BURST \(frames)" : "연사 \(frames)" }
    /// "burst of 20 photos", for a screen reader.
    func burstLabel(frames: Int) -> String { self == .en ? "burst of \(frames) photos" : "연사 \(frames)장" }
    var burstHeading: String { self == .en ? "Burst" : "연사" }
    /// "×3": a picture kept in 3 files, on its tile.
    func copiesBadge(files: Int) -> String { self == .en ? "×\(files)" : "사본 \(files)" }
    /// "the same picture in 3 files", for a screen reader.
    func copiesLabel(files: Int) -> String { self == .en ? "the same picture in \(files) files" : "같은 사진 \(files)개 파일" }
    var copiesHeading: String { self == .en ? "Copies" : "사본" }
    /// Why this file was shown, before the list of the others.
    func copiesNote(files: Int) -> String {
        self == .en ? "The same picture in \(files) files; this is the original (the most pixels, then the first saved). The others:"
                    : "같은 사진이 \(files)개 파일에 있습니다. 이 파일이 원본입니다(가장 크고, 그다음 가장 먼저 저장된 파일). 나머지:"
    }
    /// Why this frame was shown, before the list of the others.
    func burstNote(frames: Int) -> String {
        self == .en ? "\(frames) frames; this one has the most detail. The others:"
                    : "\(frames)장 가운데 가장 선명한 사진입니다. 나머지:"
    }
}
