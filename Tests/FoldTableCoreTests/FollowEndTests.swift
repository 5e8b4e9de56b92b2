import Testing
@testable import FoldTableCore

/// Sticking to the end (`Table.followEnd`): the viewport offsets after each
/// kind of mutation, at the end and not at it.
@Suite struct FollowEndTests {
    /// Header 30, rows of 20: section "log" with `rows` rows; content 30 + 20 · rows.
    private func log(rows: Int = 10, follow: Bool = true, paddingTop: Double = 0) throws -> Table {
        var o = TableOptions()
        o.rowHeight = 20
        o.headerHeight = 30
        o.paddingTop = paddingTop
        o.followEnd = follow
        let t = try Table(options: o)
        if rows > 0 { try t.appendSection(key: "log", rows: rows) }
        return t
    }

    /// The anchored offsets of the change sets, in order.
    private final class Offsets {
        var all: [Double?] = []
        init(_ t: Table) { t.onChange { [unowned self] in self.all.append($0.anchoredOffset) } }
    }

    @Test func theOptionIsKeptAndCanChange() throws {
        let t = try log()
        #expect(t.options.followEnd && t.followEnd)
        t.followEnd = false
        #expect(!t.followEnd && t.options.followEnd)  // options stay as given
        #expect(try !log(follow: false).followEnd)
        #expect(!TableOptions().followEnd)
    }

    @Test func appendingAtTheEndFollows() throws {
        let t = try log()  // content 230
        let r = Offsets(t)
        try t.setViewport(Viewport(offset: 130, height: 100))  // 130 + 100 = 230: the end
        try t.insertRows(section: "log", at: 10, count: 3)      // 290
        #expect(t.viewport?.offset == 190)
        try t.insertRows(section: "log", at: 13, heights: [17.7])  // + 17.69921875
        #expect(t.viewport?.offset == 207.69921875)
        try t.appendSection(key: "more", rows: 1)  // + 30 + 20
        #expect(t.viewport?.offset == 257.69921875)
        #expect(r.all == [190, 207.69921875, 257.69921875])
        #expect(t.contentHeight == 357.69921875)
    }

    @Test func atTheEndIsDecidedExactly() throws {
        // Three rows appended to a fresh log (230 -> 290) from each viewport.
        let cases: [(offset: Double, height: Double, after: Double)] = [
            (50, 100, 50),                     // short of the end: row 1 stays on top
            (130 - 1.0 / 256, 100, 129.99609375),  // one unit short: no tolerance
            (140, 100, 190),                   // past the end (overscrolled) is the end
            (230, 0, 290),                     // a viewport of height 0 at the end
        ]
        for c in cases {
            let t = try log()
            try t.setViewport(Viewport(offset: c.offset, height: c.height))
            try t.insertRows(section: "log", at: 10, count: 3)
            #expect(t.viewport?.offset == c.after, "from \(c.offset), \(c.height)")
        }
    }

    @Test func contentShorterThanTheViewportFollowsOnceItOverflows() throws {
        let t = try log(rows: 2)  // content 70
        let r = Offsets(t)
        try t.setViewport(Viewport(offset: 0, height: 100))
        try t.insertRows(section: "log", at: 2, count: 1)  // 90: still shorter
        try t.insertRows(section: "log", at: 3, count: 2)  // 130
        try t.insertRows(section: "log", at: 5, count: 1)  // 150
        #expect(r.all == [0, 30, 50])
        // Whatever the offset while the content is shorter (a rubber band above the top).
        let u = try log(rows: 2)
        try u.setViewport(Viewport(offset: -12, height: 100))
        try u.insertRows(section: "log", at: 2, count: 3)
        #expect(u.viewport?.offset == 30)
        // An empty table with top padding (no first visible item to anchor to).
        let e = try log(rows: 0, paddingTop: 8)
        let re = Offsets(e)
        try e.setViewport(Viewport(offset: 0, height: 100))
        try e.appendSection(key: "log", rows: 10)  // 8 + 230
        #expect(re.all == [138])
        let off = try log(rows: 0, follow: false, paddingTop: 8)
        let roff = Offsets(off)
        try off.setViewport(Viewport(offset: 0, height: 100))
        try off.appendSection(key: "log", rows: 10)
        // Anchored all the same (0.2.0 reported no anchor here): the offset
        // stays, clamped to the content.
        #expect(roff.all == [0])
    }

    @Test func insertsInsideAndAboveTheViewport() throws {
        let t = try log()
        try t.setViewport(Viewport(offset: 130, height: 100))  // rows 5...9
        try t.insertRows(section: "log", at: 7, count: 2)      // inside: 270
        #expect(t.viewport?.offset == 170)
        try t.insertSection(at: 0, key: "top", rows: 2)        // above: + 70
        #expect(t.viewport?.offset == 240)
        // Not at the end: the first visible item (row 1 at 50) stays.
        let u = try log()
        try u.setViewport(Viewport(offset: 50, height: 100))
        try u.insertRows(section: "log", at: 0, count: 2)
        #expect(u.viewport?.offset == 90)
    }

    @Test func heightChangesAtTheEndFollow() throws {
        let t = try log()
        let r = Offsets(t)
        try t.setViewport(Viewport(offset: 130, height: 100))
        try t.setRowHeight(section: "log", row: 9, height: 60)    // last row grows: 270
        try t.setRowHeights(section: "log", row: 0, heights: [10, 10])  // above shrinks: 250
        try t.setHeaderHeight(50, section: "log")                 // 270
        try t.setDefaultRowHeight(30, section: "log")             // rows 2...8 + 70: 340
        #expect(r.all == [170, 150, 170, 240])
        #expect(t.contentHeight == 340)
    }

    @Test func measuredHeightsKeepTheEndInView() throws {
        let t = try log()
        var asked: [Int] = []
        t.setHeightProvider { _, row in asked.append(row); return 40 }
        try t.setViewport(Viewport(offset: 130, height: 100))  // rows 5...9 at the estimate
        // Round 1 measures rows 5...9 (content 330, end 230); round 2 looks
        // at [230, 330): rows 7...9, measured already.
        #expect(try t.measure(offset: 0, height: 100) == 5)
        #expect(asked == [5, 6, 7, 8, 9])
        #expect(t.viewport?.offset == 230)
        try t.invalidateHeight(section: "log", row: 9)  // back to 20: 310
        #expect(t.viewport?.offset == 210)
        try t.invalidateHeights(section: nil)          // all estimates: 230
        #expect(t.viewport?.offset == 130)
        // Without following, row 5 stays on top and round 2 measures nothing new.
        let u = try log(follow: false)
        u.setHeightProvider { _, _ in 40 }
        try u.setViewport(Viewport(offset: 130, height: 100))
        #expect(try u.measure(offset: 0, height: 100) == 5)
        #expect(u.viewport?.offset == 130)
    }

    @Test func expandingAndCollapsingKeepTheFirstVisibleItem() throws {
        let t = try log()
        try t.setExpandedHeight(80, section: "log", row: 9)
        try t.setViewport(Viewport(offset: 130, height: 100))
        // The user expands the last row: row 5 stays on top, the row opens
        // downwards past the viewport, and the end is no longer shown.
        try t.setRowExpanded(true, section: "log", row: 9)  // 290
        #expect(t.viewport?.offset == 130)
        try t.insertRows(section: "log", at: 10, count: 1)  // not at the end: stays
        #expect(t.viewport?.offset == 130)
        // Back at the end (row 9 on top), collapsing it: 250, clamped to the end.
        try t.setViewport(Viewport(offset: 210, height: 100))
        #expect(try t.toggleRow(section: "log", row: 9))
        #expect(t.viewport?.offset == 150)
        // A section: "a" (90) and "log" collapsed (30); at the end (20).
        let u = try log()
        try u.insertSection(at: 0, key: "a", rows: 3)
        try u.setCollapsed(true, section: "log")
        try u.setViewport(Viewport(offset: 20, height: 100))
        try u.setCollapsed(false, section: "log")  // 320: "a"'s header stays 20 above the top
        #expect(u.viewport?.offset == 20)
        // Activating (a click) is an expand or collapse too.
        try u.setViewport(Viewport(offset: 220, height: 100))
        #expect(try u.activate(position: 4) == .sectionCollapsed)  // 120: row 5 gone, its header stands in
        #expect(u.viewport?.offset == 20)
    }

    @Test func removalsAtTheEndKeepTheEnd() throws {
        let t = try log()
        let r = Offsets(t)
        try t.setViewport(Viewport(offset: 130, height: 100))
        try t.removeRows(section: "log", at: 7, count: 3)  // 170
        try t.removeRows(section: "log", at: 0, count: 2)  // 130
        try t.moveRow(section: "log", row: 4, to: "log", atChild: 0)  // a move: still 130
        try t.removeSection("log")                          // 0
        #expect(r.all == [70, 30, 30, 0])
    }

    @Test func offWithoutAViewportOrAfterAFailedCall() throws {
        let t = try log(follow: false)
        try t.setViewport(Viewport(offset: 130, height: 100))
        try t.insertRows(section: "log", at: 10, count: 3)  // anchoring: row 5 stays
        #expect(t.viewport?.offset == 130)
        t.followEnd = true                                  // not at the end now
        try t.insertRows(section: "log", at: 13, count: 1)
        #expect(t.viewport?.offset == 130)
        try t.setViewport(Viewport(offset: 210, height: 100))  // content 310: the end
        try t.insertRows(section: "log", at: 14, count: 2)
        #expect(t.viewport?.offset == 250)
        // A failed call changes nothing, the viewport included.
        #expect(throws: FoldError.self) { try t.insertRows(section: "log", at: 99, count: 1) }
        #expect(t.viewport?.offset == 250)
        // Without a viewport there is nothing to follow.
        try t.setViewport(nil)
        let r = Offsets(t)
        try t.insertRows(section: "log", at: 0, count: 1)
        #expect(r.all == [nil])
    }
}
