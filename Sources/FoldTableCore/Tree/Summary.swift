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
struct Summary: Equatable {
    /// Children, rows, items, default rows and the fixed height.
    var counts = Counts()
    /// Expanded rows among the children (not inside subsections).
    var expandedRows: Int {
        @inline(__always) get { Int(_expandedRows) }
        @inline(__always) set { _expandedRows = Int32(truncatingIfNeeded: newValue) }
    }
    /// Expanded rows here and in every subsection below.
    var expandedDeep: Int {
        @inline(__always) get { Int(_expandedDeep) }
        @inline(__always) set { _expandedDeep = Int32(truncatingIfNeeded: newValue) }
    }
    /// Levels of subsections below (0: no subsections). Combined by max.
    var nesting: Int {
        @inline(__always) get { Int(_nesting) }
        @inline(__always) set { _nesting = Int32(truncatingIfNeeded: newValue) }
    }
    /// Filtering (Table+Filter.swift): rows here and in every subsection
    /// below, and those of them that match the active filter (0 without
    /// one); rows among the children that the filter hides, and subsections
    /// among them that it hides.
    var rowsDeep: Int {
        @inline(__always) get { Int(_rowsDeep) }
        @inline(__always) set { _rowsDeep = Int32(truncatingIfNeeded: newValue) }
    }
    var matchedDeep: Int {
        @inline(__always) get { Int(_matchedDeep) }
        @inline(__always) set { _matchedDeep = Int32(truncatingIfNeeded: newValue) }
    }
    var hiddenRows: Int {
        @inline(__always) get { Int(_hiddenRows) }
        @inline(__always) set { _hiddenRows = Int32(truncatingIfNeeded: newValue) }
    }
    var hiddenSections: Int {
        @inline(__always) get { Int(_hiddenSections) }
        @inline(__always) set { _hiddenSections = Int32(truncatingIfNeeded: newValue) }
    }
    /// Selected rows and selected sections here and in every subsection
    /// below (Table+Selection.swift). Not in `Counts`: descents never read them.
    var selectedRows: Int {
        @inline(__always) get { Int(_selectedRows) }
        @inline(__always) set { _selectedRows = Int32(truncatingIfNeeded: newValue) }
    }
    var selectedSections: Int {
        @inline(__always) get { Int(_selectedSections) }
        @inline(__always) set { _selectedSections = Int32(truncatingIfNeeded: newValue) }
    }
    /// Rows and section headers that show an item while the list's owner
    /// shows its children (here and in every expanded subsection below),
    /// and those of them selected: what a pending `SelectionTag` changes,
    /// and what the selection's first and last shown item are found by.
    var shownRows: Int {
        @inline(__always) get { Int(_shownRows) }
        @inline(__always) set { _shownRows = Int32(truncatingIfNeeded: newValue) }
    }
    var shownHeaders: Int {
        @inline(__always) get { Int(_shownHeaders) }
        @inline(__always) set { _shownHeaders = Int32(truncatingIfNeeded: newValue) }
    }
    var selectedShownRows: Int {
        @inline(__always) get { Int(_selectedShownRows) }
        @inline(__always) set { _selectedShownRows = Int32(truncatingIfNeeded: newValue) }
    }
    var selectedShownHeaders: Int {
        @inline(__always) get { Int(_selectedShownHeaders) }
        @inline(__always) set { _selectedShownHeaders = Int32(truncatingIfNeeded: newValue) }
    }

    // 32-bit storage (see `Counts`): every leaf keeps a summary per entry,
    // and at 80 bytes instead of 144 an edit moves about half the memory.
    private var _expandedRows: Int32 = 0
    private var _expandedDeep: Int32 = 0
    private var _nesting: Int32 = 0
    private var _rowsDeep: Int32 = 0
    private var _matchedDeep: Int32 = 0
    private var _hiddenRows: Int32 = 0
    private var _hiddenSections: Int32 = 0
    private var _selectedRows: Int32 = 0
    private var _selectedSections: Int32 = 0
    private var _shownRows: Int32 = 0
    private var _shownHeaders: Int32 = 0
    private var _selectedShownRows: Int32 = 0
    private var _selectedShownHeaders: Int32 = 0

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
        a._expandedRows &+= b._expandedRows
        a._expandedDeep &+= b._expandedDeep
        a._nesting = max(a._nesting, b._nesting)
        a._rowsDeep &+= b._rowsDeep
        a._matchedDeep &+= b._matchedDeep
        a._hiddenRows &+= b._hiddenRows
        a._hiddenSections &+= b._hiddenSections
        a._selectedRows &+= b._selectedRows
        a._selectedSections &+= b._selectedSections
        a._shownRows &+= b._shownRows
        a._shownHeaders &+= b._shownHeaders
        a._selectedShownRows &+= b._selectedShownRows
        a._selectedShownHeaders &+= b._selectedShownHeaders
    }

    /// Takes `b`'s additive fields out of `a` (wrapping, so exact). The
    /// nesting, a max, stays: whoever removes the entry that held it asks
    /// the others again (`ListNode.childChanged`).
    @inline(__always)
    static func -= (a: inout Summary, b: Summary) {
        a.counts -= b.counts
        a._expandedRows &-= b._expandedRows
        a._expandedDeep &-= b._expandedDeep
        a._rowsDeep &-= b._rowsDeep
        a._matchedDeep &-= b._matchedDeep
        a._hiddenRows &-= b._hiddenRows
        a._hiddenSections &-= b._hiddenSections
        a._selectedRows &-= b._selectedRows
        a._selectedSections &-= b._selectedSections
        a._shownRows &-= b._shownRows
        a._shownHeaders &-= b._shownHeaders
        a._selectedShownRows &-= b._selectedShownRows
        a._selectedShownHeaders &-= b._selectedShownHeaders
    }
}
