import Testing
@testable import FoldTableCore

/// A run keeps what only expanding or marked rows need out of line
/// (`RowRunExtras`), shared between copies until one changes it.
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

    /// Marks too: changing a copy's selection or filter marks leaves the
    /// run it was copied from as it was, with or without expanded rows;
    /// a copy keeps the other's expansion when its marks are dropped.
    @Test func copiesOfARunKeepTheirOwnMarks() {
        var a = RowRun(heights: [40, 40, 40][...])
        a.marks.selected = 0b101
        var b = a
        b.marks.selected &= ~1
        b.setFilterMarks(hidden: 0b010, matched: 0b001)
        #expect(a.marks == RowMarks(selected: 0b101, hidden: 0, matched: 0))
        #expect(b.marks == RowMarks(selected: 0b100, hidden: 0b010, matched: 0b001))
        #expect(a.selectedCount == 2 && b.selectedCount == 1)

        a.setExpandedHeight(2, 90)
        a.setExpanded(2, true)
        var c = a
        c.marks = .none
        #expect(a.marks.selected == 0b101 && c.marks.isNone)
        #expect(c.isExpanded(2) && c.fixedSum == 40 + 40 + 90)
        #expect(c.lookup == LookupTag.askPiece)  // still has an expanded height
        c.setExpanded(2, false)
        #expect(a.isExpanded(2) && a.marks.selected == 0b101 && !c.isExpanded(2))
    }

    /// A slice keeps its rows' expanded heights, states and marks, also an
    /// expanded height with no row expanded and nothing provided (a slice
    /// once copied the extras only when a state bit was set); a slice of
    /// rows without any keeps no extras.
    @Test func aSliceKeepsWhatItsRowsHad() {
        var run = RowRun(heights: [UInt32](repeating: 40, count: 64)[...])
        run.setExpandedHeight(3, 90)
        run.marks.selected = 1 << 5
        let head = run.slice(2..<10)
        #expect(head.expandedHeight(1) == 90 && !head.isExpanded(1))
        #expect(head.marks.selected == 1 << 3)
        #expect(head.count == 8 && head.fixedSum == 8 * 40)
        let tail = run.slice(20..<64)
        #expect(tail.expandedHeights == nil && tail.marks.isNone)
        #expect(LookupTag.tag(tail.lookup) == LookupTag.plainRows)
        var removed = run
        removed.remove(0..<4)
        #expect(removed.expandedHeights == [UInt32](repeating: none, count: 60))
        #expect(removed.marks.selected == 1 << 1 && removed.count == 60)
        #expect(run.expandedHeight(3) == 90)
    }

    /// An edit of the marks that leaves a run unmarked keeps it without
    /// extras: no box is made and kept for nothing.
    @Test func anEditThatMarksNothingKeepsNoBox() {
        var run = RowRun(heights: [40, 40][...])
        run.marks.selected |= 0
        run.marks.hidden &= ~1
        #expect(LookupTag.tag(run.lookup) == LookupTag.plainRows)
        run.marks.selected |= 2
        #expect(run.lookup == LookupTag.askPiece)
        run.marks.selected = 0
        #expect(LookupTag.tag(run.lookup) == LookupTag.plainRows)
    }

    /// Marks alone take the small box (`RowRunExtras`, a 48-byte block);
    /// a row that gets an expanded height turns it into an expansion with
    /// the same marks, and back to marks alone once no row expands. A
    /// copy that shares the box is not changed by either.
    @Test func marksAloneTakeTheSmallBox() throws {
        var run = RowRun(heights: [UInt32](repeating: 40, count: 8)[...])
        run.marks.hidden = 0b1010
        run.recount()
        #expect(run.extras != nil && run.extras?.expansion == nil)
        let shared = run
        run.setExpandedHeight(2, 90)
        run.setExpanded(2, true)
        #expect(run.extras?.expansion != nil && run.marks.hidden == 0b1010)
        #expect(run.fixedSum == 6 * 40 + 90 - 40)  // rows 1 and 3 hidden, row 2 expanded
        #expect(shared.extras?.expansion == nil && shared.fixedSum == 6 * 40 && !shared.isExpanded(2))
        run.setExpanded(2, false)
        #expect(run.extras?.expansion != nil)  // its expanded height is kept
        run.setExpandedHeight(2, none)
        #expect(run.extras != nil && run.extras?.expansion == nil && run.marks.hidden == 0b1010)
        // Clearing a bit no row has makes no expansion.
        run.setExpanded(5, false)
        #expect(run.extras?.expansion == nil)
        run.marks = .none
        #expect(run.extras == nil && LookupTag.tag(run.lookup) == LookupTag.plainRows)
        // A box of marks alone is 40 bytes, a box with expansion 64. The
        // sizes are read from the classes' metadata, not from malloc, whose
        // block sizes vary with the allocator a process runs under.
        #if !canImport(ObjectiveC)
        #expect(instanceSize(of: type(of: try #require(shared.extras))) == 40)
        #expect(instanceSize(of: RowRunExpansion.self) == 64)
        #endif
    }

    /// Runs marked alike as a whole (each mark none or all: a default run,
    /// or a full chunk, selected or hidden) share one box, so selecting
    /// all allocates nothing per run; a run whose marks then differ row by
    /// row gets its own, and the others keep theirs as they were.
    @Test func runsMarkedAlikeShareABox() throws {
        var a = RowRun(defaultRows: 500), b = RowRun(heights: [UInt32](repeating: 40, count: 64)[...])
        var c = RowRun(heights: [UInt32](repeating: 40, count: 10)[...])
        a.apply(.selectShown)
        b.apply(.selectShown)
        c.apply(.selectShown)
        #expect(a.marks.selected == RowMarks.all && b.marks.selected == RowMarks.all && c.marks.selected == 0x3FF)
        let box = try #require(a.extras)
        #expect(b.extras === box)
        #expect(c.extras !== box)  // ten rows: its bits are not `all`
        RowMarks.set(&b.marks.selected, 3, false)
        #expect(b.extras !== box && b.marks.selected == RowMarks.all & ~8)
        #expect(a.marks.selected == RowMarks.all && box.marks == RowMarks(selected: RowMarks.all))
        // Selected again as a whole: the shared box, the own one dropped.
        b.marks.selected = RowMarks.all
        #expect(b.extras === box)
        a.marks = .none
        #expect(a.extras == nil && box.marks == RowMarks(selected: RowMarks.all))
        // A row that expands takes a box of its own with the same marks.
        b.setExpandedHeight(5, 90)
        #expect(b.extras !== box && b.extras?.expansion != nil && b.marks.selected == RowMarks.all)
        #expect(box.marks == RowMarks(selected: RowMarks.all))
    }

    /// Bytes an instance of `cls` takes: the runtime's class metadata
    /// holds it after kind, superclass, flags and address point (the
    /// layout without Objective-C interop).
    private func instanceSize(of cls: AnyClass) -> UInt32 {
        unsafeBitCast(cls, to: UnsafeRawPointer.self).load(fromByteOffset: 24, as: UInt32.self)
    }

    /// The point of keeping them out of line: a piece takes 32 bytes of
    /// its leaf's array (it took 88, then 64 with marks inline).
    @Test func aPieceTakes32Bytes() {
        #expect(MemoryLayout<RowRun>.size == 28)
        #expect(MemoryLayout<Piece>.stride == 32)
    }
}
