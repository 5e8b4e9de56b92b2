/// Bounds that keep every count and sum far from overflow and every height
/// representable, so no input can make arithmetic trap.
public enum Limits {
    /// The largest accepted height, in points.
    public static let maxHeight: Double = 10_000_000
    /// The most rows one table holds (2^48).
    public static let maxRows: Int = 1 << 48
    /// The most sections one table holds.
    public static let maxSections: Int = 1 << 40
    /// The deepest nesting: a section at depth `maxDepth - 1` has no subsections.
    /// Bounds recursion and path lengths.
    public static let maxDepth: Int = 64

    /// Checks that `height` is a usable height.
    static func check(height: Double, _ what: String) throws {
        guard height.isFinite, height >= 0, height <= maxHeight else {
            throw FoldError(.invalidArgument,
                            "\(what) \(height) is not a height (a finite number from 0 to \(Int(maxHeight)))")
        }
    }
}
