/// The aggregates a node of a child list carries for its whole subtree; every
/// query descends by one of them.
///
/// Heights are split into a fixed part and a count of rows that use their
/// section's default row height, so changing that default is O(1) and rows of
/// the default height need no storage.
///
/// The additive counts are a `Counts`, the same value running totals keep
/// and descents add up (`counts`, with a read-only property for each of its
/// fields; writes go to `counts`); the expanded-row counts and the nesting
/// follow.
///
/// Its counts are stored in 32 bits (`Count32`, and see `Counts`): every
/// leaf keeps a summary per entry, and at 80 bytes instead of 144 an edit
/// moves about half the memory.
struct Summary: Equatable {
    /// Children, rows, items, default rows and the fixed height.
    var counts = Counts()
    /// Expanded rows among the children (not inside subsections).
    @Count32 var expandedRows = 0
    /// Expanded rows here and in every subsection below.
    @Count32 var expandedDeep = 0
    /// Levels of subsections below (0: no subsections). Combined by max.
    @Count32 var nesting = 0
    /// Filtering (Table+Filter.swift): rows here and in every subsection
    /// below, and those of them that match the active filter (0 without
    /// one); rows among the children that the filter hides, and subsections
    /// among them that it hides.
    @Count32 var rowsDeep = 0
    @Count32 var matchedDeep = 0
    @Count32 var hiddenRows = 0
    @Count32 var hiddenSections = 0
    /// Selected rows and selected sections here and in every subsection
    /// below (Table+Selection.swift). Not in `Counts`: descents never read them.
    @Count32 var selectedRows = 0
    @Count32 var selectedSections = 0
    /// Rows and section headers that show an item while the list's owner
    /// shows its children (here and in every expanded subsection below),
    /// and those of them selected: what a pending `SelectionTag` changes,
    /// and what the selection's first and last shown item are found by.
    @Count32 var shownRows = 0
    @Count32 var shownHeaders = 0
    @Count32 var selectedShownRows = 0
    @Count32 var selectedShownHeaders = 0

    static let zero = Summary()

    init() {}

    @inline(__always)
    init(counts: Counts, expandedRows: Int = 0, expandedDeep: Int = 0, nesting: Int = 0) {
        self.counts = counts
        self.expandedRows = expandedRows
        self.expandedDeep = expandedDeep
        self.nesting = nesting
    }

    @inline(__always)
    init(children: Int = 0, rows: Int = 0, items: Int = 0, defaultRows: Int = 0, fixedHeight: Int = 0,
         expandedRows: Int = 0, expandedDeep: Int = 0, nesting: Int = 0, rowsDeep: Int? = nil,
         matchedDeep: Int = 0, hiddenSections: Int = 0, shownRows: Int = 0, shownHeaders: Int = 0) {
        self.init(counts: Counts(children: children, rows: rows, items: items, defaultRows: defaultRows,
                                 fixedHeight: fixedHeight),
                  expandedRows: expandedRows, expandedDeep: expandedDeep, nesting: nesting)
        self.rowsDeep = rowsDeep ?? rows  // without subsections, the rows
        self.matchedDeep = matchedDeep
        self.hiddenSections = hiddenSections
        self.shownRows = shownRows
        self.shownHeaders = shownHeaders
    }

    /// Children (rows plus subsections).
    @inline(__always) var children: Int { counts.children }
    /// Rows among the children.
    @inline(__always) var rows: Int { counts.rows }
    /// Flat-list items, assuming the owning section is expanded.
    @inline(__always) var items: Int { counts.items }
    /// Rows whose height is their section's default row height.
    @inline(__always) var defaultRows: Int { counts.defaultRows }
    /// The height of everything else, in units (`Units`).
    @inline(__always) var fixedHeight: Int { counts.fixedHeight }

    /// The total height in units when default rows are `rowHeight` units
    /// tall (`Counts.height`).
    @inline(__always)
    func height(_ rowHeight: Int) -> Int { counts.height(rowHeight) }

    @inline(__always)
    static func + (a: Summary, b: Summary) -> Summary {
        var s = a
        s += b
        return s
    }

    @inline(__always)
    static func += (a: inout Summary, b: Summary) {
        a.counts += b.counts
        a._expandedRows.raw &+= b._expandedRows.raw
        a._expandedDeep.raw &+= b._expandedDeep.raw
        a._nesting.raw = max(a._nesting.raw, b._nesting.raw)
        a._rowsDeep.raw &+= b._rowsDeep.raw
        a._matchedDeep.raw &+= b._matchedDeep.raw
        a._hiddenRows.raw &+= b._hiddenRows.raw
        a._hiddenSections.raw &+= b._hiddenSections.raw
        a._selectedRows.raw &+= b._selectedRows.raw
        a._selectedSections.raw &+= b._selectedSections.raw
        a._shownRows.raw &+= b._shownRows.raw
        a._shownHeaders.raw &+= b._shownHeaders.raw
        a._selectedShownRows.raw &+= b._selectedShownRows.raw
        a._selectedShownHeaders.raw &+= b._selectedShownHeaders.raw
    }

    /// Takes `b`'s additive fields out of `a` (wrapping, so exact). The
    /// nesting, a max, stays: whoever removes the entry that held it asks
    /// the others again (`ListNode.childChanged`).
    @inline(__always)
    static func -= (a: inout Summary, b: Summary) {
        a.counts -= b.counts
        a._expandedRows.raw &-= b._expandedRows.raw
        a._expandedDeep.raw &-= b._expandedDeep.raw
        a._rowsDeep.raw &-= b._rowsDeep.raw
        a._matchedDeep.raw &-= b._matchedDeep.raw
        a._hiddenRows.raw &-= b._hiddenRows.raw
        a._hiddenSections.raw &-= b._hiddenSections.raw
        a._selectedRows.raw &-= b._selectedRows.raw
        a._selectedSections.raw &-= b._selectedSections.raw
        a._shownRows.raw &-= b._shownRows.raw
        a._shownHeaders.raw &-= b._shownHeaders.raw
        a._selectedShownRows.raw &-= b._selectedShownRows.raw
        a._selectedShownHeaders.raw &-= b._selectedShownHeaders.raw
    }
}
