/// The five additive counts of some entries of a child list: a node's
/// running totals keep them per entry (`TotalsView`), a descent adds them
/// up on its way down (the totals of everything before a child: positions,
/// indices, offsets), and they are the first part of every `Summary`.
///
/// Stored in 24 bytes: `Limits` keeps every count of a table below 2^29,
/// so four counts fit 32 bits (`Count32`); only the height needs 64. Every
/// leaf keeps a summary per entry, so their width is memory traffic on
/// every edit.
struct Counts: Equatable {
    /// The height of everything else, in units (`Units`).
    var fixedHeight = 0
    /// Children (rows plus subsections).
    @Count32 var children = 0
    /// Rows among the children.
    @Count32 var rows = 0
    /// Flat-list items, assuming the owning section is expanded.
    @Count32 var items = 0
    /// Rows whose height is their section's default row height.
    @Count32 var defaultRows = 0

    init() {}

    @inline(__always)
    init(children: Int = 0, rows: Int = 0, items: Int = 0, defaultRows: Int = 0, fixedHeight: Int = 0) {
        self.fixedHeight = fixedHeight
        self.children = children
        self.rows = rows
        self.items = items
        self.defaultRows = defaultRows
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
        a._children.raw &+= b._children.raw
        a._rows.raw &+= b._rows.raw
        a._items.raw &+= b._items.raw
        a._defaultRows.raw &+= b._defaultRows.raw
        a.fixedHeight &+= b.fixedHeight
    }

    @inline(__always)
    static func -= (a: inout Counts, b: Counts) {
        a._children.raw &-= b._children.raw
        a._rows.raw &-= b._rows.raw
        a._items.raw &-= b._items.raw
        a._defaultRows.raw &-= b._defaultRows.raw
        a.fixedHeight &-= b.fixedHeight
    }
}

/// A count stored in 32 bits and read as an Int. Exact for every count of
/// a table (`Limits`: below 2^29), and for differences of two; wrapping,
/// so no input traps. Also a section's heights in units (at most 2^24)
/// and its snapshot mark (`Section`).
@propertyWrapper
struct Count32: Equatable {
    var raw: Int32

    @inline(__always)
    init(wrappedValue: Int) { raw = Int32(truncatingIfNeeded: wrappedValue) }

    var wrappedValue: Int {
        @inline(__always) get { Int(raw) }
        @inline(__always) set { raw = Int32(truncatingIfNeeded: newValue) }
    }
}
