import Files
import Imaging

extension Catalog {
    /// The folder of Filmroll's own files beside the photos: `FOLDER/.filmroll`.
    public var filmrollFolder: String { AbsolutePath.of(folder) + "/.filmroll" }

    /// The folder `output` was made in, inside which alone it may be
    /// deleted: the one recorded with it; for an output recorded before
    /// schema version 3, the folder's `.filmroll` when the path lies in it,
    /// else the output's own folder.
    public func outputRoot(of output: OutputRecord) -> String {
        Self.outputRoot(recorded: output.root, path: output.path, filmrollFolder: filmrollFolder)
    }

    /// `output` with its path and root as absolute paths (`OutputPathCodec`).
    func withAbsolutePaths(_ output: OutputRecord) -> OutputRecord {
        var output = output
        output.path = pathCodec.absolute(output.path)
        output.root = output.root.map(pathCodec.absolute)
        return output
    }

    static func outputRoot(recorded: String?, path: String, filmrollFolder: String) -> String {
        if let recorded { return recorded }
        if path.hasPrefix(filmrollFolder + "/") { return filmrollFolder }
        return path.lastIndex(of: "/").map { String(path[..<$0]) } ?? ""
    }

    /// Whether `output`'s file may be deleted: `.present` when it may,
    /// `.gone`, or why not (see `pruneMissing()`).
    public func checkOutputFile(_ output: OutputRecord) -> ConfinedFiles.Outcome {
        visitOutput(path: output.path, root: outputRoot(of: output), identity: output.identity, removing: false)
    }

    /// Checks (or removes) a recorded output where it was made, when that
    /// folder is this catalog's (`ownership(of:)`: its marker, found on
    /// disk, names this catalog), without following a link below its root
    /// (nor below `.filmroll` for one made inside it), and the file is still
    /// Filmroll's: it carries Filmroll's mark, or still has the size and
    /// hash this catalog recorded when it was made.
    func visitOutput(path: String, root: String, identity: OutputIdentity?, removing: Bool) -> ConfinedFiles.Outcome {
        do throws(ConfinementRefusal) {
            _ = try ConfinedPath(path, root: root)
        } catch {
            return .refused(error)
        }
        let ownership = ownership(of: root)
        if let reason = ownership.reason(for: root) { return .refused(.notOwned(reason)) }
        let isOurs: (Int32) -> Bool = { descriptor in
            OutputMark.read(descriptor: descriptor) != nil || identity?.matches(descriptor: descriptor) == true
        }
        return removing
            ? ConfinedFiles.remove(path, root: root, anchor: filmrollFolder, isOurs: isOurs)
            : ConfinedFiles.check(path, root: root, anchor: filmrollFolder, isOurs: isOurs)
    }

    /// Whether the outputs table has the `root` column (a catalog read
    /// as it is, without migrating, may be older than version 3).
    var hasOutputRoots: Bool {
        (try? database.value("SELECT count(*) FROM pragma_table_info('outputs') WHERE name = 'root'").int) == 1
    }
}
