/// The aggregates a node of a child list carries for its whole subtree; every
/// query descends by one of them.
///
/// Heights are split into a fixed part and a count of rows that use their
/// section's default row height, so changing that default is O(1) and rows of
/// the default height need no storage.
struct Summary: Equatable {
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
    /// Expanded rows among the children (not inside subsections).
    var expandedRows = 0
    /// Expanded rows here and in every subsection below.
    var expandedDeep = 0
    /// Levels of subsections below (0: no subsections). Combined by max.
    var nesting = 0

    static let zero = Summary()

    /// The total height in units when default rows are `rowHeight` units
    /// tall. Exact: `Limits` keeps it below 2^53.
    @inline(__always)
    func height(_ rowHeight: Int) -> Int {
        fixedHeight &+ defaultRows &* rowHeight
    }

    @inline(__always)
    static func + (a: Summary, b: Summary) -> Summary {
        Summary(children: a.children + b.children, rows: a.rows + b.rows,
                items: a.items + b.items, defaultRows: a.defaultRows + b.defaultRows,
                fixedHeight: a.fixedHeight &+ b.fixedHeight, expandedRows: a.expandedRows + b.expandedRows,
                expandedDeep: a.expandedDeep + b.expandedDeep, nesting: max(a.nesting, b.nesting))
    }

    @inline(__always)
    static func += (a: inout Summary, b: Summary) { a = a + b }
}
