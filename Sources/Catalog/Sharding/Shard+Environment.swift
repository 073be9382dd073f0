extension Shard {
    /// Why `--shard auto` found no shard in the environment.
    public struct EnvironmentError: Error, Sendable, CustomStringConvertible {
        public let description: String
    }

    /// The shard of this task, from the variables a cluster engine sets:
    /// - Slurm job arrays: `SLURM_ARRAY_TASK_ID` with `SLURM_ARRAY_TASK_MIN`,
    ///   `SLURM_ARRAY_TASK_STEP` and `SLURM_ARRAY_TASK_COUNT` (so `--array=1-8`
    ///   and `--array=0-14:2` work as `--array=0-7` does);
    /// - Kubernetes Indexed Jobs: `JOB_COMPLETION_INDEX`, with the Job's
    ///   `completions` passed as `FILMROLL_SHARD_COUNT` (Kubernetes sets no
    ///   variable for it; the example Job sets it).
    /// - Throws: `EnvironmentError` when neither is there, or a value is not a number in range.
    public static func fromEnvironment(_ environment: [String: String]) throws(EnvironmentError) -> Shard {
        func number(_ name: String) throws(EnvironmentError) -> Int? {
            guard let text = environment[name] else { return nil }
            guard let value = Int(Substring(text).trimmingCharacters()) else {
                throw EnvironmentError(description: "\(name)=\(text) is not a number")
            }
            return value
        }
        if let task = try number("SLURM_ARRAY_TASK_ID") {
            guard let count = try number("SLURM_ARRAY_TASK_COUNT") else {
                throw EnvironmentError(description: "SLURM_ARRAY_TASK_ID is set but SLURM_ARRAY_TASK_COUNT is not")
            }
            let first = try number("SLURM_ARRAY_TASK_MIN") ?? 0
            let step = max(1, try number("SLURM_ARRAY_TASK_STEP") ?? 1)
            guard task >= first, (task - first) % step == 0, let shard = Shard(index: (task - first) / step, count: count) else {
                throw EnvironmentError(description: "Slurm array task \(task) (first \(first), step \(step)) is not one of \(count) tasks")
            }
            return shard
        }
        if let index = try number("JOB_COMPLETION_INDEX") {
            guard let count = try number("FILMROLL_SHARD_COUNT") else {
                throw EnvironmentError(description: "JOB_COMPLETION_INDEX is set but FILMROLL_SHARD_COUNT is not "
                                           + "(set it to the Job's completions)")
            }
            guard let shard = Shard(index: index, count: count) else {
                throw EnvironmentError(description: "JOB_COMPLETION_INDEX=\(index) is not one of \(count) shards")
            }
            return shard
        }
        throw EnvironmentError(description: "--shard auto needs SLURM_ARRAY_TASK_ID (a Slurm job array) "
                                   + "or JOB_COMPLETION_INDEX (a Kubernetes Indexed Job)")
    }
}
