/// A command line that cannot be run as written. Printed with the usage
/// line and a hint; the process exits 64 (EX_USAGE).
struct UsageError: Error, Sendable, Equatable {
    var message: String

    init(_ message: String) { self.message = message }
}
