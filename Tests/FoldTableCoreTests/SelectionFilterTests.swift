import Testing
@testable import FoldTableCore

// Selection and filtering together (found when the two were merged: ranges
// and the anchor looked at the stored collapsed state, not at what a
// filter with `.expandMatches` shows).

/// Mac 3 rows, iPad 2, iPhone 4.
@Suite struct SelectionFilterTests {
    /// A range reaches into a collapsed section the filter opened.
    @Test func rangeEntersOpenedSections() throws {
        let t = try sampleTable()
        _ = try t.setCollapsed(true, section: "iPad")
        // Rows 0 and 1 of every section match: Mac 0-2, iPad opened 3-5, iPhone 6-8.
        try t.setFilter({ _, _, row in row < 2 }, options: .expandMatches)
        #expect(t.itemCount == 9)
        _ = try t.selectRow(section: "Mac", row: 0, how: .replace)
        _ = try t.selectRange(to: 6, how: .replace)
        #expect(t.selection().map { "\($0.section) \($0.row) \($0.count)" }
                == ["Mac 0 2", "iPad -1 1", "iPad 0 2", "iPhone -1 1"])
    }

    /// An anchor inside an opened section is shown: a range starts at it,
    /// not at the section's header.
    @Test func anchorInsideOpenedSection() throws {
        let t = try sampleTable()
        _ = try t.setCollapsed(true, section: "iPad")
        try t.setFilter({ _, _, row in row < 2 }, options: .expandMatches)
        _ = try t.selectRow(section: "iPad", row: 1, how: .replace)  // position 5
        _ = try t.selectRange(to: 7, how: .replace)  // iPhone's header 6, row 0 at 7
        #expect(t.selection().map { "\($0.section) \($0.row) \($0.count)" }
                == ["iPad 1 1", "iPhone -1 1", "iPhone 0 1"])
    }

    /// A replacing range over shown rows deselects the rows a filter hides
    /// between them (found by the C differential test: they were kept).
    @Test func replaceDropsHiddenRowsInside() throws {
        let t = try makeTable([.section("Log", rows: 6)])
        _ = try t.selectPositions(0, count: 7, how: .add)  // the header and rows 0-5
        try t.setFilter({ _, _, row in row == 0 || row == 5 })  // rows 1-4 hidden
        #expect(t.itemCount == 3)
        _ = try t.selectPositions(1, count: 2, how: .replace)  // rows 0 and 5
        #expect(t.selection().map { "\($0.section) \($0.row) \($0.count)" } == ["Log 0 1", "Log 5 1"])
        try t.setFilter(nil)
        #expect(try t.selectionCount(within: nil).rows == 2)
    }

    /// An anchor the filter hides starts a range at the shown item before
    /// where it would be (it started at position 0).
    @Test func anchorHiddenByFilterStartsBeforeIt() throws {
        let t = try sampleTable()
        _ = try t.selectSection("iPad", how: .replace)  // the anchor
        // Row 0 of Mac and iPhone match; no header does: iPad goes.
        try t.setFilter({ _, key, row in key != "iPad" && row == 0 })
        #expect(t.itemCount == 4)  // Mac 0, its row 1, iPhone 2, its row 3
        _ = try t.selectRange(to: 3, how: .replace)
        #expect(t.selection().map { "\($0.section) \($0.row) \($0.count)" }
                == ["Mac 0 1", "iPhone -1 1", "iPhone 0 1"])
    }
}
