/// Where a piece is: its leaf and its slot there, and the leaf's running
/// totals. Valid until the list changes: it does not keep the leaf alive
/// (retaining it would be an atomic write to a line a lookup otherwise
/// never touches, a cache miss that also holds up the loads after it).
struct PieceRef {
    /// The leaf, unretained: a path that calls into it holds it with
    /// `_withUnsafeGuaranteedRef`, so that the call retains nothing either.
    let leafRef: Unmanaged<ListNode>
    var leaf: ListNode { leafRef.takeUnretainedValue() }
    let slot: Int
    let totals: TotalsView
    /// The entry's `TotalsView.lookup`, as the descent found it.
    let lookup: Int
    /// For a subsection, its list root's record (`TotalsView.subRecord`)
    /// when the descent read it with `lookup`; else 0.
    let subRecord: Int

    init(leaf: ListNode, slot: Int) {
        let totals = leaf.totals.view
        let lookup = totals.get(slot, TotalsView.lookup)
        let sub = LookupTag.tag(lookup) == LookupTag.section ? totals.get(slot, TotalsView.subRecord) : 0
        self.init(leafRef: Unmanaged.passUnretained(leaf), slot: slot, totals: totals, lookup: lookup, subRecord: sub)
    }

    init(leaf: ListNode, slot: Int, totals: TotalsView, lookup: Int) {
        self.init(leafRef: Unmanaged.passUnretained(leaf), slot: slot, totals: totals, lookup: lookup)
    }

    init(leafRef: Unmanaged<ListNode>, slot: Int, totals: TotalsView, lookup: Int, subRecord: Int = 0) {
        self.leafRef = leafRef
        self.slot = slot
        self.totals = totals
        self.lookup = lookup
        self.subRecord = subRecord
    }

    /// The entry as plain rows (see `PlainRows`); nil for a subsection or a
    /// run with expanded heights. O(1).
    @inline(__always)
    var plainRows: PlainRows? {
        PlainRows(lookup: lookup, count: totals.get(slot &+ 1, TotalsView.rows) &- totals.get(slot, TotalsView.rows))
    }

    var piece: Piece { leaf.pieces[slot] }

    /// The subsection here (unretained, like `leaf`: valid until the list
    /// changes), from the leaf's totals when they record it; nil for a row
    /// run. O(1).
    var section: Section? { sectionRef?.takeUnretainedValue() }

    /// The same, as a reference a read path can use without retaining it
    /// (`_withUnsafeGuaranteedRef`). O(1).
    @inline(__always)
    var sectionRef: Unmanaged<Section>? {
        switch LookupTag.tag(lookup) {
        case LookupTag.section:
            let p = UnsafeRawPointer(bitPattern: LookupTag.address(lookup)).unsafelyUnwrapped
            return Unmanaged<Section>.fromOpaque(p)
        case LookupTag.none:
            return leafRef._withUnsafeGuaranteedRef { leaf in
                leaf.pieces.withUnsafeBufferPointer { p -> Unmanaged<Section>? in
                    guard case .section(let s) = p[slot] else { return nil }
                    return Unmanaged.passUnretained(s)
                }
            }
        default:
            return nil
        }
    }

    /// Whether the leaf records a subsection here. O(1).
    @inline(__always)
    var holdsSection: Bool { LookupTag.tag(lookup) == LookupTag.section }

    /// Where a descent into `sub`, the subsection here, starts: its list's
    /// root and the record the leaf keeps of it beside its address (read
    /// with `lookup`), so that the section object and its totals load
    /// together; `sub.listStart` where this reference carries no record
    /// (an empty list, or a reference not made by a descent). O(1).
    @inline(__always)
    func start(into sub: Section) -> ListStart? {
        guard holdsSection, subRecord != 0, let node = sub.list.rootRef else { return sub.listStart }
        return (node, subRecord)
    }

    /// What a lookup needs of the row that is item `i` of the row run here
    /// (row `i` unless the filter hides rows of it); nil for a
    /// subsection. Heights only with `measure`. Read from the leaf's totals
    /// when they describe the run (`plainRows`), else from the
    /// piece in place (no copy, so no retain that would touch the run's
    /// height storage). O(chunk size).
    func row(_ i: Int, rowHeight: Int, measure: Bool) -> RowFacts? {
        if holdsSection { return nil }
        if let plain = plainRows {
            return RowFacts(expanded: false, expandable: false,
                            top: measure ? plain.prefixHeight(i, rowHeight: rowHeight) : 0,
                            height: measure ? plain.height(i, rowHeight: rowHeight) : 0, index: i)
        }
        return leaf.pieces.withUnsafeBufferPointer { p -> RowFacts? in
            guard case .rows(let run) = p[slot] else { return nil }
            let i = run.row(ofItem: i)
            return RowFacts(expanded: run.isExpanded(i), expandable: run.isExpandable(i, rowHeight: rowHeight),
                            top: measure ? run.prefixHeight(i, rowHeight: rowHeight) : 0,
                            height: measure ? run.height(i, rowHeight: rowHeight) : 0, index: i,
                            matched: run.isMatched(i), selected: run.marks.bit(run.marks.selected, i))
        }
    }

    /// The first row of the row run here whose bottom (from the run's top)
    /// is beyond `y` (see `RowRun.firstRow`), or the run's count if none
    /// is; nil for a subsection. Read like `row`. O(chunk size). Inlined:
    /// `Table.firstPosition` calls it once per level, and a call cost 5%
    /// of item_at_offset when the optimizer stopped inlining it.
    @inline(__always)
    func firstRow(bottomBeyond y: Int, inclusive: Bool, rowHeight: Int) -> Int? {
        if holdsSection { return nil }
        if let plain = plainRows {
            return plain.firstRow(bottomBeyond: y, inclusive: inclusive, rowHeight: rowHeight) ?? plain.count
        }
        return leaf.pieces.withUnsafeBufferPointer { p -> Int? in
            guard case .rows(let run) = p[slot] else { return nil }
            return run.firstRow(bottomBeyond: y, inclusive: inclusive, rowHeight: rowHeight) ?? run.shownCount
        }
    }

    /// The totals of everything before this piece in its list. Reads the
    /// running totals on the way up, retaining nothing. O(fanout · log n).
    func prefix() -> Counts {
        var acc = Counts()
        PieceRef.walkUp(leafRef, slot) { view, i in acc += view.prefix(i) }
        return acc
    }

    /// Column `c` of `TotalsView` summed over everything before this piece
    /// in its list: `prefix()` for one count. O(fanout · log n).
    func prefix(_ c: Int) -> Int {
        var acc = 0
        PieceRef.walkUp(leafRef, slot) { view, i in acc &+= view.get(i, c) }
        return acc
    }

    /// Calls `body` with the running totals of `leaf` and of each node
    /// above it in its list, and the entry there that leads to `slot` of
    /// `leaf`. A node is found among its siblings in its parent's `child`
    /// column (`slot(ofChild:)`), the lines `body` reads anyway.
    /// O(fanout · log n).
    @inline(__always)
    private static func walkUp(_ leaf: Unmanaged<ListNode>, _ slot: Int, _ body: (TotalsView, Int) -> Void) {
        var n = leaf, i = slot
        while true {
            let (view, parent) = n._withUnsafeGuaranteedRef { ($0.totals.view, $0.parentRef) }
            body(view, i)
            guard let parent else { return }
            let child = Int(bitPattern: n.toOpaque())
            i = parent._withUnsafeGuaranteedRef { $0.slot(ofChild: child) }
            n = parent
        }
    }
}

extension PieceRef {
    /// `body` of the row run at this place, read in place (a copy would
    /// retain its heights, and an edit after it would copy them); nil for
    /// a section. O(1).
    @inline(__always)
    func withRun<R>(_ body: (RowRun) -> R) -> R? {
        leafRef._withUnsafeGuaranteedRef { leaf in
            leaf.pieces.withUnsafeBufferPointer { p -> R? in
                guard case .rows(let run) = p[slot] else { return nil }
                return body(run)
            }
        }
    }
}
