/// `-o, --out PATH`: where a command writes, a file or a folder as its
/// usage line says. The placeholder names what the command takes (`DIR`,
/// `OUT.mp4`); the help text is the same everywhere. `--output`, the name
/// the file-making commands used first, is still accepted.
enum OutputOptions {
    static let help = "Where to write: the file to make, or the folder its outputs go in."

    /// The option, its value named `placeholder`.
    static func spec(_ placeholder: String) -> OptionSpec {
        var spec = OptionSpec.value("out", short: "o", placeholder, help)
        spec.formerNames = ["output"]
        return spec
    }

    /// The path given, if any.
    static func path(_ arguments: ParsedArguments) -> String? {
        arguments.value(spec("PATH"))
    }
}
