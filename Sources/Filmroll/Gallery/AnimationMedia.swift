/// How a page shows an animation, chosen by its file's extension: GIF and
/// WebP (and anything unknown) play in an `img`, MP4, WebM and MOV in a `video`.
enum AnimationMedia: Equatable {
    case image
    case video

    init(path: String) {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let suffix = name.lastIndex(of: ".").map { name[name.index(after: $0)...].lowercased() } ?? ""
        self = ["mp4", "m4v", "webm", "mov"].contains(suffix) ? .video : .image
    }
}
