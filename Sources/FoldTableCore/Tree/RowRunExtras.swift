/// What a run of rows (`RowRun`) keeps only while some row is marked
/// (selected, filtered) or can expand, is expanded, or had its expanded
/// height answered: out of line, so the runs of a table without such rows
/// (most of them) carry one nil reference instead of these bytes in each of
/// their leaf's slots. Shared between copies of a run until one changes it
/// (`RowRun` copies it first).
///
/// A box of marks alone is this class: 40 bytes, a 48-byte block of the
/// allocator, which is what a filter or a selection adds to each chunk it
/// marks. Rows that expand take a `RowRunExpansion` (an 80-byte block),
/// which holds the marks too.
class RowRunExtras {
    /// The rows' selection and filter marks.
    final var marks = RowMarks.none

    init(marks: RowMarks = .none) { self.marks = marks }

    /// This box as the expansion it is; nil for marks alone. (A cast to a
    /// final class: one comparison of the object's class, no call.)
    @inline(__always)
    final var expansion: RowRunExpansion? { self as? RowRunExpansion }

    /// Whether it holds nothing: the run drops it.
    @inline(__always)
    final var isEmpty: Bool { marks.isNone && (expansion?.expandsNothing ?? true) }

    /// A copy of the same kind.
    func copy() -> RowRunExtras { RowRunExtras(marks: marks) }

    /// A copy that can hold an expansion: the marks, and the expansion
    /// when this box has one.
    func expansionCopy() -> RowRunExpansion { RowRunExpansion(marks: marks) }
}

/// The extras of a run whose rows expand: their expanded heights and
/// states, and the marks.
final class RowRunExpansion: RowRunExtras {
    /// nil: no row of the chunk has an expanded height.
    var heights: [UInt32]?
    /// Bit i: row i is expanded.
    var expanded: UInt64 = 0
    /// Bit i: row i's expanded height is the provider's answer.
    var provided: UInt64 = 0

    /// Whether its expansion part is empty (its marks aside).
    @inline(__always)
    var expandsNothing: Bool { heights == nil && expanded == 0 && provided == 0 }

    override func copy() -> RowRunExtras { expansionCopy() }

    override func expansionCopy() -> RowRunExpansion {
        let c = RowRunExpansion(marks: marks)
        c.heights = heights
        c.expanded = expanded
        c.provided = provided
        return c
    }
}
