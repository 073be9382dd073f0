import Imaging

extension ImagingError {
    /// The system's reason at the end of a file error ("no space left on
    /// device" of "cannot write /x/a.jpg: no space left on device"), the
    /// same for every file that failed the same way.
    var cause: String {
        let text = description
        guard let colon = text.lastIndex(of: ":") else { return text }
        return String(text[text.index(after: colon)...].drop { $0 == " " })
    }
}
