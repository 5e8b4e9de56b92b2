import Testing
@testable import FoldTableCore

/// A snapshot that edits a list of subsections in many places edits it
/// in one pass over its leaves (Table+BulkRuns.swift). Forced on and off
/// on two tables that live the same life, it must make the same change
/// sets, step for step, and leave the same table.
@Suite struct BulkRunsTests {
    typealias E = SnapshotEntry

    /// Every item with its section's key, kind, row, top, height and flags:
    /// what a view sees of two tables that should be the same.
    private func seen(_ t: Table) -> [String] {
        var out: [String] = []
        t.forEachItem(from: 0) { placed in
            let key = (try? t.sectionKey(.id(placed.item.sectionID))) ?? "?"
            let i = placed.item
            out.append("\(key) \(i.kind) \(i.row) \(placed.top) \(placed.height) \(i.collapsed) \(i.selected)")
            return true
        }
        out.append("content \(t.contentHeight)")
        return out
    }

    /// Two tables, one editing lists of subsections in one pass whenever it can
    /// (`always`), one editing them one run at a time (`never`).
    private func pair() throws -> (bulk: Table, single: Table, bulkSets: ChangeRecorder, singleSets: ChangeRecorder) {
        let a = try Table(), b = try Table()
        a.bulkEdits = .always
        b.bulkEdits = .never
        return (a, b, ChangeRecorder(a), ChangeRecorder(b))
    }

    /// Random nested snapshots (tops of subsections only, and with rows),
    /// with collapsed and selected sections, a viewport and, for some
    /// seeds, a filter: the same change sets and the same table either way.
    @Test(arguments: 0..<30)
    func randomSnapshotsMakeTheSameChangeSetsEitherWay(seed: UInt64) throws {
        var rng = SeededRandom(seed: seed)
        let (a, b, sa, sb) = try pair()
        let filter: MatchFunction = { _, key, row in key.hasSuffix(row < 0 ? "3" : "1") || key.hasSuffix("5") }
        for step in 0..<8 {
            let snapshot = SnapshotTests.randomSnapshot(&rng, keys: 40, maxSections: 30)
            for t in [a, b] { try t.applySnapshot(snapshot) }
            #expect(sa.sets == sb.sets, "seed \(seed), step \(step)")
            #expect(seen(a) == seen(b), "seed \(seed), step \(step)")
            #expect(a.invariantViolations() == [] && b.invariantViolations() == [])
            // State to keep across the next snapshot, the same on both.
            let keys = a.sectionStates().map(\.key).sorted()
            for key in keys where Int.random(in: 0..<4, using: &rng) == 0 {
                for t in [a, b] where (try? t.childCount(.key(key))) ?? 0 > 0 { try t.setCollapsed(true, section: .key(key)) }
            }
            let chosen = keys.filter { _ in Int.random(in: 0..<3, using: &rng) == 0 }
            for t in [a, b] {
                for key in chosen { _ = try t.selectSection(.key(key), how: .add) }
                try t.setViewport(Viewport(offset: Double(step * 37), height: 300))
            }
            if seed % 3 == 0, step == 3 { for t in [a, b] { try t.setFilter(filter) } }
        }
    }

    /// DifferenceKit's mix on a top list of 2,000 (a tenth removed, a
    /// tenth new, a fiftieth moved, at random places) with a selection
    /// tag pending and collapsed sections; then the list reversed; then
    /// thinned to a tenth.
    @Test(arguments: [1, 2, 3] as [UInt64])
    func manyPlacesOfTheTopListMakeTheSameChangeSetsEitherWay(seed: UInt64) throws {
        var rng = SeededRandom(seed: seed)
        let (a, b, sa, sb) = try pair()
        func snapshot(_ keys: [Int]) -> [E] {
            keys.flatMap { k in [E.section("k\(k)", header: "h\(k)"), .rows(k % 4, depth: 1)] }
        }
        var keys = Array(0..<2000)
        for t in [a, b] {
            try t.applySnapshot(snapshot(keys))
            for k in stride(from: 3, to: 2000, by: 7) { try t.setCollapsed(true, section: .key("k\(k)")) }
            _ = try t.selectAll()
            try t.setViewport(Viewport(offset: 5000, height: 600))
        }
        var fresh = 2000
        for _ in 0..<200 { keys.remove(at: Int.random(in: 0..<keys.count, using: &rng)) }
        let moved = (0..<40).map { _ in keys.remove(at: Int.random(in: 0..<keys.count, using: &rng)) }
        for k in moved { keys.insert(k, at: Int.random(in: 0...keys.count, using: &rng)) }
        for _ in 0..<200 {
            keys.insert(fresh, at: Int.random(in: 0...keys.count, using: &rng))
            fresh += 1
        }
        // Then nine in ten go, in runs of nine: most leaves are left with a few.
        let thinned = keys.reversed().enumerated().filter { $0.offset % 10 == 0 }.map(\.element)
        for next in [keys, keys.reversed(), thinned] {
            sa.sets.removeAll()
            sb.sets.removeAll()
            for t in [a, b] { try t.applySnapshot(snapshot(next)) }
            #expect(sa.sets.count == 1 && sa.sets == sb.sets)
            #expect(next == thinned || !(sa.sets.first?.moves.isEmpty ?? true))
            #expect(seen(a) == seen(b))
            #expect(a.invariantViolations() == [] && b.invariantViolations() == [])
            // The rebuilt list's nodes are full enough: none below `minFill` but a lone root.
            #expect(underfull(a.root.list.root) == 0)
        }
        #expect(a.itemCount == b.itemCount && a.sectionStates().count == 200)
    }

    /// Rows added to most sections of a top list of 1,500 (a section's
    /// start read from the last one found in its leaf, `DeferredRefresh`),
    /// with sections collapsed, headerless, hidden by a filter (some
    /// seeds) and nested ones among them, and a viewport: the same change
    /// sets either way; then the same inside a reloaded folder.
    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func rowsAddedToManySectionsMakeTheSameChangeSetsEitherWay(seed: UInt64) throws {
        var rng = SeededRandom(seed: seed)
        let (a, b, sa, sb) = try pair()
        var rows = (0..<1500).map { _ in Int.random(in: 0...6, using: &rng) }
        func snapshot(depth: Int = 0) -> [E] {
            rows.enumerated().flatMap { k, n -> [E] in
                var out: [E] = [.section("k\(k)", depth: depth, header: "h\(k)",
                                         flags: k % 11 == 4 ? [.noHeader] : [])]
                if n > 0 { out.append(.rows(n, depth: depth + 1)) }
                // Every 50th has a subsection of its own, after its rows.
                if k % 50 == 7 { out += [.section("n\(k)", depth: depth + 1), .rows(2, depth: depth + 2)] }
                return out
            }
        }
        let filter: MatchFunction = { _, key, row in !key.hasSuffix("3") || row == 1 }
        for t in [a, b] {
            try t.applySnapshot(snapshot())
            for k in stride(from: 5, to: 1500, by: 9) where rows[k] > 0 && k % 11 != 4 { try t.setCollapsed(true, section: .key("k\(k)")) }
            try t.setViewport(Viewport(offset: 9000, height: 500))
            if seed % 2 == 0 { try t.setFilter(filter) }
        }
        for step in 0..<3 {
            // Most sections grow, some shrink or empty.
            rows = rows.map { n in max(0, n + Int.random(in: -2...3, using: &rng)) }
            sa.sets.removeAll()
            sb.sets.removeAll()
            for t in [a, b] { try t.applySnapshot(snapshot()) }
            #expect(sa.sets.count == 1 && sa.sets == sb.sets, "seed \(seed), step \(step)")
            #expect(seen(a) == seen(b), "seed \(seed), step \(step)")
            #expect(a.invariantViolations() == [] && b.invariantViolations() == [])
        }
        // The same list as a folder's children: a reload reconciles them.
        let top = [E.section("top")], after = [E.section("after")]
        for t in [a, b] {
            try t.applySnapshot(top + snapshot(depth: 1) + after)
            try t.reload(section: .key("top"))
        }
        rows = rows.map { n in n + Int.random(in: 0...2, using: &rng) }
        sa.sets.removeAll()
        sb.sets.removeAll()
        for t in [a, b] {
            let ticket = try t.loadInfo(section: .key("top")).ticket
            try t.finishLoad(section: .key("top"), ticket: ticket, entries: snapshot())
        }
        #expect(sa.sets.count == 1 && sa.sets == sb.sets, "seed \(seed), reload")
        #expect(seen(a) == seen(b), "seed \(seed), reload")
        #expect(a.invariantViolations() == [] && b.invariantViolations() == [])
    }

    /// Nodes below the root of a list with fewer than `minFill` entries.
    private func underfull(_ root: ListNode?) -> Int {
        guard let root, !root.isLeaf else { return 0 }
        func count(_ n: ListNode) -> Int {
            (n.count < ChildList.minFill ? 1 : 0) + n.children.reduce(0) { $0 + count($1) }
        }
        return root.children.reduce(0) { $0 + count($1) }
    }

    /// A run that empties the first leaf but a few sections, just before
    /// a leaf the edit does not reach: the two are merged, and the select-all
    /// still pending on the second reaches its sections.
    @Test func aLeafLeftUnderfullJoinsTheNextWithItsPendingSelection() throws {
        let (a, b, sa, sb) = try pair()
        let keys = Array(0..<400)
        func snapshot(_ keys: [Int]) -> [E] { keys.map { E.section("k\($0)", header: "h\($0)") } }
        for t in [a, b] {
            try t.applySnapshot(snapshot(keys))
            _ = try t.selectAll()
        }
        // Leaves of 32 as built: 6..<32 leaves six in the first leaf; 32..<64 is not touched.
        let next = keys.filter { !(6..<32).contains($0) && $0 != 300 }
        for t in [a, b] { try t.applySnapshot(snapshot(next)) }
        #expect(sa.sets == sb.sets)
        #expect(seen(a) == seen(b))
        #expect(try (32..<64).allSatisfy { try a.isSectionSelected(.key("k\($0)")) })
        #expect(a.invariantViolations() == [] && underfull(a.root.list.root) == 0)
    }

    /// A reload (a folder's children reconciled: `reconcile(top:)`) whose
    /// list of subsections changes in many places.
    @Test func aReloadOfManySubsectionsMakesTheSameChangeSetEitherWay() throws {
        let (a, b, sa, sb) = try pair()
        let children = (0..<300).map { E.section("c\($0)", depth: 1) }
        for t in [a, b] {
            try t.applySnapshot([E.section("top")] + children + [E.section("after")])
            try t.setCollapsed(true, section: .key("c7"))
            try t.reload(section: .key("top"))
        }
        sa.sets.removeAll()
        sb.sets.removeAll()
        // Every third goes, the rest in another order, with new ones between.
        var next: [E] = []
        for k in (0..<300).reversed() where k % 3 != 0 {
            next.append(.section("c\(k)", depth: 0))
            if k % 5 == 0 { next.append(.section("n\(k)", depth: 0)) }
        }
        for t in [a, b] {
            let ticket = try t.loadInfo(section: .key("top")).ticket
            try t.finishLoad(section: .key("top"), ticket: ticket, entries: next)
        }
        #expect(sa.sets.count == 1 && sa.sets == sb.sets)
        #expect(seen(a) == seen(b))
        #expect(a.invariantViolations() == [] && b.invariantViolations() == [])
    }
}
