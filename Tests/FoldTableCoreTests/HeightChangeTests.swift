import Testing
@testable import FoldTableCore

/// Row height changes are carried up by their difference alone
/// (HeightChange.swift) when nothing but heights changed. Checked where that
/// path has something to get wrong: lists with internal nodes at two
/// levels (a long section, a section of many subsections, the table's own
/// list of many sections), a third level of nesting, collapsed sections and
/// sections a filter hides (which show none of the change), expanded rows
/// (whose change of height may collapse them: the general path), and a
/// pending select-all (tags that heights must pass through). After every
/// change the trees are checked against a recount (debug builds do that
/// inside every mutation too), and every few changes each item's top and
/// height against `TreeModel`.
@Suite struct HeightChangeTests {
    struct Bench {
        var rng: SeededRandom
        let table: Table
        let model: TreeModel
        var steps = 0
        var log: [String] = []

        init(seed: UInt64) throws {
            rng = SeededRandom(seed: seed)
            let options = TableOptions.seeded(seed, footer: 6, paddingStep: 5)
            table = try Table(options: options)
            model = TreeModel(options: options)
            // 34 top-level sections: the table's list has an internal node.
            for t in 0..<34 {
                let rows = t == 0 ? 2_200 : t == 1 ? 0 : 5 + t % 7
                try add("t\(t)", in: model.root, rows: rows)
            }
            // t1: 36 subsections of 70 rows (its list has an internal node); s1.3 holds
            // a third level.
            let t1 = model.section("t1")!
            for k in 0..<36 { try add("s1.\(k)", in: t1, rows: 70) }
            for k in 0..<3 { try add("u1.3.\(k)", in: model.section("s1.3")!, rows: 40) }
            // Some sections collapsed, one level each.
            for key in ["t5", "s1.7", "s1.20", "u1.3.1"] { try flip(key) }
        }

        /// A section appended to `parent` with `rows` rows of their own heights
        /// (20...80 pt, in halves), in the table and the model.
        mutating func add(_ key: String, in parent: TreeSection, rows: Int) throws {
            let heights = (0..<rows).map { _ in Double(Int.random(in: 40...160, using: &rng)) / 2 }
            let p: SectionRef? = parent === model.root ? nil : .key(parent.key)
            try table.insertSection(in: p, at: parent.children.count, key: key)
            try table.insertRows(section: .key(key), at: 0, heights: heights)
            let s = TreeSection(key: key, collapsed: false, options: model.options)
            s.parent = parent
            s.rowHeights = heights
            parent.children.append(.section(s))
        }

        mutating func flip(_ key: String) throws {
            _ = try table.toggle(section: .key(key))
            model.section(key)!.collapsed.toggle()
            log.append("toggle(\(key))")
        }

        /// A random row: mostly of the long section, else anywhere.
        mutating func anyRow() -> (TreeSection, Int) {
            let sections = model.allSections().filter { $0.rowCount > 0 }
            let s = Int.random(in: 0..<3, using: &rng) == 0 ? model.section("t0")!
                : sections[Int.random(in: 0..<sections.count, using: &rng)]
            return (s, Int.random(in: 0..<s.rowCount, using: &rng))
        }

        mutating func setHeight() throws {
            let (s, r) = anyRow()
            let h: Double? = Int.random(in: 0..<5, using: &rng) == 0 ? nil : rng.rowHeight(halfPointsUpTo: 200)
            log.append("setRowHeight(\(s.key), \(r), \(String(describing: h)))")
            try table.setRowHeight(section: .key(s.key), row: r, height: h)
            let child = s.rowIndices[r]
            guard case .row(var row) = s.children[child] else { return }
            row.height = h
            if row.expanded, !s.isExpandable(row) { row.expanded = false }
            s.children[child] = .row(row)
        }

        /// Gives a row an expanded height and expands it.
        mutating func expandOne() throws {
            let (s, r) = anyRow()
            let child = s.rowIndices[r]
            guard case .row(var row) = s.children[child] else { return }
            let e = (row.height ?? s.rowHeight) + 30
            log.append("expand(\(s.key), \(r), \(e))")
            try table.setExpandedHeight(e, section: .key(s.key), row: r)
            _ = try table.setRowExpanded(true, section: .key(s.key), row: r)
            row.expandedHeight = e
            row.expanded = true
            s.children[child] = .row(row)
        }

        /// A filter that the model mirrors (`TreeModel.FilterModel.rule`), or none.
        mutating func setFilter(_ on: Bool) throws {
            log.append("setFilter(\(on))")
            guard on else {
                try table.setFilter(nil)
                model.filter.options = nil
                return
            }
            let salt = Int.random(in: 0..<1000, using: &rng)
            try table.setFilter({ _, key, row in TreeModel.FilterModel.rule(key, row, salt) })
            model.filter.options = []
            model.filter.salt = salt
            for s in model.allSections() {
                s.closed = false
                s.matched = TreeModel.FilterModel.rule(s.key, -1, salt)
                let indices = s.rowIndices
                for (r, c) in indices.enumerated() {
                    guard case .row(var row) = s.children[c] else { continue }
                    row.matched = TreeModel.FilterModel.rule(s.key, r, salt)
                    s.children[c] = .row(row)
                }
            }
        }

        var context: String { "seed step \(steps): \(log.suffix(3))" }

        /// Every item, against the model.
        func checkItems() throws {
            try model.checkItems(table, model.flat(), context)
        }

        /// What heights decide, whatever is selected: the trees, the content
        /// height, and the item at offsets down the table.
        mutating func checkGeometry() throws {
            #expect(table.invariantViolations() == [], "\(context)")
            let flat = model.flat()
            #expect(table.contentHeight == model.contentHeight(flat), "\(context)")
            for _ in 0..<8 {
                let y = Double(Int.random(in: 0..<Int(table.contentHeight), using: &rng))
                let want = model.itemAt(offset: y, in: flat)
                let got = try table.item(atOffset: y)
                #expect(got.position == want.0 && got.place == want.1, "offset \(y) \(context)")
            }
        }
    }

    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func heightChangesMatchTheModel(seed: UInt64) throws {
        var b = try Bench(seed: seed)
        try b.checkItems()
        for i in 0..<400 {
            b.steps = i
            switch Int.random(in: 0..<40, using: &b.rng) {
            case 0: try b.expandOne()
            case 1: try b.flip(b.model.allSections()[Int.random(in: 0..<b.model.allSections().count, using: &b.rng)].key)
            case 2: try b.setFilter(b.model.filter.options == nil)
            default: try b.setHeight()
            }
            #expect(b.table.invariantViolations() == [], "\(b.context)")
            if i % 25 == 24 { try b.checkItems() }
        }
        try b.checkItems()
        // A select-all leaves tags pending on the lists' roots; heights pass them.
        _ = try b.table.selectAll()
        for i in 400..<520 {
            b.steps = i
            try b.setHeight()
            if i % 10 == 9 { try b.checkGeometry() }
        }
        try b.checkGeometry()
    }

    /// Hand-checked: a row of a section inside a collapsed section changes
    /// nothing above that section; expanded again, the change shows.
    @Test func aChangeInsideACollapsedSectionShowsOnceExpanded() throws {
        let t = try Table(options: TableOptions())
        try t.insertSection(at: 0, key: "a")
        try t.insertSection(in: .key("a"), at: 0, key: "b")
        try t.insertRows(section: .key("b"), at: 0, heights: [10, 20, 30])
        try t.insertSection(at: 1, key: "c")
        try t.insertRows(section: .key("c"), at: 0, heights: [5])
        let expanded = t.contentHeight
        _ = try t.toggle(section: .key("a"))
        let collapsed = t.contentHeight
        try t.setRowHeight(section: .key("b"), row: 1, height: 50)
        #expect(t.contentHeight == collapsed)
        #expect(t.invariantViolations() == [])
        _ = try t.toggle(section: .key("a"))
        #expect(t.contentHeight == expanded + 30)
        // c's header starts 30 pt lower.
        let c = try t.headerPosition(section: .key("c"))
        #expect(try t.placedItem(at: c).top == expanded + 30 - TableOptions().headerHeight - 5)
    }

    /// A list three levels deep (80,000 rows: 1,250 chunks under two levels
    /// of internal nodes): each height change is added down the path its
    /// descent recorded (`DescentPath`), also when a pending select-all makes
    /// the descent settle and come down again. Every row's top is checked
    /// against prefix sums of the heights set.
    @Test(arguments: [5, 6] as [UInt64])
    func aDeepListTakesEachChangeDownItsPath(seed: UInt64) throws {
        var rng = SeededRandom(seed: seed)
        let t = try Table(options: TableOptions())
        try t.insertSection(at: 0, key: "long")
        var heights = (0..<80_000).map { _ in Double(Int.random(in: 40...160, using: &rng)) / 2 }
        try t.insertRows(section: .key("long"), at: 0, heights: heights)
        let root = try #require(try t.section(.key("long")).list.root)
        #expect(!root.isLeaf && !root.children[0].isLeaf && root.children[0].children[0].isLeaf)
        let firstRow = try t.itemTop(at: 1)  // the section's header is item 0
        let rowHeight = TableOptions().rowHeight
        func check() throws {
            var top = firstRow
            for (r, h) in heights.enumerated() {
                if r % 97 == 0 { #expect(try t.itemTop(at: r + 1) == top, "row \(r)") }
                top += h
            }
            #expect(t.contentHeight == top)
            #expect(t.invariantViolations() == [])
        }
        for step in 0..<600 {
            if step == 300 { _ = try t.selectAll() }  // tags pending on the path
            let r = Int.random(in: 0..<heights.count, using: &rng)
            let h: Double? = Int.random(in: 0..<5, using: &rng) == 0 ? nil : rng.rowHeight(halfPointsUpTo: 200)
            try t.setRowHeight(section: .key("long"), row: r, height: h)
            heights[r] = h ?? rowHeight
            if step % 150 == 149 { try check() }
        }
        try check()
    }
}
