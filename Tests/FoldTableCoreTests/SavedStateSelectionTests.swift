import Testing
@testable import FoldTableCore

// The "selected" runs of saved state (Table+SavedSelection.swift): runs that
// overlap, nest, repeat, touch or come in any order select exactly their
// union, once per row, with rows of the default height and rows with heights
// of their own (stored 64 to a chunk).

private func listed(_ t: Table) -> String {
    t.selection().map { $0.row < 0 ? $0.section : "\($0.section):\($0.row)+\($0.count)" }.joined(separator: " ")
}

/// "A" (150 rows, subsection "C" of 70 rows, 50 more rows: 200 rows) and
/// "B" (130 rows). Items: A 0, A rows 0-149 at 1-150, C 151, C rows 152-221,
/// A rows 150-199 at 222-271, B 272, B rows 273-402. With `ownHeights`,
/// every row gets a height of its own (20 + row % 7 pt).
private func table(ownHeights: Bool) throws -> Table {
    let t = try makeTable([.section("A", rows: 150, children: [.section("C", rows: 70), .rows(50)]),
                           .section("B", rows: 130)])
    if ownHeights {
        for (key, rows) in [("A", 200), ("C", 70), ("B", 130)] {
            let heights = (0..<rows).map { Double(20 + $0 % 7) }
            try heights.withUnsafeBufferPointer { try t.setRowHeights(section: .key(key), row: 0, heights: $0) }
        }
    }
    return t
}

private func state(_ runs: [(String, Int, Int)]) -> String {
    let entries = runs.map { key, row, count in
        row < 0 ? "{\"section\": \"\(key)\"}" : "{\"section\": \"\(key)\", \"row\": \(row), \"count\": \(count)}"
    }
    return "{\"version\": 1, \"selected\": [\(entries.joined(separator: ", "))]}"
}

@Suite struct SavedStateSelectionTests {
    /// Overlapping, nested, duplicate, adjacent and unsorted runs, runs past
    /// the end, an unknown key and a section named twice.
    private static let tangled: [(String, Int, Int)] = [
        ("B", 120, 50),   // cut at B's end: 120..<130
        ("A", 100, 80),   // 100..<180, across C
        ("A", 10, 20),    // 10..<30
        ("C", -1, 1),     // C itself
        ("A", 15, 5),     // inside 10..<30
        ("B", 64, 1),
        ("A", 30, 10),    // touches 10..<30: 10..<40
        ("Z", 0, 5),      // unknown
        ("A", 10, 20),    // again
        ("B", 63, 2),     // over 64
        ("A", 90, 15),    // overlaps 100..<180 from below: 90..<180
        ("C", 5, 3),
        ("B", 0, 64),     // touches 63..<65: 0..<65
        ("A", 0, 1),
        ("A", 500, 3),    // past A's end: skipped
        ("A", 7, 0),      // no rows: skipped
        ("C", -1, 1),     // C again
    ]

    @Test(arguments: [false, true])
    func tangledRunsSelectTheirUnionOnce(ownHeights: Bool) throws {
        let t = try table(ownHeights: ownHeights)
        let recorder = ChangeRecorder(t)
        _ = try t.importState(state(Self.tangled))
        #expect(listed(t) == "A:0+1 A:10+30 A:90+60 C C:5+3 A:150+30 B:0+65 B:120+10")
        #expect(try t.selectionCount(within: nil) == (rows: 199, sections: 1))
        for (key, row, selected) in [("A", 0, true), ("A", 1, false), ("A", 9, false), ("A", 10, true),
                                     ("A", 39, true), ("A", 40, false), ("A", 89, false), ("A", 90, true),
                                     ("A", 149, true), ("A", 150, true), ("A", 179, true), ("A", 180, false),
                                     ("A", 199, false), ("C", 4, false), ("C", 5, true), ("C", 7, true),
                                     ("C", 8, false), ("B", 0, true), ("B", 64, true), ("B", 65, false),
                                     ("B", 119, false), ("B", 120, true), ("B", 129, true)] {
            #expect(try t.isRowSelected(section: .key(key), row: row) == selected, "\(key) row \(row)")
        }
        #expect(try t.isSectionSelected(.key("C")) && !t.isSectionSelected(.key("A")))
        // One change set, redrawing exactly the items that became selected.
        #expect(recorder.sets.count == 1)
        #expect(recorder.sets.first?.redraw == [1..<2, 11..<41, 91..<152, 157..<160, 222..<252, 273..<338, 393..<403])
        // Imported again: nothing changes and nothing is reported.
        _ = try t.importState(state(Self.tangled))
        #expect(recorder.sets.count == 1)
        #expect(listed(t) == "A:0+1 A:10+30 A:90+60 C C:5+3 A:150+30 B:0+65 B:120+10")
    }

    @Test(arguments: [false, true])
    func runsAreAddedToWhatIsSelected(ownHeights: Bool) throws {
        let t = try table(ownHeights: ownHeights)
        #expect(try t.selectPositions(36, count: 60, how: .add))  // A rows 35..<95
        #expect(try t.selectRow(section: "B", row: 100, how: .add))
        _ = try t.importState(state(Self.tangled))
        #expect(listed(t) == "A:0+1 A:10+140 C C:5+3 A:150+30 B:0+65 B:100+1 B:120+10")
        #expect(try t.selectionCount(within: nil) == (rows: 250, sections: 1))
        // The saved anchor is set; the runs leave it alone otherwise.
        #expect(t.selectionAnchor.map { $0.row } == 100)
    }

    @Test func singleModeSelectsTheLastEntryInSavedOrder() throws {
        let t = try table(ownHeights: true)
        try t.setSelectionMode(.single)
        _ = try t.importState(state([("A", 100, 80), ("B", 3, 4), ("A", 10, 20)]))
        #expect(listed(t) == "A:29+1")
        _ = try t.importState(state([("A", 5, 1), ("C", -1, 1)]))
        #expect(listed(t) == "C")
    }

    /// Random runs over sections of random sizes, some with heights of their
    /// own on all or part of their rows, with a random selection before:
    /// afterwards exactly the union is selected.
    @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
    func randomRunsSelectTheirUnion(seed: UInt64) throws {
        var random = SeededRandom(seed: seed)
        let keys = ["a", "b", "c", "d"]
        var sizes: [String: Int] = [:]
        let t = try Table()
        for (index, key) in keys.enumerated() {
            let rows = 1 + random.below(300)
            sizes[key] = rows
            try t.insertSection(at: index, key: key, rows: rows)
            switch random.below(3) {
            case 0: break  // default heights
            case 1:
                let heights = (0..<rows).map { _ in Double(10 + random.below(50)) }
                try heights.withUnsafeBufferPointer { try t.setRowHeights(section: .key(key), row: 0, heights: $0) }
            default:
                let first = random.below(rows), count = 1 + random.below(rows - first)
                let heights = (0..<count).map { _ in Double(10 + random.below(50)) }
                try heights.withUnsafeBufferPointer { try t.setRowHeights(section: .key(key), row: first, heights: $0) }
            }
        }
        var model: [String: Set<Int>] = [:]
        for _ in 0..<random.below(6) {
            let key = keys[random.below(keys.count)], row = random.below(sizes[key]!)
            #expect(try t.selectRow(section: .key(key), row: row, how: .add))
            model[key, default: []].insert(row)
        }
        var runs: [(String, Int, Int)] = []
        for _ in 0..<(1 + random.below(40)) {
            let key = random.below(10) == 0 ? "unknown" : keys[random.below(keys.count)]
            let size = sizes[key] ?? 10
            let row = random.below(size + 10), count = random.below(size + 1)
            runs.append((key, row, count))
            guard sizes[key] != nil, row < size else { continue }
            for r in row..<min(row + count, size) { model[key, default: []].insert(r) }
        }
        _ = try t.importState(state(runs))
        var expected: [String] = []
        var total = 0
        for key in keys {
            let rows = (model[key] ?? []).sorted()
            total += rows.count
            var i = 0
            while i < rows.count {
                var j = i + 1
                while j < rows.count && rows[j] == rows[j - 1] + 1 { j += 1 }
                expected.append("\(key):\(rows[i])+\(j - i)")
                i = j
            }
            for r in 0..<sizes[key]! {
                #expect(try t.isRowSelected(section: .key(key), row: r) == model[key, default: []].contains(r),
                        "seed \(seed): \(key) row \(r)")
            }
        }
        #expect(listed(t) == expected.joined(separator: " "), "seed \(seed): \(runs)")
        #expect(try t.selectionCount(within: nil) == (rows: total, sections: 0))
    }

    @Test func mergedJoinsOverlappingAndAdjacentRunsPerSection() throws {
        let t = try table(ownHeights: false)
        let a = try t.section(.key("A")), b = try t.section(.key("B"))
        let merged = Table.merged([(b, 5..<9), (a, 3..<4), (b, 0..<2), (a, 0..<3), (b, 2..<3), (a, 10..<12),
                                   (b, 6..<7), (a, 11..<20), (b, 4..<5)])
        let text = merged.map { "\($0.section.key):\($0.rows)" }.sorted()
        #expect(text == ["A:0..<4", "A:10..<20", "B:0..<3", "B:4..<9"])
        #expect(Table.merged([]).isEmpty)
    }
}
