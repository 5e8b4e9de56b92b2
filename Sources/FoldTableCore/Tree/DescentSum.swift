// What a descent of a child list adds up on its way down
// (`ChildList.descend`): only the columns of the totals its caller needs, so
// it reads fewer lines of each node (in a large table, the lower levels'
// are cache misses).

/// What a descent adds up of the totals before its path (`ChildList.descend`).
protocol DescentSum {
    init()
    /// Adds entry `i`'s totals before it.
    mutating func add(_ view: TotalsView, _ i: Int)
    /// Whether the descent is an edit's (`WithPath`), which writes the
    /// node objects on its path and the run it finds: it asks for their
    /// lines on the way down (`Prefetch`).
    static var edits: Bool { get }
}

extension DescentSum {
    @inline(__always) static var edits: Bool { false }
}

extension Counts: DescentSum {
    @inline(__always)
    mutating func add(_ view: TotalsView, _ i: Int) { self += view.prefix(i) }
}

/// The height part of `Counts` alone: two of the five columns.
struct Heights: DescentSum {
    var fixedHeight = 0
    var defaultRows = 0

    init() {}

    @inline(__always)
    mutating func add(_ view: TotalsView, _ i: Int) {
        fixedHeight &+= view.get(i, TotalsView.fixedHeight)
        defaultRows &+= view.get(i, TotalsView.defaultRows)
    }

    /// In units, default rows `rowHeight` units tall (as `Counts.height`).
    @inline(__always)
    func height(_ rowHeight: Int) -> Int { fixedHeight &+ defaultRows &* rowHeight }
}

/// Nothing: for a descent whose caller needs none of the totals before
/// its path (an edit that reports nothing), so it reads only the column
/// it scans and the one it follows.
struct NoTotals: DescentSum {
    init() {}

    @inline(__always)
    mutating func add(_ view: TotalsView, _ i: Int) {}
}

/// Items and heights: what a search by offset needs of the totals before
/// an entry (`ChildList.locate(from:endingBeyond:)`), three of the five
/// columns; it scans the two height columns anyway.
struct ItemsAndHeights: DescentSum {
    var items = 0
    var heights = Heights()

    init() {}

    @inline(__always)
    mutating func add(_ view: TotalsView, _ i: Int) {
        items &+= view.get(i, TotalsView.items)
        heights.add(view, i)
    }

    /// In units, default rows `rowHeight` units tall (as `Counts.height`).
    @inline(__always)
    func height(_ rowHeight: Int) -> Int { heights.height(rowHeight) }
}

/// What finding an item by position needs of the totals before its path
/// (`Table.locateItem`): its section's and row's indices, and its top
/// only when the sum `measures`.
protocol PlaceSum: DescentSum {
    /// Whether `height` adds up heights (else it is 0).
    static var measures: Bool { get }
    var children: Int { get }
    var rows: Int { get }
    /// In units, default rows `rowHeight` units tall.
    func height(_ rowHeight: Int) -> Int
}

extension Counts: PlaceSum {
    static var measures: Bool { true }
}

/// The child and row indices alone, two of the five columns: an item
/// found without its geometry (`Table.item(at:)`) reads no height.
struct Indices: PlaceSum {
    static var measures: Bool { false }
    var children = 0
    var rows = 0

    init() {}

    @inline(__always)
    mutating func add(_ view: TotalsView, _ i: Int) {
        children &+= view.get(i, TotalsView.children)
        rows &+= view.get(i, TotalsView.rows)
    }

    /// 0: no height is read.
    @inline(__always)
    func height(_ rowHeight: Int) -> Int { 0 }
}

/// The path a descent took: each internal level's slot, so that an edit
/// of the piece found brings the levels above up to date without looking
/// for its slot in each (`ListNode.addHeightDownward`). The slots are
/// bytes of one word (a node has at most `ChildList.maxFill` entries), so
/// the path costs no copy; a descent deeper than 8 levels (more than 8^8
/// pieces) records only that it was.
struct DescentPath {
    /// Levels passed, from the root down; more than 8: too deep to record.
    private(set) var depth = 0
    /// Byte `level`: the slot taken at that level.
    private(set) var slots: UInt64 = 0

    @inline(__always)
    mutating func add(_ slot: Int) {
        if depth < 8 { slots |= UInt64(truncatingIfNeeded: slot & 0xFF) &<< UInt64(truncatingIfNeeded: depth &* 8) }
        depth &+= 1
    }

    /// Whether every level was recorded.
    var isComplete: Bool { depth <= 8 }
}

/// `Sum`, and the path the descent took (`DescentPath`).
struct WithPath<Sum: DescentSum>: DescentSum {
    var sum = Sum()
    var path = DescentPath()

    @inline(__always) static var edits: Bool { true }

    init() {}

    @inline(__always)
    mutating func add(_ view: TotalsView, _ i: Int) {
        sum.add(view, i)
        path.add(i)
    }
}
