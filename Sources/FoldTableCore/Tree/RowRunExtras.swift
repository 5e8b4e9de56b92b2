/// What a run of rows (`RowRun`) keeps only while some row can expand, is
/// expanded, had its expanded height answered or is marked (selected,
/// filtered): out of line, so the runs of a table without such rows (most
/// of them) carry one nil reference instead of these 48 bytes in each of
/// their leaf's slots. Shared between copies of a run until one changes it
/// (`RowRun` copies it first).
final class RowRunExtras {
    /// nil: no row of the chunk has an expanded height.
    var heights: [UInt32]?
    /// Bit i: row i is expanded.
    var expanded: UInt64 = 0
    /// Bit i: row i's expanded height is the provider's answer.
    var provided: UInt64 = 0
    /// The rows' selection and filter marks.
    var marks = RowMarks.none

    init() {}

    /// Whether it holds nothing: the run drops it.
    @inline(__always)
    var isEmpty: Bool { heights == nil && expanded == 0 && provided == 0 && marks.isNone }

    func copy() -> RowRunExtras {
        let c = RowRunExtras()
        c.heights = heights
        c.expanded = expanded
        c.provided = provided
        c.marks = marks
        return c
    }
}
