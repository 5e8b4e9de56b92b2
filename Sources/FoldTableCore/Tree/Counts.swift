/// The five additive counts of some entries of a child list: a node's
/// running totals keep them per entry (`TotalsView`), a descent adds them
/// up on its way down (the totals of everything before a child: positions,
/// indices, offsets), and they are the first part of every `Summary`.
///
/// Stored in 24 bytes: `Limits` keeps every count of a table below 2^29,
/// so four counts fit 32 bits (wrapping arithmetic on them is exact, and a
/// difference of two counts fits too); only the height needs 64. Every leaf
/// keeps a summary per entry, so their width is memory traffic on every edit.
struct Counts: Equatable {
    /// The height of everything else, in units (`Units`).
    var fixedHeight = 0
    private var children32: Int32 = 0
    private var rows32: Int32 = 0
    private var items32: Int32 = 0
    private var defaultRows32: Int32 = 0

    init() {}

    @inline(__always)
    init(children: Int = 0, rows: Int = 0, items: Int = 0, defaultRows: Int = 0, fixedHeight: Int = 0) {
        self.fixedHeight = fixedHeight
        children32 = Int32(truncatingIfNeeded: children)
        rows32 = Int32(truncatingIfNeeded: rows)
        items32 = Int32(truncatingIfNeeded: items)
        defaultRows32 = Int32(truncatingIfNeeded: defaultRows)
    }

    /// Children (rows plus subsections).
    var children: Int {
        @inline(__always) get { Int(children32) }
        @inline(__always) set { children32 = Int32(truncatingIfNeeded: newValue) }
    }
    /// Rows among the children.
    var rows: Int {
        @inline(__always) get { Int(rows32) }
        @inline(__always) set { rows32 = Int32(truncatingIfNeeded: newValue) }
    }
    /// Flat-list items, assuming the owning section is expanded.
    var items: Int {
        @inline(__always) get { Int(items32) }
        @inline(__always) set { items32 = Int32(truncatingIfNeeded: newValue) }
    }
    /// Rows whose height is their section's default row height.
    var defaultRows: Int {
        @inline(__always) get { Int(defaultRows32) }
        @inline(__always) set { defaultRows32 = Int32(truncatingIfNeeded: newValue) }
    }

    /// The total height in units when default rows are `rowHeight` units
    /// tall. Exact: `Limits` keeps it below 2^53.
    @inline(__always)
    func height(_ rowHeight: Int) -> Int {
        fixedHeight &+ defaultRows &* rowHeight
    }

    @inline(__always)
    static func += (a: inout Counts, b: Counts) {
        // Sums are bounded by `Limits` (rows, sections, heights): below 2^29, heights below 2^53.
        a.children32 &+= b.children32
        a.rows32 &+= b.rows32
        a.items32 &+= b.items32
        a.defaultRows32 &+= b.defaultRows32
        a.fixedHeight &+= b.fixedHeight
    }

    @inline(__always)
    static func -= (a: inout Counts, b: Counts) {
        a.children32 &-= b.children32
        a.rows32 &-= b.rows32
        a.items32 &-= b.items32
        a.defaultRows32 &-= b.defaultRows32
        a.fixedHeight &-= b.fixedHeight
    }
}
