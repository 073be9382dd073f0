import Imaging

/// Makes one output from its images one at a time, in the order of its
/// inputs, as the executor decodes them: a day's animation quantizes each
/// frame while the day's next photos decode, so the run does not end on
/// one long encode after the last decode.
///
/// The executor calls `add` from one thread at a time, then `finish`
/// once every input has come (those that failed are skipped), or
/// `abandon` when the output will not be finished.
public protocol IncrementalMaker: AnyObject, Sendable {
    /// Takes the next image.
    func add(_ image: Image) throws
    /// Ends the output: its bytes for the executor to write, or `.written`.
    func finish() throws -> PlannedOutput.Made
    /// Drops what was begun (a temporary file is removed).
    func abandon()
}

extension PlannedOutput {
    /// An output made by `begin`'s maker from its images as they arrive;
    /// `make` feeds it all at once, for a caller that holds them already.
    public init(record: Record, kind: OutputKind, path: String, root: String, mark: OutputMark, inputs: [Input],
                minimumInputs: Int? = nil, begin: @escaping @Sendable (Context) throws -> any IncrementalMaker) {
        self.init(record: record, kind: kind, path: path, root: root, mark: mark, inputs: inputs,
                  minimumInputs: minimumInputs) { images, context in
            let maker = try begin(context)
            do {
                for image in images { try maker.add(image) }
                return try maker.finish()
            } catch {
                maker.abandon()
                throw error
            }
        }
        self.begin = begin
    }
}
