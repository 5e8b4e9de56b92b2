import Testing
@testable import FoldTableCore

/// Sections without a header item (FOLD_SECTION_NO_HEADER): a group of rows
/// only. Every walk over the items agrees: positions, geometry, viewports,
/// scrolling, sticky headers, saved anchors, providers.
@Suite struct HeaderlessTests {
    /// "a" (2 rows), "g" without a header (3 rows, footer 10), "b" (1 row);
    /// header 28, row 44. Items: a 0 (top 0), rows 1 (28), 2 (72); g's rows
    /// 3 (116), 4 (160), 5 (204), footer 6 (248); b 7 (258), row 8 (286);
    /// content 330.
    private func table() throws -> Table {
        let t = try Table()
        try t.insertSection(at: 0, key: "a", rows: 2)
        try t.insertSection(at: 1, key: "g", header: "G", rows: 3, flags: .noHeader)
        try t.setFooterHeight(10, section: "g")
        try t.insertSection(at: 2, key: "b", rows: 1)
        return t
    }

    @Test func itemsAndPositions() throws {
        let t = try table()
        try expectTops(t, [0, 28, 72, 116, 160, 204, 248, 258, 286], content: 330)
        #expect(try t.item(at: 3).withoutID == Item(kind: .row, depth: 0, section: 1, row: 0))
        #expect(try t.item(at: 6).withoutID == Item(kind: .footer, section: 1, collapsible: false))
        #expect(try t.item(at: 7).withoutID == Item(kind: .header, section: 2, collapsible: true))
        #expect(throws: FoldError(.notFound, "section \"g\" has no header item")) { try t.headerPosition(section: "g") }
        #expect(throws: FoldError(.notFound, "section \"g\" has no header item")) { try t.position(ofPath: [1]) }
        #expect(try t.rowPosition(section: "g", row: 0) == 3)
        #expect(try t.rowPosition(section: "g", row: 2) == 5)
        #expect(try t.footerPosition(section: "g") == 6)
        #expect(try t.position(ofPath: [1, 1]) == 4)
        #expect(try t.itemPath(at: 4) == [1, 1])
        #expect(try t.itemKey(at: 6) == "g")
        #expect(try t.heights(section: "g").header == 0)
        #expect(try t.hasHeader(section: "g") == false)
        #expect(try t.hasHeader(section: "a"))
        #expect(try t.indicator(section: "g") == "")
        var walked: [PlacedItem] = []
        t.forEachItem(from: 2) { walked.append($0); return true }
        #expect(try walked == (2..<9).map { try t.placedItem(at: $0) })
        // Its header height is kept but shows nowhere.
        var sets = 0
        t.onChange { _ in sets += 1 }
        try t.setHeaderHeight(50, section: "g")
        #expect(sets == 0)
        #expect(t.contentHeight == 330)
    }

    @Test func geometryAndViewports() throws {
        let t = try table()
        try expectHits(t, [(115.99, 2, .inItem), (116, 3, .inItem), (250, 6, .inItem), (258, 7, .inItem)])
        #expect(try t.visibleRange(offset: 100, height: 50) == 2..<4)
        #expect(try t.visibleItems(offset: 240, height: 20).map(\.position) == [5, 6, 7])
        #expect(try t.scrollOffset(toItem: 3, alignment: .start, offset: 0, viewportHeight: 100) == 116)
        #expect(try t.scrollOffset(toItem: 6, alignment: .end, offset: 0, viewportHeight: 100) == 158)
        // From its first row: rows 3 and 4 end at 204.
        #expect(try t.revealOffset(section: "g", rows: 2, offset: 0, viewportHeight: 100) == 104)
        #expect(try t.revealOffset(section: "g", rows: 0, offset: 0, viewportHeight: 100) == 16)
    }

    @Test func notCollapsible() throws {
        let t = try table()
        var events: [String] = []
        t.onSection { key, e in events.append("\(key) \(e)"); return true }
        #expect(throws: FoldError(.notAllowed, "section \"g\" is not collapsible: it has no header item")) {
            try t.setCollapsed(true, section: "g")
        }
        #expect(throws: FoldError(.notAllowed, "section \"g\" is not collapsible: it has no header item")) {
            try t.toggle(section: "g")
        }
        #expect(try t.setCollapsed(false, section: "g") == false)
        #expect(try t.setAllCollapsed(true) == 2)
        #expect(events == ["a willCollapse", "b willCollapse", "a didCollapse", "b didCollapse"])
        // a 0; g's rows 1-3, footer 4; b 5.
        #expect(t.itemCount == 6)
        #expect(try t.rowPosition(section: "g", row: 0) == 1)
        #expect(try t.activate(position: 1) == .none)
    }

    @Test func insideACollapsedSection() throws {
        let t = try table()
        try t.insertSection(in: "b", at: 0, key: "q", rows: 2, flags: .noHeader)
        // b 7, q's rows 8, 9, b's row 10.
        #expect(try t.item(at: 8).withoutID == Item(kind: .row, depth: 1, section: 0, row: 0))
        #expect(try t.item(at: 10).withoutID == Item(kind: .row, depth: 0, section: 2, row: 0))
        var changes: [[FlatChange]] = []
        t.onChange { changes.append($0.changes) }
        #expect(try t.setCollapsed(true, section: "b"))
        #expect(changes == [[FlatChange(position: 8, removed: 3, added: 0)]])
        #expect(throws: FoldError.self) { try t.rowPosition(section: "q", row: 0) }
        #expect(try t.setCollapsed(false, section: "b"))
        #expect(try t.rowPosition(section: "q", row: 1) == 9)
        // Moving it moves its items only (no header).
        try t.moveSection("q", to: nil, at: 0)
        #expect(changes.last == [FlatChange(position: 8, removed: 2, added: 0), FlatChange(position: 0, removed: 0, added: 2)])
        #expect(try t.item(at: 0).withoutID == Item(kind: .row, depth: 0, section: 0, row: 0))
        #expect(try t.item(at: 2).withoutID == Item(kind: .header, section: 1, collapsible: true))
    }

    /// "n" without a header holds "s1" (2 rows) and "s2" (1 row): s1 0 (0),
    /// rows 1 (28), 2 (72); s2 3 (116), row 4 (144); content 188.
    @Test func stickyHeadersLookThrough() throws {
        let t = try Table()
        try t.insertSection(at: 0, key: "n", flags: .noHeader)
        try t.insertSection(in: "n", at: 0, key: "s1", rows: 2)
        try t.insertSection(in: "n", at: 1, key: "s2", rows: 1)
        #expect(try t.item(at: 0).withoutID == Item(kind: .header, depth: 1, section: 0, collapsible: true))
        #expect(try t.stickyHeaders(offset: 50) == [StickyHeader(position: 0, depth: 1, key: "s1", top: 50, height: 28, sectionID: t.sectionID(forKey: "s1") ?? 0)])
        #expect(try t.stickyHeaders(offset: 100) == [StickyHeader(position: 0, depth: 1, key: "s1", top: 88, height: 28, sectionID: t.sectionID(forKey: "s1") ?? 0)])
        #expect(try t.stickyHeaders(offset: 120) == [StickyHeader(position: 3, depth: 1, key: "s2", top: 120, height: 28, sectionID: t.sectionID(forKey: "s2") ?? 0)])
        t.stickyLevels = 1
        #expect(try t.stickyHeaders(offset: 50).map(\.key) == ["s1"])
        // In a flat group of rows nothing sticks.
        let g = try table()
        #expect(try g.stickyHeaders(offset: 130) == [])
        #expect(try g.stickyHeaders(offset: 20) == [StickyHeader(position: 0, depth: 0, key: "a", top: 20, height: 28, sectionID: g.sectionID(forKey: "a") ?? 0)])
        #expect(try g.stickyHeaders(offset: 260) == [StickyHeader(position: 7, depth: 0, key: "b", top: 260, height: 28, sectionID: g.sectionID(forKey: "b") ?? 0)])
    }

    @Test func savedAnchorsOnItsRowsAndFooter() throws {
        let t = try table()
        try t.setViewport(Viewport(offset: 165, height: 50))
        let state = t.exportState()
        #expect(state.contains("\"anchor\": {\n    \"section\": \"g\",\n    \"kind\": \"row\",\n    \"row\": 1,\n    \"offset\": 5\n  }"))
        let u = try table()
        try u.setViewport(Viewport(offset: 0, height: 50))
        #expect(try u.importState(state).anchorRestored)
        #expect(u.viewport?.offset == 165)
        try t.setViewport(Viewport(offset: 250, height: 50))
        let footer = t.exportState()
        #expect(footer.contains("\"anchor\": {\n    \"section\": \"g\",\n    \"kind\": \"footer\",\n    \"offset\": 2\n  }"))
        #expect(try u.importState(footer).anchorRestored)
        #expect(u.viewport?.offset == 250)
        // A saved header anchor of a section that has none here is not restored.
        let header = #"{"version": 1, "collapsed": {}, "expanded": [], "anchor": {"section": "g", "kind": "header", "offset": 0}}"#
        #expect(try u.importState(header).anchorRestored == false)
    }

    @Test func providersAndMeasure() throws {
        let t = try table()
        var headers: [String] = []
        var rows: [String] = []
        t.setHeaderHeightProvider { key in headers.append(key); return 30 }
        t.setHeightProvider { key, row in rows.append("\(key).\(row)"); return 40 }
        let measured = try t.measure(offset: 0, height: 400)
        #expect(headers == ["a", "b"])
        #expect(rows == ["a.0", "a.1", "g.0", "g.1", "g.2", "b.0"])
        #expect(measured == 8)
        // a 30 + 80, g 120 + 10, b 30 + 40.
        #expect(t.contentHeight == 310)
        #expect(try t.itemTop(at: 3) == 110)
    }
}
