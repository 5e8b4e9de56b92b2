import Testing
@testable import FoldTableCore

/// `Table.structureVersion`: while it stays, every section's parent, index
/// among its siblings and child count stay (what bindings cache under it);
/// it only grows, so a value never names two shapes: a failed call that
/// edited nothing leaves it, one that edited and undid (a load or rows
/// stopped by the filter) moves it past what its callbacks saw.
@Suite struct StructureVersionTests {
    /// Every section's parent, path and child count, by key.
    static func shape(_ t: Table) throws -> [String: (parent: String?, path: [Int], children: Int)] {
        var out: [String: (parent: String?, path: [Int], children: Int)] = [:]
        for (key, _) in t.sectionStates() {
            out[key] = (try t.parentKey(.key(key)), try t.path(.key(key)), try t.childCount(.key(key)))
        }
        return out
    }

    static func same(_ a: [String: (parent: String?, path: [Int], children: Int)],
                     _ b: [String: (parent: String?, path: [Int], children: Int)]) -> Bool {
        a.count == b.count && a.allSatisfy { key, x in
            b[key].map { $0.parent == x.parent && $0.path == x.path && $0.children == x.children } ?? false
        }
    }

    /// Random edits of every kind, structural or not (seeded): after each,
    /// an unchanged version means an unchanged shape.
    @Test(arguments: [1, 2, 3] as [UInt64])
    func anUnchangedVersionMeansAnUnchangedShape(seed: UInt64) throws {
        var rng = SeededRandom(seed: seed)
        let t = try makeTable([.section("a", rows: 3, children: [.section("a1", rows: 2)]),
                               .section("b", rows: 70), .section("c", rows: 1)])
        var made = 0, moved = 0, kept = 0
        for step in 0..<600 {
            let keys = t.sectionStates().map(\.key)
            guard !keys.isEmpty else {  // a removal took the last sections with it
                made += 1
                _ = try t.appendSection(key: "n\(made)", rows: 5)
                continue
            }
            let key = keys[rng.below(keys.count)]
            let rows = try t.rowCount(section: .key(key))
            let before = try Self.shape(t), version = t.structureVersion
            switch rng.below(12) {
            case 0:
                made += 1
                let parent: SectionRef? = rng.below(3) == 0 ? nil : .key(key)
                try t.insertSection(in: parent, at: rng.below(try t.childCount(parent) + 1), key: "n\(made)",
                                    rows: rng.below(4))
            case 1 where keys.count > 3: try t.removeSection(.key(key))
            case 2:
                let parent = keys[rng.below(keys.count)]
                if parent != key, !(try t.path(.key(parent))).starts(with: try t.path(.key(key))) {
                    try t.moveSection(.key(key), to: .key(parent), at: 0)
                }
            case 3: try t.insertRows(section: .key(key), at: rng.below(rows + 1), count: 1 + rng.below(70))
            case 4 where rows > 0:
                let row = rng.below(rows)
                try t.removeRows(section: .key(key), at: row, count: 1 + rng.below(rows - row))
            case 5 where rows > 0: try t.setRowHeight(section: .key(key), row: rng.below(rows), height: 17)
            case 6 where rows > 1: try t.setRowHeights(section: .key(key), row: 0, heights: [9, 11])
            case 7: _ = try t.toggle(section: .key(key))
            case 8 where t.itemCount > 0:
                _ = try t.selectItem(at: rng.below(t.itemCount), how: .add)
                _ = try t.selectRange(to: rng.below(t.itemCount), how: .toggle)
            case 9: try t.setFilter(rng.below(2) == 0 ? nil : { _, _, row in row % 3 != 0 })
            case 10:
                // A snapshot that keeps every section and turns the top level around.
                var entries: [SnapshotEntry] = []
                func add(_ key: String, depth: Int) throws {
                    entries.append(.section(key, depth: depth))
                    for i in 0..<(try t.childCount(.key(key))) {
                        switch try t.child(of: .key(key), at: i) {
                        case .row: entries.append(.rows(1, depth: depth + 1))
                        case .section(let sub): try add(sub, depth: depth + 1)
                        }
                    }
                }
                for i in (0..<t.sectionCount).reversed() {
                    if case .section(let top) = try t.child(of: nil, at: i) { try add(top, depth: 0) }
                }
                try t.applySnapshot(entries)
            default: try t.setHeader("h\(step)", section: .key(key))
            }
            let after = try Self.shape(t)
            if t.structureVersion == version {
                kept += 1
                #expect(Self.same(before, after), "step \(step): the version stayed, the shape did not")
            } else {
                moved += 1
            }
        }
        // Both happened often.
        #expect(kept > 100 && moved > 100)
    }

    @Test func failedCallsLeaveItOrMoveItOn() throws {
        let t = try sampleTable()
        let version = t.structureVersion
        #expect(throws: FoldError.self) { try t.insertSection(at: 0, key: "Mac") }
        #expect(throws: FoldError.self) { try t.removeRows(section: "iPad", at: 1, count: 5) }
        #expect(throws: FoldError.self) { try t.moveSection("Mac", to: "Mac", at: 0) }
        #expect(throws: FoldError.self) { try t.applySnapshot([.section("x"), .section("x")]) }
        #expect(t.structureVersion == version)  // nothing was edited
        // Rows and a section inserted, then taken out again when the filter
        // stops: the match function saw the inserted shape under some value,
        // so the version moves past it.
        var seen: [UInt64] = []
        try t.setFilter { [unowned t] _, key, row in
            seen.append(t.structureVersion)
            return key == "new" || row >= 4 ? nil : true
        }
        let filtered = t.structureVersion
        seen = []
        #expect(throws: FoldError(.cancelled, "the match function stopped the filter")) {
            try t.insertRows(section: "iPad", at: 2, count: 3)
        }
        #expect(seen.count == 3 && seen.allSatisfy { $0 > filtered })
        let afterRows = t.structureVersion
        #expect(afterRows > seen.max()!)
        #expect(throws: FoldError(.cancelled, "the match function stopped the filter")) {
            try t.insertSection(at: 1, key: "new")
        }
        #expect(t.structureVersion > afterRows)
        #expect(try t.rowCount(section: "iPad") == 2 && t.sectionCount == 3)
    }

    /// Issue 33's case: the match function reads a version while section
    /// "C" is at index 3; after the failure, a removal must not hand the
    /// same value out again for a shape with "C" at index 2.
    @Test func aValueSeenInAFailedCallNeverComesBack() throws {
        let t = try makeTable([.section("A", rows: 2), .section("B", rows: 2), .section("C", rows: 1)])
        var inside: [UInt64: [Int]] = [:]
        try t.setFilter { [unowned t] _, key, _ in
            inside[t.structureVersion] = (try? t.path(.key("C"))) ?? []
            return key == "X" ? nil : true
        }
        #expect(throws: FoldError.self) { try t.insertSection(at: 0, key: "X", rows: 1) }
        #expect(inside.values.contains([3]))
        try t.removeRows(section: "A", at: 0, count: 1)
        try t.removeSection("B")
        #expect(try t.path("C") == [1])
        for (version, path) in inside where version == t.structureVersion {
            #expect(path == [1], "version \(version) named C at \(path) and now at [1]")
        }
        #expect(!inside.keys.contains(t.structureVersion))
    }

    /// Random edits under a filter whose match function reads the version
    /// and the shape and now and then stops the call (seeded): every value
    /// ever seen, inside a callback or after a call, names one shape.
    @Test(arguments: [4, 5, 6] as [UInt64])
    func noValueNamesTwoShapes(seed: UInt64) throws {
        var rng = SeededRandom(seed: seed)
        let t = try makeTable([.section("a", rows: 3, children: [.section("a1", rows: 2)]),
                               .section("b", rows: 6), .section("c", rows: 1)])
        var named: [UInt64: [String: (parent: String?, path: [Int], children: Int)]] = [:]
        var clashes = 0, failed = 0, stopAt = -1, asked = 0
        func note() throws {
            let shape = try Self.shape(t)
            if let earlier = named[t.structureVersion] {
                if !Self.same(earlier, shape) { clashes += 1 }
            } else {
                named[t.structureVersion] = shape
            }
        }
        try t.setFilter { _, _, _ in
            asked += 1
            try? note()
            return asked == stopAt ? nil : true
        }
        var made = 0
        for _ in 0..<400 {
            let keys = t.sectionStates().map(\.key)
            asked = 0
            stopAt = rng.below(3) == 0 ? 1 + rng.below(4) : -1
            do {
                if keys.isEmpty || rng.below(3) == 0 {
                    made += 1
                    let parent: SectionRef? = keys.isEmpty || rng.below(2) == 0 ? nil : .key(keys[rng.below(keys.count)])
                    try t.insertSection(in: parent, at: rng.below(try t.childCount(parent) + 1), key: "n\(made)",
                                        rows: rng.below(4))
                } else {
                    let key = keys[rng.below(keys.count)]
                    let rows = try t.rowCount(section: .key(key))
                    switch rng.below(3) {
                    case 0: try t.insertRows(section: .key(key), at: rng.below(rows + 1), count: 1 + rng.below(3))
                    case 1 where rows > 0: try t.removeRows(section: .key(key), at: rng.below(rows), count: 1)
                    default: if keys.count > 2 { try t.removeSection(.key(key)) }
                    }
                }
            } catch {
                failed += 1
            }
            try note()
        }
        #expect(clashes == 0)
        #expect(failed > 20)  // stopped calls happened often
    }

    /// A load's children asked about by a filter that stops: the children
    /// were linked and taken out again: the version moves on once.
    @Test func aLoadStoppedByTheFilterLeavesIt() throws {
        let t = try sampleTable()
        try t.insertSection(at: 3, key: "lazy", flags: [.unloaded])
        try t.setFilter { _, key, _ in key == "inner" ? nil : true }
        try t.load(section: "lazy")
        let version = t.structureVersion
        #expect(throws: FoldError.self) {
            try t.finishLoad(section: "lazy", ticket: 1, entries: [.section("inner", depth: 0), .rows(2, depth: 0)])
        }
        let failed = t.structureVersion
        #expect(failed > version)
        #expect(try t.childCount("lazy") == 0)
        try t.setFilter(nil)
        try t.finishLoad(section: "lazy", ticket: 1, entries: [.section("inner", depth: 0), .rows(2, depth: 0)])
        #expect(t.structureVersion > failed)
        #expect(try t.childCount("lazy") == 3)  // inner and two rows
    }
}
