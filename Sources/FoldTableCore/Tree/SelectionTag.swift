/// A selection change pending on a whole subtree of a child list: select
/// all and clear put one on a list's root node in O(1) instead of visiting
/// every selected run. The node's summary counts it at once (`Summary.apply`);
/// its entries get it only when something below is read or changed
/// (`ListNode.pushTag`), the way a segment tree's lazy tags work. Across
/// lists it travels through section pieces: pushed onto a leaf, it marks a
/// subsection's header and moves on to that section's own list.
///
/// Who reads or changes what lies below a node settles the path first
/// (`ListNode.settle(owner:)`, `ChildList.replace`), and whoever changes
/// what is shown (collapse, a filter's answers) does too: a pending
/// "select the shown items" means those shown when it was set.
enum SelectionTag: UInt8 {
    case none
    /// Deselect every row and section, shown or not.
    case clear
    /// Select every row and header that shows an item while the list's
    /// owner shows its children: not those a filter hides, nor anything
    /// inside a collapsed section.
    case selectShown
    /// `clear`, then `selectShown`.
    case clearThenSelect

    var clears: Bool { self == .clear || self == .clearThenSelect }
    var selects: Bool { self == .selectShown || self == .clearThenSelect }

    /// This tag followed by `next`, as one tag.
    func then(_ next: SelectionTag) -> SelectionTag {
        switch next {
        case .none: return self
        case .clear, .clearThenSelect: return next
        case .selectShown: return clears ? .clearThenSelect : .selectShown
        }
    }
}

extension Summary {
    /// The summary once `tag` has been applied to everything it sums. O(1).
    mutating func apply(_ tag: SelectionTag) {
        if tag.clears {
            selectedRows = 0
            selectedSections = 0
            selectedShownRows = 0
            selectedShownHeaders = 0
        }
        if tag.selects {
            selectedRows &+= shownRows &- selectedShownRows
            selectedSections &+= shownHeaders &- selectedShownHeaders
            selectedShownRows = shownRows
            selectedShownHeaders = shownHeaders
        }
    }
}

extension RowRun {
    /// Applies `tag` to the run's selection bits. O(1).
    mutating func apply(_ tag: SelectionTag) {
        if tag.clears { marks.selected = 0 }
        guard tag.selects else { return }
        if isExplicit {
            marks.selected |= ~marks.hidden & RowMarks.bits(0, count)
        } else if marks.hidden == 0 {
            marks.selected = RowMarks.all  // a default run is marked as a whole
        }
    }
}

extension Section {
    /// Applies `tag` to this section as a piece of its parent's list: its
    /// header, and through its list's root what it shows. O(1).
    func apply(_ tag: SelectionTag) {
        if tag.clears {
            selected = false
            list.root?.receive(.clear)
        }
        guard tag.selects, !filterHidden else { return }
        if hasHeader { selected = true }
        if showsChildren { list.root?.receive(.selectShown) }
    }
}

extension ListNode {
    /// Takes `tag` on top of any pending one; the summary counts it now.
    /// The caller refreshes what caches this node's summary and tag (its
    /// parent's `childSums` and record, `TotalsView.record(of:)`). O(1).
    func receive(_ tag: SelectionTag) {
        guard tag != .none else { return }
        self.tag = self.tag.then(tag)
        sum.apply(tag)
    }

    /// Hands the pending tag to the entries: children take it on, a leaf
    /// applies it to its pieces and rebuilds its totals, whose lookups
    /// record whether a run has marks (a leaf of rows only writes only
    /// those, `pushTagIntoRuns`). Nothing moves: the node's summary,
    /// its slots and the size of its totals stay, so a read inside a
    /// callback may settle tags under an operation in progress. Runs left
    /// alike merge when next marked (`Table.markRows`). O(entries).
    @inline(__always)
    func pushTag() {
        if tag != .none { pushPendingTag() }  // (most calls: checked where they are made)
    }

    private func pushPendingTag() {
        let t = tag
        tag = .none
        // The parent's record of this node drops its tag bit.
        if let p = parentRef {
            let me = Int(bitPattern: Unmanaged.passUnretained(self).toOpaque())
            p._withUnsafeGuaranteedRef { parent in
                parent.totals.view.set(parent.slot(ofChild: me), TotalsView.childTotals, TotalsView.record(of: self))
            }
        }
        if isLeaf {
            if childSums.isEmpty, totals.view.count == pieces.count + 1, pushTagIntoRuns(t) { return }
            // (A tag applied twice does what it does once.)
            for i in pieces.indices {
                switch pieces[i] {
                case .rows(var run):
                    let before = run.marks.selected
                    run.apply(t)
                    if run.marks.selected != before { pieces[i] = .rows(run) }
                case .section(let s):
                    s.apply(t)
                }
            }
            // In place: nothing here tells the parent a new address of the
            // totals, which a descent follows.
            recompute(inPlace: true)
        } else {
            let v = totals.view
            for i in children.indices {
                children[i].receive(t)
                childSums[i] = children[i].sum
                v.set(i, TotalsView.childTotals, TotalsView.record(of: children[i]))  // with its tag bit
            }
        }
    }

    /// `pushPendingTag` for a leaf of rows only: each run edited where it
    /// is (moved out and back, so no reference is counted, where a copy
    /// retained and released each). A tag changes no count, height or
    /// expanded row, so the columns stay, and so does the total, which
    /// counted the tag; only a run's lookup, which tells whether it has
    /// marks, may change. False, with the runs before it done, at a
    /// subsection (such a leaf keeps `childSums`). O(entries).
    private func pushTagIntoRuns(_ t: SelectionTag) -> Bool {
        let done = pieces.withUnsafeMutableBufferPointer { p -> Bool in
            for i in p.indices {
                let at = p.baseAddress.unsafelyUnwrapped + i
                switch at.move() {
                case .rows(var run):
                    run.apply(t)
                    at.initialize(to: .rows(consume run))
                case .section(let s):
                    at.initialize(to: .section(s))
                    return false
                }
            }
            return true
        }
        guard done else { return false }
        let v = totals.view
        pieces.withUnsafeBufferPointer { p in
            for i in p.indices { v.setLookup(i, Piece.lookup(of: p[i])) }
        }
        return true
    }

    /// Pushes the tags pending on this node and the nodes above it in its
    /// list down to this node's entries. Returns whether any was pending.
    /// O(log n) nodes looked at; O(fanout · log n) when one was pending.
    @discardableResult
    func settleInList() -> Bool {
        guard tagPendingInList else { return false }
        var path: [ListNode] = []
        var n: ListNode? = self
        while let x = n { path.append(x); n = x.parent }
        for x in path.reversed() { x.pushTag() }
        return true
    }

    /// Whether a tag is pending here or above in this list: what every
    /// settled read asks first, so it retains nothing (the list owns its
    /// nodes and nothing changes while it looks). O(log n).
    @inline(__always)
    var tagPendingInList: Bool {
        if tag != .none { return true }
        var up = parentRef
        while let p = up {
            let (pending, next) = p._withUnsafeGuaranteedRef { ($0.tag != .none, $0.parentRef) }
            if pending { return true }
            up = next
        }
        return false
    }

    /// `settleInList`, first bringing down the tags pending in the lists of
    /// the sections above: `owner` is the section whose list holds this
    /// node. Afterwards this node's entries are exact. Returns whether any
    /// was pending. O(depth · log n).
    @discardableResult
    func settle(owner: Section) -> Bool {
        guard tagPending(owner: owner) else { return false }
        var above = false
        if let leaf = owner.node, let parent = owner.parent { above = leaf.settle(owner: parent) }
        let here = settleInList()
        return above || here
    }

    /// Whether a tag is pending on the way from the table's root down to
    /// this node (`owner`'s list holds it). Retains nothing. O(depth · log n).
    func tagPending(owner: Section) -> Bool {
        if tagPendingInList { return true }
        var sec = Unmanaged.passUnretained(owner)
        while true {
            let (leaf, parent) = sec._withUnsafeGuaranteedRef { ($0.nodeRef, $0.parentRef) }
            guard let leaf, let parent else { return false }
            if leaf._withUnsafeGuaranteedRef({ $0.tagPendingInList }) { return true }
            sec = parent
        }
    }

    /// Pushes every pending tag in this subtree down to the pieces, and into
    /// the lists of the sections there. O(nodes below).
    func settleAll() {
        pushTag()
        if isLeaf {
            for p in pieces { if case .section(let s) = p { s.list.root?.settleAll() } }
        } else {
            children.forEach { $0.settleAll() }
        }
    }
}
