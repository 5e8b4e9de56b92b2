import Testing
@testable import FoldTableCore

// `applySnapshot` while a filter is on: what it adds is asked about before
// anything changes, once each, and shows by its answers; a stop changes
// nothing.

/// Odd rows match; a header matches when its key starts with "n". Records
/// every question as "key/row"; stops (nil) at `stopAt`.
private final class Asker {
    var asked: [String] = []
    var stopAt: String?
    var function: MatchFunction {
        { [unowned self] _, key, row in
            let q = "\(key)/\(row)"
            self.asked.append(q)
            if q == self.stopAt { return nil }
            return row < 0 ? key.hasPrefix("n") : row % 2 == 1
        }
    }
}

/// Every item as "key" (header), "key:row" (row) or "key/footer".
private func shown(_ t: Table) throws -> [String] {
    try (0..<t.itemCount).map { p in
        let item = try t.item(at: p)
        let key = try t.sectionKey(.id(item.sectionID))
        switch item.kind {
        case .header: return key
        case .row: return "\(key):\(item.row)"
        default: return "\(key)/\(item.kind)"
        }
    }
}

@Suite struct SnapshotFilterTests {
    private func fruitAndVeg(_ asker: Asker) throws -> Table {
        let t = try makeTable([.section("fruit", rows: 4), .section("veg", rows: 2)])
        try t.setFilter(asker.function)
        #expect(asker.asked == ["fruit/-1", "fruit/0", "fruit/1", "fruit/2", "fruit/3", "veg/-1", "veg/0", "veg/1"])
        #expect(try shown(t) == ["fruit", "fruit:1", "fruit:3", "veg", "veg:1"])
        asker.asked = []
        return t
    }

    @Test func whatASnapshotAddsIsAskedOnceAndShownByItsAnswers() throws {
        let asker = Asker()
        let t = try fruitAndVeg(asker)
        var sets: [ChangeSet] = []
        t.onChange { sets.append($0) }
        let report = try t.applySnapshot([.section("fruit"), .rows(6), .section("nuts"), .rows(3),
                                          .section("grain"), .rows(1)])
        #expect(report.rowsInserted == 6 && report.sectionsInserted == 2 && report.sectionsRemoved == 1)
        // Kept rows keep their answers: only what is new is asked, before anything changed.
        #expect(asker.asked == ["fruit/4", "fruit/5", "nuts/-1", "nuts/0", "nuts/1", "nuts/2", "grain/-1", "grain/0"])
        // nuts matches by its header and shows its matching row; grain has no match and is hidden.
        #expect(try shown(t) == ["fruit", "fruit:1", "fruit:3", "fruit:5", "nuts", "nuts:1"])
        #expect(try t.matchCount(section: "fruit") == (matches: 3, rows: 6))
        #expect(try t.sectionMatches(section: "nuts") && !t.sectionMatches(section: "grain"))
        #expect(try t.flags(section: "grain").contains(.filtered))
        #expect(try t.rowMatches(section: "fruit", row: 5) && !t.rowMatches(section: "fruit", row: 4))
        // One change set that turns the old items into the new ones.
        #expect(sets.count == 1)
        var list = ["fruit", "fruit:1", "fruit:3", "veg", "veg:1"]
        for c in sets[0].changes {
            list.replaceSubrange(c.position..<(c.position + c.removed), with: Array(repeating: "?", count: c.added))
        }
        #expect(list.count == t.itemCount)
        // Clearing the filter shows everything the snapshot made.
        try t.setFilter(nil)
        #expect(try shown(t) == ["fruit"] + (0..<6).map { "fruit:\($0)" } + ["nuts", "nuts:0", "nuts:1", "nuts:2",
                                                                               "grain", "grain:0"])
        #expect(t.invariantViolations() == [])
    }

    @Test func aStopChangesNothing() throws {
        let asker = Asker()
        let t = try fruitAndVeg(asker)
        let before = try shown(t)
        let vegID = try t.sectionID(.key("veg"))
        var sets: [ChangeSet] = []
        t.onChange { sets.append($0) }
        asker.stopAt = "nuts/1"
        #expect(throws: FoldError.self) {
            try t.applySnapshot([.section("fruit"), .rows(6), .section("nuts"), .rows(3)])
        }
        #expect(asker.asked == ["fruit/4", "fruit/5", "nuts/-1", "nuts/0", "nuts/1"])
        #expect(try shown(t) == before)
        #expect(sets.isEmpty)
        #expect(try t.sectionID(.key("veg")) == vegID)
        #expect(throws: FoldError.self) { try t.sectionID(.key("nuts")) }
        #expect(try t.rowCount(section: "fruit") == 4)
        #expect(t.invariantViolations() == [])
        // The same snapshot without the stop goes in, nuts with a new id.
        asker.stopAt = nil
        asker.asked = []
        _ = try t.applySnapshot([.section("fruit"), .rows(6), .section("nuts"), .rows(3)])
        #expect(try shown(t) == ["fruit", "fruit:1", "fruit:3", "fruit:5", "nuts", "nuts:1"])
    }

    @Test func rowsBetweenKeptSubsectionsAreAskedWhereTheyLand() throws {
        let asker = Asker()
        let t = try makeTable([.section("top", rows: 1, children: [.section("nest", rows: 1)])])
        try t.setFilter(asker.function, options: [.showChildren])
        asker.asked = []
        // top: 2 rows, nest, 3 rows (its row 0 kept, rows 1, 2 (before nest) and 3, 4 (after) new).
        _ = try t.applySnapshot([.section("top"), .rows(3), .section("nest", depth: 1), .rows(1, depth: 2),
                                 .rows(2, depth: 1)])
        #expect(asker.asked == ["top/1", "top/2", "top/3", "top/4"])
        // nest's header matches: with SHOW_CHILDREN it shows its row that does not.
        #expect(try shown(t) == ["top", "top:1", "nest", "nest:0", "top:3"])
        #expect(t.invariantViolations() == [])
    }
}
