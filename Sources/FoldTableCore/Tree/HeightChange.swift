/// A change of heights only: a row run whose rows were re-measured, whose
/// counts, marks, expansions and lookups stay. Every summary above it moves
/// by the same two numbers (fixed height, default rows), so the path is
/// brought up to date by adding them, level by level, instead of
/// recomputing each summary from its entries: no piece or section is
/// asked, nothing is retained, and each level writes two columns of its
/// running totals. What `ChildList.modifyRun` does when it can.

extension TotalsView {
    /// Entry `slot`'s fixed height grew by `fixed` units and its default
    /// rows by `defaults`: the totals after it move by as much. The columns
    /// end exactly as `rebuild` would leave them (integer sums, moved by
    /// exact differences). O(entries - slot).
    @inline(__always)
    func addHeight(at slot: Int, fixed: Int, defaults: Int) {
        let end = count
        guard slot >= 0, slot < end - 1 else { return }
        if fixed != 0 { wide(TotalsView.fixedHeight).add(fixed, (slot + 1)..<end) }
        if defaults != 0 { narrow(TotalsView.defaultRows).add(defaults, (slot + 1)..<end) }
    }
}

extension ListNode {
    /// Entry `slot`'s height changed by `fixed` units and `defaults` default
    /// rows, and nothing else of it did: this node and every node above it
    /// in its list take the difference. Selection tags pending on the way
    /// need not be settled: they change selection counts, never heights.
    /// O(fanout · log n), retaining nothing.
    func addHeightUpward(at slot: Int, fixed: Int, defaults: Int) {
        var n = Unmanaged.passUnretained(self)
        var i = slot
        while true {
            let parent = n._withUnsafeGuaranteedRef { node -> Unmanaged<ListNode>? in
                node.addHeight(at: i, fixed: fixed, defaults: defaults, node.totals.view)
                return node.parentRef
            }
            guard let parent else { return }
            // The child's slot, from the parent's totals (the column a
            // descent reads; no node object, no retain).
            let child = Int(bitPattern: n.toOpaque())
            i = parent._withUnsafeGuaranteedRef { $0.slot(ofChild: child) }
            n = parent
        }
    }

    /// `addHeightUpward(at:fixed:defaults:)` for piece `slot` of `leaf`,
    /// found by a descent from `start` (a list's root and its record) that
    /// recorded its `path`: each level takes the difference at the slot the
    /// descent went through, from the root down, instead of each parent
    /// being searched for its child. The path must still be the list's:
    /// nothing moved since the descent. O(fanout · log n), retaining nothing.
    static func addHeightDownward(start: ListStart, path: DescentPath,
                                  leaf: Unmanaged<ListNode>, at slot: Int, fixed: Int, defaults: Int) {
        guard path.isComplete else {
            return leaf._withUnsafeGuaranteedRef { $0.addHeightUpward(at: slot, fixed: fixed, defaults: defaults) }
        }
        alongPath(start: start, path: path, leaf: leaf, at: slot) {
            $0.addHeight(at: $2, fixed: fixed, defaults: defaults, $1)
        }
    }

    /// Calls `body` with each node of the path a descent from `start` (a
    /// list's root and its record) recorded (`path`, complete), its totals
    /// and the slot it went through there, from the root down, then with
    /// `leaf` and `slot`. Each level's totals come from the record its
    /// parent keeps, as the descent read them, not from the node's header
    /// (another cache line in a large table); its child and the child's
    /// record are read before `body` runs there (`body` must leave those
    /// columns as they are). Retains nothing. O(depth) calls.
    @inline(__always)
    static func alongPath(start: ListStart, path: DescentPath, leaf: Unmanaged<ListNode>,
                          at slot: Int, _ body: (ListNode, TotalsView, Int) -> Void) {
        var node = start.node
        var view = TotalsView(tagged: start.record)
        var slots = path.slots
        for _ in 0..<path.depth {
            let i = Int(truncatingIfNeeded: slots & 0xFF)
            slots >>= 8
            let child = view.child(i), record = view.get(i, TotalsView.childTotals)
            node._withUnsafeGuaranteedRef { body($0, view, i) }
            node = child
            view = TotalsView(tagged: record)
        }
        leaf._withUnsafeGuaranteedRef { body($0, view, slot) }
    }

    /// `view`: this node's totals.
    @inline(__always)
    fileprivate func addHeight(at slot: Int, fixed: Int, defaults: Int, _ view: TotalsView) {
        if !childSums.isEmpty {
            childSums[slot].counts.fixedHeight &+= fixed
            childSums[slot].counts.defaultRows &+= defaults
        }
        sum.counts.fixedHeight &+= fixed
        sum.counts.defaultRows &+= defaults
        view.addHeight(at: slot, fixed: fixed, defaults: defaults)
    }

    /// The slot of the child at address `child` in an internal node.
    /// O(fanout), one column of the totals.
    func slot(ofChild child: Int) -> Int {
        let v = totals.view
        let column = v.wide(TotalsView.child)
        for j in 0..<(v.count - 1) where column[j] == child { return j }
        return index(of: Unmanaged<ListNode>.fromOpaque(UnsafeRawPointer(bitPattern: child)!).takeUnretainedValue())
    }
}

extension Section {
    /// This section's list grew by `fixed` units of fixed height and
    /// `defaults` default rows, and nothing else of it changed: the lists
    /// above take the difference for as far as the change shows (a
    /// collapsed or filtered-out section shows none of it). O(depth ·
    /// fanout · log n), retaining nothing.
    func listHeightChanged(fixed: Int, defaults: Int) {
        var s = Unmanaged.passUnretained(self)
        var f = fixed, d = defaults
        while true {
            // In its parent's list the section is one fixed height: its
            // default rows count at its own row height there.
            let up = s._withUnsafeGuaranteedRef { sec -> (Unmanaged<ListNode>, Int, Unmanaged<Section>)? in
                guard let leaf = sec.nodeRef, let parent = sec.parentRef, !sec.filterHidden, sec.showsChildren
                else { return nil }
                f = f &+ d &* sec.rowUnits
                d = 0
                return (leaf, leaf._withUnsafeGuaranteedRef { sec.slot(in: $0) }, parent)
            }
            guard let (leaf, slot, parent) = up, f != 0, slot >= 0 else { return }
            leaf._withUnsafeGuaranteedRef { $0.addHeightUpward(at: slot, fixed: f, defaults: 0) }
            s = parent
        }
    }

    /// This section's slot in `leaf` (its `node`): found in the leaf's
    /// lookup column, which records each subsection's address, else among
    /// the pieces. O(fanout).
    func slot(in leaf: ListNode) -> Int {
        recordedSlot(in: leaf) ?? place?.slot ?? -1
    }
}

extension ChildList {
    /// What `modifyRun` found at its piece.
    enum RunEdit { case notARun, notExplicit, edited }

    /// Applies `change` to the explicit row run at `ref` in `owner`'s list
    /// and brings every summary above it up to date, in this list and the
    /// lists above: when only its heights changed, by adding the difference
    /// (`ListNode.addHeightDownward`, `Section.listHeightChanged`); when its
    /// counts changed too, by adding its summary's difference down the path
    /// in this list (`ListNode.addDownward`), then as `Section.propagate`
    /// does above it (unless not `propagating`: the caller does, or defers
    /// it); else as `modify` does. A section is left as it was
    /// (`notARun`), and so is a run of default rows (`notExplicit`) unless
    /// `defaultRuns`.
    /// The tags on the path must be settled (`descendSettled`). Static,
    /// like `descendSettled(in:)`: calling a method on `owner.list` copies
    /// the list, which retains its root; the height path retains nothing.
    /// `path` is how the descent that found `ref` came down the list
    /// (`descendSettled` with `WithPath`), so that the height path need
    /// not look for each level's slot.
    /// O(depth · fanout · log n).
    @inline(__always)
    static func modifyRun(in owner: Section, _ ref: PieceRef, path: DescentPath, defaultRuns: Bool = false,
                          propagating: Bool = true, _ change: (inout RowRun) -> Void) -> RunEdit {
        let slot = ref.slot
        var before = Summary.zero
        // Set when only the height sums changed (`RowRun.Shape`): the
        // summary moved by these differences, and is not asked again.
        var heightsMoved: (fixed: Int, defaults: Int)?
        // Else the summary after, for its difference.
        var after = Summary.zero
        var lookup = 0
        let found = ref.leafRef._withUnsafeGuaranteedRef { leaf in
            leaf.pieces.withUnsafeMutableBufferPointer { p -> RunEdit in
                // Moved out and back: while it changes `run` holds the only
                // reference to its storage (edited in place, not copied), and
                // no reference is counted. `change` reads nothing of the list.
                let at = p.baseAddress.unsafelyUnwrapped + slot
                switch at.move() {
                case .section(let s):
                    at.initialize(to: .section(s))
                    return .notARun
                case .rows(var run):
                    // (`consume`: put back without a copy, which would retain
                    // the run's storage and release it again.)
                    guard run.isExplicit || defaultRuns else {
                        at.initialize(to: .rows(consume run))
                        return .notExplicit
                    }
                    before = run.summary
                    let shape = run.shape
                    change(&run)
                    // (Whether it was explicit is not kept: the compiler kept
                    // a copy of its heights for the answer, and the edit then
                    // copied them. A default run that became a chunk of the
                    // same shape has a new lookup, so it takes the general path.)
                    if run.isExplicit, run.shape == shape {
                        // (An explicit run's sums are its summary's two height fields.)
                        heightsMoved = (run.fixedSum &- before.fixedHeight, run.defaultCount &- before.defaultRows)
                        assert({
                            var moved = before
                            moved.counts.fixedHeight = run.fixedSum
                            moved.counts.defaultRows = run.defaultCount
                            return moved == run.summary
                        }(), "RowRun.Shape misses a field that summary reads")
                    } else {
                        after = run.summary
                    }
                    lookup = run.lookup
                    at.initialize(to: .rows(consume run))
                    return .edited
                }
            }
        }
        guard found == .edited else { return found }
        // (The leaf's totals as the descent read them, `ref.totals`: not
        // its header again.)
        if let (fixed, defaults) = heightsMoved, ref.leafRef._withUnsafeGuaranteedRef({ leaf in
            leaf.tag == .none && ref.totals.get(slot, TotalsView.lookup) == lookup
        }) {
            guard fixed != 0 || defaults != 0 else { return .edited }
            guard let start = owner.listStart else { return .edited }
            ListNode.addHeightDownward(start: start, path: path, leaf: ref.leafRef, at: slot,
                                       fixed: fixed, defaults: defaults)
            owner.listHeightChanged(fixed: fixed, defaults: defaults)
            return .edited
        }
        if heightsMoved == nil, let start = owner.listStart, ListNode.canAddDownward(path: path, leaf: ref.leafRef) {
            var d = after
            d -= before
            ListNode.addDownward(start: start, path: path, leaf: ref.leafRef, at: slot, d, lookup: lookup)
            if after.children != before.children { owner.childrenChanged() }
        } else {
            owner.list.refresh(ref, from: before)
        }
        if propagating { owner.propagate() }
        return .edited
    }
}
