import Testing
@testable import FoldTableCore

/// Mac (3 rows), iPad (2), iPhone (4) with default options: header 28, row 44.
private func products(_ options: TableOptions = TableOptions()) throws -> Table {
    try makeTable([.section("Mac", header: "Mac|Laptops and desktops", rows: 3), .section("iPad", header: "iPad", rows: 2),
                   .section("iPhone", header: "iPhone", rows: 4)], options: options)
}

@Suite struct FlatListTests {
    @Test func productsFlatten() throws {
        let t = try products()
        try expectTops(t, [0, 28, 72, 116, 160, 188, 232, 276, 304, 348, 392, 436], content: 480)
        #expect(try t.item(at: 0) == Item(kind: .header, section: 0, collapsible: true).with(id: try t.sectionID(.index(0))))
        #expect(try t.item(at: 3) == Item(kind: .row, section: 0, row: 2).with(id: try t.sectionID(.index(0))))
        #expect(try t.item(at: 7) == Item(kind: .header, section: 2, collapsible: true).with(id: try t.sectionID(.index(2))))
        #expect(try t.item(at: 11) == Item(kind: .row, section: 2, row: 3).with(id: try t.sectionID(.index(2))))
        #expect(try t.headerPosition(section: 2) == 7)
        #expect(try t.rowPosition(section: 1, row: 1) == 6)
    }

    @Test func collapsingHidesRowsAndKeepsCount() throws {
        let t = try products()
        #expect(try t.setCollapsed(true, section: "iPad"))
        #expect(t.itemCount == 10)
        #expect(t.contentHeight == 392)
        #expect(try t.item(at: 4) == Item(kind: .header, section: 1, collapsed: true, collapsible: true).with(id: try t.sectionID(.index(1))))
        #expect(try t.item(at: 5) == Item(kind: .header, section: 2, collapsible: true).with(id: try t.sectionID(.index(2))))
        #expect(try t.itemTop(at: 5) == 188)
        #expect(try t.itemTop(at: 6) == 216)
        #expect(try t.rowCount(section: 1) == 2)
        #expect(try t.visibleRowCount(section: 1) == 0)
        #expect(throws: FoldError(.notVisible, "row 0 of section \"iPad\" is hidden: the section is collapsed")) {
            try t.rowPosition(section: 1, row: 0)
        }
        #expect(try t.indicator(section: 1) == "+")
        #expect(try t.indicator(section: 0) == "\u{2013}")
        // Collapsing again changes nothing.
        #expect(try t.setCollapsed(true, section: 1) == false)
        #expect(try t.toggle(section: 1))
        #expect(t.itemCount == 12)
    }

    @Test func collapsedStateFollowsTheKey() throws {
        let t = try products()
        try t.setCollapsed(true, section: "iPhone")
        try t.insertSection(at: 0, key: "Watch", rows: 1)
        try t.moveSection(from: 3, to: 1)
        #expect(try t.sectionKey(1) == "iPhone")
        #expect(try t.isCollapsed(section: 1))
        try t.removeSection(0)
        #expect(try t.sectionIndex(forKey: "iPhone") == 0)
        #expect(try t.isCollapsed(section: "iPhone"))
        #expect(t.sectionStates().map { "\($0.key)=\($0.collapsed)" } == ["iPhone=true", "Mac=false", "iPad=false"])
        #expect(t.itemCount == 1 + 4 + 3)
    }

    /// 0.2: an empty section keeps a collapsed state for when it gets
    /// children (it hides nothing yet and shows no indicator); collapse-all
    /// still skips it.
    @Test func emptySectionKeepsItsCollapsedState() throws {
        let t = try Table()
        try t.appendSection(key: "Empty")
        #expect(try t.setAllCollapsed(true) == 0)
        #expect(try t.toggle(section: 0) == true)
        #expect(try t.isCollapsed(section: 0) == true)
        #expect(t.itemCount == 1)
        #expect(try t.indicator(section: 0) == "")
        #expect(try t.toggle(section: 0) == true)
        #expect(try t.isCollapsed(section: 0) == false)
        #expect(try t.setAllCollapsed(true) == 0)
    }

    @Test func startCollapsedAndCollapseAll() throws {
        var o = TableOptions()
        o.startCollapsed = true
        let t = try products(o)
        #expect(t.itemCount == 3)
        #expect(try t.setAllCollapsed(false) == 3)
        #expect(t.itemCount == 12)
        #expect(try t.setAllCollapsed(true) == 3)
        #expect(try t.setAllCollapsed(true) == 0)
    }

    @Test func headerTextSplits() throws {
        let t = try products()
        #expect(try t.header(section: 0) == HeaderText("Mac|Laptops and desktops"))
        #expect(try t.header(section: 0).title == "Mac")
        #expect(try t.header(section: 0).detail == "Laptops and desktops")
        #expect(try t.header(section: 1).detail == nil)
        #expect(HeaderText("A|").detail == "")
        #expect(HeaderText("A|b|c").detail == "b|c")
    }

    @Test func footersAndPadding() throws {
        var o = TableOptions()
        o.footerHeight = 10
        o.paddingTop = 5
        o.paddingBottom = 7
        let t = try products(o)
        #expect(t.itemCount == 15)
        #expect(t.contentHeight == 5 + 480 + 30 + 7)
        #expect(try t.footerPosition(section: 0) == 4)
        #expect(try t.itemTop(at: 4) == 5 + 160)
        try t.setCollapsed(true, section: 0)
        #expect(try t.footerPosition(section: 0) == 1)
        #expect(try t.item(at: 1) == Item(kind: .footer, section: 0, collapsed: true, collapsible: true).with(id: try t.sectionID(.index(0))))
        try t.setFooterHeight(0, section: 0)
        #expect(throws: FoldError.self) { try t.footerPosition(section: 0) }
        #expect(try t.item(atOffset: 4.9) == (0, .above))
        #expect(try t.item(atOffset: 5) == (0, .inItem))
        #expect(try t.item(atOffset: 33) == (1, .inItem))
        #expect(try t.item(atOffset: t.contentHeight) == (t.itemCount - 1, .below))
    }
}

@Suite struct GeometryTests {
    @Test func offsetsHitItemsAtExactBoundaries() throws {
        let t = try products()
        try expectHits(t, [(0, 0, .inItem), (27.999, 0, .inItem), (28, 1, .inItem), (479.5, 11, .inItem),
                           (480, 11, .below), (-1, 0, .above)])
        #expect(throws: FoldError.self) { try t.item(atOffset: .nan) }
    }

    @Test func viewports() throws {
        let t = try products()
        #expect(try t.visibleRange(offset: 30, height: 100) == 1..<4)
        #expect(try t.visibleRange(offset: 30, height: 100, overscan: 1) == 0..<5)
        #expect(try t.visibleRange(offset: 28, height: 44) == 1..<2)
        #expect(try t.visibleRange(offset: 0, height: 10_000, overscan: 3) == 0..<12)
        #expect(try t.visibleRange(offset: 500, height: 100) == 0..<0)
        let items = try t.visibleItems(offset: 150, height: 50)
        #expect(items.map(\.position) == [3, 4, 5])
        #expect(items.map(\.top) == [116, 160, 188])
    }

    /// At the largest offsets a table can have (2^52 units), the one-descent
    /// walk and visibleRange's descents agree at the items' exact boundaries.
    @Test func viewportsOfHugeContent() throws {
        var o = TableOptions()
        o.rowHeight = Limits.maxHeight
        let t = try Table(options: o)
        try t.appendSection(key: "big", rows: Limits.maxRows)
        let rows = Limits.maxRows - 4
        try t.setRowHeights(section: "big", row: rows, heights: [10, 0, 17.7, 0])
        let top = try t.itemTop(at: rows + 1)  // of the row of height 10
        #expect(top * 256 > 0x1p51)
        for (offset, height) in [(top, 0.0), (top, 10), (top + 10, 0), (top + 10, 1), (top - 5, 15), (top + 27.7, 5),
                                 (top - Limits.maxHeight, 0), (top - 1, Limits.maxHeight)] {
            for overscan in [0, 1, 2, Int.max] {  // Int.max: every item before and after
                let range = try t.visibleRange(offset: offset, height: height, overscan: overscan)
                var got: [Int] = []
                let total = try t.forEachVisibleItem(offset: offset, height: height, overscan: overscan,
                                                     limit: 100) { got.append($0.position) }
                #expect(total == range.count && got == Array(range.prefix(100)),
                        "\(offset) +\(height) overscan \(overscan)")
            }
        }
        // The zero-height row at top + 10 and the 17.7-pt one after it; a
        // viewport of no height where the 10-pt row ends holds nothing.
        #expect(try t.visibleRange(offset: top + 10, height: 1) == rows + 2..<rows + 4)
        #expect(try t.visibleRange(offset: top + 10, height: 0).isEmpty)
    }

    @Test func zeroHeightItems() throws {
        let t = try products()
        try t.setHeaderHeight(0, section: 1)
        // iPad's header is at 160 with no height: offset 160 is in its first row.
        #expect(try t.item(atOffset: 160) == (5, .inItem))
        #expect(try t.visibleRange(offset: 160, height: 10) == 4..<6)
        #expect(try t.visibleRange(offset: 150, height: 10) == 3..<4)
    }

    @Test func rowHeights() throws {
        let t = try products()
        try t.setRowHeight(section: 0, row: 1, height: 100)
        #expect(t.contentHeight == 536)
        #expect(try t.itemTop(at: 3) == 28 + 44 + 100)
        try t.setRowHeights(section: 2, row: 1, heights: [10, Table.defaultHeight, 30])
        #expect(try (0..<4).map { try t.rowHeight(section: 2, row: $0) } == [44, 10, 44, 30])
        try t.setDefaultRowHeight(50, section: 2)
        #expect(try (0..<4).map { try t.rowHeight(section: 2, row: $0) } == [50, 10, 50, 30])
        try t.setRowHeight(section: 0, row: 1, height: nil)
        #expect(try t.rowHeight(section: 0, row: 1) == 44)
    }

    @Test func failedCallsChangeNothing() throws {
        let t = try products()
        let before = try (0..<t.itemCount).map { try t.placedItem(at: $0) }
        #expect(throws: FoldError.self) { try t.setRowHeights(section: 0, row: 0, heights: [1, .nan, 3]) }
        #expect(throws: FoldError.self) { try t.insertRows(section: 0, at: 0, heights: [1, -2]) }
        #expect(throws: FoldError.self) { try t.insertRows(section: 0, at: 4, count: 1) }
        #expect(throws: FoldError.self) { try t.insertRows(section: 0, at: 0, count: Limits.maxRows) }
        #expect(throws: FoldError.self) { try t.removeRows(section: 0, at: 2, count: 2) }
        #expect(throws: FoldError.self) { try t.appendSection(key: "Mac") }
        #expect(throws: FoldError.self) { try t.appendSection(key: "") }
        #expect(throws: FoldError.self) { try t.moveSection(from: 0, to: 3) }
        #expect(throws: FoldError.self) { try t.setHeaderHeight(.infinity, section: 0) }
        #expect(throws: FoldError.self) { try t.setRowHeight(section: 0, row: 0, height: 1e9) }
        let after = try (0..<t.itemCount).map { try t.placedItem(at: $0) }
        #expect(before == after)
    }

    @Test func hugeSectionsCostNoMemoryAndCollapse() throws {
        let t = try Table()
        try t.appendSection(key: "big", rows: 5_000_000)
        try t.appendSection(key: "tail", rows: 1)
        #expect(t.itemCount == 5_000_003)
        #expect(try t.item(atOffset: 28 + 44 * 4_999_999 + 1) == (5_000_000, .inItem))
        try t.setRowHeight(section: 0, row: 2_500_000, height: 10)
        #expect(try t.itemTop(at: 2_500_002) == 28 + 44 * 2_500_000 + 10)
        #expect(try t.setCollapsed(true, section: 0))
        #expect(t.itemCount == 3)
        #expect(try t.itemTop(at: 1) == 28)
    }
}

@Suite struct HugeCountTests {
    /// Found by the fuzzer: inserting default rows next to a default run, or
    /// forgetting heights, must cost nothing per row, whatever the count.
    @Test func hugeDefaultRunsAllocateNothingPerRow() throws {
        let t = try Table()
        try t.appendSection(key: "S", rows: 10)
        try t.insertRows(section: "S", at: 5, count: Limits.maxRows - 20)
        try t.setRowHeight(section: "S", row: 3, height: 10)
        t.setHeightProvider { _, _ in nil }
        try t.invalidateHeights(section: nil)
        #expect(try t.rowCount(section: "S") == Limits.maxRows - 10)
        #expect(try t.rowHeight(section: "S", row: 3) == 44)
        #expect(t.itemCount == Limits.maxRows - 10 + 1)
    }
}

@Suite struct ItemFlagsTests {
    /// The bits are the C header's FOLD_ITEM_FLAG_* values, which the ABI
    /// passes through: they never change.
    @Test func bitsAreTheHeaders() {
        let bits: [(ItemFlags, UInt32)] = [(.collapsed, 1), (.expanded, 2), (.expandable, 4), (.collapsible, 8),
                                           (.loading, 16), (.failed, 32), (.selected, 64), (.matched, 128),
                                           (.focused, 256)]
        for (flag, value) in bits { #expect(flag.rawValue == value) }
    }

    /// Rows carry no section facts; a placeholder is loading or failed.
    @Test func whichFactsAnItemCarries() {
        var row = Item(kind: .row, section: 0, row: 3, collapsed: true, expanded: true, expandable: true, collapsible: true)
        row.selected = true
        #expect(row.flags == [.expanded, .expandable, .selected])
        var header = Item(kind: .header, section: 0, collapsed: true, collapsible: true)
        header.matched = true
        header.focused = true
        #expect(header.flags == [.collapsed, .collapsible, .matched, .focused])
        #expect(Item(kind: .placeholder, section: 0).flags == .loading)
        #expect(Item(kind: .placeholder, section: 0, loadFailed: true).flags == .failed)
    }
}
