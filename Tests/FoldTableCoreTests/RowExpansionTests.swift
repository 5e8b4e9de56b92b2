import Testing
@testable import FoldTableCore

/// A run keeps what only expanding rows need out of line (`RowExpansion`),
/// shared between copies until one changes it.
@Suite struct RowExpansionTests {
    let none = RowRun.none

    /// Changing a copy's expanded heights, states or provided marks leaves
    /// the run it was copied from as it was, and the reverse.
    @Test func copiesOfARunKeepTheirOwnExpansion() {
        var a = RowRun(heights: [40, 40, 40][...])
        a.setExpandedHeight(1, 200)
        a.setExpanded(1, true)
        var b = a
        b.setExpanded(1, false)
        b.setExpandedHeight(0, 300, provided: true)
        a.setExpandedHeight(2, 500)

        #expect(a.expandedHeights == [none, 200, 500])
        #expect(a.isExpanded(1) && a.expandedCount == 1)
        #expect(!a.isProvided(0))
        #expect(a.fixedSum == 40 + 200 + 40)

        #expect(b.expandedHeights == [300, 200, none])
        #expect(!b.isExpanded(1) && b.expandedCount == 0)
        #expect(b.isProvided(0) && !b.isProvided(1))
        #expect(b.fixedSum == 120)
    }

    /// Once no row has an expanded height, state or provided mark, the run
    /// is read in place again (`lookup`), as one that never had any.
    @Test func aRunWithNothingToExpandIsReadInPlaceAgain() {
        var run = RowRun(heights: [40, 40][...])
        #expect(LookupTag.tag(run.lookup) == LookupTag.plainRows)
        run.setExpandedHeight(0, 90, provided: true)
        run.setExpanded(0, true)
        #expect(run.lookup == LookupTag.askPiece)
        run.setExpanded(0, false)
        #expect(run.lookup == LookupTag.askPiece)  // still has an expanded height
        let forgot = run.clearProvidedExpandedHeights(rowHeight: 40 * 256)
        #expect(forgot)
        #expect(run.expandedHeights == nil && run.providedBits == 0)
        #expect(LookupTag.tag(run.lookup) == LookupTag.plainRows)
    }

    /// The point of keeping it out of line: a piece takes 64 bytes of its
    /// leaf's array (it took 88).
    @Test func aPieceTakes64Bytes() {
        #expect(MemoryLayout<Piece>.stride == 64)
    }
}
