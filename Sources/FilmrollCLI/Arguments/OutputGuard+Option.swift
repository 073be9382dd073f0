import Filmroll

extension OutputGuard {
    /// `--force`, as every command that writes outputs declares it.
    static let forceOption = OptionSpec.flag("force", "Replace an existing file that Filmroll did not make (never an input).")
}
