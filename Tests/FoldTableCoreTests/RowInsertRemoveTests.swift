import Testing
@testable import FoldTableCore

/// Rows put into a run or taken out of one where it is (`insertInPlace`,
/// `removeInRun`, a move's `removeRowInPlace`): the run's summary
/// difference is added down the path its descent took (RunChange.swift).
/// A chunk too full for an insert is cut in halves first, a leaf of rows
/// takes new runs by difference (`ListNode.runsInserted`), and a cut
/// copies a chunk's part column by column (`RowRun.slice`). Checked on a
/// list three levels deep against a plain array of heights and selection
/// flags, with expanded rows (whose bits move with an insert) and selected
/// rows (marks the difference carries), first with a change listener (each
/// change set of an insert or removal checked), then without one (nothing
/// recorded); debug builds also recount the trees inside every mutation.
@Suite struct RowInsertRemoveTests {
    struct Bench {
        var rng: SeededRandom
        let t = try! Table(options: TableOptions())
        /// Row r's height as shown, and whether it is selected.
        var heights: [Double] = []
        var selected: [Bool] = []
        let rowHeight = TableOptions().rowHeight
        /// What the change listener was told, while there is one.
        let sets = Box()
        var log: [String] = []

        init(seed: UInt64) throws {
            rng = SeededRandom(seed: seed)
            try t.insertSection(at: 0, key: "long")
            heights = (0..<80_000).map { _ in Double(Int.random(in: 40...160, using: &rng)) / 2 }
            selected = Array(repeating: false, count: heights.count)
            try t.insertRows(section: .key("long"), at: 0, heights: heights)
            // Rows 1,000..<4,000 selected (the header is item 0).
            _ = try t.selectPositions(1_001, count: 3_000, how: .replace)
            for r in 1_000..<4_000 { selected[r] = true }
            // Fifty rows expanded, 30 pt taller.
            for _ in 0..<50 {
                let r = Int.random(in: 0..<heights.count, using: &rng)
                guard try !t.rowInfo(section: .key("long"), row: r).expanded else { continue }
                try t.setExpandedHeight(heights[r] + 30, section: .key("long"), row: r)
                _ = try t.setRowExpanded(true, section: .key("long"), row: r)
                heights[r] += 30
            }
        }

        var context: String { "\(log.suffix(3))" }

        /// One insert or removal of one to three rows (now and then many,
        /// across runs): at random places, at the end, with heights of their
        /// own or the default.
        mutating func step() throws {
            let k = Int.random(in: 0..<10, using: &rng) == 0 ? Int.random(in: 60...150, using: &rng)
                : Int.random(in: 1...3, using: &rng)
            switch Int.random(in: 0..<6, using: &rng) {
            case 5:
                // A move within the section: out of its run where it is, into one.
                let r = Int.random(in: 0..<heights.count, using: &rng)
                let to = Int.random(in: 0..<heights.count, using: &rng)
                log.append("move \(r) to \(to)")
                try t.moveRow(section: .key("long"), row: r, to: .key("long"), atChild: to)
                heights.insert(heights.remove(at: r), at: to)
                selected.insert(selected.remove(at: r), at: to)
                sets.value.removeAll()
            case 0, 1:
                let r = Int.random(in: 0...heights.count, using: &rng)
                let own = (0..<k).map { _ in Double(Int.random(in: 40...160, using: &rng)) / 2 }
                log.append("insert \(k) at \(r)")
                try t.insertRows(section: .key("long"), at: r, heights: own)
                heights.insert(contentsOf: own, at: r)
                selected.insert(contentsOf: repeatElement(false, count: k), at: r)
                expectOneChange(at: r + 1, removed: 0, added: k)
            case 2:
                log.append("append \(k) default")
                try t.insertRows(section: .key("long"), at: heights.count, count: k)
                expectOneChange(at: heights.count + 1, removed: 0, added: k)
                heights += repeatElement(rowHeight, count: k)
                selected += repeatElement(false, count: k)
            default:
                let r = Int.random(in: 0..<(heights.count - k), using: &rng)
                log.append("remove \(k) at \(r)")
                try t.removeRows(section: .key("long"), at: r, count: k)
                heights.removeSubrange(r..<(r + k))
                selected.removeSubrange(r..<(r + k))
                expectOneChange(at: r + 1, removed: k, added: 0)
            }
        }

        /// The step's change set, when a listener took one.
        func expectOneChange(at position: Int, removed: Int, added: Int) {
            defer { sets.value.removeAll() }
            guard !sets.value.isEmpty else { return }
            #expect(sets.value.count == 1, "\(context)")
            #expect(sets.value.last?.changes == [FlatChange(position: position, removed: removed, added: added)],
                    "\(context)")
        }

        /// The tops of every 97th row, the content height, the selection and
        /// the trees.
        func check() throws {
            var top = try t.itemTop(at: 1)
            for (r, h) in heights.enumerated() {
                if r % 97 == 0 {
                    #expect(try t.itemTop(at: r + 1) == top, "row \(r) \(context)")
                    #expect(try t.item(at: r + 1).selected == selected[r], "row \(r) \(context)")
                }
                top += h
            }
            #expect(t.contentHeight == top, "\(context)")
            #expect(try t.rowCount(section: .key("long")) == heights.count)
            #expect(try t.selectionCount(within: nil).rows == selected.count(where: { $0 }), "\(context)")
            #expect(t.invariantViolations() == [], "\(context)")
        }
    }

    @Test(arguments: [7, 8] as [UInt64])
    func singleRowsInAndOutOfADeepList(seed: UInt64) throws {
        var b = try Bench(seed: seed)
        let root = try #require(try b.t.section(.key("long")).list.root)
        #expect(!root.isLeaf && !root.children[0].isLeaf && root.children[0].children[0].isLeaf)
        try b.check()
        let sets = b.sets
        let id = b.t.onChange {
            sets.value.append($0)
            sets.told += 1
        }
        for step in 0..<800 {
            if step == 400 { _ = b.t.removeListener(id) }  // from here, nothing is recorded
            try b.step()
            if step % 200 == 199 { try b.check() }
        }
        #expect(sets.told == 400)
        try b.check()
    }

    final class Box {
        var value: [ChangeSet] = []
        var told = 0
    }

    /// Hand-checked: an insert into a full chunk cuts it in halves and the
    /// rows join theirs, two pieces where there was one; a removal inside
    /// a chunk keeps its piece.
    @Test func aFullChunkIsCutInHalves() throws {
        let t = try Table(options: TableOptions())
        try t.insertSection(at: 0, key: "s")
        try t.insertRows(section: .key("s"), at: 0, heights: (0..<64).map { Double(20 + $0) })
        #expect(try t.section(.key("s")).list.root?.pieces.count == 1)
        let height = t.contentHeight
        try t.insertRows(section: .key("s"), at: 10, heights: [7])
        let pieces = try #require(try t.section(.key("s")).list.root?.pieces)
        let counts = pieces.map { piece -> Int in if case .rows(let r) = piece { r.count } else { -1 } }
        #expect(counts == [33, 32])
        // Row 10 is the new one; rows 32 and 33 were the old 31 and 32.
        #expect(try t.rowInfo(section: .key("s"), row: 10).height == 7)
        #expect(try t.rowInfo(section: .key("s"), row: 32).height == 51)
        #expect(try t.rowInfo(section: .key("s"), row: 33).height == 52)
        try t.removeRows(section: .key("s"), at: 40, count: 5)
        let after = try #require(try t.section(.key("s")).list.root?.pieces)
        #expect(after.map { piece -> Int in if case .rows(let r) = piece { r.count } else { -1 } } == [33, 27])
        #expect(try t.rowInfo(section: .key("s"), row: 40).height == 20 + 44)
        #expect(t.contentHeight == height + 7 - (39...43).map { Double(20 + $0) }.reduce(0, +))
        #expect(t.invariantViolations() == [])
    }
}
