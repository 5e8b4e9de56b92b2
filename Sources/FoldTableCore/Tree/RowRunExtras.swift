/// What a run of rows (`RowRun`) keeps only while some row is marked
/// (selected, filtered) or can expand, is expanded, or had its expanded
/// height answered: out of line, so the runs of a table without such rows
/// (most of them) carry one nil reference instead of these bytes in each of
/// their leaf's slots. Shared between copies of a run until one changes it
/// (`RowRun` copies it first).
///
/// A box of marks alone is this class: 40 bytes, a 48-byte block of the
/// allocator, which is what a filter or a selection adds to each chunk it
/// marks row by row (runs marked alike share one, `shared`). Rows that
/// expand take a `RowRunExpansion` (an 80-byte block), which holds the
/// marks too.
class RowRunExtras {
    /// The rows' selection and filter marks.
    final var marks = RowMarks.none

    init(marks: RowMarks = .none) { self.marks = marks }

    /// One box for each marks whose every field is 0 or `RowMarks.all`
    /// (a default run, or a full chunk, marked alike), shared by every run
    /// so marked: selecting all or hiding a whole run allocates nothing
    /// per run. Never changed: a run copies it before changing its marks
    /// (`RowRun.uniqueExtras`; this array's reference keeps it shared).
    private static let alike: [RowRunExtras] = (0..<8).map { k in
        RowRunExtras(marks: RowMarks(selected: k & 1 != 0 ? RowMarks.all : 0, hidden: k & 2 != 0 ? RowMarks.all : 0,
                                     matched: k & 4 != 0 ? RowMarks.all : 0))
    }

    /// The shared box holding `m`, when every field of `m` is 0 or
    /// `RowMarks.all`; else nil. O(1).
    @inline(__always)
    static func shared(_ m: RowMarks) -> RowRunExtras? {
        func bit(_ f: UInt64) -> Int? { f == 0 ? 0 : f == RowMarks.all ? 1 : nil }
        guard let s = bit(m.selected), let h = bit(m.hidden), let t = bit(m.matched) else { return nil }
        return alike[s | h << 1 | t << 2]
    }

    /// A box holding `m` (not none): the shared one, or a new one. O(1).
    @inline(__always)
    static func holding(_ m: RowMarks) -> RowRunExtras { shared(m) ?? RowRunExtras(marks: m) }

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
