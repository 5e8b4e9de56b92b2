import Testing
@testable import FoldTableCore

/// The expanded-height provider (FOLD_HEIGHT_EXPANDED): asked for rows whose
/// expanded height is unknown when they are measured, expanded, toggled or
/// activated; answers kept until invalidated; explicit expanded heights never
/// asked nor forgotten; the providers' callback lifetime.
@Suite struct ExpandedProviderTests {
    final class Asked { var rows: [Int] = [] }

    /// "S": 100 rows of 44 (header 28). The provider says even rows expand to
    /// 100, row r % 10 == 3 has 20 (not larger: not expandable), other odd
    /// rows none.
    private func table(_ asked: Asked) throws -> Table {
        let t = try Table()
        try t.insertSection(at: 0, key: "S", rows: 100)
        t.setExpandedHeightProvider { key, row in
            asked.rows.append(row)
            guard key == "S" else { return nil }
            return row % 2 == 0 ? 100 : row % 10 == 3 ? 20 : nil
        }
        return t
    }

    @Test func measureAsksTheVisibleRowsOnce() throws {
        let asked = Asked()
        let t = try table(asked)
        var sets: [ChangeSet] = []
        t.onChange { sets.append($0) }
        // Header 0-28, row 0 28-72, row 1 72-116.
        #expect(try t.measure(offset: 0, height: 100) == 2)
        #expect(asked.rows == [0, 1])
        #expect(try t.isRowExpandable(section: "S", row: 0))
        #expect(try t.expandedHeight(section: "S", row: 0) == 100)
        #expect(try t.isRowExpandable(section: "S", row: 1) == false)
        #expect(try t.expandedHeight(section: "S", row: 1) == nil)
        // Only row 0 looks different (it can expand now); no height changed.
        #expect(sets.count == 1)
        #expect(sets.last?.changes == [])
        #expect(sets.last?.redraw == [1..<2])
        #expect(t.contentHeight == 28 + 100 * 44)
        // Kept: nothing asked again, nothing said.
        #expect(try t.measure(offset: 0, height: 100) == 0)
        #expect(asked.rows == [0, 1])
        #expect(sets.count == 1)
    }

    @Test func expandingTogglingAndActivatingAskFirst() throws {
        let asked = Asked()
        let t = try table(asked)
        #expect(try t.toggleRow(section: "S", row: 10))
        #expect(asked.rows == [10])
        #expect(try t.isRowExpanded(section: "S", row: 10))
        #expect(t.contentHeight == 28 + 99 * 44 + 100)
        // Collapsing asks nothing.
        #expect(try t.toggleRow(section: "S", row: 10))
        #expect(try t.setRowExpanded(false, section: "S", row: 22) == false)
        #expect(asked.rows == [10])
        #expect(try t.setRowExpanded(true, section: "S", row: 20))
        #expect(asked.rows == [10, 20])
        // Row 11 has none: activating it does nothing, and asks only once.
        #expect(try t.activate(position: 12) == .none)
        #expect(try t.activate(position: 12) == .none)
        #expect(asked.rows == [10, 20, 11])
        // Row 13's answer (20) is not larger than its height.
        #expect(try t.toggleRow(section: "S", row: 13) == false)
        #expect(try t.expandedHeight(section: "S", row: 13) == 20)
        #expect(try t.activate(position: 15) == .rowExpanded)
        #expect(asked.rows == [10, 20, 11, 13, 14])
        // Explicit expanded heights are never asked for.
        try t.setExpandedHeight(80, section: "S", row: 40)
        #expect(try t.toggleRow(section: "S", row: 40))
        #expect(asked.rows == [10, 20, 11, 13, 14])
    }

    @Test func refusalKeepsTheAnswerOnly() throws {
        let asked = Asked()
        let t = try table(asked)
        var events: [String] = []
        t.onRow { ref, e in
            events.append("\(ref.row) \(e) asked \(asked.rows)")
            return false
        }
        var sets: [ChangeSet] = []
        t.onChange { sets.append($0) }
        #expect(try t.toggleRow(section: "S", row: 30) == false)
        #expect(try t.activate(position: 31) == .refused)
        // The provider is asked before the "will" event, once.
        #expect(events == ["30 willExpand asked [30]", "30 willExpand asked [30]"])
        #expect(try t.isRowExpanded(section: "S", row: 30) == false)
        // What is reported is the row's new look (it can expand now), nothing else.
        #expect(sets.count == 1)
        #expect(sets.last?.changes == [])
        #expect(sets.last?.redraw == [31..<32])
        #expect(sets.last?.contentHeightDelta == 0)
    }

    @Test func invalidationForgetsAnswersNotExplicitHeights() throws {
        let asked = Asked()
        let t = try table(asked)
        try t.setExpandedHeight(80, section: "S", row: 40)
        #expect(try t.setRowExpanded(true, section: "S", row: 40))
        #expect(try t.setRowExpanded(true, section: "S", row: 10))
        #expect(try t.setRowExpanded(true, section: "S", row: 12))
        #expect(t.contentHeight == 28 + 97 * 44 + 80 + 200)
        // One row: its answer is forgotten, so it collapses; asked again later.
        try t.invalidateHeight(section: "S", row: 10)
        #expect(try t.expandedHeight(section: "S", row: 10) == nil)
        #expect(try t.isRowExpanded(section: "S", row: 10) == false)
        #expect(try t.setRowExpanded(true, section: "S", row: 10))
        #expect(asked.rows == [10, 12, 10])
        // The explicit one stays, expanded.
        try t.invalidateHeight(section: "S", row: 40)
        #expect(try t.expandedHeight(section: "S", row: 40) == 80)
        #expect(try t.isRowExpanded(section: "S", row: 40))
        // A moved row keeps its answer, and forgets it with the others.
        try t.moveChild(from: [0, 12], to: [0, 30])
        #expect(try t.isRowExpanded(section: "S", row: 30))
        try t.invalidateHeights(section: nil)
        #expect(try t.expandedHeight(section: "S", row: 10) == nil)
        #expect(try t.expandedHeight(section: "S", row: 30) == nil)
        #expect(try t.isRowExpanded(section: "S", row: 30) == false)
        #expect(try t.expandedHeight(section: "S", row: 40) == 80)
        #expect(try t.isRowExpanded(section: "S", row: 40))
        #expect(t.contentHeight == 28 + 99 * 44 + 80)
        // Setting one explicitly replaces an answer and survives invalidation.
        #expect(try t.setRowExpanded(true, section: "S", row: 30))
        try t.setExpandedHeight(90, section: "S", row: 30)
        try t.invalidateHeights(section: "S")
        #expect(try t.expandedHeight(section: "S", row: 30) == 90)
    }

    @Test func invalidAnswersMeanNone() throws {
        let t = try Table()
        try t.insertSection(at: 0, key: "S", rows: 4)
        let answers: [Double?] = [.nan, -1, 70_000, .infinity]
        t.setExpandedHeightProvider { _, row in answers[row] }
        for row in 0..<4 {
            #expect(try t.toggleRow(section: "S", row: row) == false)
            #expect(try t.expandedHeight(section: "S", row: row) == nil)
        }
    }

    @Test func measuringBothHeightsCountsARowOnce() throws {
        let t = try Table()
        try t.insertSection(at: 0, key: "S", rows: 100)
        var heights: [Int] = []
        var expanded: [Int] = []
        t.setHeightProvider { _, row in heights.append(row); return 50 }
        t.setExpandedHeightProvider { _, row in expanded.append(row); return 120 }
        // Rows 0, 1 (28-72-116), then at 50: 28-78-128, still rows 0 and 1.
        #expect(try t.measure(offset: 0, height: 100) == 2)
        #expect(heights == [0, 1])
        #expect(expanded == [0, 1])
        #expect(try t.isRowExpandable(section: "S", row: 1))
        #expect(try t.rowHeight(section: "S", row: 1) == 50)
    }

    @Test func callbackLifetime() throws {
        let t = try Table()
        try t.insertSection(at: 0, key: "S", rows: 100)
        var calls: [String] = []
        // Replaced by itself while measuring: the rest is asked of the new one.
        t.setExpandedHeightProvider { _, row in
            calls.append("old \(row)")
            t.setExpandedHeightProvider { _, row in calls.append("new \(row)"); return nil }
            return 100
        }
        #expect(try t.measure(offset: 0, height: 150) == 3)
        #expect(calls == ["old 0", "new 1", "new 2"])
        // Removing itself: nobody is asked for the rest.
        calls = []
        try t.invalidateHeights(section: nil)
        t.setExpandedHeightProvider { _, row in
            calls.append("once \(row)")
            t.setExpandedHeightProvider(nil)
            return nil
        }
        #expect(try t.measure(offset: 0, height: 150) == 1)
        #expect(calls == ["once 0"])
        // Changing the table inside the provider is refused (busy); reading is fine.
        var refused: FoldError?
        t.setExpandedHeightProvider { _, row in
            do { try t.setRowHeight(section: "S", row: 50, height: 10) } catch let e as FoldError { refused = e } catch {}
            #expect(t.itemCount == 101)
            return 100
        }
        #expect(try t.toggleRow(section: "S", row: 5))
        #expect(refused?.code == .busy)
        #expect(try t.rowHeight(section: "S", row: 50) == 44)
        // removeAllCallbacks (a table freed inside its callback) silences it at once.
        calls = []
        t.setExpandedHeightProvider { _, row in calls.append("late \(row)"); return 100 }
        t.removeAllCallbacks()
        #expect(try t.toggleRow(section: "S", row: 7) == false)
        #expect(calls == [])
    }
}
