/// One child entry of a section's list: a run of rows or a subsection.
enum Piece {
    case rows(RowRun)
    case section(Section)

    @inline(__always)
    var summary: Summary { Piece.summary(of: self) }

    /// What a leaf records of the piece for lookups (`TotalsView.lookup`,
    /// `LookupTag`): a row run's `RowRun.lookup`, or a subsection's address,
    /// so a descent reaches either without the leaf's pieces array. Read
    /// from a borrowed piece, like `summary(of:)`.
    @inline(__always)
    static func lookup(of piece: borrowing Piece) -> Int {
        switch piece {
        case .rows(let run): return run.lookup
        case .section(let s):
            return LookupTag.entry(Int(bitPattern: Unmanaged.passUnretained(s).toOpaque()), LookupTag.section,
                                   else: LookupTag.none)
        }
    }

    /// A piece's summary, read from a borrowed piece: no copy, so no retain
    /// of a run's height storage (a cache miss per piece in a large table).
    @inline(__always)
    static func summary(of piece: borrowing Piece) -> Summary {
        switch piece {
        case .rows(let run): return run.summary
        case .section(let s): return s.contribution
        }
    }
}

/// A node of a child list's B+tree. Leaves hold pieces; internal nodes hold
/// children. Both keep running totals (`totals`), which is all a descent
/// reads of a node it passes through: no retain, no piece it does not stop
/// at.
final class ListNode {
    // The fields a descent reads come first, to share a cache line.
    /// Running totals of the entries (and the children), rebuilt with `sum`.
    private(set) var totals = RunningTotals()
    var children: [ListNode] = []
    var pieces: [Piece] = []
    /// Kept in step by the list; `unowned(unsafe)` because the parent owns
    /// the child and the pointer is only followed while the tree is intact.
    unowned(unsafe) var parent: ListNode?
    var sum = Summary.zero
    /// The summary of each entry: of every child of an internal node, and of
    /// every piece of a leaf that holds a subsection, so that one section's
    /// change refreshes its leaf without asking the other sections. Empty in
    /// a leaf of rows only: there it would cost 72 bytes per 64 rows, and a
    /// run's summary is cheap to ask for.
    var childSums: [Summary] = []

    var isLeaf: Bool { children.isEmpty }
    var count: Int { isLeaf ? pieces.count : children.count }

    /// The summary of entry `i`: a piece's (leaf) or a child's. O(1).
    @inline(__always)
    func entrySum(_ i: Int) -> Summary { childSums.isEmpty ? pieces[i].summary : childSums[i] }

    /// Every entry's summary, in order. O(entries).
    var entrySums: [Summary] { childSums.isEmpty ? pieces.map(\.summary) : childSums }

    /// Recomputes the entries' summaries (a leaf's), the total and the
    /// running totals. O(entries).
    func recompute() {
        if isLeaf {
            // children = rows + subsections, in the freshly computed total.
            total(fromPieces: true)
            if sum.children > sum.rows {
                childSums = pieces.map(\.summary)
            } else if !childSums.isEmpty {
                childSums = []
            }
            return
        }
        total()
    }

    /// Recomputes after piece `slot` of a leaf changed: only its summary is
    /// asked for again. O(entries) over plain arrays.
    func recompute(slot: Int) {
        guard isLeaf, slot >= 0, slot < pieces.count else { return recompute() }
        let s = pieces.withUnsafeBufferPointer { Piece.summary(of: $0[slot]) }
        if childSums.isEmpty {
            // Rows only (and still a run here): update the records in place.
            guard s.children == s.rows, totals.view.count == pieces.count + 1 else { return recompute() }
            let data = pieces.withUnsafeBufferPointer { Piece.lookup(of: $0[slot]) }
            sum = totals.update(slot: slot, to: s, lookup: data)
            return
        }
        guard childSums.count == pieces.count else { return recompute() }
        childSums[slot] = s
        total()
    }

    /// Recomputes an internal node after child `i` changed, touching no
    /// other child. O(entries) over plain arrays.
    func childChanged(_ i: Int) {
        guard !isLeaf, i >= 0, i < children.count, childSums.count == children.count,
              totals.view.count == children.count + 1 else { return recompute() }
        let child = children[i]
        childSums[i] = child.sum
        var s = Summary.zero
        for c in childSums { s += c }
        sum = s
        totals.update(slot: i, sums: childSums, child: child)
    }

    private func total(fromPieces: Bool = false) {
        // Pieces read in place: copying one would retain its height storage,
        // a cache miss per piece in a large table.
        let fromSums = !fromPieces && !childSums.isEmpty
        sum = pieces.withUnsafeBufferPointer { p in
            totals.rebuild(count: fromSums ? childSums.count : p.count, children: children,
                           { fromSums ? childSums[$0] : Piece.summary(of: p[$0]) },
                           lookup: { Piece.lookup(of: p[$0]) })
        }
    }

    /// Index of `child` among this node's children. O(fanout).
    func index(of child: ListNode) -> Int {
        children.firstIndex { $0 === child } ?? 0
    }

    /// Recomputes summaries from this node (only piece `slot`'s, when
    /// given) up to the root of its list. O(fanout · depth).
    func refreshUpward(slot: Int? = nil) {
        if let slot { recompute(slot: slot) } else { recompute() }
        var n = self
        while let p = n.parent {
            p.childChanged(p.index(of: n))
            n = p
        }
    }
}

/// A row as a lookup reports it.
struct RowFacts {
    var expanded: Bool
    var expandable: Bool
    /// From the top of its run, in units.
    var top: Int
    var height: Int
}

/// Where a piece is: its leaf and its slot there, and the leaf's running
/// totals. Valid until the list changes: it does not keep the leaf alive
/// (retaining it would be an atomic write to a line a lookup otherwise
/// never touches, a cache miss that also holds up the loads after it).
struct PieceRef {
    unowned(unsafe) let leaf: ListNode
    let slot: Int
    let totals: TotalsView
    /// The entry's `TotalsView.lookup`, as the descent found it.
    let lookup: Int

    init(leaf: ListNode, slot: Int) {
        let totals = leaf.totals.view
        self.init(leaf: leaf, slot: slot, totals: totals, lookup: totals.get(slot, TotalsView.lookup))
    }

    init(leaf: ListNode, slot: Int, totals: TotalsView, lookup: Int) {
        self.leaf = leaf
        self.slot = slot
        self.totals = totals
        self.lookup = lookup
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
    var section: Section? {
        switch LookupTag.tag(lookup) {
        case LookupTag.section:
            let p = UnsafeRawPointer(bitPattern: LookupTag.address(lookup)).unsafelyUnwrapped
            return Unmanaged<Section>.fromOpaque(p).takeUnretainedValue()
        case LookupTag.none:
            guard case .section(let s) = piece else { return nil }
            return s
        default:
            return nil
        }
    }

    /// Whether the leaf records a subsection here. O(1).
    @inline(__always)
    var holdsSection: Bool { LookupTag.tag(lookup) == LookupTag.section }

    /// What a lookup needs of row `i` of the row run here; nil for a
    /// subsection. Heights only with `measure`. Read from the leaf's totals
    /// when they describe the run (`plainRows`), else from the
    /// piece in place (no copy, so no retain that would touch the run's
    /// height storage). O(chunk size).
    func row(_ i: Int, rowHeight: Int, measure: Bool) -> RowFacts? {
        if holdsSection { return nil }
        if let plain = plainRows {
            return RowFacts(expanded: false, expandable: false,
                            top: measure ? plain.prefixHeight(i, rowHeight: rowHeight) : 0,
                            height: measure ? plain.height(i, rowHeight: rowHeight) : 0)
        }
        return leaf.pieces.withUnsafeBufferPointer { p -> RowFacts? in
            guard case .rows(let run) = p[slot] else { return nil }
            return RowFacts(expanded: run.isExpanded(i), expandable: run.isExpandable(i, rowHeight: rowHeight),
                            top: measure ? run.prefixHeight(i, rowHeight: rowHeight) : 0,
                            height: measure ? run.height(i, rowHeight: rowHeight) : 0)
        }
    }

    /// The first row of the row run here whose bottom (from the run's top)
    /// is beyond `y` (see `RowRun.firstRow`), or the run's count if none
    /// is; nil for a subsection. Read like `row`. O(chunk size).
    func firstRow(bottomBeyond y: Int, inclusive: Bool, rowHeight: Int) -> Int? {
        if holdsSection { return nil }
        if let plain = plainRows {
            return plain.firstRow(bottomBeyond: y, inclusive: inclusive, rowHeight: rowHeight) ?? plain.count
        }
        return leaf.pieces.withUnsafeBufferPointer { p -> Int? in
            guard case .rows(let run) = p[slot] else { return nil }
            return run.firstRow(bottomBeyond: y, inclusive: inclusive, rowHeight: rowHeight) ?? run.count
        }
    }

    /// The totals of everything before this piece in its list. O(fanout · log n).
    func prefix() -> Prefix {
        var acc = leaf.totals.view.prefix(slot)
        var n = leaf
        while let p = n.parent {
            acc += p.totals.view.prefix(p.index(of: n))
            n = p
        }
        return acc
    }
}

/// The ordered children of a section — runs of rows and subsections — as a
/// B+tree with implicit keys. Every node carries its subtree's `Summary`, so
/// finding the child at an index, the item at a flat position or the item at
/// an offset reads one path of about log_16(n) nodes. Sections know their
/// leaf (`Section.node`); the list keeps that pointer right as pieces move.
struct ChildList {
    /// Most entries in a node; nodes with fewer than `minFill` are merged.
    static let maxFill = 32
    static let minFill = 8

    private(set) var root: ListNode?

    init() {}

    var sum: Summary { root?.sum ?? .zero }

    // MARK: Finding

    /// The piece holding the child `index` (by `metric`), the offset of that
    /// child inside the piece, and the totals of everything before the
    /// piece. nil if `index` is not below the metric's total.
    /// O(fanout · log n): see `descend`.
    func locate(_ metric: Metric, _ index: Int) -> (node: PieceRef, within: Int, before: Prefix)? {
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
    func descend(_ metric: Metric, _ index: Int) -> (ref: PieceRef, within: Int, above: Prefix)? {
        guard let root, index >= 0, index < metric.of(root.sum) else { return nil }
        // Unretained: the list owns its nodes and nothing changes during a
        // descent, so it costs no reference counting.
        var node = Unmanaged.passUnretained(root)
        var view = root.totals.view
        var k = index
        var above = Prefix()
        while true {
            let i: Int, next: Int
            if let found = view.find(metric, &k) {
                (i, next) = found
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
                return (PieceRef(leaf: node.takeUnretainedValue(), slot: i, totals: view, lookup: next), k, above)
            }
            above += view.prefix(i)
            node = view.child(i)
            view = TotalsView(tagged: next)
        }
    }

    /// The first piece with items whose end in units, measured from the
    /// list's top (default rows `rowHeight` units tall), is beyond `y` (`> y`,
    /// or `>= y` when `inclusive`), with the totals of everything before it;
    /// nil if none is. O(fanout · log n), like `locate`.
    func locate(endingBeyond y: Int, inclusive: Bool, rowHeight: Int) -> (node: PieceRef, before: Prefix)? {
        guard let root else { return nil }
        var node = Unmanaged.passUnretained(root)
        var view = root.totals.view
        var before = Prefix()
        while true {
            let top = before.height(rowHeight)
            guard let (i, next) = view.firstEntry(endingBeyond: y &- top, inclusive: inclusive,
                                                  rowHeight: rowHeight) else {
                return nil
            }
            before += view.prefix(i)
            if view.isLeaf {
                return (PieceRef(leaf: node.takeUnretainedValue(), slot: i, totals: view, lookup: next), before)
            }
            node = view.child(i)
            view = TotalsView(tagged: next)
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
        func walk(_ n: ListNode) {
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

    /// Applies `change` to a piece and refreshes the summaries above it.
    /// O(fanout · log n).
    func modify(_ ref: PieceRef, _ change: (inout Piece) -> Void) {
        change(&ref.leaf.pieces[ref.slot])
        ref.leaf.refreshUpward(slot: ref.slot)
    }

    /// Replaces children `range` with `pieces` (in order) and returns the
    /// pieces removed. Row runs are cut where the range ends inside them.
    /// O(log n + pieces added + pieces removed).
    @discardableResult
    mutating func replace(_ range: Range<Int>, with pieces: [Piece]) -> [Piece] {
        cut(at: range.lowerBound)
        cut(at: range.upperBound)
        var removed: [Piece] = []
        if !range.isEmpty, let root {
            remove(root, range.lowerBound, range.upperBound, into: &removed)
            shrinkRoot()
        }
        if !pieces.isEmpty { insert(pieces, at: range.lowerBound) }
        return removed
    }

    /// Splits the row run that child index `c` falls strictly inside.
    private mutating func cut(at c: Int) {
        guard let (ref, within, _) = locate(.children, c), within > 0, case .rows(let run) = ref.piece else { return }
        ref.leaf.pieces[ref.slot] = .rows(run.slice(0..<within))
        ref.leaf.pieces.insert(.rows(run.slice(within..<run.count)), at: ref.slot + 1)
        ref.leaf.refreshUpward()
        splitIfFull(ref.leaf)
    }

    /// Removes the whole pieces in children [lo, hi) of `node`'s subtree
    /// (boundaries already cut), mending underfull children on the way back.
    private func remove(_ node: ListNode, _ lo: Int, _ hi: Int, into out: inout [Piece]) {
        if node.isLeaf {
            var offset = 0
            var kept: [Piece] = []
            kept.reserveCapacity(node.pieces.count)
            for p in node.pieces {
                let c = p.summary.children
                if offset >= lo && offset + c <= hi && c > 0 { out.append(p) } else { kept.append(p) }
                offset += c
            }
            node.pieces = kept
            node.recompute()
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
        let a = node.children[k], b = node.children[k + 1]
        if a.isLeaf {
            a.pieces += b.pieces
            b.pieces = []
            ChildList.adopt(a)
        } else {
            a.children += b.children
            a.childSums += b.childSums
            b.children = []
            b.childSums = []
            for c in a.children { c.parent = a }
        }
        a.recompute()
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
            root = r.children[0]
            root?.parent = nil
        }
        if let r = root, r.count == 0 { root = nil }
    }

    /// Inserts `pieces` before child index `c` (a piece boundary).
    private mutating func insert(_ pieces: [Piece], at c: Int) {
        guard let root else {
            self.root = ChildList.build(pieces)
            return
        }
        let leaf: ListNode
        let slot: Int
        if let (ref, _, _) = locate(.children, c) {
            leaf = ref.leaf
            slot = ref.slot
        } else {
            var n = root
            while !n.isLeaf { n = n.children[n.children.count - 1] }
            leaf = n
            slot = n.pieces.count
        }
        leaf.pieces.insert(contentsOf: pieces, at: slot)
        for p in pieces { if case .section(let s) = p { s.node = leaf } }
        leaf.refreshUpward()
        splitIfFull(leaf)
    }

    /// Splits an overfull node into enough siblings and pushes them up,
    /// growing a new root when the old one splits.
    private mutating func splitIfFull(_ node: ListNode) {
        guard node.count > ChildList.maxFill else { return }
        let parts = (node.count + ChildList.maxFill - 1) / ChildList.maxFill
        let nodes = ChildList.split(node, into: max(2, parts))
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
        let total = node.count
        var out: [ListNode] = [node]
        let bounds = (0...parts).map { total * $0 / parts }
        if node.isLeaf {
            let all = node.pieces
            node.pieces = Array(all[bounds[0]..<bounds[1]])
            for p in 1..<parts {
                let n = ListNode()
                n.pieces = Array(all[bounds[p]..<bounds[p + 1]])
                adopt(n)
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
        for n in out { n.recompute() }
        return out
    }

    /// Points the sections in a leaf at it.
    private static func adopt(_ leaf: ListNode) {
        for p in leaf.pieces { if case .section(let s) = p { s.node = leaf } }
    }

    /// Every piece of a subtree, in order.
    private static func collect(_ n: ListNode, into out: inout [Piece]) {
        if n.isLeaf { out += n.pieces } else { for c in n.children { collect(c, into: &out) } }
    }

    /// A tree of `pieces` built bottom-up in O(count).
    private static func build(_ pieces: [Piece]) -> ListNode? {
        guard !pieces.isEmpty else { return nil }
        var level: [ListNode] = stride(from: 0, to: pieces.count, by: maxFill).map {
            let n = ListNode()
            n.pieces = Array(pieces[$0..<min($0 + maxFill, pieces.count)])
            adopt(n)
            n.recompute()
            return n
        }
        // Keep the last node from being underfull by sharing with its neighbour.
        func balanceTail(_ nodes: inout [ListNode]) {
            guard nodes.count >= 2, let last = nodes.last, last.count < minFill else { return }
            let prev = nodes[nodes.count - 2]
            let parts = split(merged(prev, last), into: 2)
            nodes.removeLast(2)
            nodes += parts
        }
        balanceTail(&level)
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

    /// `a` with `b`'s entries appended (b emptied).
    private static func merged(_ a: ListNode, _ b: ListNode) -> ListNode {
        if a.isLeaf {
            a.pieces += b.pieces
            b.pieces = []
            adopt(a)
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
