import Testing
@testable import FoldTableCore

@Suite struct LazyHeightsTests {
    /// One section of 1000 rows estimated at 44; the provider says row r is 10 + r % 7 * 10.
    private func lazyTable(_ asked: Counter) throws -> Table {
        let t = try Table()
        try t.appendSection(key: "S", rows: 1000)
        t.setHeightProvider { key, row in
            asked.calls.append(row)
            return key == "S" ? Double(10 + row % 7 * 10) : nil
        }
        return t
    }

    final class Counter { var calls: [Int] = [] }

    @Test func onlyTheVisibleRowsAreAskedAndAnswersAreKept() throws {
        let asked = Counter()
        let t = try lazyTable(asked)
        #expect(t.contentHeight == 28 + 1000 * 44)
        // Viewport 0..100 shows the header and rows 0, 1 at the estimate; after
        // measuring (rows 0.. at 10, 20, 30, 40, ...) more rows move in.
        let measured = try t.measure(offset: 0, height: 100)
        #expect(asked.calls == [0, 1, 2, 3])
        #expect(measured == 4)
        #expect(try (1...4).map { try t.itemHeight(at: $0) } == [10, 20, 30, 40])
        #expect(try t.visibleRange(offset: 0, height: 100) == 0..<5)
        // Cached: measuring again asks nothing.
        try t.measure(offset: 0, height: 100)
        #expect(asked.calls.count == 4)
        #expect(t.contentHeight == 28 + 100 + 996 * 44)
        // Invalidated rows are asked again.
        try t.invalidateHeight(section: "S", row: 1)
        try t.measure(offset: 0, height: 100)
        #expect(asked.calls == [0, 1, 2, 3, 1])
        try t.invalidateHeights(section: nil)
        #expect(t.contentHeight == 28 + 1000 * 44)
    }

    @Test func anchoringKeepsTheVisibleContentStillWhileRowsAboveAreMeasured() throws {
        let asked = Counter()
        let t = try lazyTable(asked)
        // 4 points into row 500 (item 501, estimated top 28 + 500 * 44 = 22028).
        try t.setViewport(Viewport(offset: 22032, height: 88))
        #expect(try t.itemTop(at: 501) - t.viewport!.offset == -4)
        // Overscan measures rows 495...499 above the viewport too: they shrink,
        // row 500 moves up, and the viewport follows it.
        try t.measure(offset: 0, height: 88, overscan: 5)
        #expect(asked.calls.prefix(6) == [495, 496, 497, 498, 499, 500])
        #expect(try t.itemTop(at: 501) - t.viewport!.offset == -4)
        #expect(t.viewport!.offset < 22032)
    }

    @Test func headersAreMeasuredToo() throws {
        let t = try Table()
        try t.appendSection(key: "A", rows: 1)
        try t.appendSection(key: "B", rows: 1)
        try t.setHeaderHeight(50, section: "B")  // given: never asked
        var asked: [String] = []
        t.setHeaderHeightProvider { key in asked.append(key); return 40 }
        try t.measure(offset: 0, height: 1000)
        #expect(asked == ["A"])
        #expect(try t.itemHeight(at: 0) == 40)
        #expect(t.contentHeight == 40 + 44 + 50 + 44)
        try t.invalidateHeights(section: "A")
        #expect(try t.itemHeight(at: 0) == 28)
        try t.measure(offset: 0, height: 1000)
        #expect(asked == ["A", "A"])
    }

    @Test func providerRefusalsKeepTheEstimate() throws {
        let t = try Table()
        try t.appendSection(key: "S", rows: 3)
        var calls = 0
        t.setHeightProvider { _, _ in calls += 1; return nil }
        try t.measure(offset: 0, height: 1000)
        #expect(calls == 3)
        #expect(t.contentHeight == 28 + 3 * 44)
        try t.measure(offset: 0, height: 1000)
        #expect(calls == 3)
    }

    /// Measuring that confirms the estimate changes nothing a view draws:
    /// only the rows whose height changed are redrawn, and all-confirmed
    /// measuring sends no change set.
    @Test func confirmedEstimatesAreNotRedrawn() throws {
        let t = try Table()
        try t.appendSection(key: "S", rows: 4)
        t.setHeightProvider { _, row in row == 2 ? 50 : (row == 3 ? nil : 44) }
        var sets: [ChangeSet] = []
        t.onChange { sets.append($0) }
        #expect(try t.measure(offset: 0, height: 1000) == 4)
        #expect(sets.count == 1)
        #expect(sets.first?.redraw == [3..<4])
        #expect(sets.first?.contentHeightDelta == 6)
        try t.invalidateHeight(section: "S", row: 0)  // stored 44 -> the default 44: nothing to report
        sets.removeAll()
        #expect(try t.measure(offset: 0, height: 1000) == 1)
        #expect(sets.isEmpty)
    }
}
