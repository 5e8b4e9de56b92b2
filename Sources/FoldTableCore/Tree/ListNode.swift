/// A node of a child list's B+tree. Leaves hold pieces; internal nodes hold
/// children. Both keep running totals (`totals`), which is all a descent
/// reads of a node it passes through: no retain, no piece it does not stop
/// at.
final class ListNode {
    // The fields a descent reads come first, to share a cache line.
    /// Running totals of the entries (and the children), rebuilt with `sum`.
    private(set) var totals = RunningTotals()
    /// A selection change pending on everything below (`SelectionTag`):
    /// `sum` counts it, the entries do not yet. Next to `totals`, on the
    /// line a descent reads of a list's root; below the root, the parent's
    /// record of the node carries it (`TotalsView.record(of:)`).
    var tag = SelectionTag.none {
        didSet { totals.tagPending = tag != .none }
    }
    var children: [ListNode] = []
    var pieces: [Piece] = []
    /// Kept in step by the list; unretained because the parent owns the
    /// child and the pointer is only followed while the tree is intact.
    var parent: ListNode? {
        get { parentRef?.takeUnretainedValue() }
        set { parentRef = newValue.map { Unmanaged.passUnretained($0) } }
    }
    /// The same, for walks up that retain nothing (`tagPendingInList`).
    private(set) var parentRef: Unmanaged<ListNode>?
    var sum = Summary.zero
    /// The summary of each entry: of every child of an internal node, and of
    /// every piece of a leaf that holds a subsection, so that one section's
    /// change refreshes its leaf without asking the other sections. Empty in
    /// a leaf of rows only: there it would cost 72 bytes per 64 rows, and a
    /// run's summary is cheap to ask for.
    var childSums: [Summary] = []

    /// The section whose list this node tops (nil below the root): set by
    /// the list as its root changes, so the section always knows where
    /// its root's totals are (`Section.rootRecord`). O(1).
    var owner: Section? {
        get { totals.owner?.takeUnretainedValue() }
        set { totals.owner = newValue.map { Unmanaged.passUnretained($0) } }
    }

    /// Asks for the node object's lines (152 bytes: its pieces and its
    /// summary), which an edit's path writes (`Prefetch`). O(1).
    @inline(__always)
    static func prefetch(_ node: Unmanaged<ListNode>) {
        Prefetch.forWrite(Int(bitPattern: node.toOpaque()), lines: 3)
    }

    var isLeaf: Bool { children.isEmpty }
    var count: Int { isLeaf ? pieces.count : children.count }

    /// The summary of entry `i`: a piece's (leaf) or a child's. O(1).
    @inline(__always)
    func entrySum(_ i: Int) -> Summary { childSums.isEmpty ? pieces[i].summary : childSums[i] }

    /// Every entry's summary, in order. O(entries).
    var entrySums: [Summary] { childSums.isEmpty ? pieces.map(\.summary) : childSums }

    /// Recomputes the entries' summaries (a leaf's), the total and the
    /// running totals. `inPlace`: the totals' buffer does not move (see
    /// `RunningTotals.rebuild`), for who refreshes no parent. O(entries).
    func recompute(inPlace: Bool = false) {
        pushTag()  // the entries first, or the new total would drop the tag
        if isLeaf {
            // Each piece asked once: a section's summary reads its own list,
            // a cache miss apiece in a large table.
            let hasSection = pieces.withUnsafeBufferPointer { p in
                p.contains(where: \.isSection)
            }
            if hasSection {
                childSums = pieces.withUnsafeBufferPointer { $0.map { Piece.summary(of: $0) } }
                total(inPlace: inPlace)
            } else {
                if !childSums.isEmpty { childSums = [] }
                total(fromPieces: true, inPlace: inPlace)
            }
            return
        }
        total(inPlace: inPlace)
    }

    /// Recomputes an internal node after any of its children changed: each
    /// child's summary read again. O(entries).
    func refreshFromChildren() {
        guard !isLeaf else { return recompute() }
        pushTag()
        childSums = children.map(\.sum)
        total()
    }

    /// Recomputes a leaf whose pieces changed when `sums` are already the
    /// summaries of its pieces (kept in step by the edit): no piece is
    /// asked. Falls back to `recompute()` with a tag pending or no section.
    func recompute(sums: [Summary]) {
        guard isLeaf, tag == .none, sums.count == pieces.count,
              sums.contains(where: { $0.children > $0.rows }) else {
            childSums = []
            return recompute()
        }
        childSums = sums
        total()
    }

    /// Recomputes after piece `slot` of a leaf changed: only its summary is
    /// asked for again. `old`, when given, is its summary before the change
    /// (a leaf of rows only keeps none): then only the totals it changed
    /// move, by the difference. O(entries) over plain arrays.
    func recompute(slot: Int, from old: Summary? = nil) {
        guard isLeaf, slot >= 0, slot < pieces.count, tag == .none else { return recompute() }
        let s = pieces.withUnsafeBufferPointer { Piece.summary(of: $0[slot]) }
        if childSums.isEmpty {
            // Rows only (and still a run here): update the records in place.
            guard s.children == s.rows, totals.view.count == pieces.count + 1 else { return recompute() }
            let data = pieces.withUnsafeBufferPointer { Piece.lookup(of: $0[slot]) }
            if let old, old.children == old.rows {
                // The entry was a run too: its own values in the columns are
                // `old`'s. The total moves by the difference (exact: integers).
                totals.update(slot: slot, from: old, to: s, lookup: data)
                if ListNode.marked(sum) || ListNode.marked(s) {
                    return sum = ListNode.moved(sum, less: old, plus: [s])
                }
                var c = sum.counts
                c.children = c.children &- old.children &+ s.children
                c.rows = c.rows &- old.rows &+ s.rows
                c.items = c.items &- old.items &+ s.items
                c.defaultRows = c.defaultRows &- old.defaultRows &+ s.defaultRows
                c.fixedHeight = c.fixedHeight &- old.fixedHeight &+ s.fixedHeight
                let expanded = sum.expandedRows &- old.expandedRows &+ s.expandedRows
                sum = ListNode.rowsOnly(c, expanded: expanded)
            } else {
                // Marks are not in the columns: without `old`, ask every piece.
                guard !ListNode.marked(sum), !ListNode.marked(s) else { return recompute() }
                let t = totals.update(slot: slot, to: s, lookup: data)
                sum = ListNode.rowsOnly(t.counts, expanded: t.expandedRows)
            }
            return
        }
        guard childSums.count == pieces.count, totals.view.count == pieces.count + 1 else { return recompute() }
        // (A run's lookup can change while its summary does not.)
        let old = childSums[slot]
        let data = pieces.withUnsafeBufferPointer { Piece.lookup(of: $0[slot]) }
        guard old != s else {
            totals.view.setLookup(slot, data)
            return
        }
        entryChanged(slot, from: old, to: s)
        totals.update(slot: slot, from: old, to: s, lookup: data)
    }

    /// Recomputes an internal node after child `i` changed, touching no
    /// other child: the total moves by the child's difference (the nesting,
    /// a max, is asked of the others only when the child held it and
    /// dropped). O(entries) over plain arrays.
    func childChanged(_ i: Int) {
        guard !isLeaf, tag == .none, i >= 0, i < children.count, childSums.count == children.count,
              totals.view.count == children.count + 1 else { return recompute() }
        let child = children[i]
        let old = childSums[i], new = child.sum
        guard old != new else {
            // Only its totals' address (or size) may have changed.
            totals.view.setChild(i, child)
            return
        }
        entryChanged(i, from: old, to: new)
        totals.update(slot: i, from: old, to: new, child: child)
    }

    /// Entry `i`'s summary went from `old` to `new`: records it and moves
    /// the total by the difference (the nesting, a max, is asked of the
    /// others only when `old` held it and `new` is lower). O(1), or
    /// O(entries) for the nesting.
    private func entryChanged(_ i: Int, from old: Summary, to new: Summary) {
        childSums[i] = new
        var s = sum
        s -= old
        s += new
        if new.nesting < old.nesting, old.nesting == sum.nesting { s.nesting = maxNesting() }
        sum = s
    }

    /// After pieces `removed` were taken out of a leaf's `pieces` at `slot`
    /// (their summaries still in `childSums`): drops those summaries and
    /// brings the total and the running totals up to date without asking
    /// any piece left. `recompute()` instead when the leaf has a tag
    /// pending or holds no subsection any more. O(entries) over plain
    /// arrays.
    func piecesRemoved(at slot: Int, removed: ArraySlice<Piece>) {
        if childSums.isEmpty { return runsRemoved(at: slot, removed: removed) }
        let count = removed.count
        guard isLeaf, tag == .none, !childSums.isEmpty, childSums.count == pieces.count + count,
              totals.view.count == childSums.count + 1 else { return recompute() }
        var s = sum
        var heldMax = false
        for j in slot..<(slot + count) {
            let r = childSums[j]
            s -= r
            if r.nesting == sum.nesting, r.nesting > 0 { heldMax = true }
        }
        childSums.removeSubrange(slot..<(slot + count))
        guard childSums.contains(where: { $0.children > $0.rows }) else { return recompute() }
        if heldMax { s.nesting = maxNesting() }
        sum = s
        totals.remove(at: slot, count: count)
    }

    /// After `count` pieces were put into a leaf's `pieces` at `slot`:
    /// adds their summaries, asking only them (the other sections are not
    /// read: each would be a cache miss in a large table). `recompute()`
    /// instead when the leaf keeps no summaries or has a tag pending.
    /// O(entries) over plain arrays.
    func piecesInserted(at slot: Int, count: Int) {
        if childSums.isEmpty { return runsInserted(at: slot, count: count) }
        guard isLeaf, tag == .none, childSums.count + count == pieces.count,
              totals.view.count == childSums.count + 1 else { return recompute() }
        let added = pieces.withUnsafeBufferPointer { p in
            p[slot..<(slot + count)].map { Piece.summary(of: $0) }
        }
        let lookups = pieces.withUnsafeBufferPointer { p in
            p[slot..<(slot + count)].map { Piece.lookup(of: $0) }
        }
        childSums.insert(contentsOf: added, at: slot)
        var s = sum
        for a in added { s += a }
        sum = s
        totals.insert(at: slot, added, lookups: lookups)
    }

    /// `piecesInserted` for a leaf of rows only (it keeps no summaries):
    /// the runs' entries are put into the columns and the total moves by
    /// what they hold, as `recompute(slot:from:)` does for one run. Before,
    /// every piece of the leaf was asked again: a cache line each.
    /// O(entries).
    private func runsInserted(at slot: Int, count: Int) {
        guard isLeaf, tag == .none, count > 0, slot >= 0, slot + count <= pieces.count,
              totals.view.count + count == pieces.count + 1,
              let (added, lookups, addsMarks) = runs(slot, count) else { return recompute() }
        totals.insert(at: slot, added, lookups: lookups)
        if addsMarks || ListNode.marked(sum) { return sum = ListNode.moved(sum, less: .zero, plus: added) }
        var c = sum.counts
        var expanded = sum.expandedRows
        for a in added {
            c += a.counts
            expanded &+= a.expandedRows
        }
        sum = ListNode.rowsOnly(c, expanded: expanded)
    }

    /// The summaries and lookups of pieces `slot..<slot+count` of a leaf,
    /// and whether any is `marked`; nil when one is a subsection. O(count).
    @inline(__always)
    private func runs(_ slot: Int, _ count: Int) -> (sums: [Summary], lookups: [Int], marked: Bool)? {
        let added = pieces.withUnsafeBufferPointer { p in
            p[slot..<(slot + count)].map { Piece.summary(of: $0) }
        }
        var marked = false
        for a in added {
            guard a.children == a.rows else { return nil }
            marked = marked || ListNode.marked(a)
        }
        let lookups = pieces.withUnsafeBufferPointer { p in
            p[slot..<(slot + count)].map { Piece.lookup(of: $0) }
        }
        return (added, lookups, marked)
    }

    /// `piecesRemoved` for a leaf of rows only (it keeps no summaries):
    /// what the runs taken out held is read from the columns (the totals
    /// at their two ends), which are then closed up; the total is the
    /// columns' last entry. Before, every piece left in the leaf was asked
    /// again. O(entries).
    private func runsRemoved(at slot: Int, removed: ArraySlice<Piece>) {
        let count = removed.count
        guard isLeaf, tag == .none, count > 0, slot >= 0, slot <= pieces.count,
              totals.view.count == pieces.count + count + 1, !pieces.isEmpty else { return recompute() }
        totals.remove(at: slot, count: count)
        guard ListNode.marked(sum) else { return sumRunsFromColumns() }
        sum = ListNode.moved(sum, less: removed.reduce(.zero) { $0 + Piece.summary(of: $1) }, plus: [])
    }

    /// After the run at `slot` of a leaf of rows only gave its place to
    /// `count` runs (`pieces[slot..<slot+count]`): its entry is taken out
    /// of the columns and theirs put in, asking only them. What a row edit
    /// in a run of default rows does (`ChildList.replaceRun`). `old`, the
    /// run replaced, is asked for its summary only when the leaf is
    /// `marked`. O(entries).
    func runReplaced(at slot: Int, by count: Int, old: RowRun) {
        guard isLeaf, tag == .none, childSums.isEmpty, count > 0, slot >= 0, slot + count <= pieces.count,
              totals.view.count == pieces.count - count + 2,
              let (added, lookups, addsMarks) = runs(slot, count) else { return recompute() }
        // (Each branch edits the columns itself: `old` then is not kept
        // across that call on the unmarked path, 20 instructions less.)
        if addsMarks || ListNode.marked(sum) {
            totals.insert(at: slot, added, lookups: lookups, replacing: 1)
            return sum = ListNode.moved(sum, less: old.summary, plus: added)
        }
        totals.insert(at: slot, added, lookups: lookups, replacing: 1)
        sumRunsFromColumns()
    }

    /// Whether a summary counts filter matches or selected rows: a leaf of
    /// rows only cannot read them from its columns (which hold the counts,
    /// heights and expanded rows), so its total then moves by whole
    /// summaries. O(1).
    @inline(__always)
    private static func marked(_ s: Summary) -> Bool { s.matchedDeep != 0 || s.selectedRows != 0 }

    /// `total` less `out` plus every summary `added` (exact: integers; the
    /// nesting, 0 in a leaf of rows only, stays): a `marked` leaf's total.
    /// Out of line, so that the unmarked paths' code stays as short as it
    /// was. O(added).
    @inline(never)
    private static func moved(_ total: Summary, less out: Summary, plus added: [Summary]) -> Summary {
        var t = total
        t -= out
        for a in added { t += a }
        return t
    }

    /// A leaf of rows only, its columns up to date: its total is their
    /// last entry (no piece asked). O(1).
    private func sumRunsFromColumns() {
        let v = totals.view, last = v.count - 1
        let expanded = v.get(last, TotalsView.expandedRows)
        sum = ListNode.rowsOnly(v.prefix(last), expanded: expanded)
    }

    /// The total of a leaf of rows only with these counts and `expanded`
    /// rows: every row is a row here, and the hidden ones show no item
    /// (none selected or matched: `marked`, as its callers check). O(1).
    @inline(__always)
    private static func rowsOnly(_ c: Counts, expanded: Int) -> Summary {
        var s = Summary(counts: c, expandedRows: expanded, expandedDeep: expanded, nesting: 0)
        s.rowsDeep = s.rows
        s.hiddenRows = s.rows &- s.items
        s.shownRows = s.items
        return s
    }

    /// The largest nesting among the entries. O(entries).
    private func maxNesting() -> Int {
        var m = 0
        for c in childSums where c.nesting > m { m = c.nesting }
        return m
    }

    private func total(fromPieces: Bool = false, inPlace: Bool = false) {
        // Pieces read in place: copying one would retain its height storage,
        // a cache miss per piece in a large table.
        let fromSums = !fromPieces && !childSums.isEmpty
        sum = pieces.withUnsafeBufferPointer { p in
            totals.rebuild(count: fromSums ? childSums.count : p.count, children: children, inPlace: inPlace,
                           { fromSums ? childSums[$0] : Piece.summary(of: p[$0]) },
                           lookup: { Piece.lookup(of: p[$0]) })
        }
    }

    /// Index of `child` among this node's children. O(fanout).
    func index(of child: ListNode) -> Int {
        children.firstIndex { $0 === child } ?? 0
    }

    /// Recomputes the summaries of this node's ancestors (this node's own
    /// are fresh). O(fanout · depth).
    func refreshAncestors() {
        // Unretained: the list owns its nodes and the walk changes no
        // link, so it costs no reference counting (a retain and a release
        // per level were a third of a row-height change's instructions).
        var n = Unmanaged.passUnretained(self)
        while let p = n._withUnsafeGuaranteedRef({ $0.parentRef }) {
            let child = n.toOpaque()
            p._withUnsafeGuaranteedRef { parent in
                let i = parent.children.withUnsafeBufferPointer { kids in
                    kids.firstIndex { Unmanaged.passUnretained($0).toOpaque() == child } ?? 0
                }
                parent.childChanged(i)
            }
            n = p
        }
    }

    /// Recomputes summaries from this node (only piece `slot`'s, when
    /// given) up to the root of its list. O(fanout · depth).
    func refreshUpward(slot: Int? = nil, from old: Summary? = nil) {
        if let slot { recompute(slot: slot, from: old) } else { recompute() }
        refreshAncestors()
    }
}
