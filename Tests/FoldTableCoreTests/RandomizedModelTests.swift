import Testing
@testable import FoldTableCore

/// Random operations on a flat table (top-level sections of rows) applied to
/// the engine and to `TreeModel`, comparing every query after each step.
/// Heights are multiples of 0.5, so sums are exact and comparisons can be
/// exact too.
struct Fuzz {
    var rng: SeededRandom
    let table: Table
    let model: TreeModel
    var nextKey = 0
    var log: [String] = []
    let maxRows: Int

    init(seed: UInt64, options: TableOptions, maxRows: Int) throws {
        rng = SeededRandom(seed: seed)
        table = try Table(options: options)
        model = TreeModel(options: options)
        self.maxRows = maxRows
    }

    mutating func height() -> Double {
        rng.rowHeight(halfPointsUpTo: 160)
    }

    mutating func heightOrDefault() -> Double? {
        Int.random(in: 0..<4, using: &rng) == 0 ? nil : height()
    }

    /// One random operation; invalid arguments on purpose now and then.
    mutating func step() throws {
        let n = model.sections.count
        let op = Int.random(in: 0..<14, using: &rng)
        func anySection(_ rng: inout SeededRandom) -> Int { Int.random(in: -1...n, using: &rng) }
        switch op {
        case 0, 1:
            let index = Int.random(in: 0...n, using: &rng)
            let rows = Int.random(in: 0...maxRows, using: &rng)
            let key = "k\(nextKey)"
            nextKey += 1
            log.append("insertSection(\(index), \(key), \(rows))")
            try table.insertSection(at: index, key: key, header: key, rows: rows)
            model.insertSection(key, rows: Array(repeating: nil, count: rows), at: index)
        case 2:
            let s = anySection(&rng)
            log.append("removeSection(\(s))")
            guard expectFailure(s < 0 || s >= n, { try table.removeSection(.index(s)) }) else { return }
            model.root.children.remove(at: s)
        case 3:
            let from = anySection(&rng), to = anySection(&rng)
            log.append("moveSection(\(from), \(to))")
            guard expectFailure(from < 0 || from >= n || to < 0 || to >= n, { try table.moveSection(from: from, to: to) }) else { return }
            model.root.children.insert(model.root.children.remove(at: from), at: to)
        case 4, 5:
            let s = anySection(&rng)
            let rows = s >= 0 && s < n ? model.sections[s].rowCount : 0
            let at = Int.random(in: -1...(rows + 1), using: &rng)
            let count = Int.random(in: 0...maxRows, using: &rng)
            let heights: [Double?]? = Bool.random(using: &rng) ? nil : (0..<count).map { _ in heightOrDefault() }
            log.append("insertRows(\(s), \(at), \(count), \(heights.map { "\($0)" } ?? "nil"))")
            let bad = s < 0 || s >= n || at < 0 || at > rows
            guard expectFailure(bad, {
                if let heights {
                    try table.insertRows(section: .index(s), at: at, heights: heights.map { $0 ?? Table.defaultHeight })
                } else {
                    try table.insertRows(section: .index(s), at: at, count: count)
                }
            }) else { return }
            model.sections[s].rowHeights.insert(contentsOf: heights ?? Array(repeating: nil, count: count), at: at)
        case 6:
            let s = anySection(&rng)
            let rows = s >= 0 && s < n ? model.sections[s].rowCount : 0
            let at = Int.random(in: -1...rows, using: &rng)
            let count = Int.random(in: 0...max(0, rows - max(0, at) + 1), using: &rng)
            log.append("removeRows(\(s), \(at), \(count))")
            let bad = s < 0 || s >= n || at < 0 || at + count > rows
            guard expectFailure(bad, { try table.removeRows(section: .index(s), at: at, count: count) }) else { return }
            model.sections[s].rowHeights.removeSubrange(at..<(at + count))
        case 7:
            let s = anySection(&rng)
            let rows = s >= 0 && s < n ? model.sections[s].rowCount : 0
            let r = Int.random(in: -1...rows, using: &rng)
            let h = heightOrDefault()
            log.append("setRowHeight(\(s), \(r), \(String(describing: h)))")
            guard expectFailure(s < 0 || s >= n || r < 0 || r >= rows,
                                { try table.setRowHeight(section: .index(s), row: r, height: h) }) else { return }
            model.sections[s].rowHeights[r] = h
        case 8:
            let s = anySection(&rng)
            let rows = s >= 0 && s < n ? model.sections[s].rowCount : 0
            let r = Int.random(in: 0...max(0, rows), using: &rng)
            let count = Int.random(in: 0...max(0, rows - r + 1), using: &rng)
            var heights = (0..<count).map { _ in heightOrDefault() }
            let poison = count > 0 && Int.random(in: 0..<5, using: &rng) == 0
            if poison { heights[count / 2] = -3 }
            log.append("setRowHeights(\(s), \(r), \(heights))")
            let bad = s < 0 || s >= n || r + count > rows || poison
            guard expectFailure(bad, {
                try table.setRowHeights(section: .index(s), row: r, heights: heights.map { $0 ?? Table.defaultHeight })
            }) else { return }
            model.sections[s].rowHeights.replaceSubrange(r..<(r + count), with: heights)
        case 9, 10:
            let s = anySection(&rng)
            let kind = Int.random(in: 0..<3, using: &rng)
            log.append("collapse[\(kind)](\(s))")
            guard s >= 0 && s < n else {
                _ = expectFailure(true, { try table.toggle(section: .index(s)) })
                return
            }
            let m = model.sections[s]
            let target = kind == 0 ? true : kind == 1 ? false : !m.collapsed
            let changed: Bool
            switch kind {
            case 0: changed = try table.setCollapsed(true, section: .key(m.key))
            case 1: changed = try table.setCollapsed(false, section: .index(s))
            default: changed = try table.toggle(section: .index(s))
            }
            // A section without rows keeps the state too (0.2).
            let expected = m.collapsed != target
            #expect(changed == expected, "\(log)")
            if expected { m.collapsed = target }
        case 11:
            let s = anySection(&rng)
            let which = Int.random(in: 0..<3, using: &rng)
            let h = heightOrDefault()
            log.append("sectionHeight[\(which)](\(s), \(String(describing: h)))")
            guard expectFailure(s < 0 || s >= n, {
                switch which {
                case 0: try table.setHeaderHeight(h, section: .index(s))
                case 1: try table.setFooterHeight(h.map { $0 / 4 }, section: .index(s))
                default: try table.setDefaultRowHeight(h, section: .index(s))
                }
            }) else { return }
            let o = model.options
            switch which {
            case 0: model.sections[s].headerHeight = h ?? o.headerHeight
            case 1: model.sections[s].footerHeight = h.map { Units.quantized($0 / 4) } ?? o.footerHeight
            default: model.sections[s].rowHeight = h ?? o.rowHeight
            }
        case 12:
            let collapse = Bool.random(using: &rng)
            log.append("setAllCollapsed(\(collapse))")
            let changed = try table.setAllCollapsed(collapse)
            var expected = 0
            for s in model.sections where s.rowCount > 0 && s.collapsed != collapse {
                s.collapsed = collapse
                expected += 1
            }
            #expect(changed == expected, "\(log)")
        default:
            let key = n > 0 && Bool.random(using: &rng) ? model.sections[Int.random(in: 0..<n, using: &rng)].key : "k\(nextKey)"
            log.append("appendSection(\(key))")
            let duplicate = model.sections.contains { $0.key == key }
            guard expectFailure(duplicate, { try table.appendSection(key: key, rows: 1) }) else { return }
            nextKey += 1
            model.insertSection(key, rows: [nil])
        }
    }

    /// Runs `body`; if `shouldFail` it must throw, else it must not. Returns
    /// whether the model should apply the operation.
    func expectFailure(_ shouldFail: Bool, _ body: () throws -> Void) -> Bool {
        do {
            try body()
            #expect(!shouldFail, "expected a failure: \(log.suffix(3))")
            return !shouldFail
        } catch {
            #expect(shouldFail, "unexpected \(error): \(log.suffix(3))")
            return false
        }
    }

    /// Compares every query with the model.
    mutating func check() throws {
        let flat = model.flat()
        let context = "after \(log.count) steps, last: \(log.suffix(3))"
        try model.checkItems(table, flat, context)
        #expect(table.sectionCount == model.sections.count)
        for (i, s) in model.sections.enumerated() {
            #expect(try table.sectionKey(.index(i)) == s.key)
            #expect(try table.sectionIndex(forKey: s.key) == i)
            #expect(try table.rowCount(section: .index(i)) == s.rowCount)
            #expect(try table.isCollapsed(section: .index(i)) == s.collapsed)
            let header = try #require(model.headerPosition(s.key, in: flat))
            #expect(try table.headerPosition(section: .index(i)) == header, "\(context)")
            if s.rowCount > 0 {
                let r = Int.random(in: 0..<s.rowCount, using: &rng)
                #expect(try table.rowHeight(section: .index(i), row: r) == (s.rowHeights[r] ?? s.rowHeight))
                if s.collapsed {
                    #expect(throws: FoldError.self) { try table.rowPosition(section: .index(i), row: r) }
                } else {
                    #expect(try table.rowPosition(section: .index(i), row: r) == header + 1 + r)
                }
            }
            if s.footerHeight > 0 {
                #expect(try table.footerPosition(section: .index(i)) == header + 1 + (s.collapsed ? 0 : s.rowCount))
            }
        }
        #expect(table.sectionStates().map(\.key) == model.sections.map(\.key))
        // Offsets: every item's top and middle, the padding, and random points.
        // (All items of small tables, a sample of large ones: the model scans linearly.)
        let sample = flat.count <= 200 ? flat : (0..<200).map { _ in flat[Int.random(in: 0..<flat.count, using: &rng)] }
        var offsets = sample.flatMap { [$0.top, $0.top + $0.height / 2, $0.top + $0.height] }
        let content = table.contentHeight
        offsets += [-5, 0, content, content + 10]
        for _ in 0..<10 { offsets.append(Double(Int.random(in: -20...Int(content) + 20, using: &rng))) }
        for y in offsets {
            let got = try table.item(atOffset: y)
            let want = model.itemAt(offset: y, in: flat)
            #expect(got.position == want.0 && got.place == want.1, "offset \(y) \(context)")
        }
        var viewports: [(Double, Double, Int)] = (0..<8).map { _ in
            (Double(Int.random(in: -50...Int(content) * 2 + 50, using: &rng)) / 2,
             Double(Int.random(in: 0...400, using: &rng)) / 2, Int.random(in: 0...3, using: &rng))
        }
        // Viewports that start where an item ends, of no height or more.
        for item in sample.prefix(4) {
            viewports.append((item.top + item.height, Double(Int.random(in: 0...2, using: &rng) * 20),
                              Int.random(in: 0...2, using: &rng)))
        }
        for (offset, height, overscan) in viewports {
            let range = try table.visibleRange(offset: offset, height: height, overscan: overscan)
            #expect(range == model.visibleRange(offset: offset, height: height, overscan: overscan, in: flat),
                    "viewport \(offset) +\(height) overscan \(overscan) \(context)")
            // The one-descent walk hands out the same items and counts the same
            // total, whatever limit cuts it short.
            var want: [PlacedItem] = []
            table.forEachItem(from: range.lowerBound) { placed in
                guard placed.position < range.upperBound else { return false }
                want.append(placed)
                return true
            }
            for limit in [0, 1, Int.random(in: 1...max(1, range.count), using: &rng), range.count, .max] {
                var got: [PlacedItem] = []
                let total = try table.forEachVisibleItem(offset: offset, height: height, overscan: overscan,
                                                         limit: limit) { got.append($0) }
                #expect(total == range.count && got == Array(want.prefix(limit)),
                        "walk of viewport \(offset) +\(height) overscan \(overscan) limit \(limit) \(context)")
            }
        }
    }
}

@Suite struct RandomizedModelTests {
    @Test(arguments: [1, 2, 3, 42, 1234, 98765] as [UInt64])
    func smallTablesMatchTheModel(seed: UInt64) throws {
        var options = TableOptions.seeded(seed, footer: 6, paddingStep: 4)
        options.paddingBottom = 3
        options.startCollapsed = seed % 3 == 0
        var fuzz = try Fuzz(seed: seed, options: options, maxRows: 6)
        for _ in 0..<600 {
            try fuzz.step()
            try fuzz.check()
        }
    }

    /// Runs long enough to build explicit chunks, split and merge them.
    @Test(arguments: [7, 77] as [UInt64])
    func largerSectionsMatchTheModel(seed: UInt64) throws {
        var fuzz = try Fuzz(seed: seed, options: TableOptions(), maxRows: 150)
        for i in 0..<400 {
            try fuzz.step()
            if i % 10 == 9 { try fuzz.check() }
        }
        try fuzz.check()
    }
}
