import Testing
@testable import FoldTableCore

// Hand-checked selection: clicks, ctrl- and shift-clicks with exact change
// sets, the anchor and the range rule with collapsed and nested sections,
// the modes, the selection kept through collapse, inserts, removals, moves,
// snapshots and loads, saved state, and failures that change nothing.

/// Mac header 0, rows 1-3; iPad header 4, rows 5-6; iPhone header 7, rows 8-11.
private extension ChangeRecorder {
    /// The redraw ranges of the one set reported since the last call (nil: none), emptied.
    func take() -> [Range<Int>]? {
        defer { sets = [] }
        #expect(sets.count <= 1)
        guard let set = sets.first else { return nil }
        #expect(set.changes.isEmpty && set.contentHeightDelta == 0)
        return set.redraw
    }
}

/// Which items carry the selected flag, as "0" and "1".
private func flags(_ t: Table) throws -> String {
    try (0..<t.itemCount).map { try t.item(at: $0).selected ? "1" : "0" }.joined()
}

/// The selection as "key:row+count" and "key" for sections.
private func listed(_ t: Table) -> String {
    t.selection().map { $0.row < 0 ? $0.section : "\($0.section):\($0.row)+\($0.count)" }.joined(separator: " ")
}

private func anchor(_ t: Table) -> String {
    guard let a = t.selectionAnchor, let key = try? t.sectionKey(.id(a.section)) else { return "-" }
    return "\(key) \(a.row)"
}

@Suite struct SelectionTests {
    @Test func clicksAndShiftClicks() throws {
        let t = try sampleTable()
        let recorder = ChangeRecorder(t)
        #expect(try t.selectRow(section: "Mac", row: 1, how: .replace))
        #expect(recorder.take() == [2..<3])
        #expect(try flags(t) == "001000000000")
        #expect(anchor(t) == "Mac 1")
        // The same again changes nothing and reports nothing.
        #expect(try !t.selectRow(section: "Mac", row: 1, how: .add))
        #expect(recorder.take() == nil)
        // Shift-click on iPad row 1: items 2...6, the one selected already not redrawn.
        #expect(try t.selectRange(to: 6, how: .replace))
        #expect(recorder.take() == [3..<7])
        #expect(listed(t) == "Mac:1+2 iPad iPad:0+2")
        #expect(try t.selectionCount(within: nil) == (rows: 4, sections: 1))
        #expect(try t.selectionCount(within: "iPad") == (rows: 2, sections: 0))
        #expect(anchor(t) == "Mac 1")
        // Shift-click back to Mac row 0 replaces: 1 added, 3...6 dropped
        // (one redraw from the first to the last item selected before).
        #expect(try t.selectRange(to: 1, how: .replace))
        #expect(recorder.take() == [1..<7])
        #expect(listed(t) == "Mac:0+2")
        // Ctrl-click on the iPhone header, then ctrl+shift-click to its row 2.
        #expect(try t.selectItem(at: 7, how: .toggle))
        #expect(recorder.take() == [7..<8])
        #expect(anchor(t) == "iPhone -1")
        #expect(try t.selectRange(to: 10, how: .add))
        #expect(recorder.take() == [8..<11])
        #expect(listed(t) == "Mac:0+2 iPhone iPhone:0+3")
        // Toggling a range flips each item.
        #expect(try t.selectPositions(0, count: 9, how: .toggle))
        #expect(recorder.take() == [0..<9])
        #expect(listed(t) == "Mac Mac:2+1 iPad iPad:0+2 iPhone:1+2")
        #expect(try t.isRowSelected(section: "Mac", row: 2))
        #expect(try !t.isRowSelected(section: "Mac", row: 0))
        #expect(try t.isSectionSelected("iPad"))
        // Clear: everything, and the anchor; one redraw from the first to
        // the last item selected.
        #expect(try t.clearSelection())
        #expect(recorder.take() == [0..<11])
        #expect(t.selectionAnchor == nil)
        #expect(try !t.clearSelection())
        #expect(recorder.take() == nil)
    }

    @Test func selectAllAndHiddenRows() throws {
        let t = try sampleTable()
        let recorder = ChangeRecorder(t)
        #expect(try t.setCollapsed(true, section: "iPad"))
        recorder.sets = []
        #expect(try t.selectAll())
        #expect(recorder.take() == [0..<10])
        // The collapsed section's header only; its rows keep their state.
        #expect(listed(t) == "Mac Mac:0+3 iPad iPhone iPhone:0+4")
        #expect(try !t.selectAll())
        #expect(try t.setCollapsed(false, section: "iPad"))
        #expect(try flags(t) == "111110011111")
        // A selected row hidden by a collapse stays selected and counted.
        #expect(try t.selectRow(section: "iPad", row: 1, how: .add))
        #expect(try t.setCollapsed(true, section: "iPad"))
        #expect(try t.selectionCount(within: nil) == (rows: 8, sections: 3))
        // A change of hidden rows only: a change set that redraws nothing.
        recorder.sets = []
        #expect(try t.selectRow(section: "iPad", row: 1, how: .remove))
        #expect(recorder.take() == [])
        #expect(try t.selectRow(section: "iPad", row: 1, how: .add))
        // REPLACE clears hidden rows too.
        #expect(try t.selectItem(at: 0, how: .replace))
        #expect(listed(t) == "Mac")
    }

    @Test func anchorInsideCollapsedSections() throws {
        // a 0, a.row0 1, b 2, b.rows 3-5, a.row1 6, c 7, c.row0 8
        let t = try makeTable([.section("a", rows: 1, children: [.section("b", rows: 3), .rows(1)]),
                               .section("c", rows: 1)])
        #expect(try t.selectRow(section: "b", row: 1, how: .replace))
        #expect(anchor(t) == "b 1")
        // b collapsed: the range starts at b's header.
        #expect(try t.setCollapsed(true, section: "b"))
        #expect(try t.selectRange(to: 5, how: .replace))  // a 0, a.row0 1, b 2, a.row1 3, c 4, c.row0 5
        #expect(listed(t) == "b a:1+1 c c:0+1")
        // a collapsed too: the outermost, a's header.
        #expect(try t.setCollapsed(true, section: "a"))
        #expect(try t.selectRange(to: 2, how: .replace))  // a 0, c 1, c.row0 2
        #expect(listed(t) == "a c c:0+1")
        #expect(anchor(t) == "b 1")
        // Upwards from the hidden anchor to the first item.
        #expect(try t.selectRange(to: 0, how: .replace))
        #expect(listed(t) == "a")
        // Expanding both shows the anchor's row again: the range starts there.
        #expect(try t.setCollapsed(false, section: "a"))
        #expect(try t.setCollapsed(false, section: "b"))
        #expect(try t.selectRange(to: 5, how: .replace))
        #expect(listed(t) == "b:1+2")
    }

    @Test func rangeAcrossNestedSectionsSkipsFooters() throws {
        var o = TableOptions()
        o.footerHeight = 10
        // a 0, a.row0 1, b 2, b.row0 3, b.row1 4, c 5, c.row0 6, c.footer 7,
        // b.footer 8, a.footer 9, d 10, d.row0 11, d.footer 12
        let t = try makeTable([.section("a", rows: 1, children: [.section("b", rows: 2, children: [.section("c", rows: 1)])]),
                               .section("d", rows: 1)], options: o)
        let recorder = ChangeRecorder(t)
        #expect(try t.selectItem(at: 11, how: .replace))
        _ = recorder.take()
        #expect(try t.selectRange(to: 4, how: .add))
        #expect(recorder.take() == [4..<7, 10..<11])
        #expect(listed(t) == "b:1+1 c c:0+1 d d:0+1")
        #expect(try t.selectionCount(within: "a") == (rows: 2, sections: 1))
        #expect(try t.selectionCount(within: "b") == (rows: 2, sections: 1))
        #expect(try t.selectionCount(within: "c") == (rows: 1, sections: 0))
        #expect(throws: FoldError(.notAllowed, "item 8 is a footer: a footer cannot be selected")) {
            try t.selectItem(at: 8, how: .add)
        }
        #expect(try !t.selectPositions(7, count: 3, how: .add))
        #expect(recorder.take() == nil)
        // A removed section leaves the selection with everything in it.
        try t.removeSection("b")
        #expect(listed(t) == "d d:0+1")
        #expect(try t.selectionCount(within: nil) == (rows: 1, sections: 1))
    }

    @Test func keptByIdentity() throws {
        let t = try sampleTable()
        #expect(try t.selectRow(section: "iPhone", row: 2, how: .add))
        #expect(try t.selectRow(section: "iPhone", row: 3, how: .add))
        try t.insertRows(section: "iPhone", at: 0, count: 5)
        #expect(listed(t) == "iPhone:7+2")
        #expect(anchor(t) == "iPhone 8")
        try t.insertRows(section: "iPhone", at: 8, count: 1)  // between the two
        #expect(listed(t) == "iPhone:7+1 iPhone:9+1")
        #expect(anchor(t) == "iPhone 9")
        try t.removeRows(section: "iPhone", at: 0, count: 7)
        #expect(listed(t) == "iPhone:0+1 iPhone:2+1")
        #expect(anchor(t) == "iPhone 2")
        // Moves: the row takes its selection and the anchor along.
        try t.moveChild(from: [2, 2], to: [0, 0])
        #expect(listed(t) == "Mac:0+1 iPhone:0+1")
        #expect(anchor(t) == "Mac 0")
        try t.moveChild(from: [1, 0], to: [0, 0])
        #expect(anchor(t) == "Mac 1")
        #expect(listed(t) == "Mac:1+1 iPhone:0+1")
        #expect(try t.selectSection("iPad", how: .add))
        try t.moveSection(.key("iPad"), to: nil, at: 0)
        #expect(listed(t) == "iPad Mac:1+1 iPhone:0+1")
        // Rows of a section moved inside another keep theirs (in list order: before Mac's rows).
        try t.moveSection(.key("iPhone"), to: "Mac", at: 0)
        #expect(listed(t) == "iPad iPhone:0+1 Mac:1+1")
        #expect(try t.selectionCount(within: "Mac") == (rows: 2, sections: 0))
        // Removing the anchor's row: the anchor goes.
        #expect(try t.selectRow(section: "Mac", row: 0, how: .add))
        try t.removeChildren(of: "Mac", at: 1, count: 1)
        #expect(t.selectionAnchor == nil)
        #expect(listed(t) == "iPad iPhone:0+1 Mac:0+1")
        // Removing children above the anchor shifts it.
        try t.setSelectionAnchor(section: "Mac", row: 1)
        try t.removeChildren(of: "Mac", at: 1, count: 1)
        #expect(anchor(t) == "Mac 0")
        #expect(listed(t) == "iPad iPhone:0+1")
        try t.removeSection("Mac")
        #expect(t.selectionAnchor == nil)
        #expect(listed(t) == "iPad")
        #expect(t.invariantViolations() == [])
    }

    @Test func modes() throws {
        let t = try sampleTable()
        #expect(t.selectionMode == .multiple)
        #expect(try t.selectPositions(0, count: 4, how: .add))
        try t.setSelectionAnchor(section: "Mac", row: 2)
        try t.setSelectionMode(.single)
        #expect(listed(t) == "Mac:2+1")
        #expect(try t.selectRow(section: "iPad", row: 0, how: .add))
        #expect(listed(t) == "iPad:0+1")
        #expect(try t.selectRange(to: 1, how: .replace))
        #expect(listed(t) == "Mac:0+1")
        #expect(try t.selectPositions(4, count: 3, how: .toggle))
        #expect(listed(t) == "iPad:1+1")
        #expect(try t.selectItem(at: 6, how: .toggle))
        #expect(listed(t) == "")
        #expect(try t.selectAll())
        #expect(listed(t) == "iPhone:3+1")
        // Switching to single with an anchor that is not selected clears.
        try t.setSelectionMode(.multiple)
        #expect(try t.selectPositions(0, count: 3, how: .add))
        try t.setSelectionMode(.single)
        #expect(listed(t) == "")
        try t.setSelectionMode(.none)
        let refused = FoldError(.notAllowed, "the selection mode is none (FOLD_SELECTION_NONE): nothing can be selected")
        #expect(throws: refused) { try t.selectRow(section: "Mac", row: 0, how: .add) }
        #expect(throws: refused) { try t.selectAll() }
        #expect(throws: refused) { try t.selectPositions(0, count: 1, how: .toggle) }
        #expect(try !t.selectRow(section: "Mac", row: 0, how: .remove))
    }

    @Test func failuresChangeNothing() throws {
        let t = try sampleTable()
        #expect(try t.selectRow(section: "Mac", row: 0, how: .add))
        #expect(try t.selectSection("iPad", how: .add))
        let recorder = ChangeRecorder(t)
        let calls: [() throws -> Void] = [
            { _ = try t.selectRow(section: "Mac", row: 3, how: .replace) },
            { _ = try t.selectRow(section: "nope", row: 0, how: .replace) },
            { _ = try t.selectItem(at: 12, how: .replace) },
            { _ = try t.selectRange(to: -1, how: .replace) },
            { _ = try t.selectPositions(10, count: 3, how: .replace) },
            { _ = try t.selectPositions(0, count: -1, how: .replace) },
            { _ = try t.selectPositions(1, count: Int.max, how: .replace) },
            { try t.setSelectionAnchor(section: "Mac", row: 3) },
            { try t.setSelectionAnchor(section: "Mac", row: -2) },
            { _ = try t.isRowSelected(section: "Mac", row: -1) },
        ]
        for call in calls {
            #expect(throws: FoldError.self) { try call() }
            #expect(listed(t) == "Mac:0+1 iPad")
            #expect(anchor(t) == "iPad -1")
        }
        #expect(recorder.sets.isEmpty)
        #expect(throws: FoldError(.outOfRange, "positions 10 to 12 are out of range (the list has 12 items)")) {
            try t.selectPositions(10, count: 3, how: .add)
        }
        #expect(throws: FoldError(.outOfRange, "row 3 of section \"Mac\" is out of range (it has 3 rows)")) {
            try t.selectRow(section: "Mac", row: 3, how: .add)
        }
        // Inside a listener every selection call is busy.
        var status: FoldError?
        t.onChange { _ in
            do { try t.selectRow(section: "Mac", row: 1, how: .add) } catch { status = error as? FoldError }
        }
        #expect(try t.selectRow(section: "Mac", row: 2, how: .add))
        #expect(status?.code == .busy)
        #expect(listed(t) == "Mac:0+1 Mac:2+1 iPad")
    }

    @Test func longRunsStayFewPieces() throws {
        let t = try makeTable([.section("big", rows: 1_000_000)])
        func pieces() -> Int {
            var n = 0
            guard let s = t.sectionsByKey["big"] else { return -1 }
            s.list.forEachPiece { _ in n += 1; return true }
            return n
        }
        #expect(try t.selectRow(section: "big", row: 10, how: .replace))
        #expect(try t.selectRange(to: 900_001, how: .add))
        #expect(pieces() == 3)
        #expect(try t.selectionCount(within: nil) == (rows: 899_991, sections: 0))
        #expect(try t.selectPositions(500_001, count: 1, how: .toggle))
        #expect(listed(t) == "big:10+499990 big:500001+400000")
        #expect(pieces() == 5)
        #expect(try t.selectPositions(500_001, count: 1, how: .toggle))
        #expect(pieces() == 3)
        #expect(try t.clearSelection())
        // Cleared by one tag: the three runs stay cut until marked again,
        // when marking merges alike neighbours.
        #expect(pieces() == 3)
        #expect(try t.selectionCount(within: nil) == (rows: 0, sections: 0))
        #expect(try t.selectRow(section: "big", row: 10, how: .add))
        #expect(try t.selectRow(section: "big", row: 10, how: .remove))
        #expect(pieces() == 1)
        // Rows with heights of their own: a chunk changes in place.
        try t.setRowHeight(section: "big", row: 5, height: 10)
        #expect(try t.selectRow(section: "big", row: 3, how: .add))
        #expect(try t.selectRow(section: "big", row: 6, how: .add))
        #expect(listed(t) == "big:3+1 big:6+1")
        #expect(try t.placedItem(at: 7).item.selected)
        #expect(t.invariantViolations() == [])
    }

    @Test func snapshotsAndLoads() throws {
        let t = try makeTable([.section("a", rows: 5), .section("b", rows: 2), .section("gone", rows: 1)])
        #expect(try t.selectRow(section: "a", row: 1, how: .add))
        #expect(try t.selectRow(section: "a", row: 3, how: .add))
        #expect(try t.selectSection("b", how: .add))
        #expect(try t.selectSection("gone", how: .add))
        _ = try t.applySnapshot([.section("b"), .rows(4), .section("a"), .rows(3), .section("c"), .rows(2)])
        // Kept sections keep their flag, rows that stay keep theirs; new rows are not selected.
        #expect(listed(t) == "b a:1+1")
        #expect(try t.selectionCount(within: nil) == (rows: 1, sections: 1))
        #expect(anchor(t) == "-")
        // Rows between kept subsections are matched in order.
        let u = try makeTable([.section("p", rows: 2, children: [.section("q", rows: 1), .rows(3)])])
        #expect(try u.selectRow(section: "p", row: 4, how: .add))
        #expect(try u.selectRow(section: "p", row: 1, how: .add))
        _ = try u.applySnapshot([.section("p"), .rows(1), .section("q", depth: 1), .rows(1, depth: 2), .rows(4)])
        #expect(listed(u) == "p:3+1")
        #expect(anchor(u) == "-")
        // A finished load: the new children are not selected; the section stays.
        try t.insertSection(at: 3, key: "lazy", flags: [.unloaded])
        #expect(try t.selectSection("lazy", how: .add))
        try t.load(section: "lazy")
        let ticket = try t.loadInfo(section: "lazy").ticket
        _ = try t.finishLoad(section: "lazy", ticket: ticket, entries: [.rows(3, depth: 0)])
        #expect(listed(t) == "b a:1+1 lazy")
        #expect(anchor(t) == "lazy -1")
    }

    @Test func savedState() throws {
        let t = try sampleTable()
        #expect(try t.selectSection("iPad", how: .add))
        #expect(try t.selectPositions(9, count: 3, how: .add))
        #expect(try t.selectRow(section: "Mac", row: 0, how: .add))
        let text = t.exportState()
        #expect(text.contains("""
              "selected": [{"section": "Mac", "row": 0, "count": 1}, {"section": "iPad"}, {"section": "iPhone", "row": 1, "count": 3}],
              "selection_anchor": {
                "section": "Mac",
                "row": 0
              }
            }
            """))
        // Added to what is selected; unknown keys and rows are skipped.
        let u = try makeTable([.section("Mac", rows: 1), .section("iPhone", rows: 2)])
        #expect(try u.selectSection("Mac", how: .add))
        let recorder = ChangeRecorder(u)
        let report = try u.importState(text)
        #expect(listed(u) == "Mac Mac:0+1 iPhone:1+1")
        #expect(anchor(u) == "Mac 0")
        #expect(report.unknownSections == 1)  // iPad in "collapsed", not counted again
        #expect(recorder.sets.count == 1 && recorder.sets[0].redraw == [1..<2, 4..<5])
        // Without a selection nothing is written, and old files read as before.
        let plain = try sampleTable()
        #expect(!plain.exportState().contains("selected"))
        _ = try plain.importState("{\"version\": 1, \"collapsed\": {\"Mac\": true}}")
        #expect(listed(plain) == "")
        // Strict: a wrong shape changes nothing and says where.
        #expect(throws: FoldError(.invalidArgument, "saved state: at byte 28: expected \"section\" (a string) in each selected entry")) {
            try u.importState("{\"version\": 1, \"selected\": [{\"row\": 1}]}")
        }
        #expect(throws: FoldError(.invalidArgument, "saved state: at byte 28: expected a \"row\" with the \"count\" of a selected entry")) {
            try u.importState("{\"version\": 1, \"selected\": [{\"section\": \"Mac\", \"count\": 1}]}")
        }
        #expect(throws: FoldError.self) { try u.importState("{\"selected\": {}}") }
        #expect(throws: FoldError.self) { try u.importState("{\"selection_anchor\": {\"row\": 1}}") }
        #expect(listed(u) == "Mac Mac:0+1 iPhone:1+1")
        // In single mode only the last entry; in none mode nothing.
        let v = try sampleTable()
        try v.setSelectionMode(.single)
        _ = try v.importState(text)
        #expect(listed(v) == "iPhone:3+1")
        try v.setSelectionMode(.none)
        _ = try v.importState(text)
        #expect(listed(v) == "")
        #expect(anchor(v) == "Mac 0")
    }

    /// Counts below a section answer from current state right after select
    /// all, clear and mode NONE, with no other call in between (issue 33:
    /// they answered from marks still pending above the section).
    @Test func sectionCountsAreCurrent() throws {
        let t = try makeTable([.section("A", rows: 4, children: [.section("A1", rows: 2)]), .section("B", rows: 3)])
        #expect(try t.selectAll())
        #expect(try t.selectionCount(within: "A1") == (rows: 2, sections: 0))
        #expect(try t.selectionCount(within: "A") == (rows: 6, sections: 1))
        #expect(try t.selectionCount(within: "B") == (rows: 3, sections: 0))
        #expect(try t.selectionCount(within: nil) == (rows: 9, sections: 3))
        #expect(try t.clearSelection())
        #expect(try t.selectionCount(within: "A") == (rows: 0, sections: 0))
        #expect(try t.selectionCount(within: "A1") == (rows: 0, sections: 0))
        #expect(try t.selectAll())
        try t.setSelectionMode(.none)
        #expect(try t.selectionCount(within: "A1") == (rows: 0, sections: 0))
        #expect(try t.selectionCount(within: "B") == (rows: 0, sections: 0))
        #expect(try t.selectionCount(within: nil) == (rows: 0, sections: 0))
    }
}
