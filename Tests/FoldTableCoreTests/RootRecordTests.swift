import Testing
@testable import FoldTableCore

/// A section's record of its list root's totals (`Section.rootRecord`),
/// where a descent into the section starts without reading the root node:
/// it follows the root as the list grows, splits, shrinks and empties, and
/// carries a pending selection tag as a parent's record of a child does.
/// The leaf that holds the section keeps a copy beside its address
/// (`TotalsView.subRecord`), so a descent that crosses the section reads
/// the section object and its totals together.
/// (Every mutation in the other suites ends with the invariant check,
/// which compares each section's record with its root's, and each leaf's
/// copy with the section's, too.)
@Suite struct RootRecordTests {
    /// What the record must be: the root's, as a parent records a child.
    static func expected(_ s: Section) -> Int { s.list.root.map { TotalsView.record(of: $0) } ?? 0 }

    @Test func followsTheRootAsTheListGrowsSplitsShrinksAndEmpties() throws {
        let t = try Table()
        try t.appendSection(key: "a")
        let a = try t.section("a")
        #expect(a.rootRecord == 0)

        // One chunk of 64 rows with their own heights: one entry in one leaf.
        try t.insertRows(section: "a", at: 0, heights: Array(repeating: 30, count: 64))
        var v = TotalsView(tagged: a.rootRecord)
        #expect(a.rootRecord == Self.expected(a) && v.isLeaf && v.count == 2)

        // 40 chunks: more than a leaf holds (32), so the root splits and the
        // record follows the new root, an internal node over two leaves.
        try t.insertRows(section: "a", at: 64, heights: Array(repeating: 40, count: 64 * 39))
        v = TotalsView(tagged: a.rootRecord)
        #expect(a.rootRecord == Self.expected(a) && !v.isLeaf && v.count == 3)

        // Descents start from the record: row 100 (position 101, after the
        // header) at its exact top, found both ways.
        let header = try t.itemHeight(at: 0)
        let top = header + 64 * 30 + 36 * 40
        #expect(try t.itemTop(at: 101) == top)
        #expect(try t.item(atOffset: top).position == 101)
        #expect(try t.item(atOffset: top - 0.5).position == 100)

        // Back to one chunk: the root shrinks to a leaf again.
        try t.removeRows(section: "a", at: 0, count: 64 * 39)
        v = TotalsView(tagged: a.rootRecord)
        #expect(a.rootRecord == Self.expected(a) && v.isLeaf && v.count == 2)
        #expect(try t.item(atOffset: header + 64 * 40 - 0.5).position == 64)

        // Empty: no root, no record.
        try t.removeRows(section: "a", at: 0, count: 64)
        #expect(a.rootRecord == 0 && a.list.root == nil)
        #expect(try t.item(atOffset: header - 0.5).position == 0)
    }

    @Test func carriesAPendingSelectionTag() throws {
        let t = try makeTable([.section("a", rows: 5), .section("b", rows: 5)])
        let root = t.root
        #expect(root.rootRecord & TotalsView.tagBit == 0)
        // Selecting everything tags the top list's root, not its entries.
        #expect(try t.selectAll())
        #expect(root.list.root?.tag != SelectionTag.none)
        #expect(root.rootRecord & TotalsView.tagBit != 0 && root.rootRecord == Self.expected(root))
        // A read that needs the selection exactly settles it: the bit goes.
        #expect(try t.selectionCount(within: "a").rows == 5)
        #expect(root.list.root?.tag == SelectionTag.none)
        #expect(root.rootRecord & TotalsView.tagBit == 0 && root.rootRecord == Self.expected(root))
    }

    /// The copy the leaf that holds `s` keeps beside it; nil if none does.
    static func leafCopy(_ s: Section) -> Int? {
        guard let place = s.place, place.holdsSection, place.totals.mayHoldSections else { return nil }
        return place.subRecord
    }

    @Test func theLeafKeepsACopyBesideEachSection() throws {
        // 40 sections of 3 rows: the top list is two leaves under a root.
        let t = try makeTable((0..<40).map { .section("s\($0)", rows: 3) })
        #expect(!TotalsView(tagged: t.root.rootRecord).isLeaf)
        for i in 0..<40 {
            let s = try t.section(.key("s\(i)"))
            #expect(s.rootRecord != 0 && Self.leafCopy(s) == s.rootRecord, "s\(i)")
        }

        // s7's list grows past a leaf: its root and record change, and the
        // copy in the top list's leaf with them.
        let s7 = try t.section("s7")
        try t.insertRows(section: "s7", at: 0, heights: Array(repeating: 30, count: 64 * 40))
        #expect(!TotalsView(tagged: s7.rootRecord).isLeaf && Self.leafCopy(s7) == s7.rootRecord)
        // Descents cross s7 from the copy: its row 100 at its exact top.
        let header = try t.itemHeight(at: 7 * 4)
        let top = try t.itemTop(at: 7 * 4) + header + 100 * 30
        #expect(try t.itemTop(at: 7 * 4 + 101) == top)
        #expect(try t.item(atOffset: top).position == 7 * 4 + 101)
        #expect(try t.item(atOffset: top - 0.5).position == 7 * 4 + 100)

        // Selecting everything tags the top list's root; settling it pushes
        // the tag into s7's list, whose record takes the bit: so does the copy.
        #expect(try t.selectAll())
        #expect(try t.selectionCount(within: "s7").rows == 64 * 40 + 3)
        #expect(Self.leafCopy(s7) == s7.rootRecord)

        // Moved to the front of the list, into another leaf: the copy goes along.
        try t.moveSection("s7", to: nil, at: 0)
        #expect(Self.leafCopy(s7) == s7.rootRecord)
        #expect(try t.itemTop(at: 101) == header + 100 * 30)

        // Emptied: no record, and a copy of 0.
        try t.removeRows(section: "s7", at: 0, count: 64 * 40 + 3)
        #expect(s7.rootRecord == 0 && Self.leafCopy(s7) == 0)
        #expect(try t.item(atOffset: header + 0.5).position == 1)
    }
}
