import Testing
@testable import FoldTableCore

// Reloading a loaded section's children (Table+Reload.swift): the old
// children stay shown until the new ones arrive, are reconciled by key,
// and keep their state; every load state; failures change nothing;
// an unloaded section inserted expanded starts loading at once.

/// Change sets, section events and loader calls, in order, as text.
private final class Log {
    var lines: [String] = []
    var sets: [ChangeSet] = []

    init(_ t: Table) {
        _ = t.onChange { [unowned self] set in
            sets.append(set)
            let changes = set.changes.map { "c\($0.position)-\($0.removed)+\($0.added)" }
            let redraw = set.redraw.map { "r\($0.lowerBound)/\($0.count)" }
            lines.append("set(" + (changes + redraw).joined(separator: " ") + ")")
        }
        _ = t.onSection { [unowned self] key, event in
            lines.append("\(["will-collapse", "did-collapse", "will-expand", "did-expand"][Int(event.rawValue)]) \(key)")
            return true
        }
        t.setLoader { [unowned self] call in
            lines.append("\(call.event == .start ? "start" : "cancel") \(call.key) #\(call.ticket)")
        }
    }

    func take() -> [String] {
        defer { lines = []; sets = [] }
        return lines
    }
}

/// Each item as "H:key", "R:key.row", "P:key" ("/C" collapsed, "/X" an expanded row).
private func layout(_ t: Table) -> [String] {
    var words: [String] = []
    t.forEachItem(from: 0) { placed in
        let item = placed.item
        let key = (try? t.sectionKey(.id(item.sectionID))) ?? "?"
        switch item.kind {
        case .header: words.append("H:\(key)" + (item.collapsed ? "/C" : ""))
        case .footer: words.append("F:\(key)")
        case .row: words.append("R:\(key).\(item.row)" + (item.expanded ? "/X" : ""))
        case .placeholder: words.append("P:\(key)")
        }
        return true
    }
    return words
}

/// d (unloaded, then loaded with a: 1 row, b: 2 rows, c: 1 row), z (1 row).
/// b collapsed, a's row selected, c's header 50 pt and its row expanded.
/// Items: H:d 0, H:a 1, R:a.0 2, H:b/C 3, H:c 4, R:c.0/X 5, H:z 6, R:z.0 7.
private func folder() throws -> Table {
    let t = try makeTable([.section("d", flags: [.unloaded]), .section("z", rows: 1)])
    try t.setCollapsed(false, section: "d")
    try t.finishLoad(section: "d", ticket: 1, entries: [.section("a", depth: 0), .rows(1), .section("b", depth: 0),
                                                         .rows(2), .section("c", depth: 0), .rows(1)])
    try t.setCollapsed(true, section: "b")
    _ = try t.selectRow(section: "a", row: 0, how: .replace)
    try t.setHeaderHeight(50, section: "c")
    try t.setExpandedHeight(100, section: "c", row: 0)
    _ = try t.setRowExpanded(true, section: "c", row: 0)
    return t
}

@Suite struct ReloadTests {
    @Test func theOldChildrenStayShownUntilTheNewOnesArrive() throws {
        let t = try folder()
        let log = Log(t)
        let before = layout(t)
        try t.reload(section: "d")
        #expect(log.take() == ["set(r0/1)", "start d #2"])
        #expect(try t.loadInfo(section: "d") == (LoadState.reloading, 2))
        #expect(layout(t) == before)
        #expect(try t.flags(section: "d") == [.collapsible])  // loaded: not UNLOADED
    }

    @Test func theNewChildrenAreReconciledByKeyAndKeepTheirState() throws {
        let t = try folder()
        let a = try t.sectionID(.key("a")), c = try t.sectionID(.key("c"))
        try t.reload(section: "d")
        let log = Log(t)
        // c listed without children keeps its own; a is given its row again;
        // b is gone; n is new.
        let report = try t.finishLoad(section: "d", ticket: 2, entries: [
            .section("c", depth: 0), .section("a", depth: 0), .rows(1), .section("n", depth: 0), .rows(1)])
        // b and c go as one step (adjacent), c comes back before a (a move,
        // redrawn where it lands), n after it.
        #expect(log.sets.map(\.moves) == [[FlatMove(from: 4, to: 1, count: 2)]])
        #expect(log.take() == ["set(c3-3+0 c1-0+2 c5-0+2 r0/3)"])
        #expect(layout(t) == ["H:d", "H:c", "R:c.0/X", "H:a", "R:a.0", "H:n", "R:n.0", "H:z", "R:z.0"])
        var expected = SnapshotReport()
        expected.sectionsInserted = 1
        expected.sectionsRemoved = 1
        expected.sectionsMoved = 1
        expected.sectionsKept = 2
        expected.rowsInserted = 1
        expected.rowsRemoved = 2
        #expect(report == expected)
        #expect(try t.sectionID(.key("a")) == a)
        #expect(try t.sectionID(.key("c")) == c)
        #expect(try t.info(section: "c").headerHeight == 50)
        #expect(try t.isRowSelected(section: "a", row: 0))
        #expect(try t.loadInfo(section: "d") == (LoadState.loaded, 0))
        #expect(throws: FoldError.self) { try t.sectionID(.key("b")) }
    }

    @Test func aKeptSubsectionGivenChildrenIsReconciledToo() throws {
        let t = try makeTable([.section("d", children: [.section("s", rows: 2, children: [.section("t", rows: 1)])])])
        let s = try t.sectionID(.key("s")), tt = try t.sectionID(.key("t"))
        try t.setCollapsed(true, section: "t")
        try t.reload(section: "d")
        let log = Log(t)
        // s gets 3 rows and keeps t (which keeps its collapsed state).
        try t.finishLoad(section: "d", ticket: 1, entries: [.section("s", depth: 0), .rows(3), .section("t", depth: 1)])
        #expect(layout(t) == ["H:d", "H:s", "R:s.0", "R:s.1", "R:s.2", "H:t/C"])
        #expect(log.take() == ["set(c4-0+1 r0/2)"])  // d's header and s's (its rows changed)
        #expect(try t.sectionID(.key("s")) == s && t.sectionID(.key("t")) == tt)
        // A rows entry of 0 rows empties a kept subsection.
        try t.reload(section: "d")
        try t.finishLoad(section: "d", ticket: 2, entries: [.section("s", depth: 0), .rows(0)])
        #expect(layout(t) == ["H:d", "H:s"])
    }

    @Test func whatAReloadOfEachLoadStateDoes() throws {
        let t = try makeTable([.section("u", flags: [.unloaded]), .section("v", flags: [.unloaded])])
        let log = Log(t)
        // Unloaded: nothing to reload.
        #expect(throws: FoldError(.notAllowed, "section \"u\" cannot be reloaded: its children are not loaded yet "
                                  + "(expanding it, or fold_table_load, loads them)")) {
            try t.reload(section: "u")
        }
        #expect(log.take() == [])
        // Loading: the load under way is replaced.
        try t.setCollapsed(false, section: "u")
        _ = log.take()
        try t.reload(section: "u")
        #expect(log.take() == ["cancel u #1", "start u #2"])
        #expect(try t.loadInfo(section: "u") == (LoadState.loading, 2))
        #expect(layout(t) == ["H:u", "P:u", "H:v/C"])
        // Failed: retried, the placeholder redrawn.
        try t.failLoad(section: "u", ticket: 2, message: "offline")
        _ = log.take()
        try t.reload(section: "u")
        #expect(log.take() == ["set(r1/1)", "start u #3"])
        #expect(try t.loadInfo(section: "u") == (LoadState.loading, 3))
        // Reloading: the reload under way is replaced.
        try t.finishLoad(section: "u", ticket: 3, entries: [.rows(1, depth: 0)])
        try t.reload(section: "u")
        _ = log.take()
        try t.reload(section: "u")
        #expect(log.take() == ["set(r0/1)", "cancel u #4", "start u #5"])
        #expect(throws: FoldError(.cancelled, "ticket 4 is not the current load of section \"u\": it is reloading (ticket 5)")) {
            try t.finishLoad(section: "u", ticket: 4, entries: [])
        }
        // A loaded section's ticket 0 is no load.
        try t.finishLoad(section: "u", ticket: 5, entries: [.rows(2, depth: 0)])
        #expect(throws: FoldError(.cancelled, "ticket 0 is not the current load of section \"u\": its children are loaded")) {
            try t.finishLoad(section: "u", ticket: 0, entries: [])
        }
        #expect(layout(t) == ["H:u", "R:u.0", "R:u.1", "H:v/C"])
    }

    @Test func aFailedReloadKeepsTheChildren() throws {
        let t = try folder()
        try t.reload(section: "d")
        let log = Log(t)
        let before = layout(t)
        try t.failLoad(section: "d", ticket: 2, message: "disk gone")
        #expect(log.take() == ["set(r0/1)"])
        #expect(layout(t) == before)
        #expect(try t.loadInfo(section: "d") == (LoadState.loaded, 0))
        #expect(throws: FoldError(.cancelled, "ticket 2 is not the current load of section \"d\": its children are loaded")) {
            try t.finishLoad(section: "d", ticket: 2, entries: [])
        }
    }

    @Test func aFailedFinishChangesNothingAndTheReloadWaits() throws {
        let t = try folder()
        try t.reload(section: "d")
        let log = Log(t)
        let before = layout(t)
        let version = t.structureVersion
        // z is elsewhere in the table; b's key is not a child of a.
        #expect(throws: FoldError(.duplicateKey, "load entry 1: a section with the key \"z\" already exists outside "
                                  + "the children it is matched among (a reload matches a section among its old "
                                  + "siblings only)")) {
            try t.finishLoad(section: "d", ticket: 2, entries: [.section("a", depth: 0), .section("z", depth: 0)])
        }
        #expect(throws: FoldError(.duplicateKey, "load entry 1: a section with the key \"b\" already exists outside "
                                  + "the children it is matched among (a reload matches a section among its old "
                                  + "siblings only)")) {
            try t.finishLoad(section: "d", ticket: 2, entries: [.section("a", depth: 0), .section("b", depth: 1)])
        }
        #expect(throws: FoldError(.duplicateKey, "load entry 1: the key \"a\" is also the key of entry 0")) {
            try t.finishLoad(section: "d", ticket: 2, entries: [.section("a", depth: 0), .section("a", depth: 0)])
        }
        #expect(throws: FoldError(.invalidArgument, "load entry 0: a section key must not be empty")) {
            try t.finishLoad(section: "d", ticket: 2, entries: [.section("", depth: 0)])
        }
        #expect(log.take() == [])
        #expect(layout(t) == before)
        #expect(t.structureVersion == version)
        #expect(try t.loadInfo(section: "d") == (LoadState.reloading, 2))
        try t.finishLoad(section: "d", ticket: 2, entries: [.section("a", depth: 0), .rows(1)])
        #expect(layout(t) == ["H:d", "H:a", "R:a.0", "H:z", "R:z.0"])
    }

    @Test func collapsingKeepsAReloadAndRemovingCancelsIt() throws {
        let t = try folder()
        try t.reload(section: "d")
        let log = Log(t)
        try t.setCollapsed(true, section: "d")
        #expect(log.take() == ["will-collapse d", "did-collapse d", "set(c1-5+0 r0/1)"])
        #expect(try t.loadInfo(section: "d") == (LoadState.reloading, 2))
        // Reconciled while hidden: no steps, the header redrawn.
        try t.finishLoad(section: "d", ticket: 2, entries: [.section("c", depth: 0)])
        #expect(log.take() == ["set(r0/1)"])
        try t.setCollapsed(false, section: "d")
        #expect(layout(t) == ["H:d", "H:c", "R:c.0/X", "H:z", "R:z.0"])
        try t.reload(section: "d")
        _ = log.take()
        try t.removeSection("d")
        #expect(log.take() == ["set(c0-3+0)", "cancel d #3"])
    }

    @Test func anUnloadedSectionInsertedExpandedStartsLoading() throws {
        let t = try makeTable([.section("a", rows: 1)])
        let log = Log(t)
        try t.insertSection(at: 1, key: "u", flags: [.unloaded, .expanded])
        #expect(log.take() == ["set(c2-0+2)", "start u #1"])
        #expect(layout(t) == ["H:a", "R:a.0", "H:u", "P:u"])
        #expect(try t.loadInfo(section: "u") == (LoadState.loading, 1))
        // Fixed stays refused, and entries may not ask for it.
        #expect(throws: FoldError(.invalidArgument, "section \"f\" cannot start unloaded and fixed or without a header "
                                  + "(it must be collapsible: its header shows that it loads)")) {
            try t.insertSection(at: 0, key: "f", flags: [.unloaded, .expanded, .fixed])
        }
        #expect(throws: FoldError.self) {
            try t.applySnapshot([.section("a"), .rows(1), .section("w", flags: [.unloaded, .expanded])])
        }
        #expect(log.take() == [])
        // With start_collapsed set, too.
        var options = TableOptions()
        options.startCollapsed = true
        let s = try Table(options: options)
        try s.insertSection(at: 0, key: "u", flags: [.unloaded, .expanded])
        #expect(try s.loadInfo(section: "u") == (LoadState.loading, 1))
    }

    @Test func aReloadWhileFilteringAsksAboutWhatItAdds() throws {
        let t = try folder()
        var asked: [String] = []
        try t.setFilter { _, key, row in
            asked.append("\(key).\(row)")
            return key != "n"
        }
        try t.reload(section: "d")
        asked = []
        try t.finishLoad(section: "d", ticket: 2, entries: [.rows(1, depth: 0), .section("a", depth: 0), .rows(1),
                                                            .section("n", depth: 0), .rows(1)])
        #expect(asked.sorted() == ["d.0", "n.-1", "n.0"])
        #expect(layout(t) == ["H:d", "R:d.0", "H:a", "R:a.0", "H:z", "R:z.0"])
    }

    /// Seeded: a folder of keyed subsections is reloaded with random
    /// removals, insertions and moves; kept ones keep id and state, and
    /// replaying each change set's steps on the old list gives the new one.
    @Test(arguments: [UInt64(1), 7, 35])
    func randomReloadsKeepIdentity(seed: UInt64) throws {
        var random = SeededRandom(seed: seed)
        let t = try makeTable([.section("top", rows: 1), .section("d")])
        var keys = (0..<12).map { "k\($0)" }
        var next = 12
        try t.reload(section: "d")
        try t.finishLoad(section: "d", ticket: 1, entries: keys.flatMap { [SnapshotEntry.section($0), .rows(1)] })
        for key in keys where random.below(3) == 0 { try t.setCollapsed(true, section: .key(key)) }
        var sets: [ChangeSet] = []
        _ = t.onChange { sets.append($0) }
        for round in 0..<40 {
            var newKeys = keys.filter { _ in random.below(10) != 0 }
            for _ in 0..<random.below(3) {
                newKeys.insert("k\(next)", at: random.below(newKeys.count + 1))
                next += 1
            }
            if newKeys.count > 1, random.below(2) == 0 {
                let k = newKeys.remove(at: random.below(newKeys.count))
                newKeys.insert(k, at: random.below(newKeys.count + 1))
            }
            var state: [String: (SectionID, Bool)] = [:]
            for k in keys { state[k] = (try t.sectionID(.key(k)), try t.flags(section: .key(k)).contains(.collapsed)) }
            let old = layout(t)
            try t.reload(section: "d")
            sets = []
            let ticket = try t.loadInfo(section: "d").ticket
            try t.finishLoad(section: "d", ticket: ticket,
                             entries: newKeys.flatMap { [SnapshotEntry.section($0), .rows(1)] })
            keys = newKeys
            let new = layout(t)
            // Replaying the steps: every item not inserted is the old one.
            var shadow = old
            for set in sets {
                for step in set.changes {
                    shadow.replaceSubrange(step.position..<(step.position + step.removed),
                                           with: Array(repeating: "?", count: step.added))
                }
            }
            #expect(shadow.count == new.count, "round \(round)")
            for (s, n) in zip(shadow, new) where s != "?" { #expect(s == n, "round \(round)") }
            #expect(try (0..<keys.count).map { try t.child(of: "d", at: $0) } == keys.map { Child.section($0) })
            for k in keys {
                guard let (id, collapsed) = state[k] else { continue }
                #expect(try t.sectionID(.key(k)) == id)
                #expect(try t.flags(section: .key(k)).contains(.collapsed) == collapsed)
            }
        }
    }

    /// Seeded, nested: subsections three levels deep, each reload giving
    /// some kept subsections their children (reconciled too) and others
    /// none (they keep theirs), with whole-table snapshots in between (they
    /// leave other numbers in the sections' marks). The table's tree after
    /// each reload is the model's, and kept sections keep id and state.
    @Test(arguments: [UInt64(2), 11, 35])
    func nestedRandomReloadsMatchAModel(seed: UInt64) throws {
        indirect enum M: Equatable { case rows(Int), section(String, [M]) }
        var random = SeededRandom(seed: seed)
        var next = 0
        func fresh(_ depth: Int) -> M {
            next += 1
            let key = "s\(next)"
            var kids: [M] = []
            if depth < 3 { for _ in 0..<random.below(3) { kids.append(fresh(depth + 1)) } }
            if random.below(2) == 0 { kids.insert(.rows(1 + random.below(3)), at: random.below(kids.count + 1)) }
            return .section(key, kids)
        }
        /// Adjacent rows merged, empty runs dropped: what the table holds.
        func normal(_ kids: [M]) -> [M] {
            var out: [M] = []
            for k in kids {
                switch k {
                case .rows(let r):
                    guard r > 0 else { continue }
                    if case .rows(let q)? = out.last { out[out.count - 1] = .rows(q + r) } else { out.append(k) }
                case .section(let key, let sub):
                    out.append(.section(key, normal(sub)))
                }
            }
            return out
        }
        func flat(_ kids: [M], depth: Int, into entries: inout [SnapshotEntry]) {
            for k in kids {
                switch k {
                case .rows(let r): entries.append(.rows(r, depth: depth))
                case .section(let key, let sub):
                    entries.append(.section(key, depth: depth, header: key))
                    flat(sub, depth: depth + 1, into: &entries)
                }
            }
        }
        /// A new list of children from old ones, and the entries that
        /// describe it: a kept subsection is given its children (mutated)
        /// or none (it keeps them); a new one all of its own.
        func mutate(_ kids: [M], depth: Int, into entries: inout [SnapshotEntry]) -> [M] {
            var out: [(M, isNew: Bool)] = []
            for k in kids where random.below(8) != 0 {
                switch k {
                case .rows(let r): out.append((.rows(max(0, r + random.below(3) - 1)), false))
                case .section: out.append((k, false))
                }
            }
            if random.below(3) == 0 { out.insert((fresh(depth), true), at: random.below(out.count + 1)) }
            if out.count > 1, random.below(3) == 0 {
                let k = out.remove(at: random.below(out.count))
                out.insert(k, at: random.below(out.count + 1))
            }
            var result: [M] = []
            for (k, isNew) in out {
                switch k {
                case .rows(let r):
                    entries.append(.rows(r, depth: depth))
                    result.append(k)
                case .section where isNew:
                    flat([k], depth: depth, into: &entries)
                    result.append(k)
                case .section(let key, let sub):
                    entries.append(.section(key, depth: depth, header: key))
                    if random.below(2) == 0 {
                        let at = entries.count
                        let new = mutate(sub, depth: depth + 1, into: &entries)
                        if entries.count == at { entries.append(.rows(0, depth: depth + 1)) }
                        result.append(.section(key, new))
                    } else {
                        result.append(k)
                    }
                }
            }
            return result
        }
        let t = try makeTable([.section("top", rows: 1), .section("d")])
        func tree(_ ref: SectionRef) throws -> [M] {
            var out: [M] = []
            for i in 0..<(try t.childCount(ref)) {
                switch try t.child(of: ref, at: i) {
                case .row:
                    if case .rows(let q)? = out.last { out[out.count - 1] = .rows(q + 1) } else { out.append(.rows(1)) }
                case .section(let key):
                    out.append(.section(key, try tree(.key(key))))
                }
            }
            return out
        }
        func keys(_ kids: [M]) -> [String] {
            kids.flatMap { k -> [String] in
                if case .section(let key, let sub) = k { return [key] + keys(sub) }
                return []
            }
        }
        var model: [M] = (0..<4).map { _ in fresh(0) }
        var entries: [SnapshotEntry] = []
        flat(model, depth: 0, into: &entries)
        try t.reload(section: "d")
        try t.finishLoad(section: "d", ticket: try t.loadInfo(section: "d").ticket, entries: entries)
        #expect(try tree("d") == normal(model))
        for round in 0..<30 {
            for key in keys(model) where random.below(4) == 0 { try t.setCollapsed(true, section: .key(key)) }
            var state: [String: (SectionID, Bool)] = [:]
            for key in keys(model) {
                state[key] = (try t.sectionID(.key(key)), try t.flags(section: .key(key)).contains(.collapsed))
            }
            if random.below(3) == 0 {
                // The same tree as a whole snapshot: nothing changes, every section is marked anew.
                var inner: [SnapshotEntry] = []
                flat(model, depth: 0, into: &inner)
                try t.applySnapshot([.section("top"), .rows(1), .section("d")]
                                    + inner.map { var e = $0; e.depth += 1; return e })
            }
            entries = []
            model = mutate(model, depth: 0, into: &entries)
            try t.reload(section: "d")
            try t.finishLoad(section: "d", ticket: try t.loadInfo(section: "d").ticket, entries: entries)
            #expect(try tree("d") == normal(model), "round \(round)")
            for key in keys(model) {
                guard let (id, collapsed) = state[key] else { continue }
                #expect(try t.sectionID(.key(key)) == id, "round \(round)")
                #expect(try t.flags(section: .key(key)).contains(.collapsed) == collapsed, "round \(round)")
            }
        }
    }
}
