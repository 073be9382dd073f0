/// Where an output of some photos will be recorded: the catalogued
/// folder, and each distinct photo as that catalog knows it, in order.
public struct LineageTarget: Sendable, Hashable {
    public var folder: String
    public var photos: [PhotoReference]
}
