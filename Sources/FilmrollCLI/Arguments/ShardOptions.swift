import Filmroll

/// `--shard K/N|auto`: one task's share of a folder's photos, for Slurm job
/// arrays and Kubernetes Indexed Jobs (`Shard`).
struct ShardOptions: OptionGroup {
    static let shard = OptionSpec.value("shard", "K/N|auto",
                                        "Only the days of shard K of N (K from 0), into the shard's own catalog (thumbs: by path); auto: from Slurm's SLURM_ARRAY_TASK_ID or Kubernetes' JOB_COMPLETION_INDEX with FILMROLL_SHARD_COUNT. Then 'filmroll merge'.")
    static let specs = [shard]

    var shard: Shard?

    init(_ arguments: ParsedArguments) throws(UsageError) {
        try self.init(arguments, environment: ProcessEnvironment.current)
    }

    init(_ arguments: ParsedArguments, environment: [String: String]) throws(UsageError) {
        guard let text = arguments.value(Self.shard) else { return }
        if text == "auto" {
            do throws(Shard.EnvironmentError) {
                shard = try Shard.fromEnvironment(environment)
            } catch {
                throw UsageError(error.description)
            }
            return
        }
        guard let shard = Shard(text) else {
            throw UsageError("--shard takes K/N (0 ≤ K < N ≤ \(Shard.maximumCount)) or auto, not '\(text)'")
        }
        self.shard = shard
    }
}
