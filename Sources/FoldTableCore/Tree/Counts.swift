/// The five additive counts of some entries of a child list: a node's
/// running totals keep them per entry (`TotalsView`), a descent adds them
/// up on its way down (the totals of everything before a child: positions,
/// indices, offsets), and they are the first part of every `Summary`.
struct Counts: Equatable {
    /// Children (rows plus subsections).
    var children = 0
    /// Rows among the children.
    var rows = 0
    /// Flat-list items, assuming the owning section is expanded.
    var items = 0
    /// Rows whose height is their section's default row height.
    var defaultRows = 0
    /// The height of everything else, in units (`Units`).
    var fixedHeight = 0

    /// The total height in units when default rows are `rowHeight` units
    /// tall. Exact: `Limits` keeps it below 2^53.
    @inline(__always)
    func height(_ rowHeight: Int) -> Int {
        fixedHeight &+ defaultRows &* rowHeight
    }

    @inline(__always)
    static func += (a: inout Counts, b: Counts) {
        // Sums are bounded by `Limits` (rows, sections, heights): below 2^53.
        a.children &+= b.children
        a.rows &+= b.rows
        a.items &+= b.items
        a.defaultRows &+= b.defaultRows
        a.fixedHeight &+= b.fixedHeight
    }
}
