#if canImport(Glibc)
import Glibc
#endif
import FilmrollCLI

exit(CLI.run(Array(CommandLine.arguments.dropFirst())).rawValue)
