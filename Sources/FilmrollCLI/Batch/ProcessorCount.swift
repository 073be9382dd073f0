import Filmroll

/// The number of cores the process may use.
var processorCount: Int { Parallel.processorCount }
