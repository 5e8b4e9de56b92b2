import Testing
@testable import FoldTableCore

/// Large lists: thousands of sections and chunks, so the child lists grow
/// several levels deep and range removals cross many nodes. Compared with
/// `TreeModel` (a flat table) at sampled positions and offsets.
@Suite struct ManyPiecesTests {
    /// The table against the model's flat list `flat`: invariants, item
    /// count, content height, and `samples` random positions, each placed
    /// and found again at its middle.
    static func checkSampled(_ table: Table, _ flat: [TreeItem], samples: Int, _ rng: inout SeededRandom,
                             _ context: String) throws {
        #expect(table.invariantViolations() == [], "\(context)")
        try #require(table.itemCount == flat.count, "\(context)")
        #expect(table.contentHeight == (flat.last.map { $0.top + $0.height } ?? 0), "\(context)")
        guard !flat.isEmpty else { return }
        for _ in 0..<samples {
            let p = Int.random(in: 0..<flat.count, using: &rng)
            let m = flat[p]
            let item = m.item.with(id: table.sectionID(forKey: m.key))
            #expect(try table.placedItem(at: p) == PlacedItem(position: p, item: item, top: m.top, height: m.height),
                    "position \(p) \(context)")
            let y = m.top + m.height / 2
            if m.height > 0 { #expect(try table.item(atOffset: y).position == p, "offset \(y) \(context)") }
        }
    }

    /// Changes row `row` of the model's flat section `s`.
    static func edit(_ s: TreeSection, _ row: Int, _ change: (inout TreeRow) -> Void) {
        guard case .row(var r) = s.children[row] else { return }
        change(&r)
        s.children[row] = .row(r)
    }

    @Test(arguments: [5, 6] as [UInt64])
    func thousandsOfSectionsAndChunks(seed: UInt64) throws {
        var rng = SeededRandom(seed: seed)
        let table = try Table()
        let model = TreeModel(options: TableOptions())
        var next = 0
        // 3000 sections; every tenth holds 700 rows with their own heights (11 chunks).
        for i in 0..<3000 {
            let heights: [Double?] = i % 10 == 0
                ? (0..<700).map { _ in Double(Int.random(in: 1...80, using: &rng)) / 2 }
                : [nil, nil]
            try table.appendSection(key: "s\(next)", rows: 0)
            try table.insertRows(section: .index(i), at: 0, heights: heights.map { $0 ?? Table.defaultHeight })
            model.insertSection("s\(next)", rows: heights)
            next += 1
        }
        func check(_ context: String) throws {
            let flat = model.flat()
            try Self.checkSampled(table, flat, samples: 300, &rng, context)
            guard !flat.isEmpty else { return }
            let start = Int.random(in: 0..<flat.count, using: &rng)
            var walked: [PlacedItem] = []
            table.forEachItem(from: start) { walked.append($0); return walked.count < 200 }
            for w in walked {
                let m = flat[w.position]
                let item = m.item.with(id: table.sectionID(forKey: m.key))
                #expect(w == PlacedItem(position: w.position, item: item, top: m.top, height: m.height))
            }
            let sections = model.sections
            for i in stride(from: 0, to: sections.count, by: 97) {
                #expect(try table.sectionIndex(forKey: sections[i].key) == i)
            }
        }
        try check("after building")
        for step in 0..<300 {
            let sections = model.sections, n = sections.count
            switch Int.random(in: 0..<6, using: &rng) {
            case 0:  // a run of sections removed from the middle
                let at = Int.random(in: 0..<max(1, n), using: &rng)
                let count = min(n - at, Int.random(in: 0...120, using: &rng))
                try table.removeChildren(of: nil, at: at, count: count)
                model.root.children.removeSubrange(at..<(at + count))
            case 1:  // a block of sections inserted
                let at = Int.random(in: 0...n, using: &rng)
                for k in 0..<Int.random(in: 1...80, using: &rng) {
                    try table.insertSection(at: at + k, key: "s\(next)", rows: 1)
                    model.insertSection("s\(next)", rows: [nil], at: at + k)
                    next += 1
                }
            case 2:  // moves
                guard n > 1 else { break }
                let from = Int.random(in: 0..<n, using: &rng), to = Int.random(in: 0..<n, using: &rng)
                try table.moveSection(from: from, to: to)
                model.root.children.insert(model.root.children.remove(at: from), at: to)
            case 3:  // rows removed across chunks
                guard let s = (0..<n).first(where: { sections[($0 + step * 7) % n].rowCount > 100 }) else { break }
                let i = (s + step * 7) % n
                let rows = sections[i].rowCount
                let at = Int.random(in: 0..<rows, using: &rng)
                let count = Int.random(in: 0...(rows - at), using: &rng)
                try table.removeRows(section: .index(i), at: at, count: count)
                sections[i].rowHeights.removeSubrange(at..<(at + count))
            case 4:  // heights of a run set across chunks
                guard n > 0 else { break }
                let i = Int.random(in: 0..<n, using: &rng)
                let rows = sections[i].rowCount
                guard rows > 0 else { break }
                let at = Int.random(in: 0..<rows, using: &rng)
                let values = (0..<Int.random(in: 1...(rows - at), using: &rng)).map { _ in Double(Int.random(in: 0...90, using: &rng)) }
                try table.setRowHeights(section: .index(i), row: at, heights: values)
                sections[i].rowHeights.replaceSubrange(at..<(at + values.count), with: values.map(Optional.some))
            default:  // collapse a few
                guard n > 0 else { break }
                for _ in 0..<10 {
                    let i = Int.random(in: 0..<n, using: &rng)
                    if try table.toggle(section: .index(i)) { sections[i].collapsed.toggle() }
                }
            }
            if step % 25 == 24 { try check("after step \(step)") }
        }
        try check("at the end")
    }

    /// Heights set one row at a time in runs of default rows, as a view
    /// measures them: each makes a chunk explicit in place in its leaf
    /// (`ChildList.replaceRun`, also while rows are selected), and a full
    /// leaf is split. Exact against the model throughout.
    @Test(arguments: [7, 8] as [UInt64])
    func rowHeightsSetOneByOneInDefaultRuns(seed: UInt64) throws {
        var rng = SeededRandom(seed: seed)
        let table = try Table()
        let model = TreeModel(options: TableOptions())
        for (i, rows) in [20_000, 300, 6_000].enumerated() {
            try table.appendSection(key: "s\(i)", rows: rows)
            model.insertSection("s\(i)", rows: [Double?](repeating: nil, count: rows))
        }
        let sections = model.sections
        func check(_ context: String) throws {
            try Self.checkSampled(table, model.flat(), samples: 200, &rng, context)
        }
        for step in 0..<900 {
            let i = [0, 0, 0, 1, 2, 2][Int.random(in: 0..<6, using: &rng)]
            let row = Int.random(in: 0..<sections[i].rowCount, using: &rng)
            let h = Double(Int.random(in: 1...160, using: &rng)) / 2
            try table.setRowHeight(section: .index(i), row: row, height: h)
            Self.edit(sections[i], row) { $0.height = h }
            if step == 300 {
                // Rows 99..<199 of the first section (positions 100..<200).
                #expect(try table.selectPositions(100, count: 100, how: .add))
                for r in 99..<199 { Self.edit(sections[0], r) { $0.selected = true } }
            }
            if step == 600 {
                #expect(try table.clearSelection())
                for r in 99..<199 { Self.edit(sections[0], r) { $0.selected = false } }
            }
            if step % 100 == 99 { try check("after step \(step)") }
        }
    }

    /// Rows inserted, removed, measured, matched and selected one at a
    /// time while a filter is on: the leaves of rows hold filter matches
    /// and selected rows, which their columns do not count, so their totals
    /// move by whole summaries (`ListNode.marked`) where an unmarked leaf
    /// reads them from its columns. Exact against the model throughout, and
    /// the invariants recount every leaf's total.
    /// Seeds 11 and 13 filter with `.showChildren`: there one section's
    /// header matches (b, then a), so all its rows show, matched or not.
    @Test(arguments: [9, 10, 11, 13] as [UInt64])
    func editsWhereRowsAreMatchedOrSelected(seed: UInt64) throws {
        var rng = SeededRandom(seed: seed)
        let table = try Table()
        let model = TreeModel(options: TableOptions())
        // Rows with heights of their own (chunks), and rows of the default height.
        let own = (0..<12_000).map { _ in Double(Int.random(in: 2...120, using: &rng)) / 2 }
        try table.appendSection(key: "a", rows: 0)
        try table.insertRows(section: .index(0), at: 0, heights: own)
        model.insertSection("a", rows: own)
        try table.appendSection(key: "b", rows: 8_000)
        model.insertSection("b", rows: [Double?](repeating: nil, count: 8_000))
        let salt = Int(seed)
        let options: FilterOptions = seed > 10 ? .showChildren : []
        try table.setFilter({ _, key, row in TreeModel.FilterModel.rule(key, row, salt) }, options: options)
        model.filter.options = options
        model.filter.salt = salt
        let sections = model.sections
        func ask(_ s: TreeSection, _ rows: Range<Int>) {
            for r in rows { Self.edit(s, r) { $0.matched = TreeModel.FilterModel.rule(s.key, r, salt) } }
        }
        for s in sections {
            s.matched = TreeModel.FilterModel.rule(s.key, -1, salt)
            ask(s, 0..<s.rowCount)
        }
        if seed > 10 { #expect(sections.filter { $0.matched }.count == 1) }
        // Every 40th row of each section selected to start with.
        for (i, s) in sections.enumerated() {
            for r in stride(from: 0, to: s.rowCount, by: 40) {
                #expect(try table.selectRow(section: .index(i), row: r, how: .add))
                Self.edit(s, r) { $0.selected = true }
            }
        }
        try Self.checkSampled(table, model.flat(), samples: 200, &rng, "filtered and selected")
        for step in 0..<1_200 {
            let i = Int.random(in: 0..<2, using: &rng), s = sections[i], rows = s.rowCount
            let row = Int.random(in: 0..<rows, using: &rng)
            switch Int.random(in: 0..<6, using: &rng) {
            case 0:  // rows inserted, of their own height or the default, and asked
                // (Up to `Table.rowsMarkedInPlace` are marked where they are, in
                // up to `Table.runsMarkedInPlace` edits; the rest go out and back.)
                let k = Bool.random(using: &rng) ? Int.random(in: 1...9, using: &rng)
                    : Int.random(in: 1...(Table.rowsMarkedInPlace + 3), using: &rng)
                let mine = Bool.random(using: &rng)
                let heights = (0..<k).map { _ in mine ? Double(Int.random(in: 2...120, using: &rng)) / 2 : nil }
                try table.insertRows(section: .index(i), at: row, heights: heights.map { $0 ?? Table.defaultHeight })
                s.children.insert(contentsOf: heights.map { .row(TreeRow(height: $0)) }, at: row)
                ask(s, row..<(row + k))
            case 1:  // rows removed
                let k = min(rows - row, Int.random(in: 1...3, using: &rng))
                try table.removeRows(section: .index(i), at: row, count: k)
                s.children.removeSubrange(row..<(row + k))
            case 2, 3:  // a row measured
                let h = Double(Int.random(in: 2...160, using: &rng)) / 2
                try table.setRowHeight(section: .index(i), row: row, height: h)
                Self.edit(s, row) { $0.height = h }
            case 4:  // a row's answer changed
                let m = Bool.random(using: &rng)
                try table.setRowMatch(section: .index(i), row: row, matches: m)
                Self.edit(s, row) { $0.matched = m }
            default:  // a row selected or deselected
                let on = Bool.random(using: &rng)
                _ = try table.selectRow(section: .index(i), row: row, how: on ? .add : .remove)
                Self.edit(s, row) { $0.selected = on }
            }
            if step % 150 == 149 { try Self.checkSampled(table, model.flat(), samples: 200, &rng, "after step \(step)") }
        }
    }
}
