import Testing
@testable import FoldTableCore

/// A section's record of its list root's totals (`Section.rootRecord`),
/// where a descent into the section starts without reading the root node:
/// it follows the root as the list grows, splits, shrinks and empties, and
/// carries a pending selection tag as a parent's record of a child does.
/// (Every mutation in the other suites ends with the invariant check,
/// which compares each section's record with its root's too.)
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
}
