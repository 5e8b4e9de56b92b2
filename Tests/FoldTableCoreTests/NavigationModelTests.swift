import Testing
@testable import FoldTableCore

// Navigation against a linear scan: on seeded random nested tables (rows
// and subsections interleaved, NO_FOCUS sections, collapsed sections,
// headerless sections, footers, a filter, focus kinds), every move that a
// scan of the flat list can answer (NEXT, PREVIOUS, FIRST, LAST, PARENT,
// FIRST_CHILD, and the siblings from the item paths) from every position
// must land where the scan does. The
// engine passes a section's rows in one step; the scan goes item by item.

@Suite struct NavigationModelTests {
    /// A random table: up to 3 levels, each section's children a random
    /// mix of row runs and subsections.
    static func randomTable(_ rng: inout SeededRandom) throws -> Table {
        var o = TableOptions()
        o.footerHeight = rng.below(3) == 0 ? 10 : 0
        let t = try Table(options: o)
        var next = 0
        func fill(_ parent: String?, depth: Int) throws {
            let children = parent == nil ? 2 + rng.below(4) : rng.below(5)
            for _ in 0..<children {
                if let parent, rng.below(2) == 0 {
                    try t.insertRows(in: .key(parent), atChild: try t.childCount(.key(parent)), count: 1 + rng.below(4))
                    continue
                }
                guard depth < 3 else { continue }
                next += 1
                let key = "s\(next)"
                var flags: SectionFlags = []
                if rng.below(4) == 0 { flags.insert(.noFocus) }
                if rng.below(6) == 0 { flags.insert(.noHeader) }
                _ = try t.insertSection(in: parent.map { .key($0) }, at: try t.childCount(parent.map { .key($0) }),
                                        key: key, rows: rng.below(3), flags: flags)
                try fill(key, depth: depth + 1)
                if !flags.contains(.noHeader), rng.below(5) == 0 { try t.setCollapsed(true, section: .key(key)) }
            }
        }
        try fill(nil, depth: 0)
        return t
    }

    @Test(arguments: 1...100 as ClosedRange<UInt64>)
    func movesMatchALinearScan(seed: UInt64) throws {
        var rng = SeededRandom(seed: seed)
        let t = try Self.randomTable(&rng)
        if rng.below(3) == 0 {
            let drop = rng.below(4)
            try t.setFilter({ _, _, row in row < 0 || row % 4 != drop },
                            options: FilterOptions(rawValue: UInt32(rng.below(4))))
        }
        try t.setFocusKinds(FocusKinds(rawValue: UInt32(rng.below(16))))
        let n = t.itemCount
        let items = try (0..<n).map { try t.item(at: $0) }
        let can = items.map { t.canTakeFocus($0) }
        func scanForward(_ from: Int, _ end: Int = n) -> Int? { (max(0, from)..<end).first { can[$0] } }
        func scanBack(_ from: Int) -> Int? { stride(from: min(from, n - 1), through: 0, by: -1).first { can[$0] } }
        let context = "seed \(seed), kinds \(t.focusKinds.rawValue)"
        if scanForward(0) == nil {
            #expect(throws: FoldError.self) { try t.navigate(from: nil, .next) }
        } else {
            #expect(try t.navigate(from: nil, .next) == scanForward(0), "\(context)")
            #expect(try t.navigate(from: nil, .last) == scanBack(n - 1), "\(context)")
        }
        // Siblings: an item's unit is its child index in its parent (from
        // the item paths); a sibling is the first item of another unit.
        let paths = try (0..<n).map { try t.itemPath(at: $0) }
        func siblings(_ p: Int) -> (previous: Int?, next: Int?) {
            let item = items[p]
            guard item.kind != .placeholder else { return (nil, nil) }
            let parentPath = Array(paths[p].dropLast())
            var firsts: [(unit: Int, at: Int)] = []
            for q in 0..<n where paths[q].count > parentPath.count && Array(paths[q].prefix(parentPath.count)) == parentPath {
                let unit = paths[q][parentPath.count]
                if firsts.last?.unit != unit { firsts.append((unit, q)) }
            }
            guard let mine = firsts.firstIndex(where: { $0.unit == paths[p].last }) else { return (nil, nil) }
            let next = firsts[(mine + 1)...].first { can[$0.at] }?.at
            let previous = firsts[..<mine].last { can[$0.at] }?.at
            return (previous, next)
        }
        for p in 0..<n {
            let item = items[p]
            let sib = siblings(p)
            #expect(try t.navigate(from: p, .nextSibling) == sib.next ?? p, "next sibling of \(p), \(context)")
            #expect(try t.navigate(from: p, .previousSibling) == sib.previous ?? p, "previous sibling of \(p), \(context)")
            #expect(try t.navigate(from: p, .next) == scanForward(p + 1) ?? p, "next from \(p), \(context)")
            #expect(try t.navigate(from: p, .previous) == scanBack(p - 1) ?? p, "previous from \(p), \(context)")
            #expect(try t.navigate(from: p, .first) == scanForward(0) ?? p, "\(context)")
            #expect(try t.navigate(from: p, .last) == scanBack(n - 1) ?? p, "\(context)")
            // Parent: up the sections from the item's (a header's: from its parent).
            var key: String? = try t.sectionKey(.id(item.sectionID))
            if item.kind == .header, let k = key { key = try t.parentKey(.key(k)) }
            var parent: Int?
            while let k = key {
                if try t.hasHeader(section: .key(k)), let h = try? t.headerPosition(section: .key(k)), can[h] {
                    parent = h
                    break
                }
                key = try t.parentKey(.key(k))
            }
            #expect(try t.navigate(from: p, .parent) == parent ?? p, "parent of \(p), \(context)")
            // First child: within the header's section, below its header.
            if item.kind == .header, !item.collapsed {
                let s = try t.sectionKey(.id(item.sectionID))
                let end = (try? t.footerPosition(section: .key(s))) ?? (p + 1 + (p + 1..<n).prefix {
                    items[$0].depth > item.depth || (items[$0].depth == item.depth && items[$0].sectionID == item.sectionID
                                                     && (items[$0].kind == .row || items[$0].kind == .placeholder))
                }.count)
                #expect(try t.navigate(from: p, .firstChild) == scanForward(p + 1, end) ?? p, "first child of \(p), \(context)")
            }
        }
    }
}
