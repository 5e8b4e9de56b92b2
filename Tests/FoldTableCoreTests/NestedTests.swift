import Testing
@testable import FoldTableCore

/// Sports ▸ Bat-and-ball ▸ {Baseball (2 rows), Cricket (1 row)}, then one row
/// of Sports, then Music (1 row). Default heights: header 28, row 44.
private func sports(_ options: TableOptions = TableOptions()) throws -> Table {
    try makeTable([.section("Sports", header: "Sports",
                            children: [.section("Bat", header: "Bat-and-ball",
                                                children: [.section("Baseball", rows: 2), .section("Cricket", rows: 1)]),
                                       .rows(1)]),
                   .section("Music", rows: 1)], options: options)
}

@Suite struct NestedTests {
    @Test func threeLevelsFlattenWithDepths() throws {
        let t = try sports()
        #expect(t.itemCount == 10)
        #expect(t.contentHeight == 360)
        let items = try (0..<10).map { try t.placedItem(at: $0) }
        #expect(items.map(\.item.kind) == [.header, .header, .header, .row, .row, .header, .row, .row, .header, .row])
        #expect(items.map(\.item.depth) == [0, 1, 2, 2, 2, 2, 2, 0, 0, 0])
        #expect(items.map(\.top) == [0, 28, 56, 84, 128, 172, 200, 244, 288, 316])
        #expect(try (0..<10).map { try t.itemKey(at: $0) }
                == ["Sports", "Bat", "Baseball", "Baseball", "Baseball", "Cricket", "Cricket", "Sports", "Music", "Music"])
        #expect(try t.itemPath(at: 4) == [0, 0, 0, 1])
        #expect(try t.itemPath(at: 7) == [0, 1])
        #expect(try t.position(ofPath: [0, 0, 1, 0]) == 6)
        #expect(try t.position(ofPath: [0, 1]) == 7)
        #expect(try t.path("Cricket") == [0, 0, 1])
        #expect(try t.parentKey("Cricket") == "Bat")
        #expect(try t.parentKey("Sports") == nil)
        #expect(try t.childCount("Sports") == 2)
        #expect(try t.child(of: "Sports", at: 1) == .row(0))
        #expect(try t.child(of: "Sports", at: 0) == .section("Bat"))
        #expect(try t.depth("Baseball") == 2)
        #expect(try t.sectionKey(.path([0, 0, 1])) == "Cricket")
    }

    @Test func collapsingAMiddleLevelThenItsParentKeepsTheMiddleState() throws {
        let t = try sports()
        #expect(try t.setCollapsed(true, section: "Bat"))
        #expect(t.itemCount == 5)
        #expect(try (0..<5).map { try t.itemTop(at: $0) } == [0, 28, 56, 100, 128])
        #expect(try t.setCollapsed(true, section: "Sports"))
        #expect(t.itemCount == 3)
        #expect(throws: FoldError.self) { try t.position(ofPath: [0, 0]) }
        #expect(try t.setCollapsed(false, section: "Sports"))
        #expect(t.itemCount == 5)
        #expect(try t.isCollapsed(section: "Bat"))
        #expect(try t.item(at: 1) == Item(kind: .header, depth: 1, section: 0, collapsed: true, collapsible: true,
                                          sectionID: try t.sectionID(.key("Bat"))))
    }

    @Test func refusedTreeEditsChangeNothing() throws {
        let t = try sports()
        #expect(throws: FoldError.self) { try t.moveSection("Sports", to: "Baseball", at: 0) }
        #expect(throws: FoldError.self) { try t.moveSection("Bat", to: "Bat", at: 0) }
        #expect(throws: FoldError.self) { try t.insertRows(in: "Sports", atChild: 3, count: 1) }
        #expect(throws: FoldError.self) { try t.sectionKey(.path([0, 1])) }  // a row, not a section
        #expect(throws: FoldError.self) { try t.position(ofPath: [0, 1, 0]) } // under a row
        #expect(throws: FoldError.self) { try t.moveChild(from: [0, 1], to: [0]) } // a row at the top level
        #expect(throws: FoldError.self) { try t.insertSection(in: "Bat", at: 0, key: "Music") }
        #expect(t.itemCount == 10)
        #expect(t.contentHeight == 360)
    }

    @Test func movingSectionsAndRows() throws {
        let t = try sports()
        try t.moveSection("Cricket", to: nil, at: 0)
        #expect(try t.path("Cricket") == [0])
        #expect(try t.depth("Cricket") == 0)
        try t.moveChild(from: [1, 1], to: [2, 0])  // Sports' row to the top of Music
        #expect(try t.rowCount(section: "Music") == 2)
        #expect(try t.childCount("Sports") == 1)
    }

    @Test func stickyHeadersArePushedByTheNextOfTheirLevel() throws {
        let t = try sports()
        func sticky(_ y: Double) throws -> [String] {
            try t.stickyHeaders(offset: y).map { "\($0.key)@\($0.top)" }
        }
        // At the top every header is where the stack puts it: in its place.
        #expect(try sticky(0) == ["Sports@0.0", "Bat@28.0", "Baseball@56.0"])
        #expect(try sticky(86) == ["Sports@86.0", "Bat@114.0", "Baseball@142.0"])
        #expect(try sticky(88) == ["Sports@88.0", "Bat@116.0", "Baseball@144.0"])  // Cricket arrives at 172
        #expect(try sticky(90) == ["Sports@90.0", "Bat@118.0", "Baseball@144.0"])  // pushed up by 2
        // Baseball slid behind; Cricket (natural top 172) sticks below Bat.
        #expect(try sticky(150) == ["Sports@150.0", "Bat@178.0", "Cricket@206.0"])
        t.stickyLevels = 1
        #expect(try sticky(259) == ["Sports@259.0"])
        #expect(try sticky(260) == ["Sports@260.0"])  // Music's header arrives at 288
        #expect(try sticky(270) == ["Sports@260.0"])  // pushed up by 10
        #expect(try sticky(288) == ["Music@288.0"])
    }
}

@Suite struct ExpandableRowTests {
    private func rows(_ accordion: Accordion) throws -> Table {
        var o = TableOptions()
        o.accordion = accordion
        let t = try Table(options: o)
        try t.appendSection(key: "A", rows: 3)
        try t.appendSection(key: "B", rows: 2)
        try t.setExpandedHeight(128, rows: [("A", 0), ("A", 1), ("A", 2), ("B", 0), ("B", 1)])
        return t
    }

    @Test func expandingChangesGeometry() throws {
        let t = try rows(.multiple)
        #expect(t.contentHeight == 2 * 28 + 5 * 44)
        #expect(try t.setRowExpanded(true, section: "A", row: 1))
        #expect(t.contentHeight == 2 * 28 + 4 * 44 + 128)
        #expect(try t.itemTop(at: 3) == 28 + 44 + 128)
        #expect(try t.item(atOffset: 28 + 44 + 127) == (2, .inItem))
        #expect(try t.item(at: 2).expanded)
        #expect(try t.setRowExpanded(true, section: "A", row: 1) == false)
        #expect(try t.toggleRow(section: "A", row: 1))  // selecting an expanded row collapses it
        #expect(t.contentHeight == 2 * 28 + 5 * 44)
    }

    @Test func onlyTallerExpandedHeightsExpand() throws {
        let t = try rows(.multiple)
        try t.setExpandedHeight(44, section: "A", row: 0)
        #expect(try t.isRowExpandable(section: "A", row: 0) == false)
        #expect(try t.setRowExpanded(true, section: "A", row: 0) == false)
        try t.setExpandedHeight(nil, section: "B", row: 0)
        #expect(try t.toggleRow(section: "B", row: 0) == false)
        #expect(t.expandedRows().isEmpty)
    }

    @Test func aRowThatStopsBeingExpandableCollapses() throws {
        let t = try rows(.multiple)
        try t.setRowExpanded(true, section: "A", row: 1)
        try t.setRowHeight(section: "A", row: 1, height: 130)
        #expect(try t.isRowExpanded(section: "A", row: 1) == false)
        #expect(try t.itemHeight(at: 2) == 130)
        try t.setRowExpanded(true, section: "B", row: 0)
        try t.setDefaultRowHeight(200, section: "B")
        #expect(t.expandedRows().isEmpty)
        #expect(try t.itemHeight(at: 5) == 200)
    }

    @Test func accordionPolicies() throws {
        let multiple = try rows(.multiple)
        try multiple.setRowExpanded(true, section: "A", row: 0)
        try multiple.setRowExpanded(true, section: "A", row: 2)
        try multiple.setRowExpanded(true, section: "B", row: 1)
        #expect(multiple.expandedRows() == [RowRef(section: "A", row: 0), RowRef(section: "A", row: 2), RowRef(section: "B", row: 1)])

        let single = try rows(.single)
        try single.setRowExpanded(true, section: "A", row: 0)
        try single.setRowExpanded(true, section: "B", row: 1)
        #expect(single.expandedRows() == [RowRef(section: "B", row: 1)])

        let perSection = try rows(.singlePerSection)
        try perSection.setRowExpanded(true, section: "A", row: 0)
        try perSection.setRowExpanded(true, section: "A", row: 2)
        try perSection.setRowExpanded(true, section: "B", row: 0)
        #expect(perSection.expandedRows() == [RowRef(section: "A", row: 2), RowRef(section: "B", row: 0)])
    }

    @Test func expandedStateMovesWithItsRow() throws {
        let t = try rows(.multiple)
        try t.setRowExpanded(true, section: "A", row: 1)
        try t.insertRows(section: "A", at: 0, count: 2)
        #expect(t.expandedRows() == [RowRef(section: "A", row: 3)])
        try t.removeRows(section: "A", at: 0, count: 1)
        #expect(t.expandedRows() == [RowRef(section: "A", row: 2)])
        try t.moveSection("A", to: nil, at: 1)
        #expect(t.expandedRows() == [RowRef(section: "A", row: 2)])
        try t.setRowHeights(section: "A", row: 0, heights: [10, 20, 30, 40])
        #expect(try t.isRowExpanded(section: "A", row: 2))
        #expect(try t.rowHeight(section: "A", row: 2) == 30)
    }

    @Test func activation() throws {
        let t = try rows(.single)
        #expect(try t.activate(position: 1) == .rowExpanded)
        #expect(try t.activate(position: 2) == .rowExpanded)
        #expect(t.expandedRows() == [RowRef(section: "A", row: 1)])
        #expect(try t.activate(position: 2) == .rowCollapsed)
        #expect(try t.activate(position: 0) == .sectionCollapsed)
        #expect(try t.activate(position: 0) == .sectionExpanded)
    }
}
