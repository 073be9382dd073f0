/// A problem's reason as a person reads it: what is wrong, then what to do.
/// The program's own text (an errno message, a decoder's) is matched here,
/// by the words the libraries and `ImagingError` use, and kept beside it as
/// the detail a bug report needs.
struct ProblemReason: Sendable, Hashable {
    /// "The file is cut short."
    var what: String
    /// "Copy it again from the camera or phone."
    var advice: String?

    /// The reason for `problem`, in `locale`.
    init(_ problem: GalleryProblem, locale: GalleryLocale) {
        let cause = Cause(problem)
        (what, advice) = locale == .ko ? cause.korean : cause.english
    }

    /// What went wrong, by the program's words.
    enum Cause: Hashable {
        case cutShort, damaged, empty, permission, gone, diskError, diskFull, tooLarge, memory
        case unsupported(String?), notAnImage, video, notMade, notAPhoto, special(String), warned

        init(_ problem: GalleryProblem) {
            let text = problem.reason.lowercased()
            func has(_ words: String...) -> Bool { words.contains { text.contains($0) } }
            switch problem.kind {
            case .warned: self = .warned; return
            case .skipped where problem.reason != "not a photo": self = .special(problem.reason); return
            default: break
            }
            if has("permission denied", "operation not permitted") { self = .permission }
            else if has("no space left", "disk quota") { self = .diskFull }
            else if has("input/output error", "i/o error") { self = .diskError }
            else if has("no such file", "not found") && problem.kind != .notMade { self = .gone }
            else if has("out of memory", "cannot allocate memory") { self = .memory }
            else if has("too large", "limit exceeded") { self = .tooLarge }
            else if problem.kind == .notMade { self = .notMade }
            else if problem.kind == .skipped { self = .notAPhoto }
            else if has("empty file") { self = .empty }
            else if has("truncated", "premature end", "unexpected end", "end of file", "cut short", "ends before") { self = .cutShort }
            else if has("unsupported format") { self = .unsupported(Self.formatName(problem.reason)) }
            else if has("not an image filmroll reads", "unrecognized", "not a supported") { self = .notAnImage }
            else if has("cannot read video") { self = .video }
            else { self = .damaged }
        }

        /// "TIFF" of "unsupported format (TIFF)".
        private static func formatName(_ reason: String) -> String? {
            guard let open = reason.firstIndex(of: "("), let close = reason[open...].firstIndex(of: ")") else { return nil }
            return String(reason[reason.index(after: open)..<close])
        }

        var english: (String, String?) {
            switch self {
            case .cutShort: ("The file is cut short.", "Copy it again from the camera or phone.")
            case .damaged: ("The file is damaged.", "Copy it again from the camera or phone; if the copy is damaged too, so is the original.")
            case .empty: ("The file is empty.", "Copy it again from the camera or phone.")
            case .permission: ("Permission denied: Filmroll may not read or write this file.",
                               "Give your user access to it (for example chmod u+rw), then run Filmroll again.")
            case .gone: ("The file went away while Filmroll was working.", "Run Filmroll again.")
            case .diskError: ("The disk could not read the file.", "Check the disk or memory card, then copy the file again.")
            case .diskFull: ("The disk is full.", "Free some space, then run Filmroll again.")
            case .tooLarge: ("The image is larger than Filmroll's limits.", "Make a smaller copy to see it here.")
            case .memory: ("There was not enough memory for it.", "Run Filmroll again with fewer jobs (--jobs 1).")
            case .unsupported(let name): ("\(name ?? "This format") is a format Filmroll cannot show.", "Convert it to JPEG to see it here.")
            case .notAnImage: ("Not an image Filmroll reads.", "Nothing to do, unless it should be a photo: then copy it again.")
            case .video: ("The video could not be read.", "It may be cut short: copy it again from the camera or phone.")
            case .notMade: ("Filmroll could not make this file.", "Run Filmroll again; if it fails again, report it with the detail below.")
            case .notAPhoto: ("Not a photo or video.", nil)
            case .special(let what): ("Not a regular file: \(what).", nil)
            case .warned: ("Shown, but part of the file is damaged.", "Copy it again from the camera or phone if it looks wrong.")
            }
        }

        var korean: (String, String?) {
            switch self {
            case .cutShort: ("파일이 중간에 잘려 있습니다.", "카메라나 휴대전화에서 다시 복사하세요.")
            case .damaged: ("파일이 손상되었습니다.", "카메라나 휴대전화에서 다시 복사하세요.")
            case .empty: ("빈 파일입니다.", "카메라나 휴대전화에서 다시 복사하세요.")
            case .permission: ("권한이 없어 이 파일을 읽거나 쓸 수 없습니다.", "파일 권한을 고친 뒤 다시 실행하세요.")
            case .gone: ("작업 중에 파일이 사라졌습니다.", "다시 실행하세요.")
            case .diskError: ("디스크에서 파일을 읽지 못했습니다.", "디스크나 메모리 카드를 확인한 뒤 다시 복사하세요.")
            case .diskFull: ("디스크가 가득 찼습니다.", "공간을 비운 뒤 다시 실행하세요.")
            case .tooLarge: ("Filmroll의 한도보다 큰 이미지입니다.", "작은 사본을 만들어 보세요.")
            case .memory: ("메모리가 모자랐습니다.", "--jobs 1로 다시 실행하세요.")
            case .unsupported(let name): ("\(name ?? "이 형식")은 Filmroll이 보여 줄 수 없는 형식입니다.", "JPEG로 바꾸면 볼 수 있습니다.")
            case .notAnImage: ("Filmroll이 읽는 이미지가 아닙니다.", nil)
            case .video: ("동영상을 읽지 못했습니다.", "카메라나 휴대전화에서 다시 복사하세요.")
            case .notMade: ("Filmroll이 이 파일을 만들지 못했습니다.", "다시 실행하세요.")
            case .notAPhoto: ("사진이나 동영상이 아닙니다.", nil)
            case .special(let what): ("일반 파일이 아닙니다: \(what).", nil)
            case .warned: ("보여 주지만 파일 일부가 손상되었습니다.", nil)
            }
        }
    }

    /// `reason` with the folder's and the gallery's absolute paths taken out ("cannot create clips/x.mp4: …").
    static func relative(_ reason: String, folder: String, out: String) -> String {
        var text = reason
        for prefix in [out, folder].map({ $0.hasSuffix("/") ? $0 : $0 + "/" }) where prefix.count > 1 {
            while let range = text.firstRange(of: prefix) { text.replaceSubrange(range, with: "") }
        }
        return text
    }
}
