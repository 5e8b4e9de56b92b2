import Testing
@testable import FoldTableCore

/// A failed call changes nothing, a call that changes nothing reports
/// nothing, and messages are in words (issue 13, items 7, 8 and 11).
@Suite struct AtomicityTests {
    /// A (collapsed) holds B (collapsed) holds 3 rows.
    private func nested() throws -> Table {
        let t = try makeTable([.section("A", children: [.section("B", rows: 3)])])
        try t.setCollapsed(true, section: "B")
        try t.setCollapsed(true, section: "A")
        return t
    }

    @Test func refusedRevealChangesNothing() throws {
        let t = try nested()
        var events: [String] = []
        var sets = 0
        t.onChange { _ in sets += 1 }
        t.onSection { key, event in
            events.append("\(event):\(key)")
            return !(key == "B" && event == .willExpand)
        }
        #expect(throws: FoldError.self) { try t.revealRow(section: "B", row: 0, expandAncestors: true) }
        do {
            _ = try t.revealRow(section: "B", row: 0, expandAncestors: true)
        } catch let e as FoldError {
            #expect(e.code == .notVisible)
        }
        #expect(t.itemCount == 1)
        #expect(try t.isCollapsed(section: "A"))
        #expect(sets == 0)
        #expect(events == ["willExpand:A", "willExpand:B", "willExpand:A", "willExpand:B"])
    }

    @Test func allowedRevealAsksEveryVetoFirst() throws {
        let t = try nested()
        var events: [String] = []
        t.onSection { key, event in events.append("\(event):\(key)"); return true }
        #expect(try t.revealRow(section: "B", row: 2, expandAncestors: true) == 4)
        #expect(events == ["willExpand:A", "willExpand:B", "didExpand:A", "didExpand:B"])
    }

    @Test func busyHeaderHeightLeavesTheHeaderUnmeasured() throws {
        let t = try Table()
        try t.appendSection(key: "a", rows: 2)
        var asked = 0
        t.setHeaderHeightProvider { key in
            if key == "a" { asked += 1 }
            return 50
        }
        var status: FoldError.Code?
        t.onSection { _, _ in
            do { try t.setHeaderHeight(40, section: "a") } catch let e as FoldError { status = e.code } catch {}
            return true
        }
        try t.setCollapsed(true, section: "a")
        #expect(status == .busy)
        #expect(try t.heights(section: "a").header == 28)
        _ = try t.measure(offset: 0, height: 500)
        #expect(asked == 1)
        #expect(try t.heights(section: "a").header == 50)
    }

    @Test func collapseAllAsksEveryVetoBeforeAnyChange() throws {
        let t = try Table()
        try t.appendSection(key: "a", rows: 1)
        try t.appendSection(key: "b", rows: 1)
        try t.appendSection(key: "c", rows: 1)
        var events: [String] = []
        t.onSection { key, event in
            events.append("\(event):\(key)")
            return !(key == "b" && event == .willCollapse)
        }
        #expect(try t.setAllCollapsed(true) == 2)
        #expect(events == ["willCollapse:a", "willCollapse:b", "willCollapse:c", "didCollapse:a", "didCollapse:c"])
        #expect(t.itemCount == 4)
    }

    @Test func sameValuesReportNothing() throws {
        let t = try Table()
        try t.appendSection(key: "a", rows: 100)
        try t.setRowHeight(section: "a", row: 3, height: 30)
        try t.setExpandedHeight(90, section: "a", row: 3)
        var sets: [ChangeSet] = []
        t.onChange { sets.append($0) }
        try t.setRowHeight(section: "a", row: 3, height: 30)
        try t.setRowHeight(section: "a", row: 4, height: nil)
        try t.setRowHeight(section: "a", row: 80, height: 44)
        try t.setRowHeights(section: "a", row: 2, heights: [44, 30, Table.defaultHeight])
        try t.setRowHeights(section: "a", row: 62, heights: [44, 44, 44, 44])
        try t.setExpandedHeight(90, section: "a", row: 3)
        try t.setExpandedHeight(nil, section: "a", row: 50)
        #expect(sets.isEmpty)
        try t.setRowHeights(section: "a", row: 2, heights: [44, 31, Table.defaultHeight])
        #expect(sets.count == 1)
        #expect(sets.last?.redraw == [3..<6])
        #expect(sets.last?.contentHeightDelta == 1)
    }

    @Test func messagesAreInWords() throws {
        let t = try Table()
        try t.appendSection(key: "a", rows: 5)
        func message(_ body: () throws -> Void) -> String {
            do { try body() } catch let e as FoldError { return e.message } catch {}
            return ""
        }
        #expect(message { try t.removeRows(section: "a", at: 3, count: 4) }
                == "rows 3 to 6 of section \"a\" are out of range (it has 5 rows)")
        #expect(message { try t.setCollapsed(true, section: 3) }
                == "section index 3 is out of range (the table has 1 section)")
        #expect(message { try t.insertRows(section: "a", at: 6, count: 1) }
                == "row index 6 is out of range (section \"a\" has 5 rows: insert at 0 to 5)")
        #expect(message { _ = try t.item(at: 6) } == "position 6 is out of range (the list has 6 items)")
    }
}
