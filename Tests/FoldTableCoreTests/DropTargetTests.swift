import Testing
@testable import FoldTableCore

// Drop targets (foldtable.h, "Drag and drop"): every edge of the rule with
// its exact geometry. Headers 20 tall, rows 10; the fixture:
//   0 A header (top 0)      A: rows 0, 1, then B (child 2)
//   1 A row 0 (20)  2 A row 1 (30)
//   3 B header (40)         B: rows 0, 1 (depth 1)
//   4 B row 0 (60)  5 B row 1 (70)
//   6 C header (80)  7 C row 0 (100); content 110

private func options(footer: Double = 0) -> TableOptions {
    var o = TableOptions()
    o.headerHeight = 20
    o.rowHeight = 10
    o.footerHeight = footer
    return o
}

private func fixture(footer: Double = 0) throws -> Table {
    try makeTable([.section("A", rows: 2, children: [.section("B", rows: 2)]), .section("C", rows: 1)],
                  options: options(footer: footer))
}

private func id(_ t: Table, _ key: String) -> SectionID { t.sectionID(forKey: key) ?? 0 }

private func line(_ parent: SectionID, _ index: Int, depth: Int, position: Int, y: Double, indent: Double = 16) -> DropTarget {
    DropTarget(kind: .before, depth: depth, parent: parent, index: index, position: position, lineY: y,
               lineX: Double(depth) * indent, highlightTop: 0, highlightHeight: 0)
}

private func into(_ parent: SectionID, _ index: Int, depth: Int, position: Int, top: Double, height: Double) -> DropTarget {
    DropTarget(kind: .into, depth: depth, parent: parent, index: index, position: position, lineY: 0, lineX: 0,
               highlightTop: top, highlightHeight: height)
}

private extension Table {
    func target(_ x: Double, _ y: Double, _ dragged: [DragItem]) throws -> DropTarget {
        try dropTarget(x: x, y: y, indentWidth: 16, dragged: dragged)
    }

    /// At x 0.
    func target(_ y: Double, _ dragged: [DragItem]) throws -> DropTarget { try target(0, y, dragged) }
}

@Suite struct DropTargetTests {
    @Test func aboveTheFirstItemIsBeforeTheFirstTopLevelChild() throws {
        let t = try fixture()
        let c = [DragItem(section: id(t, "C"))]
        #expect(try t.target(-5, c) == line(0, 0, depth: 0, position: 0, y: 0))
        // Rows cannot go to the top level.
        #expect(try t.target(-5, [DragItem(section: id(t, "C"), row: 0)]) == .none)
    }

    @Test func headerQuarters() throws {
        let t = try fixture()
        let a = id(t, "A")
        let row = [DragItem(section: id(t, "C"), row: 0)]
        let c = [DragItem(section: id(t, "C"))]
        // Top quarter [0, 5): before A.
        #expect(try t.target(4.99, c) == line(0, 0, depth: 0, position: 0, y: 0))
        #expect(try t.target(4.99, row) == .none)
        // Middle half [5, 15): into A, after its last child; highlight header to B's last row.
        #expect(try t.target(5, row) == into(a, 3, depth: 1, position: 0, top: 0, height: 80))
        #expect(try t.target(14.99, row) == into(a, 3, depth: 1, position: 0, top: 0, height: 80))
        // Bottom quarter of an expanded section: before its first child.
        #expect(try t.target(15, row) == line(a, 0, depth: 1, position: 1, y: 20))
        // B's header (top 40): quarters at 45 and 55.
        let b = id(t, "B")
        #expect(try t.target(44, row) == line(a, 2, depth: 1, position: 3, y: 40))
        #expect(try t.target(45, row) == into(b, 2, depth: 2, position: 3, top: 40, height: 40))
        #expect(try t.target(55, row) == line(b, 0, depth: 2, position: 4, y: 60, indent: 16))
    }

    @Test func rowHalves() throws {
        let t = try fixture()
        let a = id(t, "A")
        let row = [DragItem(section: id(t, "C"), row: 0)]
        #expect(try t.target(24.99, row) == line(a, 0, depth: 1, position: 1, y: 20))
        #expect(try t.target(25, row) == line(a, 1, depth: 1, position: 2, y: 30))
        // The bottom half of A's last row, above B: the level of A only.
        #expect(try t.target(0, 35, row) == line(a, 2, depth: 1, position: 3, y: 40))
    }

    @Test func xPicksTheLevelWhereSeveralEnd() throws {
        let t = try fixture()
        let (a, b) = (id(t, "A"), id(t, "B"))
        // Under B's last row three levels end: after B's last child (depth 2),
        // after B in A (depth 1), after A at the top (depth 0).
        #expect(try t.target(40, 75, []) == line(b, 2, depth: 2, position: 6, y: 80))
        #expect(try t.target(1000, 75, []) == line(b, 2, depth: 2, position: 6, y: 80))
        #expect(try t.target(31.99, 75, []) == line(a, 3, depth: 1, position: 6, y: 80))
        #expect(try t.target(16, 75, []) == line(a, 3, depth: 1, position: 6, y: 80))
        #expect(try t.target(15.99, 75, []) == line(0, 1, depth: 0, position: 6, y: 80))
        #expect(try t.target(-100, 75, []) == line(0, 1, depth: 0, position: 6, y: 80))
        // A row cannot go to the top level; B and A take it.
        let row = [DragItem(section: id(t, "C"), row: 0)]
        #expect(try t.target(0, 75, row) == .none)
        #expect(try t.target(20, 75, row) == line(a, 3, depth: 1, position: 6, y: 80))
    }

    @Test func belowTheEnd() throws {
        let t = try fixture()
        let c = id(t, "C")
        #expect(try t.target(0, 110, []) == line(0, 2, depth: 0, position: 8, y: 110))
        #expect(try t.target(0, 500, []) == line(0, 2, depth: 0, position: 8, y: 110))
        #expect(try t.target(16, 500, []) == line(c, 1, depth: 1, position: 8, y: 110))
        // The bottom half of the last row is the same gap.
        #expect(try t.target(16, 105, []) == line(c, 1, depth: 1, position: 8, y: 110))
    }

    @Test func collapsedSection() throws {
        let t = try fixture()
        let c = id(t, "C")
        _ = try t.setCollapsed(true, section: "C")
        let row = [DragItem(section: id(t, "A"), row: 0)]
        // Into a collapsed section: after its last child; the highlight is its header.
        #expect(try t.target(90, row) == into(c, 1, depth: 1, position: 6, top: 80, height: 20))
        // Bottom quarter of a collapsed header: after the section.
        #expect(try t.target(95, [DragItem(section: id(t, "B"))]) == line(0, 2, depth: 0, position: 7, y: 100))
        #expect(try t.target(95, row) == .none)
    }

    @Test func intoItselfOrItsSubtreeIsRefused() throws {
        let t = try fixture()
        let a = id(t, "A")
        let dragA = [DragItem(section: a)]
        // B lies inside A: no INTO, halves; both halves are inside A except the outer level.
        #expect(try t.target(49, dragA) == .none)
        #expect(try t.target(0, 50, dragA) == line(0, 1, depth: 0, position: 6, y: 80))
        #expect(try t.target(20, 50, dragA) == .none)
        // A's own header: before it, or after it (under all it shows).
        #expect(try t.target(9.99, dragA) == line(0, 0, depth: 0, position: 0, y: 0))
        #expect(try t.target(10, dragA) == line(0, 1, depth: 0, position: 6, y: 80))
        // Its rows.
        #expect(try t.target(22, dragA) == .none)
    }

    @Test func noDropSection() throws {
        let t = try fixture()
        let (a, b) = (id(t, "A"), id(t, "B"))
        try t.setSectionFlags(.noDrop, mask: .noDrop, section: .id(b))
        let row = [DragItem(section: id(t, "C"), row: 0)]
        // Halves: before B, or after it.
        #expect(try t.target(49.99, row) == line(a, 2, depth: 1, position: 3, y: 40))
        #expect(try t.target(16, 50, row) == line(a, 3, depth: 1, position: 6, y: 80))
        #expect(try t.target(62, row) == .none)
        // A drag from elsewhere is refused there too.
        #expect(try t.target(62, []) == .none)
        #expect(try t.target(47, []) == line(a, 2, depth: 1, position: 3, y: 40))
    }

    @Test func unloadedSectionAndPlaceholder() throws {
        let t = try makeTable([.section("A", rows: 1), .section("U", flags: .unloaded)], options: options())
        let u = id(t, "U")
        let row = [DragItem(section: id(t, "A"), row: 0)]
        // U's header at 30: halves only.
        #expect(try t.target(39, row) == .none)  // before U: top level
        #expect(try t.target(39, []) == line(0, 1, depth: 0, position: 2, y: 30))
        #expect(try t.target(40, []) == line(0, 2, depth: 0, position: 3, y: 50))
        try t.insertSection(at: 2, key: "L", flags: [.unloaded, .expanded])
        // L's header at 50, its placeholder at 70: into L, which is not loaded.
        #expect(try t.target(75, []) == .none)
        #expect(u != 0)
    }

    @Test func footer() throws {
        let t = try fixture(footer: 6)
        // Items: A 0, rows 1-2, B 3, rows 4-5, B footer 6 (80), A footer 7 (86), C 8 (92), C row 9, C footer 10.
        let (a, b) = (id(t, "A"), id(t, "B"))
        let row = [DragItem(section: id(t, "C"), row: 0)]
        #expect(try t.target(83, row) == line(b, 2, depth: 2, position: 6, y: 80))
        #expect(try t.target(88, row) == line(a, 3, depth: 1, position: 7, y: 86))
        // Under B's last row only B's level ends: its footer follows.
        #expect(try t.target(0, 75, row) == line(b, 2, depth: 2, position: 6, y: 80))
        // The highlight reaches the footer.
        #expect(try t.target(50, row) == into(b, 2, depth: 2, position: 3, top: 40, height: 46))
    }

    @Test func emptyTableAndPadding() throws {
        var o = options()
        o.paddingTop = 8
        let t = try Table(options: o)
        #expect(try t.target(0, 50, []) == line(0, 0, depth: 0, position: 0, y: 8))
        try t.appendSection(key: "A", rows: 1)
        #expect(try t.target(3, []) == line(0, 0, depth: 0, position: 0, y: 8))
        #expect(try t.target(0, 100, []) == line(0, 1, depth: 0, position: 2, y: 38))
    }

    @Test func badInput() throws {
        let t = try fixture()
        func code(_ body: () throws -> Any) -> FoldError.Code? {
            do { _ = try body(); return nil } catch let e as FoldError { return e.code } catch { return .internalError }
        }
        #expect(code { try t.dropTarget(x: .nan, y: 0, indentWidth: 16, dragged: []) } == .invalidArgument)
        #expect(code { try t.dropTarget(x: 0, y: .infinity, indentWidth: 16, dragged: []) } == .invalidArgument)
        #expect(code { try t.dropTarget(x: 0, y: 0, indentWidth: 0, dragged: []) } == .invalidArgument)
        #expect(code { try t.dropTarget(x: 0, y: 0, indentWidth: -.nan, dragged: []) } == .invalidArgument)
        #expect(code { try t.target(0, [DragItem(section: 999)]) } == .notFound)
        #expect(code { try t.target(0, [DragItem(section: 0)]) } == .notFound)
        #expect(code { try t.target(0, [DragItem(section: id(t, "C"), row: 1)]) } == .notFound)
        #expect(code { try t.target(0, [DragItem(section: id(t, "C"), row: -2)]) } == .notFound)
        let twice = DragItem(section: id(t, "C"), row: 0)
        #expect(code { try t.target(0, [twice, twice]) } == .invalidArgument)
        // Huge x is clamped, not trapped.
        #expect(try t.dropTarget(x: 1e308, y: 75, indentWidth: 1e-300, dragged: []).depth == 2)
    }
}

@Suite struct DropTargetRandomTests {
    /// At random pointers over random trees: a line's geometry is the top of
    /// the item below it, and dropping there puts a dragged row exactly
    /// there (one position up when it came from above).
    @Test func aLineIsWhereTheRowLands() throws {
        var dropped = 0
        for seed in UInt64(1)...30 {
            var rng = SeededRandom(seed: seed)
            let t = try Table(options: options(footer: seed % 2 == 0 ? 6 : 0))
            var keys: [String] = []
            for k in 0..<8 {
                let parent: SectionRef? = keys.isEmpty || rng.below(3) == 0 ? nil : .key(keys[rng.below(keys.count)])
                let at = rng.below(try t.childCount(parent) + 1)
                try t.insertSection(in: parent, at: at, key: "s\(k)")
                keys.append("s\(k)")
                try t.insertRows(in: .key("s\(k)"), atChild: 0, count: rng.below(4))
            }
            // Rows known by their height.
            var next = 0
            for key in keys {
                for r in 0..<(try t.rowCount(section: .key(key))) {
                    try t.setRowHeight(section: .key(key), row: r, height: 10 + Double(next))
                    next += 1
                }
            }
            for step in 0..<40 {
                let withRows = keys.filter { (try? t.rowCount(section: .key($0))) ?? 0 > 0 }
                guard let key = withRows.isEmpty ? nil : withRows[rng.below(withRows.count)] else { break }
                let row = rng.below(try t.rowCount(section: .key(key)))
                let height = try t.rowHeight(section: .key(key), row: row)
                let from = try t.rowPosition(section: .key(key), row: row)
                let y = Double(rng.below(Int(t.contentHeight) + 40)) - 20
                let x = Double(rng.below(80))
                let dragged = [DragItem(section: t.sectionID(forKey: key) ?? 0, row: row)]
                let d = try t.dropTarget(x: x, y: y, indentWidth: 16, dragged: dragged)
                let context = "seed \(seed) step \(step) x \(x) y \(y)"
                guard d.kind == .before else { continue }
                #expect(d.parent != 0, "\(context)")
                #expect(d.lineX == Double(d.depth) * 16, "\(context)")
                #expect(d.depth == (try t.depth(.id(d.parent))) + 1, "\(context)")
                let lineY = d.position < t.itemCount ? try t.itemTop(at: d.position) : t.contentHeight
                #expect(d.lineY == lineY, "\(context)")
                try t.drop(parent: .id(d.parent), at: d.index, items: dragged)
                let lands = d.position - (from < d.position ? 1 : 0)
                #expect(try t.placedItem(at: lands).height == height, "\(context)")
                dropped += 1
            }
        }
        #expect(dropped > 400)
    }
}
