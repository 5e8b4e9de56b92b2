import Testing
@testable import FoldTableCore

// Focus: set and cleared with exact change sets, kept by identity through
// inserts, removals, moves, collapses of other sections, filters and
// snapshots; each case of the focus rule with exact positions; which items
// can take focus; navigation (every move, passing over NO_FOCUS sections
// and kinds that cannot take focus, pages); saved state.

/// Sample table: Mac header 0, rows 1-3; iPad header 4, rows 5-6; iPhone header 7, rows 8-11.

/// Which items carry the focused flag, as "." and "F"; also checks that it
/// agrees with `focusPosition`.
func focusFlags(_ t: Table, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
    let s = try (0..<t.itemCount).map { try t.item(at: $0).focused ? "F" : "." }.joined()
    let visible = try t.visibleItems(offset: 0, height: t.contentHeight + 1).map { $0.item.focused ? "F" : "." }.joined()
    #expect(visible == s, sourceLocation: sourceLocation)
    let at = s.firstIndex(of: "F").map { s.distance(from: s.startIndex, to: $0) }
    #expect(at == t.focusPosition, sourceLocation: sourceLocation)
    return s
}

@Suite struct FocusTests {
    @Test func setAndClearRedrawTheOldAndNewItem() throws {
        let t = try sampleTable()
        let recorder = ChangeRecorder(t)
        #expect(t.focusPosition == nil)
        try t.setFocus(2)
        #expect(t.focusPosition == 2)
        #expect(try focusFlags(t) == "..F.........")
        #expect(recorder.sets.count == 1)
        #expect(recorder.last?.changes == [])
        #expect(recorder.last?.redraw == [2..<3])
        try t.setFocus(5)
        #expect(recorder.last?.redraw == [2..<3, 5..<6])
        // The same item again: nothing to tell.
        try t.setFocus(5)
        #expect(recorder.sets.count == 2)
        try t.setFocus(nil)
        #expect(recorder.last?.redraw == [5..<6])
        #expect(try focusFlags(t) == "............")
        // The selection and its anchor do not move with the focus.
        try t.selectRow(section: "iPhone", row: 0, how: .replace)
        try t.setFocus(1)
        #expect(t.selection().map(\.section) == ["iPhone"])
        #expect(t.selectionAnchor?.row == 0)
        #expect(throws: FoldError.self) { try t.setFocus(12) }
        #expect(throws: FoldError.self) { try t.setFocus(-2) }
        #expect(t.focusPosition == 1)
    }

    @Test func focusStaysOnItsItem() throws {
        let t = try sampleTable()
        try t.setFocus(2)  // Mac row 1
        try t.insertRows(section: "Mac", at: 0, count: 2)
        #expect(t.focusPosition == 4)  // Mac row 3 now
        try t.insertSection(at: 0, key: "Top", rows: 1)
        #expect(t.focusPosition == 6)
        try t.removeSection("Top")
        try t.removeRows(section: "Mac", at: 4, count: 1)  // below it
        #expect(t.focusPosition == 4)
        try t.setCollapsed(true, section: "iPad")
        try t.moveSection(from: 0, to: 2)  // Mac last: iPad 0, iPhone 1-5, Mac 6
        #expect(t.focusPosition == 6 + 4)
        #expect(try t.item(at: 10).row == 3)
        try t.moveSection(from: 2, to: 0)
        // A row moved to another section takes the focus along.
        try t.moveChild(from: [0, 3], to: [2, 0])  // Mac row 3 -> iPhone row 0
        #expect(try t.item(at: t.focusPosition!).sectionID == t.sectionID(forKey: "iPhone"))
        #expect(try t.item(at: t.focusPosition!).row == 0)
        // A filter and a snapshot that keep the item keep the focus.
        try t.setFocus(1)
        try t.setFilter({ _, _, row in row != 1 })
        #expect(t.focusPosition == 1)
        try t.setFilter(nil)
        let e = SnapshotEntry.self
        try t.applySnapshot([e.section("New"), e.rows(2), e.section("Mac"), e.rows(4), e.section("iPad"), e.rows(2),
                             e.section("iPhone"), e.rows(5)])
        #expect(t.focusPosition == 4)  // New 0-2, Mac 3, row 0 at 4
        #expect(try focusFlags(t).filter { $0 == "F" }.count == 1)
    }

    @Test func removedFocusGoesToTheNextItem() throws {
        let t = try sampleTable()
        let recorder = ChangeRecorder(t)
        try t.setFocus(2)  // Mac row 1
        try t.removeRows(section: "Mac", at: 1, count: 1)
        // The row that took its place (Mac row 1, was row 2).
        #expect(t.focusPosition == 2)
        #expect(recorder.last?.changes == [FlatChange(position: 2, removed: 1, added: 0)])
        #expect(recorder.last?.redraw.contains(2..<3) == true)
        // The last row of Mac: the next item is iPad's header.
        try t.removeRows(section: "Mac", at: 1, count: 1)
        #expect(t.focusPosition == 2)
        #expect(try t.item(at: 2).kind == .header)
        // A whole section: the next section's header.
        try t.setFocus(3)  // iPad row 0
        try t.removeSection("iPad")
        #expect(t.focusPosition == 2)  // Mac 0-1, iPhone 2
        #expect(try t.sectionKey(.index(1)) == "iPhone")
        // At the end of the list: the last item before.
        try t.setFocus(6)  // iPhone row 3, the last item
        try t.removeRows(section: "iPhone", at: 3, count: 1)
        #expect(t.focusPosition == 5)
        // Nothing left: no focus.
        try t.removeChildren(of: nil, at: 0, count: 2)
        #expect(t.focusPosition == nil)
    }

    @Test func collapseMovesFocusToTheOutermostCollapsedHeader() throws {
        let t = try makeTable([.section("A", rows: 1, children: [.section("B", rows: 2, children: [.section("C", rows: 2)])]),
                               .section("D", rows: 1)])
        // A 0, row 1, B 2, rows 3-4, C 5, rows 6-7, D 8, row 9.
        try t.setFocus(7)  // C row 1
        let recorder = ChangeRecorder(t)
        try t.setCollapsed(true, section: "C")
        #expect(t.focusPosition == 5)
        #expect(recorder.last?.redraw.contains(5..<6) == true)
        try t.setFocus(nil)
        try t.setCollapsed(false, section: "C")
        try t.setFocus(6)
        // In a batch, per mutation: C's header, then A's.
        try t.batch {
            try t.setCollapsed(true, section: "C")
            #expect(t.focusPosition == 5)
            try t.setCollapsed(true, section: "A")
            #expect(t.focusPosition == 0)
        }
        #expect(try focusFlags(t) == "F..")
        // Collapsing another section keeps the focus where its item went.
        try t.setCollapsed(false, section: "A")
        try t.setFocus(3)  // B row 0
        try t.setCollapsed(true, section: "D")
        #expect(t.focusPosition == 3)
        // A collapsed header that cannot take focus: the next item that can.
        try t.setFocusKinds(.rows)
        try t.setCollapsed(false, section: "D")
        try t.setCollapsed(true, section: "B")  // A 0, row 1, B 2, D 3, row 4
        #expect(t.focusPosition == 4)
    }

    @Test func filterHidesTheFocusedRow() throws {
        let t = try sampleTable()
        try t.setFocus(5)  // iPad row 0
        try t.setFilter({ _, key, row in key != "iPad" || row < 0 })
        // iPad keeps its header (matches): Mac 0-3, iPad 4, iPhone 5-9.
        #expect(t.focusPosition == 5)
        #expect(try t.item(at: 5).kind == .header)
        // A failed call leaves the focus.
        #expect(throws: FoldError.self) { try t.removeRows(section: "Mac", at: 2, count: 5) }
        #expect(t.focusPosition == 5)
    }

    @Test func snapshotRemovingTheFocusedRow() throws {
        let t = try sampleTable()
        try t.setFocus(3)  // Mac row 2
        let e = SnapshotEntry.self
        try t.applySnapshot([e.section("Mac"), e.rows(1), e.section("iPad"), e.rows(2), e.section("iPhone"), e.rows(4)])
        // Mac 0-1, iPad 2: the item after where it was.
        #expect(t.focusPosition == 2)
        #expect(try t.item(at: 2).sectionID == t.sectionID(forKey: "iPad"))
    }

    @Test func loadReplacesTheFocusedPlaceholder() throws {
        let t = try Table()
        try t.insertSection(at: 0, key: "L", flags: [.unloaded])
        try t.insertSection(at: 1, key: "M", rows: 1)
        try t.setCollapsed(false, section: "L")  // L 0, placeholder 1, M 2, row 3
        #expect(try t.item(at: 1).kind == .placeholder)
        try t.setFocus(1)
        let ticket = try t.loadInfo(section: "L").ticket
        try t.finishLoad(section: "L", ticket: ticket, entries: [.rows(2, depth: 0)])
        // The first child that replaced it.
        #expect(t.focusPosition == 1)
        #expect(try t.item(at: 1).kind == .row)
    }

    @Test func whoCanTakeFocus() throws {
        let t = try makeTable([.section("A", rows: 2), .section("N", rows: 3, flags: [.noFocus]), .section("B", rows: 1)],
                              options: { var o = TableOptions(); o.footerHeight = 10; return o }())
        // A 0, rows 1-2, footer 3; N 4, rows 5-7, footer 8; B 9, row 10, footer 11.
        #expect(throws: FoldError.self) { try t.setFocus(6) }
        do {
            try t.setFocus(8)
        } catch let e as FoldError {
            #expect(e.code == .notAllowed)
            #expect(e.message == "the footer of section \"N\" cannot take focus: the section is flagged FOLD_SECTION_NO_FOCUS")
        }
        try t.setFocusKinds([.headers, .rows])
        do {
            try t.setFocus(3)
        } catch let e as FoldError {
            #expect(e.message == "the footer of section \"A\" cannot take focus: its kind is not among the focus kinds (fold_table_set_focus_kinds)")
        }
        #expect(throws: FoldError.self) { try t.setFocusKinds(FocusKinds(rawValue: 16)) }
        #expect(t.focusKinds == [.headers, .rows])
        // A focused item whose kind is no longer allowed keeps focus until it moves.
        try t.setFocus(2)
        try t.setFocusKinds(.headers)
        #expect(t.focusPosition == 2)
        #expect(try t.navigate(from: 2, .next) == 9)
        // The rule lands only on items that can: removing A's rows goes past N.
        try t.setFocusKinds([.rows])
        try t.removeRows(section: "A", at: 0, count: 2)  // A 0, footer 1, N 2...
        #expect(t.focusPosition == 8)  // B row 0
    }

    @Test func navigationMoves() throws {
        let t = try makeTable([.section("A", rows: 1, children: [.section("B", rows: 2), .rows(1), .section("C", rows: 1)]),
                               .section("D", rows: 2)])
        // A 0, row 1, B 2, rows 3-4, A row 1 at 5, C 6, row 7, D 8, rows 9-10.
        func go(_ from: Int?, _ m: NavigationMove) throws -> Int { try t.navigate(from: from, m) }
        #expect(try go(nil, .next) == 0)
        #expect(try go(nil, .previous) == 10)
        #expect(try go(nil, .last) == 10)
        #expect(try go(nil, .parent) == 0)
        #expect(try go(4, .next) == 5)
        #expect(try go(10, .next) == 10)
        #expect(try go(5, .previous) == 4)
        #expect(try go(0, .previous) == 0)
        #expect(try go(7, .first) == 0)
        #expect(try go(0, .last) == 10)
        #expect(try go(4, .parent) == 2)
        #expect(try go(2, .parent) == 0)  // a header: its parent's
        #expect(try go(5, .parent) == 0)
        #expect(try go(0, .parent) == 0)  // none
        #expect(try go(0, .firstChild) == 1)
        #expect(try go(2, .firstChild) == 3)
        #expect(try go(3, .firstChild) == 3)  // not a header
        // Siblings: A's children are row 0 (1), B (2), row 1 (5), C (6).
        #expect(try go(1, .nextSibling) == 2)
        #expect(try go(2, .nextSibling) == 5)
        #expect(try go(5, .nextSibling) == 6)
        #expect(try go(6, .nextSibling) == 6)
        #expect(try go(6, .previousSibling) == 5)
        #expect(try go(5, .previousSibling) == 2)
        #expect(try go(2, .previousSibling) == 1)
        #expect(try go(1, .previousSibling) == 1)
        #expect(try go(0, .nextSibling) == 8)  // top level
        #expect(try go(8, .previousSibling) == 0)
        #expect(try go(9, .nextSibling) == 10)
        try t.setCollapsed(true, section: "B")  // A 0, 1, B 2, row 3, C 4, 5, D 6, 7-8
        #expect(try go(2, .firstChild) == 2)
        #expect(try go(2, .nextSibling) == 3)
        #expect(throws: FoldError.self) { try go(9, .next) }
        #expect(throws: FoldError.self) { try go(0, .pageDown) }  // no viewport
    }

    @Test func headersOnlyAndNoFocusSections() throws {
        let t = try makeTable([.section("A", rows: 2, children: [.section("B", rows: 1), .rows(3), .section("C", rows: 1)]),
                               .section("D", rows: 1)])
        // A 0, rows 1-2, B 3, row 4, A rows 5-7, C 8, row 9, D 10, row 11.
        try t.setFocusKinds(.headers)
        #expect(try t.navigate(from: 0, .next) == 3)
        #expect(try t.navigate(from: 3, .next) == 8)
        #expect(try t.navigate(from: 8, .next) == 10)
        #expect(try t.navigate(from: 10, .next) == 10)
        #expect(try t.navigate(from: 10, .previous) == 8)
        #expect(try t.navigate(from: 8, .previous) == 3)
        #expect(try t.navigate(from: 3, .previous) == 0)
        #expect(try t.navigate(from: nil, .last) == 10)
        #expect(try t.navigate(from: 0, .nextSibling) == 10)
        #expect(try t.navigate(from: 3, .nextSibling) == 8)  // over A's rows
        #expect(try t.navigate(from: 8, .previousSibling) == 3)
        try t.setFocusKinds(.all)
        // A NO_FOCUS section: its own rows are passed, its subsections are not.
        try t.setSectionFlags(.noFocus, mask: .noFocus, section: "A")
        #expect(try t.navigate(from: nil, .next) == 3)
        #expect(try t.navigate(from: 4, .next) == 8)
        #expect(try t.navigate(from: 8, .previous) == 4)
        #expect(try t.navigate(from: 10, .previous) == 9)
        #expect(try t.navigate(from: 3, .parent) == 3)  // A cannot take focus
        try t.setSectionFlags([], mask: .noFocus, section: "A")
        // Nothing can take focus.
        try t.setFocusKinds([])
        #expect(throws: FoldError.self) { try t.navigate(from: nil, .first) }
        #expect(try t.navigate(from: 4, .next) == 4)
    }

    @Test func noFocusRowsArePassedInOneStep() throws {
        // 10^5 rows that cannot take focus: NEXT over them locates a few
        // items, not one per row (it would take seconds in a debug build).
        let t = try makeTable([.section("A", rows: 1), .section("N", rows: 100_000, flags: [.noFocus]), .section("B", rows: 1)])
        #expect(try t.navigate(from: 1, .next) == 100_003)
        #expect(try t.navigate(from: 100_003, .previous) == 1)
        try t.setFocus(1)
        try t.removeRows(section: "A", at: 0, count: 1)
        #expect(t.focusPosition == 100_002)  // B's header
    }

    @Test func pages() throws {
        let t = try sampleTable()  // headers 28, rows 44: tops 0, 28, 72, 116, 160, 188, 232, 276, 304, 348, 392, 436
        try t.setViewport(Viewport(offset: 0, height: 100))
        #expect(try t.navigate(from: 0, .pageDown) == 2)  // y 100 is in row 1 (72..116)
        #expect(try t.navigate(from: 2, .pageDown) == 4)  // y 172 in iPad's header
        #expect(try t.navigate(from: 9, .pageDown) == 11)  // beyond the end: the last
        #expect(try t.navigate(from: 11, .pageDown) == 11)
        #expect(try t.navigate(from: 4, .pageUp) == 1)  // y 60: Mac row 0 (28..72)
        #expect(try t.navigate(from: 1, .pageUp) == 0)
        #expect(try t.navigate(from: nil, .pageUp) == 11)
        #expect(try t.navigate(from: nil, .pageDown) == 0)
    }

    @Test func savedStateRoundTrip() throws {
        let t = try sampleTable()
        try t.setFocus(6)  // iPad row 1
        let state = t.exportState()
        #expect(state.contains("""
              "focus": {
                "section": "iPad",
                "kind": "row",
                "row": 1
              }
            """))
        let u = try sampleTable()
        try u.importState(state)
        #expect(u.focusPosition == 6)
        // Saved on a header, footer-less table: kind header.
        try t.setFocus(7)
        #expect(t.exportState().contains("""
              "focus": {
                "section": "iPhone",
                "kind": "header"
              }
            """))
        // A saved row now inside a collapsed section: its header.
        try u.setCollapsed(true, section: "iPad")
        try u.setFocus(0)
        try u.importState(#"{"version": 1, "focus": {"section": "iPad", "kind": "row", "row": 1}}"#)
        #expect(u.focusPosition == 4)
        // A saved row past the section's end: the item after the section's rows.
        try u.importState(#"{"version": 1, "focus": {"section": "Mac", "kind": "row", "row": 9}}"#)
        #expect(u.focusPosition == 4)
        // An unknown section changes nothing; no "focus" changes nothing.
        try u.importState(#"{"version": 1, "focus": {"section": "Nope", "kind": "header"}}"#)
        try u.importState(#"{"version": 1}"#)
        #expect(u.focusPosition == 4)
        // Malformed focus members are refused, and change nothing.
        for bad in [#"{"focus": {"kind": "row", "row": 1}}"#, #"{"focus": {"section": "Mac"}}"#,
                    #"{"focus": {"section": "Mac", "kind": "row"}}"#, #"{"focus": {"section": "Mac", "kind": "side"}}"#,
                    #"{"focus": 3}"#] {
            #expect(throws: FoldError.self) { try u.importState(bad) }
        }
        #expect(u.focusPosition == 4)
        let empty = try Table()
        #expect(!empty.exportState().contains("focus"))
    }
}
