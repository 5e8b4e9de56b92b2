import Testing
@testable import FoldTableCore

// Select all and clear as pending marks (`SelectionTag`): what they leave on
// the tree, and operations that run while a mark is still pending. The
// randomized side is `RandomizedSelectionTests.pendingSelectAllAndClearMatchTheModel`.

/// The selection as "key:row+count" and "key" for sections.
private func listed(_ t: Table) -> String {
    t.selection().map { $0.row < 0 ? $0.section : "\($0.section):\($0.row)+\($0.count)" }.joined(separator: " ")
}

@Suite struct SelectionTagTests {
    @Test func selectAllIsOneMarkOnTheRoot() throws {
        let t = try makeTable([.section("Mac", rows: 3), .section("iPad", rows: 2), .section("iPhone", rows: 1_000_000)])
        #expect(try t.setCollapsed(true, section: "iPad"))
        #expect(try t.selectAll())
        // Counted at once; nothing below the root has it yet.
        #expect(t.root.list.root?.tag == .selectShown)
        #expect(try t.selectionCount(within: nil) == (rows: 1_000_003, sections: 3))
        #expect(try t.selectionCount(within: "iPad") == (rows: 0, sections: 0))
        #expect(try t.isRowSelected(section: "iPhone", row: 999_999))
        #expect(try !t.isRowSelected(section: "iPad", row: 1))
        #expect(try t.clearSelection())
        #expect(t.root.list.root?.tag != SelectionTag.none)
        #expect(try t.selectionCount(within: nil) == (rows: 0, sections: 0))
        #expect(t.unsettledSelection() == [])
        #expect(t.invariantViolations() == [])
    }

    @Test func aSnapshotKeepsWhatAPendingSelectAllSelected() throws {
        let t = try makeTable([.section("Mac", rows: 3), .section("iPad", rows: 2), .section("iPhone", rows: 4)])
        #expect(try t.setCollapsed(true, section: "iPad"))
        #expect(try t.selectAll())
        // Moved, grown, and a new section; the collapsed iPad's rows were not shown.
        _ = try t.applySnapshot([.section("iPhone"), .rows(4), .section("Mac"), .rows(4), .section("iPad"), .rows(2),
                                 .section("Watch"), .rows(1)])
        #expect(t.unsettledSelection() == ["iPhone", "iPhone:0", "iPhone:1", "iPhone:2", "iPhone:3",
                                           "Mac", "Mac:0", "Mac:1", "Mac:2", "iPad"])
        #expect(listed(t) == "iPhone iPhone:0+4 Mac Mac:0+3 iPad")
        #expect(t.invariantViolations() == [])
    }

    @Test func expandingAfterAPendingSelectAllShowsTheRowsUnselected() throws {
        let t = try makeTable([.section("Mac", rows: 3), .section("iPad", rows: 2)])
        #expect(try t.setCollapsed(true, section: "iPad"))
        #expect(try t.selectAll())
        #expect(try t.setCollapsed(false, section: "iPad"))
        #expect(try t.setCollapsed(true, section: "Mac"))
        #expect(t.unsettledSelection() == ["Mac", "Mac:0", "Mac:1", "Mac:2", "iPad"])
        #expect(try t.setCollapsed(false, section: "Mac"))
        #expect(try (0..<t.itemCount).map { try t.item(at: $0).selected ? "1" : "0" }.joined() == "1111100")
    }

    @Test func aReplacingClickAfterSelectAllRedrawsOneRange() throws {
        let t = try makeTable([.section("Mac", rows: 3), .section("iPad", rows: 2)])
        #expect(try t.selectAll())
        var sets: [ChangeSet] = []
        t.onChange { sets.append($0) }
        #expect(try t.selectRow(section: "iPad", row: 0, how: .replace))
        #expect(sets.count == 1 && sets[0].redraw == [0..<7])
        #expect(listed(t) == "iPad:0+1")
        // Clicking it again changes nothing.
        #expect(try !t.selectRow(section: "iPad", row: 0, how: .replace))
        #expect(sets.count == 1)
    }

    /// A mark pushed down by a read (`ListNode.pushTag`) rebuilds a leaf's
    /// running totals in place: the parent records their address, which
    /// descents follow, and nothing refreshes the parent after a read. A
    /// leaf that grew by single inserts and then shrank keeps room for
    /// twice what it holds; rebuilding it used to move its totals and leave
    /// the parent pointing at freed memory (found by the Qt model tester:
    /// select REPLACE, then item 0 was "not found in the item tree").
    @Test(arguments: 1...12)
    func aMarkPushedDownLeavesTheTotalsWhereTheParentFindsThem(seed: UInt64) throws {
        var rng = SeededRandom(seed: seed)
        let t = try Table(options: TableOptions())
        var keys: [String] = []
        var next = 0
        func insert() throws {
            let at = Int.random(in: 0...keys.count, using: &rng)
            next += 1
            try t.insertSection(at: at, key: "s\(next)", header: "s\(next)", rows: Int.random(in: 0...2, using: &rng))
            keys.insert("s\(next)", at: at)
        }
        for _ in 0..<70 { try insert() }
        for step in 0..<400 {
            if Int.random(in: 0..<3, using: &rng) == 0 || keys.count < 40 {
                try insert()
            } else {
                let k = keys.remove(at: Int.random(in: 0..<keys.count, using: &rng))
                try t.removeSection(.key(k))
            }
            switch Int.random(in: 0..<4, using: &rng) {
            case 0: _ = try t.selectAll()
            case 1: _ = try t.clearSelection()
            case 2: _ = try t.selectItem(at: Int.random(in: 0..<t.itemCount, using: &rng), how: .replace)
            default: break
            }
            // Reads settle the marks on their way down.
            for _ in 0..<3 { _ = try t.item(at: Int.random(in: 0..<t.itemCount, using: &rng)) }
            try #require(t.invariantViolations() == [], "seed \(seed) step \(step)")
            #expect(try t.item(at: 0).kind == .header)
        }
    }

    /// A read settles the marks on its own path only: a mark pushed off the
    /// root onto a node beside that path stays pending there, and a later
    /// read through that node must see it (`ChildList.descend(_:_:tagSeen:)`
    /// reads it from the parent's record, not from the root). Lists with
    /// internal nodes at two levels (120 sections; 2,300 rows in one), reads
    /// in random order after select all, clear and single changes, against
    /// the expected selected state of every item.
    @Test(arguments: 1...4)
    func aMarkPendingBelowTheRootIsSeenByEveryRead(seed: UInt64) throws {
        var rng = SeededRandom(seed: seed)
        let t = try Self.sectionsOnTwoLevels(&rng, measured: true)
        var selected = [Bool](repeating: false, count: t.itemCount)
        for round in 0..<12 {
            switch round % 3 {
            case 0:
                _ = try t.selectAll()
                selected = selected.map { _ in true }
            case 1:
                _ = try t.clearSelection()
                selected = selected.map { _ in false }
            default:
                let p = Int.random(in: 0..<t.itemCount, using: &rng)
                _ = try t.selectItem(at: p, how: .toggle)
                selected[p].toggle()
            }
            // Every item once, in random order: each read settles its own path.
            for p in (0..<t.itemCount).shuffled(using: &rng) {
                #expect(try t.item(at: p).selected == selected[p], "seed \(seed) round \(round) position \(p)")
            }
            #expect(t.invariantViolations() == [], "seed \(seed) round \(round)")
        }
    }

    /// A row height set while a select all or clear is still pending, in
    /// the row's own list or in the list above its section, settles it
    /// first, so the rows it cuts out of a default run carry the selection
    /// the tag gives them, and a toggle after it flips only its row.
    /// `measured`: every row has a height of its own, so that an edit
    /// changes heights only and takes their path down the records (the
    /// tags are seen there, or looked for in the lists above).
    @Test(arguments: 1...4, [false, true])
    func anEditUnderAPendingMarkKeepsEverySelection(seed: UInt64, measured: Bool) throws {
        var rng = SeededRandom(seed: seed)
        let t = try Self.sectionsOnTwoLevels(&rng, measured: measured)
        var selected = [Bool](repeating: false, count: t.itemCount)
        for round in 0..<8 {
            let all = round % 2 == 0
            _ = try all ? t.selectAll() : t.clearSelection()
            selected = selected.map { _ in all }
            for _ in 0..<3 {
                let k = Bool.random(using: &rng) ? 7 : Int.random(in: 0..<120, using: &rng)
                let row = Int.random(in: 0..<(k == 7 ? 2_300 : 3), using: &rng)
                try t.setRowHeight(section: .key("s\(k)"), row: row, height: Double(Int.random(in: 20...60, using: &rng)))
                let p = try t.rowPosition(section: .key("s\(k)"), row: row)
                _ = try t.selectItem(at: p, how: .toggle)
                selected[p].toggle()
            }
            for p in 0..<t.itemCount {
                #expect(try t.item(at: p).selected == selected[p], "seed \(seed) round \(round) position \(p)")
            }
            #expect(t.invariantViolations() == [], "seed \(seed) round \(round)")
        }
    }

    /// 120 sections of 3 rows, section s7 of 2,300: lists with internal
    /// nodes at two levels. `measured`: rows of heights drawn from `rng`;
    /// else rows of the default height (runs of default rows).
    static func sectionsOnTwoLevels(_ rng: inout SeededRandom, measured: Bool) throws -> Table {
        let t = try Table(options: TableOptions())
        for k in 0..<120 {
            try t.insertSection(at: k, key: "s\(k)", header: "s\(k)")
            let count = k == 7 ? 2_300 : 3
            if measured {
                let heights = (0..<count).map { _ in Double(Int.random(in: 20...60, using: &rng)) }
                try t.insertRows(section: .key("s\(k)"), at: 0, heights: heights)
            } else {
                try t.insertRows(section: .key("s\(k)"), at: 0, count: count)
            }
        }
        return t
    }
}
