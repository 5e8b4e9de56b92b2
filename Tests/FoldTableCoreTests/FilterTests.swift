import Testing
@testable import FoldTableCore

/// A: rows 0-2 then A1 (2 rows); B: 2 rows. Header 28, row 44.
private func tree(a1Flags: SectionFlags = []) throws -> Table {
    try makeTable([.section("A", rows: 3, children: [.section("A1", rows: 2, flags: a1Flags)]),
                   .section("B", rows: 2)])
}

/// A match function answering true for the given (key, row) pairs (row -1: a header).
private func matching(_ pairs: [(String, Int)]) -> MatchFunction {
    let set = Set(pairs.map { "\($0.0)/\($0.1)" })
    return { _, key, row in set.contains("\(key)/\(row)") }
}

/// (kind, key, row, top, height, matched) of every item, by `forEachItem`;
/// checks that `placedItem(at:)`, `item(atOffset:)`, `rowPosition` and
/// `headerPosition` agree with it.
private func items(_ t: Table, sourceLocation: SourceLocation = #_sourceLocation) throws
    -> [(ItemKind, String, Int, Double, Double, Bool)] {
    var walked: [PlacedItem] = []
    t.forEachItem(from: 0) { walked.append($0); return true }
    #expect(walked.count == t.itemCount, sourceLocation: sourceLocation)
    var out: [(ItemKind, String, Int, Double, Double, Bool)] = []
    for w in walked {
        #expect(try t.placedItem(at: w.position) == w, sourceLocation: sourceLocation)
        if w.height > 0 {
            #expect(try t.item(atOffset: w.top) == (w.position, .inItem), sourceLocation: sourceLocation)
            #expect(try t.item(atOffset: w.top + w.height - 1.0 / 256) == (w.position, .inItem),
                    sourceLocation: sourceLocation)
        }
        let key = try t.sectionKey(.id(w.item.sectionID))
        switch w.item.kind {
        case .row:
            #expect(try t.rowPosition(section: .id(w.item.sectionID), row: w.item.row) == w.position,
                    sourceLocation: sourceLocation)
        case .header:
            #expect(try t.headerPosition(section: .id(w.item.sectionID)) == w.position, sourceLocation: sourceLocation)
        default: break
        }
        out.append((w.item.kind, key, w.item.row, w.top, w.height, w.item.matched))
    }
    let all = try t.visibleItems(offset: 0, height: t.contentHeight + 1)
    #expect(all == walked, sourceLocation: sourceLocation)
    return out
}

private func same(_ a: [(ItemKind, String, Int, Double, Double, Bool)],
                  _ b: [(ItemKind, String, Int, Double, Double, Bool)]) -> Bool {
    a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 && $0.2 == $1.2 && $0.3 == $1.3
        && $0.4 == $1.4 && $0.5 == $1.5 }
}

@Suite struct FilterTests {
    @Test func ancestorsOfMatchesStay() throws {
        let t = try tree()
        let c = ChangeRecorder(t)
        try t.setFilter(matching([("A1", 1)]))
        #expect(same(try items(t), [(.header, "A", -1, 0, 28, false), (.header, "A1", -1, 28, 28, false),
                                    (.row, "A1", 1, 56, 44, true)]))
        #expect(t.contentHeight == 100)
        // One step per run of items hidden: A's rows, A1's row 0, then B
        // (each step applies to the list after the one before). A and A1
        // stay: their headers are redrawn (counts), A1's row 1 too (MATCH).
        #expect(c.last?.changes == [FlatChange(position: 1, removed: 3, added: 0),
                                    FlatChange(position: 2, removed: 1, added: 0),
                                    FlatChange(position: 3, removed: 3, added: 0)])
        #expect(c.last?.redraw == [0..<3])
        #expect(try t.flags(section: "B").contains(.filtered))
        #expect(!(try t.flags(section: "A").contains(.filtered)))
        #expect(throws: FoldError(.notVisible, "row 0 of section \"A1\" is hidden by the filter")) {
            try t.rowPosition(section: "A1", row: 0)
        }
        #expect(throws: FoldError(.notVisible, "section \"B\" is hidden by the filter")) {
            try t.headerPosition(section: "B")
        }
        #expect(try t.matchCount(section: nil) == (1, 7))
        #expect(try t.matchCount(section: "A") == (1, 5))
        #expect(try t.matchCount(section: "B") == (0, 2))
        #expect(try t.info(section: "A").visibleRowCount == 0)
        #expect(try t.info(section: "A1").visibleRowCount == 1)
        #expect(try t.info(section: "A").rowCount == 3)
        #expect(try t.rowMatches(section: "A1", row: 1))
        #expect(!(try t.rowMatches(section: "A1", row: 0)))
        #expect(!(try t.sectionMatches(section: "A")))
        #expect(try t.item(atOffset: 60) == (2, .inItem))
        #expect(try t.item(atOffset: 100) == (2, .below))
        // Clearing shows them again where they were.
        try t.setFilter(nil)
        #expect(c.last?.changes == [FlatChange(position: 1, removed: 0, added: 3),
                                    FlatChange(position: 5, removed: 0, added: 1),
                                    FlatChange(position: 7, removed: 0, added: 3)])
        #expect(c.last?.redraw == [0..<1, 4..<5, 6..<7])
        #expect(t.itemCount == 10)
        #expect(try t.matchCount(section: nil) == (7, 7))
        #expect(try t.flags(section: "B") == [.collapsible])
        _ = try items(t)
    }

    @Test func separateTopLevelStepsAndUnchangedSections() throws {
        let t = try makeTable([.section("A", rows: 2), .section("B", rows: 2), .section("C", rows: 2)])
        let c = ChangeRecorder(t)
        // Rows 1 of A and C are hidden; every item left is redrawn (MATCH).
        try t.setFilter { _, key, row in key == "B" || row != 1 }
        #expect(c.last?.changes == [FlatChange(position: 2, removed: 1, added: 0),
                                    FlatChange(position: 7, removed: 1, added: 0)])
        #expect(c.last?.redraw == [0..<7])
        #expect(same(try items(t), [(.header, "A", -1, 0, 28, true), (.row, "A", 0, 28, 44, true),
                                    (.header, "B", -1, 72, 28, true), (.row, "B", 0, 100, 44, true),
                                    (.row, "B", 1, 144, 44, true),
                                    (.header, "C", -1, 188, 28, true), (.row, "C", 0, 216, 44, true)]))
        // A new filter answering alike for B: in A and C row 0 gives way to
        // row 1 (one step each), their headers are redrawn, B is untouched.
        try t.setFilter { _, key, row in key == "B" || row != 0 }
        #expect(c.last?.changes == [FlatChange(position: 1, removed: 1, added: 1),
                                    FlatChange(position: 6, removed: 1, added: 1)])
        #expect(c.last?.redraw == [0..<1, 5..<6])
        #expect(try t.placedItem(at: 6).item.row == 1)
    }

    @Test func showChildren() throws {
        let t = try tree()
        try t.setFilter(matching([("A1", -1)]))
        #expect(same(try items(t), [(.header, "A", -1, 0, 28, false), (.header, "A1", -1, 28, 28, true)]))
        try t.setFilter(matching([("A1", -1)]), options: .showChildren)
        #expect(same(try items(t), [(.header, "A", -1, 0, 28, false), (.header, "A1", -1, 28, 28, true),
                                    (.row, "A1", 0, 56, 44, false), (.row, "A1", 1, 100, 44, false)]))
        // A matching header shows everything below it, all levels down.
        let c = ChangeRecorder(t)
        // A stays shown: its header is kept (redrawn), its children replaced.
        try t.setSectionMatch(section: "A", matches: true)
        #expect(c.last?.changes == [FlatChange(position: 1, removed: 3, added: 6)])
        #expect(c.last?.redraw == [0..<1])
        #expect(t.itemCount == 7)
        try t.setSectionMatch(section: "A", matches: false)
        #expect(c.last?.changes == [FlatChange(position: 1, removed: 6, added: 3)])
        #expect(c.last?.redraw == [0..<1])
        _ = try items(t)
        // Hiding the only matching header hides the whole branch.
        try t.setSectionMatch(section: "A1", matches: false)
        #expect(c.last?.changes == [FlatChange(position: 0, removed: 4, added: 0)])
        #expect(t.itemCount == 0)
        #expect(try t.flags(section: "A1").contains(.filtered))
    }

    @Test func expandMatchesAndRestoring() throws {
        let t = try tree(a1Flags: .collapsed)
        try t.setFilter(matching([("A1", 0)]))
        #expect(same(try items(t), [(.header, "A", -1, 0, 28, false), (.header, "A1", -1, 28, 28, false)]))
        #expect(try t.placedItem(at: 1).item.collapsed)
        try t.setFilter(matching([("A1", 0)]), options: .expandMatches)
        #expect(same(try items(t), [(.header, "A", -1, 0, 28, false), (.header, "A1", -1, 28, 28, false),
                                    (.row, "A1", 0, 56, 44, true)]))
        #expect(try t.flags(section: "A1") == [.collapsed, .collapsible, .filterOpened])
        #expect(try t.isCollapsed(section: "A1"))
        #expect(!(try t.placedItem(at: 1).item.collapsed))
        #expect(t.exportState().contains("\"A1\": true"))
        try t.setFilter(nil)
        // Restored: A1 collapsed again.
        #expect(t.itemCount == 5 + 3)
        #expect(try t.flags(section: "A1") == [.collapsed, .collapsible])
    }

    @Test func collapsingAnOpenedSection() throws {
        let t = try tree(a1Flags: .collapsed)
        try t.setFilter(matching([("A1", 0)]), options: .expandMatches)
        var events: [SectionEvent] = []
        t.onSection { _, e in events.append(e); return true }
        let c = ChangeRecorder(t)
        #expect(try t.toggle(section: "A1"))
        #expect(events == [.willCollapse, .didCollapse])
        #expect(c.last?.changes == [FlatChange(position: 2, removed: 1, added: 0)])
        #expect(try t.flags(section: "A1") == [.collapsed, .collapsible])
        // It stays closed while the filter changes answers.
        try t.setRowMatch(section: "A1", row: 1, matches: true)
        #expect(try t.flags(section: "A1") == [.collapsed, .collapsible])
        #expect(t.itemCount == 2)
        // Expanding sets the stored state.
        #expect(try t.setCollapsed(false, section: "A1"))
        #expect(!(try t.isCollapsed(section: "A1")))
        #expect(same(try items(t), [(.header, "A", -1, 0, 28, false), (.header, "A1", -1, 28, 28, false),
                                    (.row, "A1", 0, 56, 44, true), (.row, "A1", 1, 100, 44, true)]))
        // Setting the filter again opens collapsed sections again.
        try t.setCollapsed(true, section: "A1")
        try t.setFilter(matching([("A1", 0)]), options: .expandMatches)
        #expect(try t.flags(section: "A1").contains(.filterOpened))
    }

    @Test func hiddenRowsInsideChunksWithExpandedRows() throws {
        let t = try makeTable([.section("S")])
        try t.insertRows(section: "S", at: 0, heights: [10, 20, 30, 40, 50])
        try t.setExpandedHeight(100, section: "S", row: 2)
        #expect(try t.setRowExpanded(true, section: "S", row: 2))
        let c = ChangeRecorder(t)
        try t.setFilter(matching([("S", 1), ("S", 2), ("S", 4)]))
        #expect(c.last?.changes == [FlatChange(position: 1, removed: 1, added: 0),
                                    FlatChange(position: 3, removed: 1, added: 0)])
        #expect(c.last?.redraw == [0..<4])
        #expect(same(try items(t), [(.header, "S", -1, 0, 28, false), (.row, "S", 1, 28, 20, true),
                                    (.row, "S", 2, 48, 100, true), (.row, "S", 4, 148, 50, true)]))
        #expect(t.contentHeight == 198)
        #expect(try t.item(atOffset: 147.99) == (2, .inItem))
        #expect(try t.visibleRange(offset: 50, height: 100) == 2..<4)
        #expect(try t.stickyHeaders(offset: 100).map(\.top) == [100])
        #expect(try t.stickyHeaders(offset: 180).map(\.top) == [170])
        try t.setRowMatch(section: "S", row: 3, matches: true)
        #expect(c.last?.changes == [FlatChange(position: 3, removed: 0, added: 1)])
        #expect(same(try items(t), [(.header, "S", -1, 0, 28, false), (.row, "S", 1, 28, 20, true),
                                    (.row, "S", 2, 48, 100, true), (.row, "S", 3, 148, 40, true),
                                    (.row, "S", 4, 188, 50, true)]))
        try t.setRowMatch(section: "S", row: 1, matches: false)
        #expect(c.last?.changes == [FlatChange(position: 1, removed: 1, added: 0)])
        // The same answer again reports nothing.
        let count = c.sets.count
        try t.setRowMatch(section: "S", row: 1, matches: false)
        #expect(c.sets.count == count)
        #expect(try t.matchCount(section: "S") == (3, 5))
        // Heights and expanded rows stay underneath.
        #expect(try t.isRowExpanded(section: "S", row: 2))
        try t.setFilter(nil)
        #expect(same(try items(t), [(.header, "S", -1, 0, 28, false), (.row, "S", 0, 28, 10, false),
                                    (.row, "S", 1, 38, 20, false), (.row, "S", 2, 58, 100, false),
                                    (.row, "S", 3, 158, 40, false), (.row, "S", 4, 198, 50, false)]))
    }

    @Test func longDefaultRunsAnsweredAlike() throws {
        let t = try makeTable([.section("S", rows: 1000), .section("T", rows: 5)])
        try t.setFilter { _, key, row in key == "S" && row % 3 == 0 }
        #expect(t.itemCount == 1 + 334)
        #expect(try t.rowPosition(section: "S", row: 999) == 334)
        let last = try t.placedItem(at: 334)
        #expect(last.item.row == 999)
        #expect(last.top == 28 + 333 * 44)
        #expect(try t.item(atOffset: 28 + 100 * 44) == (101, .inItem))
        #expect(try t.placedItem(at: 101).item.row == 300)
        #expect(try t.matchCount(section: nil) == (334, 1005))
        // A whole run hidden at once, then shown again.
        try t.setRowMatch(section: "S", row: 1, matches: true)
        #expect(try t.rowPosition(section: "S", row: 1) == 2)
        _ = try items(t)
    }

    @Test func failuresChangeNothing() throws {
        let t = try tree()
        #expect(throws: FoldError(.notAllowed, "no filter is set: set one before changing a row's match")) {
            try t.setRowMatch(section: "A", row: 0, matches: false)
        }
        #expect(throws: FoldError(.invalidArgument, "unknown filter flags 4 (known: FOLD_FILTER_SHOW_CHILDREN 1, FOLD_FILTER_EXPAND_MATCHES 2)")) {
            try t.setFilter({ _, _, _ in true }, options: FilterOptions(rawValue: 5))
        }
        #expect(throws: FoldError(.invalidArgument, "filter flags must be 0 when the filter is cleared (no match function)")) {
            try t.setFilter(nil, options: .showChildren)
        }
        // A negative answer stops the call: nothing asked after it, nothing changed.
        var asked: [String] = []
        let stopper: MatchFunction = { _, key, row in
            asked.append("\(key)/\(row)")
            return asked.count == 3 ? nil : false
        }
        #expect(throws: FoldError(.cancelled, "the match function stopped the filter")) { try t.setFilter(stopper) }
        #expect(asked == ["A/-1", "A/0", "A/1"])
        #expect(t.filterOptions == nil)
        #expect(t.itemCount == 10)
        // With a filter on, a stopped new filter keeps the old one.
        try t.setFilter(matching([("B", 0)]))
        asked = []
        #expect(throws: FoldError(.cancelled, "the match function stopped the filter")) { try t.setFilter(stopper) }
        #expect(t.itemCount == 2)
        #expect(t.filterOptions == [])
        // Inside the match function the table is readable, not changeable.
        var inside: [FoldError?] = []
        try t.setFilter { _, _, row in
            inside.append(try? t.setCollapsed(true, section: "A") == true ? nil : FoldError(.internalError, ""))
            do { try t.setCollapsed(true, section: "A") } catch let e as FoldError { inside.append(e) } catch {}
            _ = t.itemCount
            return row == 0
        }
        #expect(inside.contains(FoldError(.busy, "the table is notifying a listener; change it after the listener returns")))
        #expect(!(try t.isCollapsed(section: "A")))
    }
}

@Suite struct FilterInsertTests {
    /// S (3 rows), T (2 rows); rows with even indices match, headers never;
    /// section X and row 7 stop the call.
    private func setUp() throws -> (Table, ChangeRecorder, () -> [String]) {
        let t = try makeTable([.section("S", rows: 3), .section("T", rows: 2)])
        var asked: [String] = []
        try t.setFilter { _, key, row in
            asked.append("\(key)/\(row)")
            if key == "X" || row == 7 { return nil }
            return row >= 0 && row % 2 == 0
        }
        asked = []
        return (t, ChangeRecorder(t), { defer { asked = [] }; return asked })
    }

    @Test func insertedRowsAreAskedOnce() throws {
        let (t, c, asked) = try setUp()
        #expect(same(try items(t), [(.header, "S", -1, 0, 28, false), (.row, "S", 0, 28, 44, true),
                                    (.row, "S", 2, 72, 44, true), (.header, "T", -1, 116, 28, false),
                                    (.row, "T", 0, 144, 44, true)]))
        try t.insertRows(section: "S", at: 1, count: 2)
        #expect(asked() == ["S/1", "S/2"])
        #expect(c.last?.changes == [FlatChange(position: 2, removed: 0, added: 1)])
        #expect(same(try items(t), [(.header, "S", -1, 0, 28, false), (.row, "S", 0, 28, 44, true),
                                    (.row, "S", 2, 72, 44, true), (.row, "S", 4, 116, 44, true),
                                    (.header, "T", -1, 160, 28, false), (.row, "T", 0, 188, 44, true)]))
        try t.insertRows(section: "T", at: 2, heights: [10, 20, 30])
        #expect(asked() == ["T/2", "T/3", "T/4"])
        #expect(c.last?.changes == [FlatChange(position: 6, removed: 0, added: 2)])
        #expect(try t.placedItem(at: 7).height == 30)
        #expect(try t.matchCount(section: nil) == (6, 10))
    }

    @Test func insertedSectionsAreAskedOnce() throws {
        let (t, c, asked) = try setUp()
        try t.insertSection(at: 1, key: "N", rows: 2)
        #expect(asked() == ["N/-1", "N/0", "N/1"])
        #expect(c.last?.changes == [FlatChange(position: 3, removed: 0, added: 2)])
        #expect(same(try items(t), [(.header, "S", -1, 0, 28, false), (.row, "S", 0, 28, 44, true),
                                    (.row, "S", 2, 72, 44, true), (.header, "N", -1, 116, 28, false),
                                    (.row, "N", 0, 144, 44, true), (.header, "T", -1, 188, 28, false),
                                    (.row, "T", 0, 216, 44, true)]))
        // A section without a match stays hidden: nothing is reported.
        let count = c.sets.count
        try t.insertSection(in: "N", at: 2, key: "E")
        #expect(asked() == ["E/-1"])
        #expect(c.sets.count == count)
        #expect(try t.flags(section: "E").contains(.filtered))
        // Its first matching row shows it.
        try t.insertRows(section: "E", at: 0, count: 1)
        #expect(c.last?.changes == [FlatChange(position: 5, removed: 0, added: 2)])
    }

    @Test func aStoppedInsertionChangesNothing() throws {
        let (t, c, asked) = try setUp()
        let count = c.sets.count
        #expect(throws: FoldError(.cancelled, "the match function stopped the filter")) {
            try t.insertSection(at: 0, key: "X", rows: 2)
        }
        #expect(asked() == ["X/-1"])
        #expect(t.sectionID(forKey: "X") == nil)
        #expect(t.sectionCount == 2)
        #expect(throws: FoldError(.cancelled, "the match function stopped the filter")) {
            try t.insertRows(section: "S", at: 3, heights: [10, 20, 30, 40, 50])
        }
        #expect(asked() == ["S/3", "S/4", "S/5", "S/6", "S/7"])
        #expect(try t.rowCount(section: "S") == 3)
        #expect(c.sets.count == count)
        #expect(try t.matchCount(section: nil) == (3, 5))
        #expect(t.contentHeight == 188)
        _ = try items(t)
    }

    @Test func removingTheLastMatchHidesTheSection() throws {
        let (t, c, _) = try setUp()
        try t.removeRows(section: "T", at: 0, count: 1)
        #expect(c.last?.changes == [FlatChange(position: 4, removed: 1, added: 0), FlatChange(position: 3, removed: 1, added: 0)])
        #expect(try t.flags(section: "T").contains(.filtered))
        #expect(t.itemCount == 3)
        // Moving a matching row into it shows it again.
        try t.moveRow(section: "S", row: 0, to: "T", atChild: 0)
        #expect(c.last?.changes == [FlatChange(position: 1, removed: 1, added: 0), FlatChange(position: 2, removed: 0, added: 2)])
        _ = try items(t)
    }

    /// Rows the filter hides, inserted, removed or moved before shown rows,
    /// move no item but change the shown rows' indices: listeners still get
    /// a change set (issue 33, found by the GTK model's held items).
    @Test func hiddenRowsChangingIndicesAreReported() throws {
        let t = try makeTable([.section("s", rows: 3)])
        let c = ChangeRecorder(t)
        try t.setFilter { _, _, row in row != 0 }  // hides row 0 (and rows asked about at 0)
        #expect(try t.item(at: 1).row == 1)
        c.sets = []
        try t.insertRows(section: "s", at: 0, count: 1)  // hidden: rows 2 and 3 shown at 1 and 2, redrawn with the header (its row count)
        #expect(c.sets.count == 1)
        #expect(c.last?.changes == [] && c.last?.redraw == [0..<3], "\(String(describing: c.last?.redraw))")
        #expect(try t.item(at: 1).row == 2 && t.item(at: 2).row == 3)
        c.sets = []
        try t.removeRows(section: "s", at: 0, count: 1)
        #expect(c.sets.count == 1 && c.last?.redraw == [0..<3], "\(String(describing: c.last?.redraw))")
        #expect(try t.item(at: 1).row == 1)
        c.sets = []
        let version = t.structureVersion
        try t.moveRow(section: "s", row: 0, to: "s", atChild: 2)  // the hidden row goes last
        #expect(t.structureVersion != version)
        #expect(c.sets.count == 1)
        #expect(try t.item(at: 1).row == 0 && t.item(at: 2).row == 1)
    }
}

