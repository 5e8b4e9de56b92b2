import Testing
@testable import FoldTableCore

/// A change set keeps what it holds by reference in one record, shared
/// between copies until one changes, and the table records the next
/// mutation into the record of the last one when nobody kept it
/// (`EventState.recycle`).
@Suite struct ChangeSetRecordTests {
    @Test func copiesChangeAlone() {
        var a = ChangeSet()
        a.replace(at: 5, removed: 2, added: 0)
        a.redraw(1..<3)
        let b = a
        a.replace(at: 0, removed: 0, added: 4)
        a.redraw(20..<21)
        #expect(b.changes == [FlatChange(position: 5, removed: 2, added: 0)])
        #expect(b.redraw == [1..<3])
        #expect(a.changes == [FlatChange(position: 5, removed: 2, added: 0), FlatChange(position: 0, removed: 0, added: 4)])
        #expect(a.redraw == [5..<7, 20..<21])
        // Public setters too.
        var c = b
        c.changes = []
        c.redraw = [0..<1]
        #expect(b.changes.count == 1 && b.redraw == [1..<3])
        #expect(c.changes.isEmpty && c.redraw == [0..<1])
    }

    @Test func aRecordIsReusedOnlyWhenNothingElseHoldsIt() {
        var a = ChangeSet()
        #expect(a.recycledRecord() == nil)  // none made: nothing recorded
        a.redraw(0..<2)
        let kept = a
        #expect(a.recycledRecord() == nil)  // shared with `kept`
        #expect(a.redraw == [0..<2] && kept.redraw == [0..<2])
        var b = ChangeSet()
        b.replace(at: 3, removed: 1, added: 1)
        for r in [10..<12, 1..<2, 40..<41, 30..<31] { b.redraw(r) }  // a treap, not one range
        let r = b.recycledRecord()
        #expect(r != nil && r!.isEmpty && r!.changes.isEmpty)
        #expect(b.isEmpty && b.redraw.isEmpty)
        // Recorded into again, it holds only what is new.
        var c = ChangeSet()
        c.reuse(r)
        c.redraw(7..<8)
        #expect(c.redraw == [7..<8] && c.changes.isEmpty)
        // A record holding moves is not reused.
        var d = ChangeSet()
        d.moves = [FlatMove(from: 0, to: 3, count: 1)]
        #expect(d.recycledRecord() == nil)
    }

    /// Two tables take the same seeded edits (heights, rows in and out,
    /// moves, collapses, batches) under a viewport. One listener keeps
    /// every change set, so the first table never reuses a record; the
    /// other keeps only the values, so the second one always can. They
    /// must be told the same, and what was kept must not change later.
    @Test(arguments: [UInt64(11), 12, 13])
    func toldTheSameWhetherKeptOrNot(seed: UInt64) throws {
        var rng = SeededRandom(seed: seed)
        let nodes: [Node] = [
            .section("a", rows: 90), .section("b", rows: 4),
            .section("c", rows: 10, children: [.section("c1", rows: 30)]), .section("d", rows: 70),
        ]
        let keeping = try makeTable(nodes), reusing = try makeTable(nodes)
        typealias Told = (changes: [FlatChange], moves: [FlatMove], redraw: [Range<Int>], delta: Double, anchored: Double?)
        func values(_ s: ChangeSet) -> Told { (s.changes, s.moves, s.redraw, s.contentHeightDelta, s.anchoredOffset) }
        var kept: [(set: ChangeSet, told: Told)] = []
        var told: [Told] = []
        _ = keeping.onChange { kept.append(($0, values($0))) }
        _ = reusing.onChange { told.append(values($0)) }
        var rows = ["a": 90, "b": 4, "c": 10, "c1": 30, "d": 70]
        for t in [keeping, reusing] { try t.setViewport(Viewport(offset: 800, height: 300)) }
        for step in 0..<300 {
            let keys = rows.keys.filter { rows[$0]! > 2 }.sorted()
            let key = keys[rng.below(keys.count)]
            let row = rng.below(rows[key]!)
            let op = rng.below(8), other = keys[rng.below(keys.count)]
            let height = Double(10 + rng.below(60)), count = min(1 + rng.below(2), rows[key]! - row)
            let batched = rng.below(5) == 0, offset = Double(rng.below(2000))
            for t in [keeping, reusing] {
                func edit() throws {
                    switch op {
                    case 0, 1: try t.setRowHeight(section: .key(key), row: row, height: height)
                    case 2: try t.insertRows(section: .key(key), at: row, heights: [height])
                    case 3: try t.removeRows(section: .key(key), at: row, count: count)
                    case 4 where key != other && key != "c1":
                        try t.moveRow(section: .key(key), row: row, to: .key(other), atChild: 0)
                    case 5 where key != "c1": try t.moveSection(.key(key), to: nil, at: step % 4)
                    case 6: _ = try t.toggle(section: .key(key))
                    default: try t.setViewport(Viewport(offset: offset, height: 300))
                    }
                }
                if batched { try t.batch(edit) } else { try edit() }
            }
            switch op {
            case 2: rows[key]! += 1
            case 3: rows[key]! -= count
            case 4 where key != other && key != "c1": rows[key]! -= 1; rows[other]! += 1
            default: break
            }
            try #require(kept.count == told.count, "step \(step)")
            if let k = kept.last, let v = told.last {
                #expect(k.told.changes == v.changes && k.told.moves == v.moves && k.told.redraw == v.redraw
                        && k.told.delta == v.delta && k.told.anchored == v.anchored, "step \(step)")
            }
        }
        #expect(kept.count > 150)
        for (i, k) in kept.enumerated() {
            let now = values(k.set)
            #expect(now.changes == k.told.changes && now.moves == k.told.moves && now.redraw == k.told.redraw,
                    "change set \(i) changed after it was told")
        }
    }
}
