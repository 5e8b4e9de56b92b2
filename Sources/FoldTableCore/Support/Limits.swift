/// Bounds that keep every count and sum far from overflow and every sum of
/// heights exact (see `Units`), so no input can make arithmetic trap or round.
///
/// A table holds at most maxRows rows and maxSections sections, so fewer than
/// 2^29 items (rows, headers, footers) and two paddings, each at most
/// maxHeight (2^24 units) tall: every height sum is below 2^53 units.
public enum Limits {
    /// The largest accepted height, in points (2^16 pt = 2^24 units, so a
    /// row height fits 4 bytes of storage beside a "none" value).
    public static let maxHeight: Double = 65536
    /// The most rows one table holds (2^28).
    public static let maxRows: Int = 1 << 28
    /// The most sections one table holds (2^26).
    public static let maxSections: Int = 1 << 26
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
