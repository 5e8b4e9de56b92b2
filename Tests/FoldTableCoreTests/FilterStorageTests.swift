import Testing
@testable import FoldTableCore

// How a filter's answers are stored in a default run: 64 rows at a time,
// so answers that alternate cost a chunk per 64 rows, not a piece per row
// (a million alternating rows took 246 MB before, 9 MB now).

/// The row pieces of section `key`: (explicit, rows) each.
private func pieces(_ t: Table, _ key: String) throws -> [(Bool, Int)] {
    let s = try #require(t.sectionsByKey[key])
    var out: [(Bool, Int)] = []
    s.list.forEachPiece { piece in
        if case .rows(let run) = piece { out.append((run.isExplicit, run.count)) }
        return true
    }
    return out
}

@Suite struct FilterStorageTests {
    /// Alternating answers: one chunk per 64 rows; every other row shown at
    /// its exact position; clearing gives back one default run.
    @Test func alternatingAnswersAreChunks() throws {
        let t = try makeTable([.section("Log", rows: 1000)])
        try t.setFilter({ _, _, row in row >= 0 && row % 2 == 0 })
        let stored = try pieces(t, "Log")
        #expect(stored.count == 16)  // 15 chunks of 64 and one of 40
        #expect(stored.allSatisfy { $0.0 })
        #expect(t.itemCount == 501)
        #expect(try t.rowPosition(section: "Log", row: 998) == 500)
        #expect(try t.matchCount(section: "Log") == (matches: 500, rows: 1000))
        #expect(t.contentHeight == 28 + 500 * 44)
        try t.setFilter(nil)
        #expect(try pieces(t, "Log").map { "\($0.0) \($0.1)" } == ["false 1000"])
        #expect(t.itemCount == 1001)
    }

    /// Long stretches answered alike stay default runs, merged across the
    /// 64-row windows; only the windows where the answer changes are chunks.
    @Test func stretchesStayDefaultRuns() throws {
        let t = try makeTable([.section("Log", rows: 1000)])
        try t.setFilter({ _, _, row in row >= 0 && row < 300 })
        // Rows 0-255 alike, 256-319 mixed (the answer changes at 300), 320-999 alike.
        #expect(try pieces(t, "Log").map { "\($0.0) \($0.1)" } == ["false 256", "true 64", "false 680"])
        #expect(t.itemCount == 301)
        #expect(try t.rowPosition(section: "Log", row: 299) == 300)
    }
}
