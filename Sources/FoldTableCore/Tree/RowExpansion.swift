/// What a chunk of rows (`RowRun`) keeps only while some row can expand,
/// is expanded or had its expanded height answered: out of line, so the
/// runs of a table without expanding rows (most of them) carry one nil
/// reference instead of these 24 bytes in each of their leaf's slots.
/// Shared between copies of a run until one changes it (`RowRun`
/// copies it first).
final class RowExpansion {
    /// nil: no row of the chunk has an expanded height.
    var heights: [UInt32]?
    /// Bit i: row i is expanded.
    var expanded: UInt64 = 0
    /// Bit i: row i's expanded height is the provider's answer.
    var provided: UInt64 = 0

    init() {}

    func copy() -> RowExpansion {
        let c = RowExpansion()
        c.heights = heights
        c.expanded = expanded
        c.provided = provided
        return c
    }
}
