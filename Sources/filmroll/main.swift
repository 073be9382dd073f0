#if canImport(Glibc)
import Glibc
#endif
import FilmrollCLI
import Files

// The arguments as the bytes they are: a file name that is not UTF-8 names its file (`PathBytes`).
let arguments = (1..<max(1, Int(CommandLine.argc))).map { PathBytes.decode(cString: CommandLine.unsafeArgv[$0]!) }
exit(CLI.run(arguments).rawValue)
