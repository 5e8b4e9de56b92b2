import Testing
@testable import FoldTableCore

/// GTK's filterlistmodel tests (testsuite/gtk/filterlistmodel.c): the
/// numbers 1...10 as the rows of a section without a header. GTK reports
/// one span per change; FoldTable one step per run of rows hidden or shown.
private enum Rule {
    case smaller(Int), larger(Int), near(Int), notNear(Int)

    var match: MatchFunction {
        { _, _, row in
            let n = row + 1
            guard row >= 0 else { return false }
            switch self {
            case .smaller(let x): return n < x
            case .larger(let x): return n > x
            case .near(let x): return abs(n - x) <= 2
            case .notNear(let x): return abs(n - x) > 2
            }
        }
    }
}

private func numbers() throws -> Table {
    try makeTable([.section("N", rows: 10, flags: .noHeader)])
}

/// The shown rows as their numbers.
private func shown(_ t: Table) throws -> [Int] {
    try (0..<t.itemCount).map { try t.placedItem(at: $0).item.row + 1 }
}

private func steps(_ list: [(Int, Int, Int)]) -> [FlatChange] {
    list.map { FlatChange(position: $0.0, removed: $0.1, added: $0.2) }
}

@Suite struct FilterStepsTests {
    /// test_empty_set_filter: a filter set on the ten numbers.
    @Test func gtkSetFilter() throws {
        let cases: [(Rule, [Int], [(Int, Int, Int)])] = [
            (.smaller(20), Array(1...10), []),
            (.smaller(7), Array(1...6), [(6, 4, 0)]),
            (.smaller(0), [], [(0, 10, 0)]),
            (.larger(0), Array(1...10), []),
            (.larger(3), Array(4...10), [(0, 3, 0)]),
            (.larger(20), [], [(0, 10, 0)]),
            (.near(5), [3, 4, 5, 6, 7], [(0, 2, 0), (5, 3, 0)]),  // GTK: 0-10+5
            (.notNear(5), [1, 2, 8, 9, 10], [(2, 5, 0)]),
        ]
        for (rule, want, expected) in cases {
            let t = try numbers()
            let c = ChangeRecorder(t)
            try t.setFilter(rule.match)
            #expect(try shown(t) == want, "\(rule)")
            #expect(c.sets.count == 1, "\(rule)")
            #expect(c.last?.changes == steps(expected), "\(rule)")
            if expected.isEmpty {
                // Every row matches: no step; the rows are redrawn (MATCH),
                // and again when the filter is cleared.
                #expect(c.last?.redraw == [0..<10])
                try t.setFilter(nil)
                #expect(c.sets.count == 2)
                #expect(c.last?.changes == [])
                #expect(c.last?.redraw == [0..<10])
            }
        }
    }

    /// test_change_filter: one filter after another, then cleared.
    @Test func gtkChangeFilter() throws {
        let t = try numbers()
        try t.setFilter(Rule.notNear(5).match)
        #expect(try shown(t) == [1, 2, 8, 9, 10])
        let c = ChangeRecorder(t)
        let sequence: [(Rule, [Int], [(Int, Int, Int)])] = [
            (.notNear(6), [1, 2, 3, 9, 10], [(2, 1, 1)]),
            (.notNear(9), [1, 2, 3, 4, 5, 6], [(3, 2, 3)]),
            (.smaller(6), [1, 2, 3, 4, 5], [(5, 1, 0)]),
            (.larger(4), [5, 6, 7, 8, 9, 10], [(0, 4, 0), (1, 0, 5)]),  // GTK: 0-5+6; 5 stays
            (.notNear(4), [1, 7, 8, 9, 10], [(0, 2, 1)]),
        ]
        for (rule, want, expected) in sequence {
            c.sets = []
            try t.setFilter(rule.match)
            #expect(try shown(t) == want, "\(rule)")
            #expect(c.sets.count == 1, "\(rule)")
            #expect(c.last?.changes == steps(expected), "\(rule)")
            #expect(c.last?.redraw == [], "\(rule)")  // the rows that stay match still
        }
        // The same rows shown with the same answers: nothing is reported.
        c.sets = []
        try t.setFilter(Rule.notNear(4).match)
        #expect(c.sets.isEmpty)
        // Cleared: 2...6 come back; the rows that stay lose MATCH.
        try t.setFilter(nil)
        #expect(try shown(t) == Array(1...10))
        #expect(c.last?.changes == steps([(1, 0, 5)]))
        #expect(c.last?.redraw == [0..<1, 6..<10])
        // A stopped filter changes nothing and reports nothing.
        c.sets = []
        #expect(throws: Table.matchStopped) { try t.setFilter { _, _, row in row == 3 ? nil : true } }
        #expect(c.sets.isEmpty)
        #expect(try shown(t) == Array(1...10))
    }

    /// A collapsed section opened by the filter keeps its header and footer
    /// (redrawn: their open state) and gets its rows after the header; a
    /// section hidden whole is one step with its header and footer.
    @Test func openedAndHiddenSections() throws {
        var options = TableOptions()
        options.footerHeight = 10
        let t = try makeTable([.section("A", rows: 3, flags: .collapsed), .section("B", rows: 2)], options: options)
        let c = ChangeRecorder(t)
        try t.setFilter({ _, key, row in key == "A" && row == 1 }, options: .expandMatches)
        #expect(t.itemCount == 3)
        #expect(c.last?.changes == steps([(1, 0, 1), (3, 4, 0)]))
        #expect(c.last?.redraw == [0..<1, 2..<3])
        try t.setFilter(nil)
        #expect(t.itemCount == 6)
        #expect(c.last?.changes == steps([(1, 1, 0), (2, 0, 4)]))
        #expect(c.last?.redraw == [0..<2])
    }

    /// One answer opens a collapsed section (`expandMatches`) or closes it
    /// again: its header and footer stay (redrawn), its rows come and go.
    @Test func oneAnswerOpensAndCloses() throws {
        var options = TableOptions()
        options.footerHeight = 10
        let t = try makeTable([.section("A", rows: 3, flags: .collapsed), .section("B", rows: 1)], options: options)
        try t.setFilter({ _, key, row in (key == "A" && row == -1) || (key == "B" && row == 0) },
                        options: .expandMatches)
        #expect(t.itemCount == 5)  // A, A's footer, B, its row, its footer
        let c = ChangeRecorder(t)
        try t.setRowMatch(section: "A", row: 1, matches: true)
        #expect(c.last?.changes == steps([(1, 0, 1)]))
        #expect(c.last?.redraw == [0..<1, 2..<3])
        #expect(try t.placedItem(at: 1).item.row == 1)
        try t.setRowMatch(section: "A", row: 1, matches: false)
        #expect(c.last?.changes == steps([(1, 1, 0)]))
        #expect(c.last?.redraw == [0..<2])
        #expect(t.itemCount == 5)
    }

    /// With `showChildren`, a matching header shows its rows whatever they
    /// answer: they stay (their MATCH flag does not change), the header is
    /// redrawn, the section with no match goes.
    @Test func showChildrenKeepsTheRows() throws {
        let t = try makeTable([.section("A", rows: 2), .section("B", rows: 1)])
        let c = ChangeRecorder(t)
        try t.setFilter({ _, key, row in key == "A" && row == -1 }, options: .showChildren)
        #expect(c.last?.changes == steps([(3, 2, 0)]))
        #expect(c.last?.redraw == [0..<1])
        // Row 1 matches itself now: it stays and is redrawn, with the header.
        try t.setFilter({ _, key, row in key == "A" && row < 2 && row != 0 }, options: .showChildren)
        #expect(c.last?.changes == [])
        #expect(c.last?.redraw == [0..<1, 2..<3])  // the header counts it
    }

    /// 10^5 rows of the default height: one row leaves and another arrives
    /// in one step, the rows around them are neither removed nor redrawn.
    @Test func oneRowOfAHundredThousand() throws {
        let t = try makeTable([.section("S", rows: 100_000)])
        let c = ChangeRecorder(t)
        try t.setFilter { _, _, row in row != 50_000 }
        #expect(c.last?.changes == steps([(50_001, 1, 0)]))
        #expect(c.last?.redraw == [0..<100_000])  // every item left now matches
        try t.setFilter { _, _, row in row != 50_001 }
        #expect(c.last?.changes == steps([(50_001, 1, 1)]))
        #expect(c.last?.redraw == [0..<1])  // the header (its counts)
        #expect(try t.placedItem(at: 50_001).item.row == 50_000)
        #expect(try t.placedItem(at: 50_002).item.row == 50_002)
    }
}
