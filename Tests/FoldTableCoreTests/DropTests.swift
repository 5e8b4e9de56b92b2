import Testing
@testable import FoldTableCore

// fold_table_drop: the items end, in the order given, as consecutive
// children of the target, in one change set with moves; a failure changes
// nothing. Rows carry their identity in their height (10 + a number).

/// What `parent` (nil: the top level) holds, as text: "r3" for a row of
/// height 13, a section's key, children in brackets.
private func shape(_ t: Table, _ parent: SectionRef? = nil) throws -> String {
    var parts: [String] = []
    for i in 0..<(try t.childCount(parent)) {
        switch try t.child(of: parent, at: i) {
        case .row(let r):
            guard case .key(let key)? = parent else { continue }
            parts.append("r\(Int(try t.rowHeight(section: .key(key), row: r)) - 10)")
        case .section(let key):
            let inner = try shape(t, .key(key))
            parts.append(inner.isEmpty ? key : "\(key)[\(inner)]")
        }
    }
    return parts.joined(separator: " ")
}

/// Top-level sections S1 (rows r0-r4), S2 (rows r5-r7), S3 (empty).
private func fixture() throws -> Table {
    let t = try makeTable([.section("S1"), .section("S2"), .section("S3")])
    try t.insertRows(section: "S1", at: 0, heights: [10, 11, 12, 13, 14])
    try t.insertRows(section: "S2", at: 0, heights: [15, 16, 17])
    return t
}

private func id(_ t: Table, _ key: String) -> SectionID { t.sectionID(forKey: key) ?? 0 }

private func row(_ t: Table, _ key: String, _ row: Int) -> DragItem { DragItem(section: id(t, key), row: row) }

private func section(_ t: Table, _ key: String) -> DragItem { DragItem(section: id(t, key)) }

@Suite struct DropTests {
    @Test func rowsFromSeveralSectionsKeepTheirOrder() throws {
        let t = try fixture()
        let recorder = ChangeRecorder(t)
        #expect(try shape(t) == "S1[r0 r1 r2 r3 r4] S2[r5 r6 r7] S3")
        // Before r2 (child 2 of S1, counted with the dragged r0 in place).
        try t.drop(parent: "S1", at: 2, items: [row(t, "S2", 1), row(t, "S1", 3), row(t, "S1", 0)])
        #expect(try shape(t) == "S1[r1 r6 r3 r0 r2 r4] S2[r5 r7] S3")
        #expect(recorder.sets.count == 1)
        let set = try #require(recorder.last)
        // Old: S1 0, r0-r4 1-5, S2 6, r5-r7 7-9, S3 10. New: S1 0, r1 r6 r3 r0 r2 r4 1-6, S2 7, r5 8, r7 9, S3 10.
        // r1, r2, r4 stay in order; r6, r3 and r0 move.
        #expect(set.moves.reduce(0) { $0 + $1.count } == 3)
        #expect(set.moves.allSatisfy { [2, 3, 4].contains($0.to) })
        #expect(!set.changes.isEmpty)
    }

    @Test func afterTheTargetAndAtTheEnd() throws {
        let t = try fixture()
        // Rows of S1 itself, given out of order, to its end.
        try t.drop(parent: "S1", at: 5, items: [row(t, "S1", 3), row(t, "S1", 1)])
        #expect(try shape(t) == "S1[r0 r2 r4 r3 r1] S2[r5 r6 r7] S3")
        // Into the empty S3, and to the end of S2.
        try t.drop(parent: "S3", at: 0, items: [row(t, "S2", 2), row(t, "S1", 0)])
        #expect(try shape(t) == "S1[r2 r4 r3 r1] S2[r5 r6] S3[r7 r0]")
        try t.drop(parent: "S2", at: 2, items: [row(t, "S3", 1), row(t, "S2", 0)])
        #expect(try shape(t) == "S1[r2 r4 r3 r1] S2[r6 r0 r5] S3[r7]")
    }

    @Test func sectionsAndARowThatGoesWithItsSection() throws {
        let t = try fixture()
        let recorder = ChangeRecorder(t)
        try t.drop(parent: nil, at: 1, items: [section(t, "S3"), section(t, "S1")])
        #expect(try shape(t) == "S3 S1[r0 r1 r2 r3 r4] S2[r5 r6 r7]")
        #expect(recorder.sets.count == 1)
        #expect(recorder.last?.moves.isEmpty == false)
        // S1 into S2 at child 1, with one of its own rows (skipped) and a row of S2.
        try t.drop(parent: "S2", at: 1, items: [row(t, "S1", 2), section(t, "S1"), row(t, "S2", 2)])
        #expect(try shape(t) == "S3 S2[r5 S1[r0 r1 r2 r3 r4] r7 r6]")
        #expect(recorder.sets.count == 2)
        #expect(recorder.last?.moves.isEmpty == false)
        // Back to the top level, before S3.
        try t.drop(parent: nil, at: 0, items: [section(t, "S1")])
        #expect(try shape(t) == "S1[r0 r1 r2 r3 r4] S3 S2[r5 r7 r6]")
        // In place: nothing changes, nothing is reported.
        try t.drop(parent: nil, at: 0, items: [section(t, "S1")])
        try t.drop(parent: nil, at: 1, items: [section(t, "S1")])
        try t.drop(parent: nil, at: 2, items: [section(t, "S1"), section(t, "S3")])
        try t.drop(parent: "S2", at: 2, items: [row(t, "S2", 1), row(t, "S2", 2)])
        #expect(recorder.sets.count == 3)
        #expect(try shape(t) == "S1[r0 r1 r2 r3 r4] S3 S2[r5 r7 r6]")
    }

    @Test func theSelectionGoesWithTheRows() throws {
        let t = try fixture()
        _ = try t.selectRow(section: "S1", row: 1, how: .replace)
        try t.drop(parent: "S2", at: 0, items: [row(t, "S1", 1)])
        #expect(try t.isRowSelected(section: "S2", row: 0))
        #expect(try !t.isRowSelected(section: "S1", row: 1))
    }

    @Test func failuresChangeNothing() throws {
        let t = try makeTable([.section("A", rows: 2, children: [.section("B", rows: 1)]), .section("C", rows: 1)])
        try t.setSectionFlags(.noDrop, mask: .noDrop, section: "C")
        try t.insertSection(at: 2, key: "U", flags: .unloaded)
        let recorder = ChangeRecorder(t)
        let version = t.structureVersion
        func code(_ body: () throws -> Void) -> FoldError.Code? {
            do { try body(); return nil } catch let e as FoldError { return e.code } catch { return .internalError }
        }
        let a = section(t, "A"), c0 = row(t, "C", 0)
        #expect(code { try t.drop(parent: "B", at: 0, items: [c0, a]) } == .invalidArgument)  // A into its own subtree
        #expect(code { try t.drop(parent: "A", at: 0, items: [a]) } == .invalidArgument)
        #expect(code { try t.drop(parent: nil, at: 0, items: [a, c0]) } == .invalidArgument)  // a row at the top level
        #expect(code { try t.drop(parent: "C", at: 0, items: [c0, c0]) } == .invalidArgument)  // named twice
        #expect(code { try t.drop(parent: "C", at: 2, items: [c0]) } == .outOfRange)
        #expect(code { try t.drop(parent: "C", at: -1, items: [c0]) } == .outOfRange)
        #expect(code { try t.drop(parent: "C", at: 0, items: [row(t, "C", 1)]) } == .notFound)
        #expect(code { try t.drop(parent: .key("nope"), at: 0, items: [c0]) } == .notFound)
        #expect(code { try t.drop(parent: "C", at: 0, items: [row(t, "A", 0)]) } == .notAllowed)
        #expect(code { try t.drop(parent: "U", at: 0, items: [c0]) } == .notAllowed)
        #expect(recorder.sets.isEmpty)
        #expect(t.structureVersion == version)
        // Inside a listener: busy, nothing changes.
        var inside: FoldError.Code?
        t.onChange { _ in inside = code { try t.drop(parent: "A", at: 0, items: [c0]) } }
        _ = try t.setCollapsed(true, section: "C")
        #expect(inside == .busy)
        #expect(try t.rowCount(section: "C") == 1)
    }

    @Test func randomizedAgainstAModel() throws {
        for seed in UInt64(1)...40 {
            var rng = SeededRandom(seed: seed)
            try checkRandomDrops(&rng, seed: seed)
        }
    }
}

/// The model: a tree of sections (by key) and rows (by number).
private final class MSection {
    let key: String
    var children: [MChild] = []
    weak var parent: MSection?
    init(_ key: String) { self.key = key }
    var shape: String {
        children.map {
            switch $0 {
            case .row(let n): return "r\(n)"
            case .section(let s): return s.children.isEmpty ? s.key : "\(s.key)[\(s.shape)]"
            }
        }.joined(separator: " ")
    }
    func contains(_ other: MSection) -> Bool {
        var s: MSection? = other
        while let c = s { if c === self { return true }; s = c.parent }
        return false
    }
    var sections: [MSection] { children.flatMap { if case .section(let s) = $0 { return [s] + s.sections } else { return [] } } }
}

private enum MChild {
    case row(Int)
    case section(MSection)
}

/// A dragged item of the model: a section, or a row by number with its section.
private enum MItem: Equatable {
    case section(MSection)
    case row(MSection, Int)
    static func == (a: MItem, b: MItem) -> Bool {
        switch (a, b) {
        case (.section(let x), .section(let y)): return x === y
        case (.row(_, let x), .row(_, let y)): return x == y
        default: return false
        }
    }
}

/// Which item each position holds: "H:key" for a header, "r3" for a row.
private func identities(_ t: Table) throws -> [String] {
    try (0..<t.itemCount).map { p in
        let item = try t.item(at: p)
        guard item.kind == .row else { return "H:\(try t.sectionKey(.id(item.sectionID)))" }
        return "r\(Int(try t.rowHeight(section: .id(item.sectionID), row: item.row)) - 10)"
    }
}

private func checkRandomDrops(_ rng: inout SeededRandom, seed: UInt64) throws {
    let t = try Table()
    let root = MSection("")
    var nextRow = 0
    // Build 6 sections nested at random, each with a few rows.
    for k in 0..<6 {
        let all = [root] + root.sections
        let parent = all[rng.below(all.count)]
        let s = MSection("s\(k)")
        s.parent = parent
        let at = rng.below(parent.children.count + 1)
        parent.children.insert(.section(s), at: at)
        try t.insertSection(in: parent === root ? nil : .key(parent.key), at: at, key: s.key)
        for _ in 0..<rng.below(4) {
            let rowAt = rng.below(s.children.count + 1)
            s.children.insert(.row(nextRow), at: rowAt)
            try [10 + Double(nextRow)].withUnsafeBufferPointer {
                try t.insertRows(in: .key(s.key), atChild: rowAt, count: 1, heights: $0)
            }
            nextRow += 1
        }
    }
    #expect(try shape(t) == root.shape, "seed \(seed): built")
    let recorder = ChangeRecorder(t)
    for step in 0..<30 {
        let all = root.sections
        var candidates: [MItem] = all.map { .section($0) }
        for s in all {
            for case .row(let n) in s.children { candidates.append(.row(s, n)) }
        }
        var items: [MItem] = []
        for _ in 0..<(1 + rng.below(4)) {
            let c = candidates[rng.below(candidates.count)]
            if !items.contains(c) { items.append(c) }
        }
        let targets = [root] + all
        let target = targets[rng.below(targets.count)]
        let index = rng.below(target.children.count + 1)
        // Dragged items for the table: rows by their current index.
        let dragged = items.map { item -> DragItem in
            switch item {
            case .section(let s): return DragItem(section: t.sectionID(forKey: s.key) ?? 0)
            case .row(let s, let n):
                var r = 0
                for case .row(let m) in s.children { if m == n { break }; r += 1 }
                return DragItem(section: t.sectionID(forKey: s.key) ?? 0, row: r)
            }
        }
        // The model's rules.
        let draggedSections = items.compactMap { if case .section(let s) = $0 { return s } else { return nil } }
        func inside(_ s: MSection?) -> Bool {
            var a = s
            while let x = a { if draggedSections.contains(where: { $0 === x }) { return true }; a = x.parent }
            return false
        }
        let moving = items.filter {
            switch $0 {
            case .section(let s): return !inside(s.parent)
            case .row(let s, _): return !inside(s)
            }
        }
        let rowsMove = moving.contains { if case .row = $0 { return true } else { return false } }
        let valid = !inside(target) && !(target === root && rowsMove)
        let before = try shape(t)
        let itemsBefore = try identities(t)
        let reported = recorder.sets.count
        let context = "seed \(seed) step \(step)"
        do {
            try t.drop(parent: target === root ? nil : .key(target.key), at: index, items: dragged)
            #expect(valid, "\(context): the drop should fail")
        } catch let e as FoldError {
            #expect(!valid, "\(context): \(e)")
            #expect(try shape(t) == before, "\(context): a failure changed the table")
            continue
        }
        // Apply to the model.
        func childIndex(_ m: MItem, in s: MSection) -> Int? {
            s.children.firstIndex {
                switch ($0, m) {
                case (.row(let a), .row(_, let b)): return a == b
                case (.section(let a), .section(let b)): return a === b
                default: return false
                }
            }
        }
        func owner(_ m: MItem) -> MSection {
            switch m {
            case .section(let s): return s.parent ?? root
            case .row(let s, _): return s
            }
        }
        let j0 = index - moving.filter { owner($0) === target && childIndex($0, in: target)! < index }.count
        var moved: [MChild] = []
        for m in moving {
            let o = owner(m)
            o.children.remove(at: childIndex(m, in: o)!)
            switch m {
            case .section(let s): s.parent = target; moved.append(.section(s))
            case .row(_, let n): moved.append(.row(n))
            }
        }
        target.children.insert(contentsOf: moved, at: j0)
        #expect(try shape(t) == root.shape, "\(context)")
        // One change set, or none when nothing changed; its steps and moves
        // turn the old list into the new one, every item a kept or moved one.
        let itemsAfter = try identities(t)
        guard root.shape != before else {
            #expect(recorder.sets.count == reported, "\(context): a drop in place reported a change")
            continue
        }
        // (The flat list may stay the same while the tree changes: a last
        // child dropped after its parent. Its items are redrawn.)
        #expect(recorder.sets.count == reported + 1, "\(context)")
        guard let set = recorder.last else { continue }
        #expect(set.moves.isEmpty == (itemsAfter == itemsBefore), "\(context)")
        var replay: [String?] = itemsBefore
        for c in set.changes {
            replay.replaceSubrange(c.position..<(c.position + c.removed), with: Array(repeating: nil, count: c.added))
        }
        for m in set.moves {
            for k in 0..<m.count { replay[m.to + k] = itemsBefore[m.from + k] }
        }
        #expect(replay == itemsAfter.map { $0 }, "\(context): \(set.changes) \(set.moves)")
    }
}
