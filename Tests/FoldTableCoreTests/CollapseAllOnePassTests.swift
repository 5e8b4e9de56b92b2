import Testing
@testable import FoldTableCore

/// `setAllCollapsed` flips every section in one pass over the table
/// (Table+CollapseAll.swift). Here two tables built alike from one seed —
/// nested sections, some collapsed, fixed or headerless, footers, expanded
/// rows, selections with select-all tags still pending, a viewport, on
/// every third seed a filter — go
/// through the same collapse-all and expand-all rounds, one by the one pass
/// and one by flipping each section (`setCollapsedRecording`), and must
/// tell the same change sets and end with the same items.
@Suite struct CollapseAllOnePassTests {
    /// A random nested table: 3-12 top sections, up to 4 levels.
    static func build(seed: UInt64) throws -> Table {
        var rng = SeededRandom(seed: seed)
        var o = TableOptions()
        o.footerHeight = Bool.random(using: &rng) ? 12 : 0
        let t = try Table(options: o)
        var key = 0
        func fill(_ parent: SectionRef?, level: Int) throws {
            let count = level == 0 ? Int.random(in: 3...12, using: &rng) : Int.random(in: 0...4, using: &rng)
            for i in 0..<count {
                var flags: SectionFlags = []
                switch Int.random(in: 0..<8, using: &rng) {
                case 0, 1: flags = [.collapsed]
                case 2: flags = [.fixed]
                case 3: flags = [.noHeader]
                default: break
                }
                key += 1
                let k = "s\(key)"
                try t.insertSection(in: parent, at: i, key: k, header: k,
                                    rows: Int.random(in: 0...5, using: &rng), flags: flags)
                if level < 3, Int.random(in: 0..<3, using: &rng) == 0 { try fill(.key(k), level: level + 1) }
                let rows = try t.info(section: .key(k)).rowCount
                if rows > 0, Int.random(in: 0..<3, using: &rng) == 0 {
                    try t.setExpandedHeight(90, section: .key(k), row: 0)
                    try t.setRowExpanded(true, section: .key(k), row: 0)
                }
            }
        }
        try fill(nil, level: 0)
        try t.setViewport(Viewport(offset: Double(Int.random(in: 0...400, using: &rng)), height: 300))
        // Every third seed filters, with each combination of the options:
        // the even rows of every third section and every fourth header
        // match, so that many sections are hidden with all inside them.
        if seed % 3 == 0 {
            let options: [FilterOptions] = [[], [.showChildren], [.expandMatches], [.showChildren, .expandMatches]]
            try t.setFilter({ _, key, row in
                let k = Int(key.dropFirst())!
                return row >= 0 ? k % 3 == 0 && row % 2 == 0 : k % 4 == 0
            }, options: options[Int(seed / 3) % 4])
        }
        return t
    }

    /// A random selection step: select all (a tag left pending), clear, or
    /// a few items added or toggled.
    static func select(_ t: Table, _ rng: inout SeededRandom) throws {
        switch Int.random(in: 0..<4, using: &rng) {
        case 0: _ = try t.selectAll()
        case 1: _ = try t.clearSelection()
        default:
            for _ in 0..<3 where t.itemCount > 0 {
                let how: SelectHow = Bool.random(using: &rng) ? .add : .toggle
                _ = try? t.selectItem(at: Int.random(in: 0..<t.itemCount, using: &rng), how: how)
            }
        }
    }

    @Test(arguments: 1...40)
    func matchesFlippingOneByOne(seed: UInt64) throws {
        let onePass = try Self.build(seed: seed), oneByOne = try Self.build(seed: seed)
        var told: [[ChangeSet]] = [[], []]
        _ = onePass.onChange { told[0].append($0) }
        _ = oneByOne.onChange { told[1].append($0) }
        // Odd seeds: a section listener that refuses every fifth key and
        // logs the events (the pass then flips the sections it allowed).
        var events: [[String]] = [[], []]
        if seed % 2 == 1 {
            for (k, t) in [onePass, oneByOne].enumerated() {
                _ = t.onSection { key, event in
                    events[k].append("\(key) \(event)")
                    return event == .didCollapse || event == .didExpand
                        || Int(key.dropFirst())! % 5 != 0
                }
            }
        }
        var rng = SeededRandom(seed: seed &+ 77)
        for round in 0..<6 {
            let selectRng = rng
            var r0 = selectRng, r1 = selectRng
            try Self.select(onePass, &r0)
            try Self.select(oneByOne, &r1)
            rng = r0
            let collapse = round % 2 == 0 ? Bool.random(using: &rng) : !Bool.random(using: &rng)
            let flipped = try onePass.setAllCollapsed(collapse)
            let all = oneByOne.allCollapsible(loadedOnly: !collapse)
            let reference = try oneByOne.mutate {
                oneByOne.setCollapsedRecording(collapse, all, allOrNothing: false)?.count ?? 0
            }
            #expect(flipped == reference, "seed \(seed) round \(round)")
            #expect(told[0] == told[1], "seed \(seed) round \(round): change sets differ")
            #expect(events[0] == events[1], "seed \(seed) round \(round): section events differ")
            // (Section ids name their table: compared without them.)
            func items(_ t: Table) throws -> [Item] {
                try (0..<t.itemCount).map { var it = try t.item(at: $0); it.sectionID = 0; return it }
            }
            let items0 = try items(onePass), items1 = try items(oneByOne)
            #expect(items0.count == items1.count, "seed \(seed) round \(round)")
            let differ = (0..<min(items0.count, items1.count)).filter { items0[$0] != items1[$0] }
            #expect(differ.isEmpty, "seed \(seed) round \(round): items \(differ) differ")
            #expect(onePass.contentHeight == oneByOne.contentHeight)
            #expect(try onePass.selectionCount(within: nil) == oneByOne.selectionCount(within: nil))
            #expect(onePass.selection().map { [$0.section, "\($0.row)", "\($0.count)"] }
                    == oneByOne.selection().map { [$0.section, "\($0.row)", "\($0.count)"] })
            #expect(onePass.sectionStates().map(\.collapsed) == oneByOne.sectionStates().map(\.collapsed))
        }
        // The rounds flipped something and told it (a filter may hide all).
        if seed % 3 != 0 { #expect(told[0].contains { !$0.changes.isEmpty }) }
        #expect(events[0].isEmpty == (seed % 2 == 0))
    }

    /// The keyboard's `*` (`expandAllRecording(below:)`) expands a section
    /// and everything inside it in one pass, outermost first: the same
    /// change sets and items as flipping them one by one.
    @Test(arguments: 1...30)
    func expandBelowMatchesFlippingOneByOne(seed: UInt64) throws {
        let onePass = try Self.build(seed: seed), oneByOne = try Self.build(seed: seed)
        var told: [[ChangeSet]] = [[], []]
        _ = onePass.onChange { told[0].append($0) }
        _ = oneByOne.onChange { told[1].append($0) }
        var rng = SeededRandom(seed: seed &+ 99)
        _ = try onePass.setAllCollapsed(true)
        _ = try oneByOne.setAllCollapsed(true)
        for round in 0..<5 {
            var r0 = rng, r1 = rng
            try Self.select(onePass, &r0)
            try Self.select(oneByOne, &r1)
            rng = r0
            // A random section, shown or not.
            let keys = onePass.sectionStates().map(\.key)
            let key = keys[Int.random(in: 0..<keys.count, using: &rng)]
            let a = try onePass.section(.key(key)), b = try oneByOne.section(.key(key))
            guard !a.fixed else { continue }
            let flipped = try onePass.mutate { onePass.expandAllRecording(below: a).map(\.key) }
            let reference = try oneByOne.mutate {
                (oneByOne.setCollapsedRecording(false, oneByOne.expandable(below: b), allOrNothing: false) ?? [])
                    .map(\.key)
            }
            #expect(flipped == reference, "seed \(seed) round \(round) \(key)")
            #expect(told[0] == told[1], "seed \(seed) round \(round) \(key): change sets differ")
            #expect(onePass.itemCount == oneByOne.itemCount)
            #expect(onePass.contentHeight == oneByOne.contentHeight)
            #expect(onePass.selection().map { [$0.section, "\($0.row)", "\($0.count)"] }
                    == oneByOne.selection().map { [$0.section, "\($0.row)", "\($0.count)"] })
            #expect(onePass.sectionStates().map(\.collapsed) == oneByOne.sectionStates().map(\.collapsed))
            // Collapse a few again for the next round.
            for k in keys where Int.random(in: 0..<3, using: &rng) == 0 {
                _ = try? onePass.setCollapsed(true, section: .key(k))
                _ = try? oneByOne.setCollapsed(true, section: .key(k))
            }
        }
    }

    /// Hand-checked: two top sections, the first holding a collapsed and an
    /// expanded subsection. Collapse all tells one step per shown section,
    /// inner ones first, at the positions of the list as the steps leave it.
    @Test func stepsOfANestedCollapseAll() throws {
        let t = try Table(options: TableOptions())
        try t.insertSection(at: 0, key: "a", header: "A", rows: 1)
        try t.insertSection(in: .key("a"), at: 1, key: "a1", header: "A1", rows: 2, flags: [.collapsed])
        try t.insertSection(in: .key("a"), at: 2, key: "a2", header: "A2", rows: 3)
        try t.insertSection(at: 1, key: "b", header: "B", rows: 2)
        // A, row, A1, A2, row x3, B, row x2: 10 items.
        #expect(t.itemCount == 10)
        var sets: [ChangeSet] = []
        _ = t.onChange { sets.append($0) }
        #expect(try t.setAllCollapsed(true) == 3)  // a2, a, b (a1 is collapsed)
        #expect(sets.count == 1)
        let steps = sets[0].changes.map { [$0.position, $0.removed, $0.added] }
        // a2's rows after its header (3); then a's 3 items; then b's 2 rows at 2.
        #expect(steps == [[4, 3, 0], [1, 3, 0], [2, 2, 0]])
        #expect(sets[0].redraw == [0..<2])
        #expect(t.itemCount == 2)
        sets = []
        #expect(try t.setAllCollapsed(false) == 4)  // a1, a2, a, b
        // a1 and a2 are inside collapsed a: only a's and b's steps are told.
        #expect(sets[0].changes.map { [$0.position, $0.removed, $0.added] } == [[1, 0, 8], [10, 0, 2]])
        #expect(t.itemCount == 12)
        // The keyboard's `*` on A, all collapsed: A first, then A1 and A2
        // inside it, each at its place in the list as the steps leave it.
        _ = try t.setAllCollapsed(true)
        sets = []
        let a = try t.section(.key("a"))
        #expect(try t.mutate { t.expandAllRecording(below: a).map(\.key) } == ["a", "a1", "a2"])
        #expect(sets[0].changes.map { [$0.position, $0.removed, $0.added] } == [[1, 0, 3], [3, 0, 2], [6, 0, 3]])
        #expect(sets[0].redraw == [0..<1, 2..<3, 5..<6])
        #expect(t.itemCount == 10)
    }
}
