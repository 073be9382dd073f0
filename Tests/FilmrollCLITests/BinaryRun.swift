import Foundation

/// Runs the real `filmroll` binary to the end and keeps what it printed.
struct BinaryRun {
    var status: Int32
    var stdout: String
    var stderr: String
    var seconds: Double

    /// The lines the run printed on standard error.
    var errorLines: [String] { stderr.split(separator: "\n").map(String.init) }

    /// Runs `filmroll ARGUMENTS` to the end; a run longer than `timeout`
    /// seconds is killed and reported with status -1, so a hang fails a
    /// test instead of stalling the suite.
    static func run(_ arguments: [String], environment: [String: String] = [:], timeout: Double = 60) throws -> BinaryRun {
        try start(arguments, environment: environment).finish(timeout: timeout)
    }

    /// Starts `filmroll ARGUMENTS` without waiting for it.
    static func start(_ arguments: [String], environment: [String: String] = [:]) throws -> Running {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: InterruptionTests.binary)
        process.arguments = arguments
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        let running = Running(process: process)
        try process.run()
        // Read both pipes while the process runs, so a full pipe never blocks it.
        for (pipe, isError) in [(output, false), (errors, true)] {
            DispatchQueue.global().async(group: running.readers) {
                running.collected.set(pipe.fileHandleForReading.readDataToEndOfFile(), isError: isError)
            }
        }
        return running
    }

    /// A run in progress.
    final class Running: @unchecked Sendable {
        let process: Process
        let started = Date()
        fileprivate let collected = OutputCollector()
        fileprivate let readers = DispatchGroup()

        fileprivate init(process: Process) {
            self.process = process
        }

        /// Waits for the end (killing the process after `timeout` seconds).
        func finish(timeout: Double = 60) -> BinaryRun {
            var timedOut = false
            while process.isRunning {
                if Date().timeIntervalSince(started) > timeout {
                    kill(process.processIdentifier, SIGKILL)
                    timedOut = true
                    break
                }
                Thread.sleep(forTimeInterval: 0.01)
            }
            process.waitUntilExit()
            let seconds = Date().timeIntervalSince(started)
            readers.wait()
            return BinaryRun(status: timedOut ? -1 : process.terminationStatus, stdout: collected.text(isError: false),
                             stderr: collected.text(isError: true), seconds: seconds)
        }
    }

    static func run(_ arguments: String...) throws -> BinaryRun { try run(arguments) }
}

fileprivate final class OutputCollector: @unchecked Sendable {
    private let lock = NSLock()
    private var output = Data(), errors = Data()

    func set(_ data: Data, isError: Bool) {
        lock.lock()
        defer { lock.unlock() }
        if isError { errors = data } else { output = data }
    }

    func text(isError: Bool) -> String {
        lock.lock()
        defer { lock.unlock() }
        return String(decoding: isError ? errors : output, as: UTF8.self)
    }
}
