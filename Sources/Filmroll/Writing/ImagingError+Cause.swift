import Imaging

extension ImagingError {
    /// The system's reason of a file error ("no space left on device" of
    /// "cannot write /x/a.jpg: no space left on device"), the same for every
    /// file that failed the same way; a limit's sentence; else the whole one.
    var cause: String {
        switch self {
        case .fileSystem(let error): error.problem?.description ?? error.description
        case .limitExceeded(let limit): limit.description
        default: description
        }
    }
}
