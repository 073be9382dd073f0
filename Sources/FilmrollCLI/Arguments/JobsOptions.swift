/// `-j, --jobs N`: how many files a command works on at once.
struct JobsOptions: OptionGroup {
    static let jobs = OptionSpec.value("jobs", short: "j", "N", "Work on N files at once, 1 to 256 (default: the number of cores).")
    static let specs = [jobs]

    var jobs: Int

    init(_ arguments: ParsedArguments) throws(UsageError) {
        jobs = try arguments.integer(Self.jobs, in: 1...256, default: processorCount)!
    }
}
