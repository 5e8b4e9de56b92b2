import Testing
@testable import FoldTableCore

@Suite struct SavedStateTests {
    private func products() throws -> Table {
        let t = try makeTable([.section("Mac", rows: 3), .section("iPad \"Pro\"", rows: 2), .section("iPhone", rows: 4)])
        try t.setExpandedHeight(100, rows: [("Mac", 2), ("iPhone", 1)])
        return t
    }

    @Test func exportIsReadable() throws {
        let t = try products()
        try t.setCollapsed(true, section: .key("iPad \"Pro\""))
        try t.setRowExpanded(true, section: "Mac", row: 2)
        try t.setViewport(Viewport(offset: 30, height: 100))
        #expect(t.exportState() == """
            {
              "version": 1,
              "collapsed": {
                "Mac": false,
                "iPad \\"Pro\\"": true,
                "iPhone": false
              },
              "expanded": [{"section": "Mac", "row": 2}],
              "anchor": {
                "section": "Mac",
                "kind": "row",
                "row": 0,
                "offset": 2
              }
            }

            """)
    }

    @Test func roundTripIntoARebuiltTable() throws {
        let a = try products()
        try a.setCollapsed(true, section: "Mac")
        try a.setRowExpanded(true, section: "iPhone", row: 1)
        try a.setViewport(Viewport(offset: 230, height: 100))  // in iPhone's row 1 (216..316), 14 below its top
        let saved = a.exportState()

        // Rebuilt: iPad is gone, Watch is new, iPhone moved to the front.
        let b = try Table()
        try b.appendSection(key: "iPhone", rows: 4)
        try b.appendSection(key: "Watch", rows: 1)
        try b.appendSection(key: "Mac", rows: 3)
        try b.setExpandedHeight(100, section: "iPhone", row: 1)
        try b.setViewport(Viewport(offset: 0, height: 100))
        let report = try b.importState(saved)
        #expect(report.sections == 2)
        #expect(report.unknownSections == 1)
        #expect(report.rows == 1)
        #expect(report.unknownRows == 0)
        #expect(report.anchorRestored)
        #expect(try b.isCollapsed(section: "Mac"))
        #expect(b.expandedRows() == [RowRef(section: "iPhone", row: 1)])
        #expect(b.viewport?.offset == 86)  // iPhone row 1 starts at 72 here, plus 14
    }

    @Test func malformedInputChangesNothing() throws {
        let t = try products()
        try t.setRowExpanded(true, section: "Mac", row: 2)
        let before = t.exportState()
        for text in ["", "{", "[]", "{\"collapsed\": {\"Mac\": 1}}", "{\"version\": 2}",
                     "{\"expanded\": [{\"section\": \"Mac\", \"row\": -1}]}",
                     "{\"expanded\": [{\"section\": \"Mac\", \"row\": 1.5}]}",
                     "{\"anchor\": {\"section\": \"Mac\", \"kind\": \"side\", \"offset\": 0}}",
                     "{\"collapsed\": {\"Mac\": true}} x", "{\"a\": \"\\ud800\"}", "{\"a\": \"\u{1}\"}",
                     String(repeating: "[", count: 100) + String(repeating: "]", count: 100)] {
            #expect(throws: FoldError.self, "\(text)") { try t.importState(text) }
            #expect(t.exportState() == before)
        }
    }

    @Test func unknownFieldsAreIgnoredAndEscapesRead() throws {
        let t = try products()
        let report = try t.importState("""
            {"future": [1, 2, {"x": null}], "collapsed": {"iPad \\"Pro\\"": true, "\\u00e9t\\u00e9": true},
             "expanded": [{"section": "Mac", "row": 9}, {"section": "Mac", "row": 0}]}
            """)
        #expect(report == { var r = ImportReport(); r.sections = 1; r.unknownSections = 1; r.unknownRows = 2; return r }())
        #expect(try t.isCollapsed(section: .key("iPad \"Pro\"")))
    }
}

@Suite struct SavedStateEventTests {
    @Test func reimportingTheSameStateChangesNothing() throws {
        let t = try Table()
        try t.appendSection(key: "Mac", rows: 3)
        try t.setExpandedHeight(100, section: "Mac", row: 2)
        try t.setRowExpanded(true, section: "Mac", row: 2)
        let saved = t.exportState()
        var events = 0
        t.onChange { _ in events += 1 }
        t.onRow { _, _ in events += 1; return true }
        let report = try t.importState(saved)
        #expect(events == 0)
        #expect(report.rows == 1)
    }
}
