import Testing
@testable import FoldTableCore

/// Change sets that keep identity: moves reported next to the steps, and
/// batches that group edits into one change set with the fewest steps.
/// The sample table: Mac 0, rows 1-3; iPad 4, rows 5-6; iPhone 7, rows 8-11.
@Suite struct MovesAndBatchesTests {
    private func step(_ p: Int, _ r: Int, _ a: Int) -> FlatChange { FlatChange(position: p, removed: r, added: a) }

    @Test func movingASectionReportsItsItemsAsMoved() throws {
        let t = try sampleTable()
        let recorder = ChangeRecorder(t)
        try t.moveSection(from: 0, to: 2)
        #expect(recorder.sets.count == 1)
        #expect(recorder.last?.changes == [step(0, 4, 0), step(8, 0, 4)])
        #expect(recorder.last?.moves == [FlatMove(from: 0, to: 8, count: 4)])
        #expect(recorder.last?.redraw == [8..<12])  // moved items are bound again
        // Collapsed, it moves as its header alone.
        _ = try t.setCollapsed(true, section: .key("Mac"))
        try t.moveSection(from: 2, to: 0)
        #expect(recorder.last?.changes == [step(8, 1, 0), step(0, 0, 1)])
        #expect(recorder.last?.moves == [FlatMove(from: 8, to: 0, count: 1)])
    }

    @Test func movingARowReportsOneMovedItem() throws {
        let t = try sampleTable()
        let recorder = ChangeRecorder(t)
        try t.moveRow(section: .key("Mac"), row: 0, to: .key("iPhone"), atChild: 4)
        #expect(recorder.last?.changes == [step(1, 1, 0), step(11, 0, 1)])
        #expect(recorder.last?.moves == [FlatMove(from: 1, to: 11, count: 1)])
        // Into a collapsed section: it leaves the list, no move.
        _ = try t.setCollapsed(true, section: .key("iPad"))
        try t.moveRow(section: .key("Mac"), row: 0, to: .key("iPad"), atChild: 0)
        #expect(recorder.last?.changes == [step(1, 1, 0)])
        #expect(recorder.last?.moves == [])
    }

    @Test func aSnapshotReportsTheSectionsItMoves() throws {
        let t = try sampleTable()
        let recorder = ChangeRecorder(t)
        let e = SnapshotEntry.self
        try t.applySnapshot([e.section("iPhone"), e.rows(4), e.section("Mac"), e.rows(3), e.section("iPad"), e.rows(2)])
        #expect(recorder.last?.changes == [step(7, 5, 0), step(0, 0, 5)])
        #expect(recorder.last?.moves == [FlatMove(from: 7, to: 0, count: 5)])
        // Moved and changed inside: only its header is the same item (redrawn).
        try t.applySnapshot([e.section("Mac"), e.rows(1), e.section("iPhone"), e.rows(4), e.section("iPad"), e.rows(2)])
        #expect(recorder.last?.changes == [step(5, 4, 0), step(0, 0, 2)])
        #expect(recorder.last?.moves == [FlatMove(from: 5, to: 0, count: 1)])
        #expect(recorder.last?.redraw == [0..<1])
    }

    @Test func aBatchIsOneChangeSetWithTheFewestSteps() throws {
        let t = try sampleTable()
        let recorder = ChangeRecorder(t)
        try t.beginBatch()
        try t.insertRows(section: .key("iPad"), at: 2, count: 2)
        _ = try t.setCollapsed(true, section: .key("Mac"))
        try t.moveSection(from: 2, to: 0)
        #expect(recorder.sets.isEmpty)
        #expect(t.batchDepth == 1)
        // Queries see the new state at once.
        #expect(t.itemCount == 11)
        try t.endBatch()
        #expect(recorder.sets.count == 1)
        let set = try #require(recorder.last)
        // iPhone (5 items) went to the top, Mac's rows went, iPad got two
        // rows. The most items stay in place: iPhone's five; Mac's header and
        // iPad's three items are the moves (4 moved items rather than 5).
        #expect(set.changes == [step(0, 7, 0), step(5, 0, 6)])
        #expect(set.moves == [FlatMove(from: 0, to: 5, count: 1), FlatMove(from: 4, to: 6, count: 3)])
        #expect(set.redraw == [0..<9])  // what moved (Mac's indicator, iPad's row count among them)
        #expect(set.contentHeightDelta == -44)
        #expect(t.batchDepth == 0)
    }

    @Test func editsThatUndoEachOtherInABatchReportNoSteps() throws {
        let t = try sampleTable()
        let recorder = ChangeRecorder(t)
        try t.batch {
            try t.insertRows(section: .key("iPad"), at: 0, count: 3)
            try t.removeRows(section: .key("iPad"), at: 0, count: 3)
            try t.moveSection(from: 0, to: 1)
            try t.moveSection(from: 1, to: 0)
        }
        // Mac went and came back to its place: kept, as the rows that came and went.
        #expect(recorder.sets.count <= 1)
        #expect(recorder.last?.changes ?? [] == [])
        #expect(recorder.last?.moves ?? [] == [])
    }

    @Test func batchesNestAndSurviveFailedCalls() throws {
        let t = try sampleTable()
        let recorder = ChangeRecorder(t)
        #expect(throws: FoldError.self) { try t.endBatch() }
        try t.beginBatch()
        try t.beginBatch()
        try t.insertRows(section: .key("Mac"), at: 3, count: 1)
        // A failed call inside changes nothing and leaves the batch open.
        #expect(throws: FoldError.self) { try t.insertRows(section: .key("Mac"), at: 99, count: 1) }
        try t.endBatch()
        #expect(recorder.sets.isEmpty && t.batchDepth == 1)
        try t.insertRows(section: .key("iPhone"), at: 0, count: 1)
        try t.endBatch()
        #expect(recorder.sets.count == 1)
        #expect(recorder.last?.changes == [step(4, 0, 1), step(9, 0, 1)])
        #expect(recorder.last?.redraw == [0..<1, 8..<9])
    }

    @Test func listenersCannotBeginOrEndABatch() throws {
        let t = try sampleTable()
        var errors: [FoldError.Code] = []
        t.onChange { _ in
            do { try t.beginBatch() } catch let e as FoldError { errors.append(e.code) } catch {}
            do { try t.endBatch() } catch let e as FoldError { errors.append(e.code) } catch {}
        }
        _ = try t.setCollapsed(true, section: .key("Mac"))
        #expect(errors == [.busy, .busy])
        #expect(t.batchDepth == 0)
    }

    @Test func aBatchAnchorsTheViewportOnce() throws {
        let t = try sampleTable()
        try t.setViewport(Viewport(offset: 28 + 44 * 3, height: 100))  // iPad's header at the top
        let recorder = ChangeRecorder(t)
        try t.batch {
            try t.insertRows(section: .key("Mac"), at: 0, count: 2)
            try t.removeRows(section: .key("Mac"), at: 0, count: 1)
        }
        #expect(recorder.sets.count == 1)
        #expect(recorder.last?.anchoredOffset == 204.0)
        #expect(t.viewport?.offset == 204.0)
    }
}

/// `ItemTrace` on random steps and links against a plain array of item ids.
@Suite struct ItemTraceTests {
    @Test(arguments: [1, 2, 3, 4, 5] as [UInt64])
    func movesAndFewestStepsMatchAPlainList(seed: UInt64) throws {
        var rng = SeededRandom(seed: seed)
        for _ in 0..<200 {
            let count = rng.below(12)
            var list: [Int] = Array(0..<count)  // old ids; new items are -1
            var changes: [FlatChange] = []
            var links: [MoveLink] = []
            var moved = Set<Int>()
            for _ in 0..<rng.below(6) {
                // A removal, or a move of a block (removal, then insertion), or an insertion.
                let p = rng.below(list.count + 1)
                let r = rng.below(list.count - p + 1)
                if r > 0, rng.below(2) == 0 {
                    let block = Array(list[p..<(p + r)])
                    list.removeSubrange(p..<(p + r))
                    changes.append(FlatChange(position: p, removed: r, added: 0))
                    let q = rng.below(list.count + 1)
                    list.insert(contentsOf: block, at: q)
                    changes.append(FlatChange(position: q, removed: 0, added: r))
                    links.append(MoveLink(outStep: changes.count - 2, outOffset: 0, inStep: changes.count - 1,
                                          inOffset: 0, count: r))
                    for id in block where id >= 0 { moved.insert(id) }
                } else {
                    let a = rng.below(4)
                    list.replaceSubrange(p..<(p + r), with: Array(repeating: -1, count: a))
                    if r > 0 || a > 0 { changes.append(FlatChange(position: p, removed: r, added: a)) }
                }
            }
            expectTrace(count: count, changes: changes, links: links, list: list, moved: moved)
        }
    }

    /// Many links in one step, as a snapshot's moves make: a block taken
    /// out, cut in pieces, and some of them added back in another order
    /// with new items between (one removed segment, or several after
    /// earlier steps).
    @Test(arguments: [6, 7, 8, 9] as [UInt64])
    func manyLinksPerStepMatchAPlainList(seed: UInt64) throws {
        var rng = SeededRandom(seed: seed)
        for _ in 0..<150 {
            let count = rng.below(40)
            var list: [Int] = Array(0..<count)
            var changes: [FlatChange] = []
            var links: [MoveLink] = []
            var moved = Set<Int>()
            for _ in 0..<(1 + rng.below(4)) {
                let p = rng.below(list.count + 1)
                let r = rng.below(list.count - p + 1)
                guard r > 0 else { continue }
                let block = Array(list[p..<(p + r)])
                list.removeSubrange(p..<(p + r))
                changes.append(FlatChange(position: p, removed: r, added: 0))
                let outStep = changes.count - 1
                var pieces: [(offset: Int, count: Int)] = []
                var o = 0
                while o < r {
                    let c = 1 + rng.below(min(4, r - o))
                    pieces.append((o, c))
                    o += c
                }
                pieces.shuffle(using: &rng)
                var added: [Int] = []
                var back: [MoveLink] = []
                for piece in pieces where rng.below(4) > 0 {
                    if rng.below(3) == 0 { added += Array(repeating: -1, count: 1 + rng.below(2)) }
                    back.append(MoveLink(outStep: outStep, outOffset: piece.offset, inStep: outStep + 1,
                                         inOffset: added.count, count: piece.count))
                    let items = Array(block[piece.offset..<(piece.offset + piece.count)])
                    added += items
                    for id in items where id >= 0 { moved.insert(id) }
                }
                if rng.below(2) == 0 { added.append(-1) }
                guard !added.isEmpty else { continue }
                let q = rng.below(list.count + 1)
                list.insert(contentsOf: added, at: q)
                changes.append(FlatChange(position: q, removed: 0, added: added.count))
                links += back
            }
            expectTrace(count: count, changes: changes, links: links, list: list, moved: moved)
        }
    }

    /// A snapshot's shape: blocks taken out front to back, then put back
    /// front to back in another order with new items between. Two runs of
    /// steps in list order, so the passes are chosen; steps at falling
    /// positions are many runs, so the treap is.
    @Test(arguments: [10, 11, 12] as [UInt64])
    func stepsInListOrderArePassedOverOnce(seed: UInt64) throws {
        var rng = SeededRandom(seed: seed)
        let count = 400
        var list: [Int] = Array(0..<count)
        var changes: [FlatChange] = []
        var blocks: [(step: Int, ids: [Int])] = []
        var p = 0
        while p < list.count {
            p += rng.below(12)
            let r = min(1 + rng.below(5), list.count - p)
            guard r > 0 else { break }
            let ids = Array(list[p..<(p + r)])
            list.removeSubrange(p..<(p + r))
            changes.append(FlatChange(position: p, removed: r, added: 0))
            // Some go for good (not moved), the others come back.
            if rng.below(3) > 0 { blocks.append((changes.count - 1, ids)) }
        }
        blocks.shuffle(using: &rng)
        var links: [MoveLink] = []
        var moved = Set<Int>()
        var q = 0
        for b in blocks {
            q = min(q + rng.below(10), list.count)
            let fresh = rng.below(3)
            list.insert(contentsOf: Array(repeating: -1, count: fresh) + b.ids, at: q)
            changes.append(FlatChange(position: q, removed: 0, added: fresh + b.ids.count))
            links.append(MoveLink(outStep: b.step, outOffset: 0, inStep: changes.count - 1, inOffset: fresh,
                                  count: b.ids.count))
            moved.formUnion(b.ids)
            q += fresh + b.ids.count
        }
        #expect(ItemTrace.passesPay(changes, links: links.count))
        expectTrace(count: count, changes: changes, links: links, list: list, moved: moved)
        let falling = (0..<100).map { FlatChange(position: 100 - $0, removed: 1, added: 0) }
        #expect(!ItemTrace.passesPay(falling, links: 0))
    }

    /// Both ways of applying the steps (the treap, and passes over an
    /// array) read the same, and right.
    private func expectTrace(count: Int, changes: [FlatChange], links: [MoveLink], list: [Int], moved: Set<Int>) {
        let treap = ItemTrace(count: count, changes: changes, links: links, path: .treap)
        let passes = ItemTrace(count: count, changes: changes, links: links, path: .passes)
        #expect(passes.moves() == treap.moves() && passes.moves(fewest: true) == treap.moves(fewest: true))
        #expect(passes.coalesced(count: count) == treap.coalesced(count: count))
        #expect(passes.carried() == treap.carried(), "\(changes) \(links)")
        for trace in [treap, passes] { expectTrace(trace, count: count, changes: changes, list: list, moved: moved) }
    }

    private func expectTrace(_ trace: ItemTrace, count: Int, changes: [FlatChange], list: [Int], moved: Set<Int>) {
        // Each way of reading the trace: all moves with the raw steps,
        // or the fewest steps with the moves they leave.
        for (steps, moves) in [(changes, trace.moves()), (trace.coalesced(count: count), trace.moves(fewest: true))] {
            var replay: [Int] = Array(0..<count)
            for c in steps {
                #expect(c.removed > 0 || c.added > 0)
                replay.replaceSubrange(c.position..<(c.position + c.removed), with: Array(repeating: -1, count: c.added))
            }
            for m in moves {
                for k in 0..<m.count {
                    #expect(replay[m.to + k] == -1 && !replay.contains(m.from + k), "\(m) in \(replay)")
                    replay[m.to + k] = m.from + k
                }
            }
            // Every old item that is still there is there (kept or moved), the new ones are new.
            #expect(replay == list, "\(steps) \(moves) give \(replay), not \(list)")
        }
        // With the raw steps, the moves are exactly the items moves carried.
        #expect(trace.moves().allSatisfy { m in (m.from..<(m.from + m.count)).allSatisfy { moved.contains($0) } })
        // The fewest steps keep at least as many items in place as the
        // unmoved ones (they keep their order), and what they keep is in order.
        var replay: [Int] = Array(0..<count)
        for c in trace.coalesced(count: count) {
            replay.replaceSubrange(c.position..<(c.position + c.removed), with: Array(repeating: -1, count: c.added))
        }
        let keptIDs = replay.filter { $0 >= 0 }
        #expect(keptIDs == keptIDs.sorted())
        #expect(keptIDs.count >= list.filter { $0 >= 0 && !moved.contains($0) }.count, "\(changes)")
        // The most: no longer increasing run of old items exists in the new list.
        let olds = list.filter { $0 >= 0 }
        var longest = [Int](repeating: 1, count: olds.count)
        for i in olds.indices { for j in 0..<i where olds[j] < olds[i] { longest[i] = max(longest[i], longest[j] + 1) } }
        #expect(keptIDs.count == (longest.max() ?? 0), "\(list): kept \(keptIDs)")
    }
}
