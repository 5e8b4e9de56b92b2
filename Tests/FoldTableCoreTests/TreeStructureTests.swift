import Testing
@testable import FoldTableCore

/// The tree structures tested directly, without a `Table`: a child list's
/// fill limits, splits and merges (exact leaf sizes and heights), row-run
/// cuts, running totals at every entry against naive sums, and descents.
/// `RangeTree` and `SectionIDs`: RangeTreeTests.swift, SectionIDSlotTests.swift.
@Suite struct ChildListStructureTests {
    /// `n` pieces of one default row each (a list never joins runs).
    static func singleRows(_ n: Int) -> [Piece] { (0..<n).map { _ in .rows(RowRun(defaultRows: 1)) } }

    /// The entry counts of the leaves, left to right.
    static func leaves(_ list: ChildList) -> [Int] {
        var out: [Int] = []
        func walk(_ n: ListNode) { if n.isLeaf { out.append(n.count) } else { n.children.forEach(walk) } }
        if let root = list.root { walk(root) }
        return out
    }

    /// Levels of nodes (0 for an empty list, 1 for a single leaf).
    static func height(_ list: ChildList) -> Int {
        var h = 0
        var n = list.root
        while let node = n { h += 1; n = node.children.first }
        return h
    }

    /// The pieces in order.
    static func pieces(_ list: ChildList) -> [Piece] {
        var out: [Piece] = []
        list.forEachPiece { out.append($0); return true }
        return out
    }

    /// A list built in one step from `n` single-row pieces (`ChildList.build`).
    static func built(_ n: Int) -> ChildList {
        var list = ChildList()
        list.replace(0..<0, with: singleRows(n))
        return list
    }

    /// A list grown one piece at a time at its end (splits as it fills).
    static func grown(_ n: Int) -> ChildList {
        var list = ChildList()
        for i in 0..<n { list.replace(i..<i, with: singleRows(1)) }
        return list
    }

    static func section(_ key: String) -> Section {
        Section(key: key, header: key, headerHeight: 28, footerHeight: 0, rowHeight: 44, collapsed: false)
    }

    @Test func limits() {
        #expect(ChildList.maxFill == 32)
        #expect(ChildList.minFill == 8)
        #expect(RowRun.chunkSize == 64)
    }

    /// Counts are stored in 32 bits (every leaf keeps a summary per entry):
    /// the layout stays narrow, and sums and differences at the table's
    /// limits stay exact.
    @Test func summariesAreNarrowAndExactAtTheLimits() {
        #expect(MemoryLayout<Counts>.stride == 24)
        #expect(MemoryLayout<Summary>.stride == 80)
        let items = Limits.maxRows + 2 * Limits.maxSections
        let height = (items + 2) * (1 << 24)  // every item and both paddings at the largest height
        var big = Summary(children: Limits.maxRows + Limits.maxSections, rows: Limits.maxRows, items: items,
                          defaultRows: Limits.maxRows, fixedHeight: height, expandedRows: Limits.maxRows,
                          expandedDeep: Limits.maxRows, nesting: Limits.maxDepth, matchedDeep: Limits.maxRows,
                          hiddenSections: Limits.maxSections, shownRows: Limits.maxRows,
                          shownHeaders: Limits.maxSections)
        big.selectedRows = Limits.maxRows
        let one = Summary(children: 1, rows: 1, items: 1, defaultRows: 1, expandedRows: 1, expandedDeep: 1)
        var s = Summary.zero
        s -= one  // a difference below zero
        #expect(s.items == -1 && s.rows == -1 && s.expandedDeep == -1)
        s += big
        s += one
        #expect(s == big)
        #expect(s.items == items && s.children == Limits.maxRows + Limits.maxSections)
        #expect(s.fixedHeight == height && s.rowsDeep == Limits.maxRows && s.selectedRows == Limits.maxRows)
        #expect(s.nesting == Limits.maxDepth && s.shownHeaders == Limits.maxSections)
        #expect(s.height(1 << 24) == height + Limits.maxRows * (1 << 24))
    }

    @Test func buildFillsLeavesAndSharesAnUnderfullTail() {
        #expect(Self.height(ChildList()) == 0)
        #expect(Self.leaves(Self.built(1)) == [1])
        #expect(Self.leaves(Self.built(32)) == [32])
        #expect(Self.height(Self.built(32)) == 1)
        // 33: a full leaf and one of 1, under minFill: shared out as 16 + 17.
        #expect(Self.leaves(Self.built(33)) == [16, 17])
        #expect(Self.height(Self.built(33)) == 2)
        // A tail of exactly minFill stays; one fewer is shared.
        #expect(Self.leaves(Self.built(40)) == [32, 8])
        #expect(Self.leaves(Self.built(39)) == [19, 20])
        // 32 full leaves under one root.
        #expect(Self.leaves(Self.built(1024)) == Array(repeating: 32, count: 32))
        #expect(Self.height(Self.built(1024)) == 2)
        // 1025: the leaf tail is shared (16 + 17), then the internal tail:
        // 33 leaves under two internal nodes of 16 and 17 children.
        let big = Self.built(1025)
        #expect(Self.leaves(big) == Array(repeating: 32, count: 31) + [16, 17])
        #expect(Self.height(big) == 3)
        #expect(big.root?.children.map(\.count) == [16, 17])
        for n in [1, 32, 33, 39, 40, 1024, 1025] {
            let list = Self.built(n)
            #expect(list.invariantViolations("built \(n)") == [])
            #expect(list.sum == Summary(children: n, rows: n, items: n, defaultRows: n, shownRows: n))
        }
    }

    @Test func insertingAtTheEndSplitsFullNodes() {
        #expect(Self.leaves(Self.grown(32)) == [32])
        #expect(Self.leaves(Self.grown(33)) == [16, 17])
        #expect(Self.leaves(Self.grown(48)) == [16, 32])
        #expect(Self.leaves(Self.grown(49)) == [16, 16, 17])
        // Every split of the last leaf adds one: 32 leaves at 16 * 31 + 32.
        let full = Self.grown(528)
        #expect(Self.leaves(full) == Array(repeating: 16, count: 31) + [32])
        #expect(Self.height(full) == 2)
        // One more: the 33rd leaf overfills the root, which splits in two.
        let deeper = Self.grown(529)
        #expect(Self.leaves(deeper) == Array(repeating: 16, count: 32) + [17])
        #expect(Self.height(deeper) == 3)
        #expect(deeper.root?.children.map(\.count) == [16, 17])
        #expect(deeper.invariantViolations("grown") == [])
    }

    @Test func insertingInTheMiddleSplitsThatLeaf() {
        var list = Self.built(64)  // [32, 32]
        #expect(Self.leaves(list) == [32, 32])
        list.replace(5..<5, with: Self.singleRows(1))
        #expect(Self.leaves(list) == [16, 17, 32])
        // Many at once: 40 more into the first leaf (56 entries) make 2 leaves of 28.
        list.replace(0..<0, with: Self.singleRows(40))
        #expect(Self.leaves(list) == [28, 28, 17, 32])
        #expect(list.sum.children == 105)
        #expect(list.invariantViolations("middle") == [])
    }

    @Test func manySectionsIntoOneLeafAreSpreadOverNewLeaves() {
        // A list's owner, so that what it takes in points at it.
        let owner = Self.section("owner")
        let old = (0..<32).map { Self.section("old\($0)") }
        owner.list.replace(0..<0, with: old.map { .section($0) })
        #expect(Self.leaves(owner.list) == [32])
        // 100 into the middle of the full leaf: 132 entries, five leaves
        // as a split would make them (132 * p / 5 apart), built once.
        let new = (0..<100).map { Self.section("new\($0)") }
        owner.list.replace(10..<10, with: new.map { .section($0) })
        #expect(Self.leaves(owner.list) == [26, 26, 27, 26, 27])
        #expect(Self.height(owner.list) == 2)
        let keys = Self.pieces(owner.list).map { piece -> String in
            if case .section(let s) = piece { return s.key } else { return "rows" }
        }
        #expect(keys == (old[..<10] + new + old[10...]).map(\.key))
        #expect((old + new).allSatisfy { $0.parent === owner })
        #expect(owner.list.sum.children == 132)
        #expect(owner.list.invariantViolations("spread") == [])
        Self.checkTotals(owner.list, "spread")
        // A few more into a full leaf of the two-level list: that leaf only.
        owner.list.replace(0..<0, with: Self.singleRows(7))
        #expect(Self.leaves(owner.list) == [16, 17, 26, 27, 26, 27])
        #expect(owner.list.invariantViolations("spread again") == [])
    }

    @Test func removingWhileUnlinkingClearsEachSectionsLinks() {
        let owner = Self.section("owner")
        let all = (0..<100).map { Self.section("s\($0)") }
        owner.list.replace(0..<0, with: all.map { .section($0) })
        // Across nodes (whole leaves and two cut ones), then within one leaf.
        #expect(owner.list.replace(10..<90, with: [], unlinking: true).isEmpty)
        #expect(owner.list.replace(2..<4, with: [], unlinking: true).isEmpty)
        let gone = all[10..<90] + all[2..<4]
        #expect(gone.allSatisfy { $0.node == nil && $0.parent == nil })
        let left = all[..<2] + all[4..<10] + all[90...]
        #expect(left.allSatisfy { $0.node != nil && $0.parent === owner })
        #expect(owner.list.sum.children == 18)
        #expect(owner.list.invariantViolations("unlinked") == [])
        // Without unlinking, the removed come back as they were.
        let removed = owner.list.replace(0..<2, with: [])
        #expect(removed.count == 2)
        #expect(all[..<2].allSatisfy { $0.parent === owner })
    }

    @Test func removingUntilALeafMergesWithItsNeighbour() {
        var list = Self.built(33)  // [16, 17]
        for _ in 0..<8 { list.replace(0..<1, with: []) }
        #expect(Self.leaves(list) == [8, 17])
        #expect(Self.height(list) == 2)
        // Under minFill: merged with its neighbour, and the root of one child goes.
        list.replace(0..<1, with: [])
        #expect(Self.leaves(list) == [24])
        #expect(Self.height(list) == 1)
        #expect(list.invariantViolations("merged") == [])
        // Down to nothing: no root at all.
        list.replace(0..<24, with: [])
        #expect(list.root == nil)
        #expect(list.sum == .zero)
    }

    @Test func aMergeTooFullSplitsAgain() {
        var list = Self.grown(48)  // [16, 32]
        for _ in 0..<9 { list.replace(0..<1, with: []) }
        // 7 + 32 = 39 entries do not fit one node: two of 19 and 20.
        #expect(Self.leaves(list) == [19, 20])
        #expect(list.invariantViolations("resplit") == [])
    }

    @Test func removingAcrossManyNodes() {
        var list = Self.built(1025)
        let removed = list.replace(0..<1000, with: [])
        #expect(removed.count == 1000)
        // The whole first internal node goes; the second keeps two leaves.
        #expect(Self.leaves(list) == [8, 17])
        #expect(Self.height(list) == 2)
        #expect(list.sum.children == 25)
        #expect(list.invariantViolations("range") == [])
    }

    @Test func cutsSplitDefaultRuns() {
        var list = ChildList()
        list.replace(0..<0, with: [.rows(RowRun(defaultRows: 100))])
        let removed = list.replace(10..<20, with: [])
        #expect(removed.count == 1)
        guard case .rows(let gone) = removed[0] else { Issue.record("not rows"); return }
        #expect(gone.count == 10 && !gone.isExplicit)
        let counts = Self.pieces(list).map { piece -> Int in
            guard case .rows(let run) = piece else { return -1 }
            #expect(!run.isExplicit)
            return run.count
        }
        #expect(counts == [10, 80])
        // A subsection inserted inside a run cuts it there.
        let s = Self.section("sub")
        list.replace(40..<40, with: [.section(s)])
        let shape = Self.pieces(list).map { piece -> String in
            switch piece {
            case .rows(let run): return "rows \(run.count)"
            case .section(let sub): return "section \(sub.key)"
            }
        }
        #expect(shape == ["rows 10", "rows 30", "section sub", "rows 50"])
        #expect(s.node === list.root)
        #expect(list.sum == Summary(children: 91, rows: 90, items: 91, defaultRows: 90, fixedHeight: 28 * Units.perPoint,
                                    nesting: 1, shownRows: 90, shownHeaders: 1))
        #expect(list.invariantViolations("cut") == [])
    }

    @Test func cutsKeepEachRowsOwnHeight() {
        let heights: [UInt32] = (0..<64).map { $0 % 5 == 0 ? RowRun.none : UInt32(100 + $0) }
        var list = ChildList()
        list.replace(0..<0, with: [.rows(RowRun(heights: heights[...]))])
        list.replace(10..<10, with: [.rows(RowRun(defaultRows: 3))])
        list.replace(30..<33, with: [])
        var seen: [UInt32] = []
        var sizes: [Int] = []
        for piece in Self.pieces(list) {
            guard case .rows(let run) = piece else { Issue.record("not rows"); return }
            sizes.append(run.count)
            for i in 0..<run.count { seen.append(run.hasOwnHeight(i) ? UInt32(run.normalHeight(i, rowHeight: 1)) : RowRun.none) }
        }
        #expect(sizes == [10, 3, 17, 34])
        let expected = Array(heights[0..<10]) + [RowRun.none, RowRun.none, RowRun.none]
            + Array(heights[10..<27]) + Array(heights[30...])
        #expect(seen == expected)
        let own = expected.filter { $0 != RowRun.none }.reduce(0) { $0 + Int($1) }
        #expect(list.sum.fixedHeight == own)
        #expect(list.sum.defaultRows == expected.filter { $0 == RowRun.none }.count)
        #expect(list.invariantViolations("own heights") == [])
    }

    // MARK: Running totals

    /// Random pieces: default runs, explicit chunks with own and default
    /// heights (some expanded), and subsections holding rows.
    static func randomPieces(_ count: Int, _ rng: inout SeededRandom) -> [Piece] {
        (0..<count).map { i in
            switch Int.random(in: 0..<4, using: &rng) {
            case 0: return .rows(RowRun(defaultRows: Int.random(in: 1...500, using: &rng)))
            case 1:
                let n = Int.random(in: 1...RowRun.chunkSize, using: &rng)
                let records = (0..<n).map { _ -> RowRecord in
                    var r = RowRecord()
                    if Bool.random(using: &rng) { r.height = UInt32.random(in: 1...9000, using: &rng) }
                    if Int.random(in: 0..<8, using: &rng) == 0 {
                        r.expandedHeight = 20_000
                        r.expanded = Bool.random(using: &rng)
                    }
                    return r
                }
                return .rows(RowRun(records: records))
            case 2: return .rows(RowRun(heights: (0..<Int.random(in: 1...64, using: &rng)).map { _ in
                    UInt32.random(in: 1...9000, using: &rng) }[...]))
            default:
                let s = section("s\(i)")
                s.list.replace(0..<0, with: [.rows(RowRun(defaultRows: Int.random(in: 1...20, using: &rng)))])
                return .section(s)
            }
        }
    }

    /// Every node's running totals at every entry, and every piece's
    /// `PieceRef.prefix()`, against sums of the entries before it.
    static func checkTotals(_ list: ChildList, _ context: String) {
        func walk(_ n: ListNode) {
            let view = n.totals.view
            let sums = n.entrySums
            var acc = Counts()
            var expanded = 0
            for i in 0...sums.count {
                #expect(view.prefix(i) == acc, "node entry \(i) \(context)")
                #expect(view.get(i, TotalsView.expandedRows) == expanded, "expanded before entry \(i) \(context)")
                if i < sums.count {
                    acc += sums[i].counts
                    expanded += sums[i].expandedRows
                }
            }
            #expect(n.sum.counts == acc, "\(context)")
            if !n.isLeaf { n.children.forEach(walk) }
        }
        if let root = list.root { walk(root) }
        // Each piece's prefix, by child index (a piece's first child).
        var before = Counts()
        for piece in pieces(list) {
            let s = piece.summary
            guard let (ref, within, found) = list.locate(.children, before.children) else {
                Issue.record("child \(before.children) not found \(context)")
                return
            }
            #expect(within == 0 && found == before, "child \(before.children) \(context)")
            #expect(ref.prefix() == before, "prefix of child \(before.children) \(context)")
            before += s.counts
        }
        #expect(before == list.sum.counts, "\(context)")
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func runningTotalsMatchNaiveSums(seed: UInt64) {
        var rng = SeededRandom(seed: seed)
        var list = ChildList()
        var model: [Piece] = Self.randomPieces(1100, &rng)
        list.replace(0..<0, with: model)
        #expect(Self.height(list) == 3)
        Self.checkTotals(list, "built")
        for step in 0..<60 {
            let total = list.sum.children
            switch Int.random(in: 0..<3, using: &rng) {
            case 0:
                // Insert at a piece boundary.
                let at = Int.random(in: 0...model.count, using: &rng)
                let c = model[..<at].reduce(0) { $0 + $1.summary.children }
                let new = Self.randomPieces(Int.random(in: 1...40, using: &rng), &rng)
                list.replace(c..<c, with: new)
                model.insert(contentsOf: new, at: at)
            case 1:
                // Remove whole pieces.
                guard !model.isEmpty else { continue }
                let a = Int.random(in: 0..<model.count, using: &rng)
                let b = min(model.count, a + Int.random(in: 1...30, using: &rng))
                let lo = model[..<a].reduce(0) { $0 + $1.summary.children }
                let hi = lo + model[a..<b].reduce(0) { $0 + $1.summary.children }
                #expect(list.replace(lo..<hi, with: []).count == b - a)
                model.removeSubrange(a..<b)
            default:
                // Change one explicit row's height in place (the leaf's update path).
                guard total > 0, let (ref, within, _) = list.locate(.children, Int.random(in: 0..<total, using: &rng)),
                      case .rows(let run) = ref.piece, run.isExplicit else { continue }
                let before = list.sum.fixedHeight - run.summary.fixedHeight
                let h = UInt32.random(in: 1...9000, using: &rng)
                list.modify(ref) { piece in
                    guard case .rows(var r) = piece else { return }
                    r.setHeight(within, h)
                    piece = .rows(r)
                }
                guard case .rows(let changed) = ref.piece else { continue }
                #expect(list.sum.fixedHeight == before + changed.summary.fixedHeight, "step \(step)")
                model = Self.pieces(list)
            }
            #expect(Self.pieces(list).map(\.summary) == model.map(\.summary), "step \(step)")
            #expect(list.invariantViolations("step \(step)") == [])
            Self.checkTotals(list, "step \(step)")
        }
    }

    /// Small edits of leaves that hold subsections take the incremental
    /// paths (`ListNode.piecesInserted`, `piecesRemoved`, `childChanged`,
    /// `RunningTotals.insert`/`remove`, in place or into a larger buffer):
    /// the summaries, totals and nesting must end as a rebuild leaves them,
    /// also when the only subsection nested two deep goes.
    @Test(arguments: [11, 12, 13] as [UInt64])
    func smallEditsOfSectionLeavesMatchARebuild(seed: UInt64) {
        var rng = SeededRandom(seed: seed)
        var made = 0
        func sections(_ n: Int) -> [Piece] {
            (0..<n).map { _ in
                made += 1
                let s = Self.section("e\(made)")
                var inner: [Piece] = [.rows(RowRun(defaultRows: Int.random(in: 0...3, using: &rng) + 1))]
                if Int.random(in: 0..<6, using: &rng) == 0 {
                    // Nesting 2: a subsection inside.
                    let sub = Self.section("e\(made).sub")
                    sub.list.replace(0..<0, with: [.rows(RowRun(defaultRows: 2))])
                    inner.append(.section(sub))
                }
                s.list.replace(0..<0, with: inner)
                return .section(s)
            }
        }
        var list = ChildList()
        var model = sections(200)
        list.replace(0..<0, with: model)
        for step in 0..<400 {
            if Bool.random(using: &rng) || model.count < 20 {
                let at = Int.random(in: 0...model.count, using: &rng)
                let new = Int.random(in: 0..<4, using: &rng) == 0
                    ? Self.singleRows(1) : sections(Int.random(in: 1...3, using: &rng))
                let c = model[..<at].reduce(0) { $0 + $1.summary.children }
                list.replace(c..<c, with: new)
                model.insert(contentsOf: new, at: at)
            } else {
                let a = Int.random(in: 0..<model.count, using: &rng)
                let b = min(model.count, a + Int.random(in: 1...3, using: &rng))
                let lo = model[..<a].reduce(0) { $0 + $1.summary.children }
                let hi = lo + model[a..<b].reduce(0) { $0 + $1.summary.children }
                #expect(list.replace(lo..<hi, with: []).count == b - a)
                model.removeSubrange(a..<b)
            }
            #expect(Self.pieces(list).map(\.summary) == model.map(\.summary), "step \(step)")
            #expect(list.sum.nesting == model.map(\.summary.nesting).max(), "step \(step)")
            #expect(list.invariantViolations("step \(step)") == [])
            Self.checkTotals(list, "step \(step)")
        }
    }

    @Test(arguments: [4, 5] as [UInt64])
    func descentsFindTheNaiveEntry(seed: UInt64) {
        var rng = SeededRandom(seed: seed)
        var list = ChildList()
        let model = Self.randomPieces(500, &rng)
        list.replace(0..<0, with: model)
        let rowHeight = 44 * Units.perPoint
        // Ends of each piece, by items and by height.
        var itemEnds: [Int] = [], heightEnds: [Int] = []
        var counts = Counts()
        for p in model {
            counts += p.summary.counts
            itemEnds.append(counts.items)
            heightEnds.append(counts.height(rowHeight))
        }
        for _ in 0..<400 {
            let k = Int.random(in: 0..<counts.items, using: &rng)
            let want = itemEnds.firstIndex { $0 > k }!
            let start = want == 0 ? 0 : itemEnds[want - 1]
            guard let (ref, within, before) = list.locate(.items, k) else { Issue.record("item \(k)"); continue }
            #expect(before.items == start && within == k - start, "item \(k)")
            #expect(ref.prefix() == before, "item \(k)")
            let y = Int.random(in: 0..<counts.height(rowHeight), using: &rng)
            let piece = heightEnds.firstIndex { $0 > y }!
            let top = piece == 0 ? 0 : heightEnds[piece - 1]
            guard let (_, above) = ChildList.locate(from: list.start, endingBeyond: y, inclusive: false, rowHeight: rowHeight) else {
                Issue.record("y \(y)")
                continue
            }
            #expect(above.height(rowHeight) == top && above.items == (piece == 0 ? 0 : itemEnds[piece - 1]), "y \(y)")
        }
        // Beyond the end: nothing.
        #expect(list.locate(.items, counts.items) == nil)
        #expect(ChildList.locate(from: list.start, endingBeyond: counts.height(rowHeight), inclusive: false, rowHeight: rowHeight) == nil)
    }
}

/// One row run on its own: cuts, inserts and removals against an array of
/// records.
@Suite struct RowRunTests {
    static func same(_ a: RowRecord, _ b: RowRecord) -> Bool {
        a.height == b.height && a.expandedHeight == b.expandedHeight && a.expanded == b.expanded
            && a.expandedProvided == b.expandedProvided
    }

    static func check(_ run: RowRun, _ model: [RowRecord], rowHeight: Int, _ context: String) {
        #expect(run.count == model.count, "\(context)")
        #expect(run.records().count == model.count, "\(context)")
        for (i, (a, b)) in zip(run.records(), model).enumerated() {
            #expect(same(a, b), "row \(i) \(context)")
        }
        var top = 0
        for (i, r) in model.enumerated() {
            let h = r.expanded && r.expandedHeight != RowRun.none ? Int(r.expandedHeight)
                : r.height == RowRun.none ? rowHeight : Int(r.height)
            #expect(run.prefixHeight(i, rowHeight: rowHeight) == top, "top of row \(i) \(context)")
            #expect(run.height(i, rowHeight: rowHeight) == h, "row \(i) \(context)")
            // The row whose bottom is beyond its own top is itself.
            #expect(run.firstRow(bottomBeyond: top, inclusive: false, rowHeight: rowHeight) == i
                    || h == 0, "first row beyond \(top) \(context)")
            top += h
        }
        #expect(run.height(rowHeight: rowHeight) == top, "\(context)")
        let s = run.summary
        #expect(s.children == model.count && s.rows == model.count && s.items == model.count, "\(context)")
        #expect(s.expandedRows == model.filter(\.expanded).count, "\(context)")
    }

    @Test func defaultRunsSliceWithoutStorage() {
        let run = RowRun(defaultRows: 100)
        let piece = run.slice(30..<70)
        #expect(!piece.isExplicit)
        #expect(piece.summary == Summary(children: 40, rows: 40, items: 40, defaultRows: 40, shownRows: 40))
        var grown = piece
        grown.insert(at: 5, defaultRows: 7)
        grown.remove(0..<2)
        #expect(!grown.isExplicit && grown.count == 45)
        #expect(grown.summary.defaultRows == 45 && grown.summary.fixedHeight == 0)
    }

    @Test func chunksHoldAtMostChunkSizeRows() {
        let records = (0..<150).map { i -> RowRecord in
            var r = RowRecord()
            r.height = UInt32(i + 1)
            return r
        }
        let chunks = RowRun.chunks(records)
        #expect(chunks.map(\.count) == [64, 64, 22])
        let sums: [Int] = [64 * 65 / 2, (65 + 128) * 64 / 2, (129 + 150) * 22 / 2]
        #expect(chunks.map { $0.summary.fixedHeight } == sums)
        #expect(RowRun.chunks(heights: [UInt32](repeating: 5, count: 65)).map(\.count) == [64, 1])
    }

    @Test(arguments: [7, 8, 9] as [UInt64])
    func explicitRunsMatchTheirRecords(seed: UInt64) {
        var rng = SeededRandom(seed: seed)
        let rowHeight = 40
        func record() -> RowRecord {
            var r = RowRecord()
            if Bool.random(using: &rng) { r.height = UInt32.random(in: 0...90, using: &rng) }
            if Int.random(in: 0..<4, using: &rng) == 0 {
                r.expandedHeight = UInt32.random(in: 100...300, using: &rng)
                r.expanded = Bool.random(using: &rng)
                r.expandedProvided = Bool.random(using: &rng)
            }
            return r
        }
        var model = (0..<30).map { _ in record() }
        var run = RowRun(records: model)
        Self.check(run, model, rowHeight: rowHeight, "start")
        for step in 0..<200 {
            switch Int.random(in: 0..<4, using: &rng) {
            case 0 where model.count < RowRun.chunkSize:
                let at = Int.random(in: 0...model.count, using: &rng)
                let new = (0..<Int.random(in: 1...(RowRun.chunkSize - model.count), using: &rng)).map { _ in record() }
                run.insert(at: at, records: new)
                model.insert(contentsOf: new, at: at)
            case 1 where model.count > 1:
                let a = Int.random(in: 0..<model.count, using: &rng)
                let b = Int.random(in: a...min(model.count, a + 10), using: &rng)
                run.remove(a..<b)
                model.removeSubrange(a..<b)
            case 2 where !model.isEmpty:
                let a = Int.random(in: 0..<model.count, using: &rng)
                let b = Int.random(in: (a + 1)...model.count, using: &rng)
                run = run.slice(a..<b)
                model = Array(model[a..<b])
            default:
                guard !model.isEmpty else { continue }
                let i = Int.random(in: 0..<model.count, using: &rng)
                let h = UInt32.random(in: 0...90, using: &rng)
                run.setHeight(i, h)
                model[i].height = h
            }
            Self.check(run, model, rowHeight: rowHeight, "step \(step)")
        }
    }
}
