import Testing
@testable import FoldTableCore

/// Heights are whole units of 1/256 pt (`Units`), summed as integers: for any
/// heights every item is the item at its own top, the item at y contains y
/// (compared as Doubles), and every query reports the same bits for a top.
@Suite struct ExactGeometryTests {
    /// The units of 17.7, 1/3 and 0.1, rounded to nearest.
    static let h177 = 4531.0 / 256, third = 85.0 / 256, tenth = 26.0 / 256

    @Test(arguments: [(17.7, 8, h177), (1.0 / 3, 2, third), (0.1, 3, tenth)])
    func nonRoundDefaultRows(height: Double, rows: Int, kept: Double) throws {
        var o = TableOptions()
        o.rowHeight = height
        let t = try Table(options: o)
        try t.appendSection(key: "s", rows: rows)
        #expect(t.options.rowHeight == kept)
        #expect(try t.heights(section: "s").row == kept)
        for p in 0...rows {
            let top = try t.itemTop(at: p)
            #expect(top == (p == 0 ? 0 : 28 + Double(p - 1) * kept))
            #expect(try t.item(atOffset: top) == (p, .inItem))
            #expect(try t.scrollOffset(toItem: p, alignment: .start, offset: 0, viewportHeight: 0) == top)
            // Just below the top is the item before.
            if p > 0 { #expect(try t.item(atOffset: top.nextDown).position == p - 1) }
        }
        #expect(t.contentHeight == 28 + Double(rows) * kept)
    }

    @Test func heightsReadBackRounded() throws {
        let t = try Table()
        try t.appendSection(key: "s", rows: 2)
        try t.setRowHeight(section: "s", row: 0, height: 17.7)
        #expect(try t.rowHeight(section: "s", row: 0) == 17.69921875)
        try t.setExpandedHeight(100.1, section: "s", row: 1)
        #expect(try t.expandedHeight(section: "s", row: 1) == 25626.0 / 256)
        try t.setHeaderHeight(0.1, section: "s")
        #expect(try t.heights(section: "s").header == Self.tenth)
        // Ties to even: half a unit rounds down to 0, one and a half up to 2.
        try t.setRowHeight(section: "s", row: 0, height: 1.0 / 512)
        #expect(try t.rowHeight(section: "s", row: 0) == 0)
        try t.setRowHeight(section: "s", row: 0, height: 3.0 / 512)
        #expect(try t.rowHeight(section: "s", row: 0) == 2.0 / 256)
        #expect(Units.of(height: 17.7) == 4531)
        #expect(Units.floor(offset: -0.001) == -1)
        #expect(Units.floor(offset: 1e300) == Units.offsetBound)
        #expect(Units.ceil(offset: -1e300) == -Units.offsetBound)
        #expect(Units.ceil(offset: 0.001) == 1)
    }

    /// A seeded table of about 600k items with heights 33.3, 17.7 and 1/3
    /// (and default rows, nested and collapsed sections, footers).
    private func randomTable() throws -> Table {
        var rng = SeededRandom(seed: 0x600_000)
        var o = TableOptions()
        o.rowHeight = 17.7
        o.headerHeight = 33.3
        o.footerHeight = 1.0 / 3
        o.paddingTop = 0.1
        let t = try Table(options: o)
        let pool = [33.3, 17.7, 1.0 / 3, Table.defaultHeight]
        for s in 0..<600 {
            let rows = Int.random(in: 400..<1600, using: &rng)
            let key = "s\(s)"
            try t.appendSection(key: key)
            if s % 3 == 0 {
                try t.insertRows(section: .key(key), at: 0, count: rows)
            } else {
                try t.insertRows(section: .key(key), at: 0, heights: (0..<rows).map { _ in pool.randomElement(using: &rng)! })
            }
            if s % 7 == 0 {
                try t.insertSection(in: .key(key), at: rows / 2, key: key + ".a", rows: 40)
                if s % 14 == 0 { _ = try t.setCollapsed(true, section: .key(key + ".a")) }
            }
            if s % 50 == 3 { _ = try t.setCollapsed(true, section: .key(key)) }
        }
        return t
    }

    @Test func everyItemIsTheItemAtItsTop() throws {
        let t = try randomTable()
        let count = t.itemCount
        #expect(count > 550_000)
        var previous = -1.0
        var checked = 0
        var walked: [PlacedItem] = []
        walked.reserveCapacity(count)
        t.forEachItem(from: 0) { walked.append($0); return true }
        #expect(walked.count == count)
        for p in 0..<count {
            let placed = try t.placedItem(at: p)
            let top = placed.top
            // The walker (visible_items) reports the same bits.
            guard walked[p].top == top, walked[p].height == placed.height else {
                Issue.record("item \(p): walked \(walked[p].top)+\(walked[p].height), placed \(top)+\(placed.height)")
                break
            }
            guard top >= previous else { Issue.record("top of \(p) decreases"); break }
            previous = top
            if placed.height > 0 {
                let found = try t.item(atOffset: top)
                guard found == (p, .inItem) else { Issue.record("item at top of \(p) is \(found)"); break }
            }
            checked += 1
        }
        #expect(checked == count)
        #expect(previous + (try t.itemHeight(at: count - 1)) == t.contentHeight)
    }

    @Test func theItemAtYContainsY() throws {
        let t = try randomTable()
        var rng = SeededRandom(seed: 17)
        let content = t.contentHeight
        var inItem = 0
        for _ in 0..<100_000 {
            let y = Double.random(in: 0..<content, using: &rng)
            let (p, place) = try t.item(atOffset: y)
            guard place == .inItem else { continue }
            let item = try t.placedItem(at: p)
            guard item.top <= y, y < item.top + item.height else {
                Issue.record("y \(y) in item \(p) [\(item.top), \(item.top + item.height))")
                break
            }
            inItem += 1
        }
        #expect(inItem > 99_000)
        // Viewports: each visible item's top and height are the placed ones.
        var seen = 0
        for i in 0..<500 {
            let offset = content * Double(i) / 500
            for v in try t.visibleItems(offset: offset, height: 250.3) {
                let placed = try t.placedItem(at: v.position)
                guard v == placed else { Issue.record("visible \(v) != placed \(placed)"); return }
                seen += 1
            }
        }
        #expect(seen > 5_000)
    }

    @Test func stickyAndRevealTopsAreItemTops() throws {
        let t = try randomTable()
        for s in stride(from: 0, to: 600, by: 7) {
            let key = "s\(s)"
            let header = try t.headerPosition(section: .key(key))
            let top = try t.itemTop(at: header)
            let stuck = try t.stickyHeaders(offset: top)
            #expect(stuck.first?.position == header)
            #expect(stuck.first?.top == top)
            #expect(try t.revealOffset(section: .key(key), rows: 0, offset: t.contentHeight,
                                       viewportHeight: 10) == top)
        }
    }

    /// A section's own header, footer and row heights (kept in 32 bits)
    /// at the largest and the smallest height, read back exactly.
    @Test func sectionHeightsAtTheLimits() throws {
        let t = try Table(options: TableOptions())
        try t.appendSection(key: "a", rows: 3)
        try t.appendSection(key: "b", rows: 1)
        try t.setHeaderHeight(Limits.maxHeight, section: "a")
        try t.setFooterHeight(Limits.maxHeight, section: "a")
        try t.setDefaultRowHeight(Limits.maxHeight, section: "a")
        let b = try t.placedItem(at: 5)  // b's header, after a's header, 3 rows and footer
        #expect(b.top == 5 * Limits.maxHeight)
        #expect(try t.placedItem(at: 4).height == Limits.maxHeight)
        try t.setHeaderHeight(1.0 / 256, section: "a")
        try t.setFooterHeight(1.0 / 256, section: "a")
        try t.setDefaultRowHeight(1.0 / 256, section: "a")
        #expect(try t.placedItem(at: 5).top == 5.0 / 256)
        #expect(try t.placedItem(at: 2).top == 2.0 / 256)
        #expect(t.invariantViolations().isEmpty)
    }

    /// 2^28 rows of 65536 pt (and headers and paddings of 65536 pt): the
    /// content is just below 2^53 units and every top is still exact.
    @Test func atTheLimits() throws {
        var o = TableOptions()
        o.rowHeight = Limits.maxHeight
        o.headerHeight = Limits.maxHeight
        o.paddingTop = Limits.maxHeight
        o.paddingBottom = Limits.maxHeight
        let t = try Table(options: o)
        try t.appendSection(key: "big", rows: Limits.maxRows)
        #expect(throws: FoldError.self) { try t.insertRows(section: "big", at: 0, count: 1) }
        #expect(throws: FoldError.self) { try t.setRowHeight(section: "big", row: 0, height: Limits.maxHeight + 1.0 / 256) }
        #expect(throws: FoldError.self) { try t.setHeaderHeight(Limits.maxHeight.nextUp, section: "big") }
        let odd = (0..<64).map { [17.7, 1.0 / 3, 0.1][$0 % 3] }
        try t.setRowHeights(section: "big", row: Limits.maxRows - 100, heights: odd)
        let count = t.itemCount
        #expect(count == Limits.maxRows + 1)
        let oddUnits = (0..<64).reduce(0) { $0 + [4531, 85, 26][$1 % 3] }
        let units = (Limits.maxRows - 64 + 3) * (1 << 24) + oddUnits
        #expect(units < 1 << 53)
        #expect(t.contentHeight == Double(units) / 256)
        var previous = -1.0
        for p in (count - 300)..<count {
            let item = try t.placedItem(at: p)
            #expect(item.top > previous)
            #expect(item.top + item.height > item.top)
            #expect(try t.item(atOffset: item.top) == (p, .inItem))
            #expect(try t.item(atOffset: item.top + item.height / 2) == (p, .inItem))
            previous = item.top
        }
        #expect(t.invariantViolations().isEmpty)
    }
}
