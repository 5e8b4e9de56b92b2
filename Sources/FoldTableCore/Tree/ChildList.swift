/// The ordered children of a section — runs of rows and subsections — as a
/// B+tree with implicit keys. Every node carries its subtree's `Summary`, so
/// finding the child at an index, the item at a flat position or the item at
/// an offset reads one path of about log_16(n) nodes. Sections know their
/// leaf (`Section.node`); the list keeps that pointer right as pieces move,
/// and points the sections it takes in at its owner (`Section.parent`).
struct ChildList {
    /// Most entries in a node; nodes with fewer than `minFill` are merged.
    static let maxFill = 32
    static let minFill = 8

    private(set) var root: ListNode? {
        didSet {
            rootRef = root.map { Unmanaged.passUnretained($0) }
            guard oldValue !== root else { return }
            // The owner learns where the new root's totals are (the node
            // tells it from now on, `RunningTotals.owner`); the old root,
            // now a child or gone, tells nobody.
            oldValue?.owner = nil
            if let root { root.owner = owner } else { owner?.rootRecord = 0 }
        }
    }
    /// `root`, unretained, for the read paths: loading a class reference
    /// out of a section's list retains it (an atomic write apiece, several
    /// per lookup), loading this does not. Valid while `root` holds it.
    private(set) var rootRef: Unmanaged<ListNode>?
    /// The section whose children these are (set by `Section`): editing
    /// first brings down the selection tags pending above (`SelectionTag`).
    unowned(unsafe) var owner: Section?

    init() {}

    /// Its root and the root's record (`TotalsView.record(of:)`), read
    /// from the root node: where a descent starts (a section's own list
    /// reads both from the section instead, `Section.listStart`). O(1).
    var start: ListStart? {
        guard let r = rootRef else { return nil }
        return (r, r._withUnsafeGuaranteedRef { TotalsView.record(of: $0) })
    }

    var sum: Summary {
        @inline(__always) get { rootRef?._withUnsafeGuaranteedRef { $0.sum } ?? .zero }
    }

    // MARK: Finding

    /// The piece holding the child `index` (by `metric`), the offset of that
    /// child inside the piece, and the totals of everything before the
    /// piece. nil if `index` is not below the metric's total.
    /// O(fanout · log n): see `descend`.
    func locate(_ metric: Metric, _ index: Int) -> (node: PieceRef, within: Int, before: Counts)? {
        guard let (ref, within, above) = descend(metric, index) else { return nil }
        var before = above
        before += ref.totals.prefix(ref.slot)
        return (ref, within, before)
    }

    /// Like `locate`, but leaves the leaf's part of the totals before the
    /// piece (`ref.totals.prefix(ref.slot)`) unread: `above` sums the
    /// internal levels only, so a caller that needs little of the leaf
    /// reads only that. O(fanout · log n): one scan of a node's running
    /// totals per level, going from buffer to buffer (see `RunningTotals`).
    func descend(_ metric: Metric, _ index: Int) -> (ref: PieceRef, within: Int, above: Counts)? {
        var tagSeen = false
        return descend(metric, index, tagSeen: &tagSeen)
    }

    /// `descend`, and whether a selection tag may be pending on a node of
    /// the path (`tagSeen` set, else left alone): read from the root's
    /// field and from the parents' records of the others
    /// (`TotalsView.record(of:)`), which the descent reads anyway, so a
    /// reader that finds none settles nothing and touches no node object
    /// below the root (the leaf's would be a cache miss in a large table).
    @inline(__always)
    func descend(_ metric: Metric, _ index: Int, tagSeen: inout Bool) -> (ref: PieceRef, within: Int, above: Counts)? {
        descend(metric, index, tagSeen: &tagSeen, adding: Counts.self)
    }

    /// `descend`, adding up only what `Sum` reads of the totals before the
    /// path (`Counts`: all five columns; `Heights`: two), so a caller that
    /// needs less reads fewer lines of each node (in a large table, the
    /// lower levels' are cache misses).
    @inline(__always)
    func descend<Sum: DescentSum>(_ metric: Metric, _ index: Int, tagSeen: inout Bool,
                                  adding: Sum.Type) -> (ref: PieceRef, within: Int, above: Sum)? {
        ChildList.descend(from: start, metric, index, tagSeen: &tagSeen, adding: Sum.self)
    }

    /// `descend` from `start`, a list's root (unretained) and its record
    /// (`start`, `Section.listStart` read from the section, or the copy in
    /// the leaf that holds the section, `PieceRef.start(into:)`). Static so
    /// that a caller holding a section reads only that field of its list:
    /// calling a method on `section.list` copies the list, which retains
    /// its root for the call. O(fanout · log n).
    @inline(__always)
    static func descend<Sum: DescentSum>(from start: ListStart?, _ metric: Metric, _ index: Int, tagSeen: inout Bool,
                                         adding: Sum.Type) -> (ref: PieceRef, within: Int, above: Sum)? {
        // Unretained: the list owns its nodes and nothing changes during a
        // descent, so it costs no reference counting.
        guard let (rootNode, record) = start, index >= 0 else { return nil }
        var node = rootNode
        // The whole from the root's columns, which the search reads next,
        // not from its summary (other cache lines of the node).
        var view = TotalsView(tagged: record)
        var viewRecord = record
        let total = view.total(metric) ?? node._withUnsafeGuaranteedRef { metric.of($0.sum) }
        guard index < total else { return nil }
        if TotalsView.mayHoldTag(record) { tagSeen = true }
        var k = index
        var above = Sum()
        if Sum.edits { ListNode.prefetch(node) }
        while true {
            let i: Int, next: Int
            var sub = 0
            if let found = view.find(metric, &k, sections: view.mayHoldSections(record: viewRecord)) {
                (i, next, sub) = found
            } else {
                // Expanded rows deep down have no field: add up the summaries.
                i = node._withUnsafeGuaranteedRef { n in
                    var i = 0
                    let last = n.count - 1
                    while i < last {
                        let c = metric.of(n.entrySum(i))
                        if k < c { break }
                        k -= c
                        i += 1
                    }
                    return i
                }
                next = view.get(i, view.next)
            }
            if view.isLeaf {
                if Sum.edits { ChildList.prefetchRow(lookup: next, k) }
                return (PieceRef(leafRef: node, slot: i, totals: view, lookup: next, subRecord: sub), k, above)
            }
            above.add(view, i)
            node = view.child(i)
            if Sum.edits { ListNode.prefetch(node) }
            if TotalsView.mayHoldTag(next) { tagSeen = true }
            view = TotalsView(tagged: next)
            viewRecord = next
        }
    }

    /// Asks for the lines an edit of row `k` of the plain run whose leaf
    /// entry is `lookup` writes: its chunk's header and the row's height.
    /// The edit reaches them through the leaf object and its pieces, two
    /// dependent loads later. O(1).
    @inline(__always)
    static func prefetchRow(lookup: Int, _ k: Int) {
        let chunk = LookupTag.address(lookup)
        guard LookupTag.tag(lookup) == LookupTag.plainRows, chunk != 0 else { return }
        Prefetch.forWrite(chunk)
        Prefetch.forWrite(chunk &+ HeightChunk.rowsOffset &+ k &* LookupTag.width(lookup))
    }

    /// The first piece with items whose end in units, measured from the
    /// list's top (default rows `rowHeight` units tall), is beyond `y` (`> y`,
    /// or `>= y` when `inclusive`), with the items and heights of everything
    /// before it; nil if none is. O(fanout · log n), like `locate`.
    /// From `start`, a list's root and its record, as `descend(from:)`
    /// takes them (not read from the root node; static: see there).
    static func locate(from start: ListStart?, endingBeyond y: Int, inclusive: Bool,
                       rowHeight: Int) -> (node: PieceRef, before: ItemsAndHeights)? {
        guard let start else { return nil }
        var node = start.node
        var view = TotalsView(tagged: start.record)
        var viewRecord = start.record
        var before = ItemsAndHeights()
        while true {
            let top = before.height(rowHeight)
            guard let (i, next, sub) = view.firstEntry(endingBeyond: y &- top, inclusive: inclusive,
                                                       rowHeight: rowHeight,
                                                       sections: view.mayHoldSections(record: viewRecord)) else {
                return nil
            }
            before.add(view, i)
            if view.isLeaf {
                return (PieceRef(leafRef: node, slot: i, totals: view, lookup: next, subRecord: sub), before)
            }
            node = view.child(i)
            view = TotalsView(tagged: next)
            viewRecord = next
        }
    }

    /// Calls `body` with each piece in order until it returns false.
    func forEachPiece(_ body: (Piece) -> Bool) {
        func walk(_ n: ListNode) -> Bool {
            if n.isLeaf { return n.pieces.allSatisfy(body) }
            return n.children.allSatisfy(walk)
        }
        if let root { _ = walk(root) }
    }

    /// Calls `body` with each subsection in order, skipping subtrees that
    /// hold only rows: O(s · log n) for s subsections, whatever the rows.
    func forEachSection(_ body: (Section) -> Void) {
        func walk(_ n: ListNode) {
            guard n.sum.children > n.sum.rows else { return }
            if n.isLeaf {
                for p in n.pieces { if case .section(let s) = p { body(s) } }
            } else {
                n.children.forEach(walk)
            }
        }
        if let root { walk(root) }
    }

    // MARK: Editing

    /// Applies `change` to every explicit row run and refreshes every
    /// summary. O(pieces): for work that touches every stored row anyway.
    func changeEachExplicitRun(_ change: (inout RowRun) -> Void) {
        settleAbove()
        func walk(_ n: ListNode) {
            n.pushTag()
            if n.isLeaf {
                for i in n.pieces.indices {
                    if case .rows(var run) = n.pieces[i], run.isExplicit {
                        change(&run)
                        n.pieces[i] = .rows(run)
                    }
                }
            } else {
                n.children.forEach(walk)
                n.childSums = n.children.map(\.sum)
            }
            n.recompute()
        }
        if let root { walk(root) }
    }

    /// Applies `change` to a piece and refreshes the summaries above it;
    /// a run that grew or shrank counts as a change of children.
    /// O(fanout · log n).
    func modify(_ ref: PieceRef, _ change: (inout Piece) -> Void) {
        settle(ref.leaf)
        // The piece's summary before, read in place (a copy would retain a
        // run's height storage): its leaf's totals move by the difference.
        let before = ref.leaf.pieces.withUnsafeBufferPointer { Piece.summary(of: $0[ref.slot]) }
        change(&ref.leaf.pieces[ref.slot])
        refresh(ref, from: before)
    }

    /// After the piece at `ref` changed from summary `before`: the
    /// summaries above it in this list, and the structure version when its
    /// child count changed. O(fanout · log n).
    func refresh(_ ref: PieceRef, from before: Summary) {
        ref.leaf.refreshUpward(slot: ref.slot, from: before)
        let after = ref.leaf.pieces.withUnsafeBufferPointer { $0[ref.slot].childCount }
        if after != before.children { owner?.childrenChanged() }
    }

    /// Replaces children `range` with `pieces` (in order) and returns the
    /// pieces removed. Row runs are cut where the range ends inside them.
    /// Sections among `pieces` then point at their leaf and at the owner;
    /// the removed ones are left as they were (their caller unlinks them),
    /// or with `unlinking` are unlinked here and not returned.
    /// The selection tags pending in this list are settled on the way; those
    /// in the lists above must be first (`Section.replaceChildren` does
    /// that: from here, reaching the owner's list would overlap this access).
    /// Counted as a change of children (`Section.childrenChanged`) unless
    /// rows only were replaced by as many rows (marks or heights changed).
    /// O(log n + pieces added + pieces removed).
    @discardableResult
    mutating func replace(_ range: Range<Int>, with pieces: [Piece], unlinking: Bool = false) -> [Piece] {
        let before = sum
        defer {
            let after = sum
            if after.children != before.children || after.rows != before.rows
                || pieces.contains(where: \.isSection) {
                owner?.childrenChanged()
            }
        }
        // Every node the edit reads or rebuilds holds an end of the range
        // (or is removed whole, and `collect` settles it). Where the range
        // starts is found once and used throughout unless a cut moved it.
        var start = settleAndCut(at: range.lowerBound)
        if range.upperBound != range.lowerBound, settleAndCut(at: range.upperBound) == nil { start = nil }
        var removed = RemovedPieces(unlink: unlinking)
        if !range.isEmpty, let root {
            if let inLeaf = removeInLeaf(range, at: start) {
                removed.take(all: inLeaf)
            } else {
                start = nil
                remove(root, range.lowerBound, range.upperBound, into: &removed)
                shrinkRoot()
            }
        }
        if !pieces.isEmpty { insert(pieces, at: range.lowerBound, in: start) }
        return removed.pieces
    }

    /// Many `replace`s of one list of subsections at once, for a snapshot
    /// that edits it in many places: `edits` in increasing order, their
    /// ranges disjoint, each with the pieces that take its place (put where
    /// its range starts). Each leaf is edited once, in place, its pieces'
    /// summaries kept; then leaves that overflowed are split, those left
    /// underfull merged, and the levels above rebuilt, where each `replace`
    /// descended, shifted its leaf's totals and refreshed its path.
    /// `removed` sees each piece a range takes out, in order, with the
    /// edit's index, before it is unlinked (`unlinking`) or dropped. Tags
    /// pending above must be settled first (see `replace`).
    /// Returns, per edit, the items before its range and in it, in the list
    /// before; nil, with nothing done, when the list holds row runs (a
    /// range could cut one).
    /// O(n / fanout + pieces removed and added + leaves edited · fanout).
    mutating func replaceRuns(_ edits: [(range: Range<Int>, pieces: [Piece])], unlinking: Bool,
                              removed: (Int, Piece) -> Void) -> [(before: Int, items: Int)]? {
        guard sum.rows == 0 else { return nil }
        guard !edits.isEmpty else { return [] }
        var spans = [(before: Int, items: Int)](repeating: (0, 0), count: edits.count)
        guard let root else {
            let all = edits.flatMap(\.pieces)
            self.root = ChildList.build(all, owner: owner)
            if !all.isEmpty { owner?.childrenChanged() }
            return spans
        }
        var leaves: [ListNode] = []
        ChildList.gatherLeaves(root, into: &leaves)
        var out = RemovedPieces(unlink: unlinking)
        var e = 0, first = 0, itemsBefore = 0
        var ops: [(lo: Int, hi: Int, edit: Int, adds: Bool)] = []
        // Leaves edited whose totals are not written yet (their pieces' summaries are).
        var stale = [Bool](repeating: false, count: leaves.count)
        for (li, leaf) in leaves.enumerated() {
            let leafItems = leaf.sum.items
            // Subsections only: a child is a piece, a child index a slot.
            let end = first + leaf.pieces.count
            let last = li == leaves.count - 1
            ops.removeAll(keepingCapacity: true)
            while e < edits.count {
                let r = edits[e].range
                guard r.lowerBound < end || (last && r.lowerBound == end) else { break }
                let lo = min(max(r.lowerBound, first), end), hi = max(lo, min(r.upperBound, end))
                ops.append((lo - first, hi - first, e, r.lowerBound >= first))
                guard r.upperBound <= end || last else { break }  // goes on in the next leaf
                e += 1
            }
            first = end
            defer { itemsBefore += leafItems }
            guard !ops.isEmpty else { continue }
            // The tags pending on it first, as `replace` settles its path.
            leaf.pushTag()
            var sums = leaf.childSums
            leaf.childSums = []
            let keepSums = sums.count == leaf.pieces.count
            func items(_ i: Int) -> Int { keepSums ? sums[i].items : leaf.pieces[i].summary.items }
            // Seen in order (a run's offsets add up), then edited last first.
            var slot = 0, at = itemsBefore
            for op in ops {
                while slot < op.lo {
                    at += items(slot)
                    slot += 1
                }
                if op.adds { spans[op.edit].before = at }
                for i in op.lo..<op.hi {
                    let n = items(i)
                    spans[op.edit].items += n
                    at += n
                    removed(op.edit, leaf.pieces[i])
                    out.take(leaf.pieces[i])
                }
                slot = op.hi
            }
            for op in ops.reversed() {
                let added = op.adds ? edits[op.edit].pieces : []
                leaf.pieces.replaceSubrange(op.lo..<op.hi, with: added)
                if keepSums { sums.replaceSubrange(op.lo..<op.hi, with: added.map(\.summary)) }
                ChildList.adopt(added, into: leaf, owner: owner)
            }
            // Its totals wait: a leaf that overflowed is split, and each part totalled, next.
            if keepSums {
                leaf.childSums = sums
                stale[li] = true
            } else {
                leaf.recompute()
            }
        }
        // Overflowing leaves split, underfull ones merged into the one before.
        var level: [ListNode] = []
        level.reserveCapacity(leaves.count + 8)
        for (li, leaf) in leaves.enumerated() where !leaf.pieces.isEmpty {
            var next = leaf, fresh = !stale[li]
            if let before = level.last, before.count < ChildList.minFill || leaf.count < ChildList.minFill {
                level.removeLast()
                // A leaf not edited may hold a tag pushed down from above.
                before.pushTag()
                leaf.pushTag()
                next = ChildList.merged(before, leaf)
                fresh = true
            }
            if next.count > ChildList.maxFill {
                level += ChildList.split(next, into: ChildList.parts(next.count))
            } else {
                if !fresh { next.recompute(sums: next.childSums) }
                level.append(next)
            }
        }
        self.root = level.isEmpty ? nil : ChildList.stack(level)
        owner?.childrenChanged()
        return spans
    }

    /// The leaves under `node` in order, with the selection tags pending on
    /// the way pushed down to them.
    private static func gatherLeaves(_ node: ListNode, into out: inout [ListNode]) {
        if node.isLeaf { return out.append(node) }
        node.pushTag()
        for c in node.children { gatherLeaves(c, into: &out) }
    }

    /// Brings down the selection tags pending in this list on the path to
    /// child `c` (the last child when `c` is past the end), and splits the
    /// row run that `c` falls strictly inside. Returns where child `c`
    /// starts a piece when nothing had to be split; nil otherwise (and
    /// past the end). O(log n): one descent when no tag was pending.
    private mutating func settleAndCut(at c: Int) -> PieceRef? {
        let last = sum.children - 1
        guard last >= 0, var (ref, within, _) = descend(.children, min(c, last)) else { return nil }
        if ref.leaf.settleInList() {
            // The totals were rewritten (same shape): read them again.
            guard let again = descend(.children, min(c, last)) else { return nil }
            (ref, within) = (again.ref, again.within)
        }
        guard c <= last else { return nil }
        guard within > 0 else { return ref }
        if case .rows(let run) = ref.piece {
            // The leaf's entry becomes the first part and takes the second
            // after it, by difference (`recompute(slot:from:)`,
            // `piecesInserted`): no other piece of the leaf is read.
            let leaf = ref.leaf, slot = ref.slot
            leaf.pieces[slot] = .rows(run.slice(0..<within))
            leaf.recompute(slot: slot, from: run.summary)
            leaf.pieces.insert(.rows(run.slice(within..<run.count)), at: slot + 1)
            leaf.piecesInserted(at: slot + 1, count: 1)
            leaf.refreshAncestors()
            splitIfFull(leaf)
        }
        return nil
    }

    /// Puts `pieces` (row runs as many rows as it) in the place of the
    /// run at `ref`, in its leaf, when the leaf holds rows only: the
    /// leaf's columns edited for that entry alone (`ListNode.runReplaced`)
    /// and its path refreshed by difference, or the leaf split when it
    /// overflows. No descent and no other piece read, where `replace`
    /// found both ends again, cut, and asked every piece of the leaf. The
    /// list's counts do not change, so no structure change is counted.
    /// Tags pending on the path must be settled first (as the descent
    /// that found `ref` does). False, with nothing done, when `replace` is
    /// needed. O(fanout · depth).
    mutating func replaceRun(at ref: PieceRef, with pieces: [Piece]) -> Bool {
        let leaf = ref.leaf, slot = ref.slot
        guard leaf.tag == .none, leaf.childSums.isEmpty, slot < leaf.pieces.count, !pieces.isEmpty,
              case .rows(let old) = leaf.pieces[slot],
              pieces.allSatisfy({ if case .rows = $0 { true } else { false } }),
              pieces.reduce(0, { $0 + $1.childCount }) == old.count else { return false }
        leaf.pieces.replaceSubrange(slot..<(slot + 1), with: pieces)
        leaf.runReplaced(at: slot, by: pieces.count, old: old)
        if leaf.count > ChildList.maxFill {
            // Its parent reads its new total as it takes the halves.
            splitIfFull(leaf)
        } else {
            leaf.refreshAncestors()
        }
        return true
    }

    /// Cuts the row run holding child `c` before it (nothing when `c`
    /// starts a piece or is past the end), settling this list's tags on
    /// the way (`Section.cutChildren` settles those above first).
    /// O(fanout · log n) and O(`RowRun.chunkSize`).
    mutating func cut(at c: Int) {
        _ = settleAndCut(at: c)
    }

    /// The same for the path to a leaf of this list. Returns whether any
    /// tag was pending.
    @discardableResult
    func settle(_ leaf: ListNode) -> Bool {
        if let owner { return leaf.settle(owner: owner) }
        return leaf.settleInList()
    }

    /// `locate`, with the selection tags on the path settled first, for
    /// who reads a piece's marks or edits it. O(depth · log n).
    func locateSettled(_ metric: Metric, _ index: Int) -> (node: PieceRef, within: Int, before: Counts)? {
        guard let found = locate(metric, index) else { return nil }
        return settle(found.node.leaf) ? locate(metric, index) : found
    }

    /// `descend`, with the selection tags on the path settled first (see
    /// `locateSettled`), for who edits a piece and needs no totals before
    /// it: the leaf's part of them is left unread (in a large table, a
    /// cache miss per column), and above it what `Sum` does not read.
    /// O(depth · log n).
    /// In the list of `owner` (static: see `descend(from:)`).
    @inline(__always)
    static func descendSettled<Sum: DescentSum>(in owner: Section, _ metric: Metric, _ index: Int,
                                                adding: Sum.Type) -> (ref: PieceRef, within: Int, above: Sum)? {
        var tagSeen = false
        guard let found = descend(from: owner.listStart, metric, index, tagSeen: &tagSeen, adding: Sum.self) else {
            return nil
        }
        guard found.ref.leafRef._withUnsafeGuaranteedRef({ $0.settle(owner: owner) }) else { return found }
        return descend(from: owner.listStart, metric, index, tagSeen: &tagSeen, adding: Sum.self)
    }

    /// Brings down the tags pending in the lists above this one, onto its
    /// root. O(depth · log n).
    func settleAbove() {
        if let owner, let leaf = owner.node, let parent = owner.parent { leaf.settle(owner: parent) }
    }

    /// Removes children `range` when they are whole pieces of one leaf
    /// (boundaries already cut; `start`, where the range starts, if
    /// known) that keeps enough entries: the leaf's summaries edited in
    /// place and its path refreshed, no merge. Nil (nothing done) when the
    /// general `remove` is needed. O(fanout · depth).
    private func removeInLeaf(_ range: Range<Int>, at start: PieceRef?) -> [Piece]? {
        guard let ref = start ?? locate(.children, range.lowerBound).flatMap({ $0.within == 0 ? $0.node : nil })
        else { return nil }
        let leaf = ref.leaf
        guard leaf.tag == .none else { return nil }
        var end = ref.slot, covered = 0
        while covered < range.count, end < leaf.pieces.count {
            covered += leaf.pieces.withUnsafeBufferPointer { $0[end].childCount }
            end += 1
        }
        let remaining = leaf.pieces.count - (end - ref.slot)
        guard covered == range.count, remaining > 0, remaining >= ChildList.minFill || leaf.parent == nil else {
            return nil
        }
        let removed = Array(leaf.pieces[ref.slot..<end])
        leaf.pieces.removeSubrange(ref.slot..<end)
        leaf.piecesRemoved(at: ref.slot, removed: removed[...])
        leaf.refreshAncestors()
        return removed
    }

    /// Removes the whole pieces in children [lo, hi) of `node`'s subtree
    /// (boundaries already cut), mending underfull children on the way back.
    private func remove(_ node: ListNode, _ lo: Int, _ hi: Int, into out: inout RemovedPieces) {
        if node.isLeaf {
            // The kept pieces' summaries kept too (when the leaf has them and
            // no tag changes its pieces): no section is asked again.
            let sums = node.tag == .none ? node.childSums : []
            var offset = 0
            var kept: [Piece] = [], keptSums: [Summary] = []
            kept.reserveCapacity(node.pieces.count)
            keptSums.reserveCapacity(sums.count)
            for (i, p) in node.pieces.enumerated() {
                let c = sums.isEmpty ? p.summary.children : sums[i].children
                if offset >= lo && offset + c <= hi && c > 0 {
                    out.take(p)
                } else {
                    kept.append(p)
                    if !sums.isEmpty { keptSums.append(sums[i]) }
                }
                offset += c
            }
            node.pieces = kept
            if sums.isEmpty { node.recompute() } else { node.recompute(sums: keptSums) }
            return
        }
        var offset = 0
        var i = 0
        while i < node.children.count {
            let c = node.childSums[i].children
            let start = offset
            offset += c
            if start >= hi || start + c <= lo { i += 1; continue }
            let child = node.children[i]
            if lo <= start && start + c <= hi {
                ChildList.collect(child, into: &out)
                node.children.remove(at: i)
                node.childSums.remove(at: i)
                continue
            }
            remove(child, max(lo, start) - start, min(hi, start + c) - start, into: &out)
            node.childSums[i] = child.sum
            i += 1
        }
        // Only the (at most two) children cut at the range's ends can be underfull.
        var j = 0
        while j < node.children.count {
            if node.children[j].count < ChildList.minFill, node.children.count > 1 {
                let k = j + 1 < node.children.count ? j : j - 1
                merge(node, k)
                j = max(0, k)
                continue
            }
            j += 1
        }
        node.children.removeAll { $0.count == 0 }
        node.childSums = node.children.map(\.sum)
        node.recompute()
    }

    /// Merges children k and k+1 of `node`, splitting the result again if it
    /// holds more than `maxFill` entries.
    private func merge(_ node: ListNode, _ k: Int) {
        node.children[k].pushTag()
        node.children[k + 1].pushTag()
        let a = ChildList.merged(node.children[k], node.children[k + 1])
        node.children.remove(at: k + 1)
        node.childSums.remove(at: k + 1)
        node.childSums[k] = a.sum
        if a.count > ChildList.maxFill {
            let halves = ChildList.split(a, into: 2)
            node.children.insert(contentsOf: halves.dropFirst(), at: k + 1)
            node.childSums = node.children.map(\.sum)
            for h in halves { h.parent = node }
        }
    }

    /// Drops root levels that have a single child, or an empty root.
    private mutating func shrinkRoot() {
        while let r = root, !r.isLeaf, r.children.count == 1 {
            r.pushTag()
            root = r.children[0]
            root?.parent = nil
        }
        if let r = root, r.count == 0 { root = nil }
    }

    /// Inserts `pieces` before child index `c` (a piece boundary; `start`,
    /// the piece there, if known).
    private mutating func insert(_ pieces: [Piece], at c: Int, in start: PieceRef?) {
        guard let root else {
            self.root = ChildList.build(pieces, owner: owner)
            return
        }
        let leaf: ListNode
        let slot: Int
        if let ref = start ?? locate(.children, c)?.node {
            leaf = ref.leaf
            slot = ref.slot
        } else {
            var n = root
            while !n.isLeaf { n = n.children[n.children.count - 1] }
            leaf = n
            slot = n.pieces.count
        }
        leaf.settleInList()
        guard leaf.pieces.count + pieces.count <= ChildList.maxFill else {
            spread(leaf, pieces, at: slot)
            return
        }
        leaf.pieces.insert(contentsOf: pieces, at: slot)
        ChildList.adopt(pieces, into: leaf, owner: owner)
        // The leaf's other sections are not asked again.
        leaf.piecesInserted(at: slot, count: pieces.count)
        leaf.refreshAncestors()
    }

    /// Inserts `pieces` into `leaf` at `slot` when the leaf would then
    /// overflow: its pieces and the new ones go straight into the leaves
    /// that `splitIfFull` would make of them, each built once. (Inserting
    /// first and splitting after asked every section for its summary twice
    /// and copied every piece twice more: with many sections, each such
    /// pass is a cache miss per section.) O(pieces + leaf).
    private mutating func spread(_ leaf: ListNode, _ pieces: [Piece], at slot: Int) {
        leaf.pushTag()
        let old = leaf.pieces, k = pieces.count
        let total = old.count + k
        let parts = ChildList.parts(total)
        var nodes: [ListNode] = []
        nodes.reserveCapacity(parts)
        for p in 0..<parts {
            let n = p == 0 ? leaf : ListNode()
            n.pieces = (total * p / parts..<total * (p + 1) / parts).map { i in
                i < slot ? old[i] : i < slot + k ? pieces[i - slot] : old[i - k]
            }
            ChildList.adopt(n.pieces, into: n, owner: owner)
            n.recompute()
            nodes.append(n)
        }
        replaceNode(leaf, with: nodes)
    }

    /// How many nodes an overfull node of `count` entries becomes.
    private static func parts(_ count: Int) -> Int { max(2, (count + maxFill - 1) / maxFill) }

    /// Splits an overfull node into enough siblings and pushes them up,
    /// growing a new root when the old one splits.
    private mutating func splitIfFull(_ node: ListNode) {
        guard node.count > ChildList.maxFill else { return }
        replaceNode(node, with: ChildList.split(node, into: ChildList.parts(node.count)))
    }

    /// Puts `nodes` (`node` first, then its new siblings) where `node` was,
    /// growing a new root when it was the root, and splits the parent in
    /// turn when it overflows.
    private mutating func replaceNode(_ node: ListNode, with nodes: [ListNode]) {
        guard let parent = node.parent else {
            let top = ListNode()
            top.children = nodes
            top.childSums = nodes.map(\.sum)
            for n in nodes { n.parent = top }
            top.recompute()
            root = top
            splitIfFull(top)
            return
        }
        let i = parent.index(of: node)
        parent.children.replaceSubrange(i...i, with: nodes)
        parent.childSums.replaceSubrange(i...i, with: nodes.map(\.sum))
        for n in nodes { n.parent = parent }
        parent.refreshUpward()
        splitIfFull(parent)
    }

    /// Spreads `node`'s entries evenly over `node` and parts - 1 new nodes.
    private static func split(_ node: ListNode, into parts: Int) -> [ListNode] {
        node.pushTag()
        let total = node.count
        var out: [ListNode] = [node]
        let bounds = (0...parts).map { total * $0 / parts }
        // A leaf's pieces' summaries go with them: no section is asked again.
        let sums = node.isLeaf && node.childSums.count == total ? node.childSums : []
        if node.isLeaf {
            let all = node.pieces
            node.pieces = Array(all[bounds[0]..<bounds[1]])
            for p in 1..<parts {
                let n = ListNode()
                n.pieces = Array(all[bounds[p]..<bounds[p + 1]])
                adopt(n.pieces, into: n)
                out.append(n)
            }
        } else {
            let kids = node.children, sums = node.childSums
            node.children = Array(kids[bounds[0]..<bounds[1]])
            node.childSums = Array(sums[bounds[0]..<bounds[1]])
            for p in 1..<parts {
                let n = ListNode()
                n.children = Array(kids[bounds[p]..<bounds[p + 1]])
                n.childSums = Array(sums[bounds[p]..<bounds[p + 1]])
                for c in n.children { c.parent = n }
                out.append(n)
            }
        }
        for (i, n) in out.enumerated() {
            if sums.isEmpty { n.recompute() } else { n.recompute(sums: Array(sums[bounds[i]..<bounds[i + 1]])) }
        }
        return out
    }

    /// Points the sections among `pieces` at `leaf`, which holds them, and
    /// at `owner` when they are new to the list (given).
    private static func adopt(_ pieces: [Piece], into leaf: ListNode, owner: Section? = nil) {
        for p in pieces {
            guard case .section(let s) = p else { continue }
            s.node = leaf
            if let owner { s.parent = owner }
        }
    }

    /// Every piece of a subtree, in order.
    private static func collect(_ n: ListNode, into out: inout RemovedPieces) {
        n.pushTag()
        if n.isLeaf { out.take(all: n.pieces) } else { for c in n.children { collect(c, into: &out) } }
    }

    /// A tree of `pieces` built bottom-up in O(count).
    private static func build(_ pieces: [Piece], owner: Section?) -> ListNode? {
        guard !pieces.isEmpty else { return nil }
        var level: [ListNode] = stride(from: 0, to: pieces.count, by: maxFill).map {
            let n = ListNode()
            n.pieces = Array(pieces[$0..<min($0 + maxFill, pieces.count)])
            adopt(n.pieces, into: n, owner: owner)
            n.recompute()
            return n
        }
        balanceTail(&level)
        return stack(level)
    }

    /// The levels of internal nodes above `leaves` (in order, each full
    /// enough), built bottom-up; the root. O(leaves).
    private static func stack(_ leaves: [ListNode]) -> ListNode {
        var level = leaves
        while level.count > 1 {
            var next: [ListNode] = []
            for start in stride(from: 0, to: level.count, by: maxFill) {
                let n = ListNode()
                n.children = Array(level[start..<min(start + maxFill, level.count)])
                n.childSums = n.children.map(\.sum)
                for c in n.children { c.parent = n }
                n.recompute()
                next.append(n)
            }
            balanceTail(&next)
            level = next
        }
        level[0].parent = nil
        return level[0]
    }

    /// Keeps the last node of a level from being underfull by sharing with its neighbour.
    private static func balanceTail(_ nodes: inout [ListNode]) {
        guard nodes.count >= 2, let last = nodes.last, last.count < minFill else { return }
        let prev = nodes[nodes.count - 2]
        let parts = split(merged(prev, last), into: 2)
        nodes.removeLast(2)
        nodes += parts
    }

    /// `a` with `b`'s entries appended (b emptied). Tags pending on either
    /// must be pushed down first.
    private static func merged(_ a: ListNode, _ b: ListNode) -> ListNode {
        if a.isLeaf {
            // Their pieces' summaries go with them when both keep them (see `split`).
            let sums = a.childSums.count == a.pieces.count && b.childSums.count == b.pieces.count
                ? a.childSums + b.childSums : nil
            a.pieces += b.pieces
            adopt(b.pieces, into: a)
            b.pieces = []
            b.childSums = []
            if let sums {
                a.recompute(sums: sums)
                return a
            }
        } else {
            a.children += b.children
            a.childSums += b.childSums
            b.children = []
            b.childSums = []
            for c in a.children { c.parent = a }
        }
        a.recompute()
        return a
    }
}

/// What a removal does with the pieces it takes out: keeps them for the
/// caller, or (`unlink`) clears each subsection's `node` and `parent` as
/// its leaf is reached and keeps nothing. Unlinking there spares a pass
/// over the sections afterwards, which among many sections costs a cache
/// miss apiece (and a retain and release each for the copy).
struct RemovedPieces {
    let unlink: Bool
    private(set) var pieces: [Piece] = []

    init(unlink: Bool) { self.unlink = unlink }

    mutating func take(_ piece: Piece) {
        guard unlink else { return pieces.append(piece) }
        if case .section(let s) = piece { Self.clearLinks(s) }
    }

    mutating func take(all taken: [Piece]) {
        guard unlink else { return pieces += taken }
        // Read in place and unretained: the leaf holds them.
        taken.withUnsafeBufferPointer { p in
            for i in p.indices {
                guard case .section(let s) = p[i] else { continue }
                Unmanaged.passUnretained(s)._withUnsafeGuaranteedRef(Self.clearLinks)
            }
        }
    }

    private static func clearLinks(_ s: Section) {
        s.node = nil
        s.parent = nil
    }
}

/// Where a descent into a section's list starts: the root node
/// (unretained) and the record of its totals (`Section.rootRecord`, or
/// the copy a leaf keeps beside the section, `TotalsView.subRecord`).
typealias ListStart = (node: Unmanaged<ListNode>, record: Int)
