/// Per-row marks of a row run: selection (Table+Selection.swift) and the
/// filter's answers (Table+Filter.swift). Bit i belongs to row i of an
/// explicit chunk. A default run (no stored heights, any length) has one
/// value for all its rows: each field is then 0 or `all`, so a run of a
/// million selected or hidden rows costs nothing per row.
struct RowMarks: Equatable {
    static let all = UInt64.max

    /// Bit i: row i is selected.
    var selected: UInt64 = 0
    /// Bit i: row i is hidden by the active filter (it shows no item).
    var hidden: UInt64 = 0
    /// Bit i: row i matches the active filter itself.
    var matched: UInt64 = 0

    static let none = RowMarks()

    var isNone: Bool { selected == 0 && hidden == 0 && matched == 0 }

    /// The bits set in `bits`. Most runs have no marks and no expanded
    /// rows: a zero is answered without the count, which the x86-64
    /// baseline we build for does in about 20 instructions (no POPCNT).
    @inline(__always)
    static func count(_ bits: UInt64) -> Int { bits == 0 ? 0 : bits.nonzeroBitCount }

    /// Row `i`'s marks as a record's flags.
    @inline(__always)
    func bit(_ field: UInt64, _ i: Int) -> Bool { field & (1 << UInt64(i & 63)) != 0 }

    /// The marks of `count` rows that are all alike: every field 0 or `all`
    /// for `uniform` (used when a default run becomes a chunk, or is cut).
    static func uniform(_ m: RowMarks, count: Int) -> RowMarks {
        let mask: UInt64 = count >= 64 ? all : (1 << UInt64(count)) &- 1
        return RowMarks(selected: m.selected & mask, hidden: m.hidden & mask, matched: m.matched & mask)
    }

    /// The marks with `k` unmarked rows inserted at `i` (explicit chunks).
    func inserting(at i: Int, count k: Int) -> RowMarks {
        RowMarks(selected: RowMarks.inserting(selected, at: i, count: k),
                 hidden: RowMarks.inserting(hidden, at: i, count: k),
                 matched: RowMarks.inserting(matched, at: i, count: k))
    }

    /// `bits` (bit i for row i of a chunk) with `k` clear bits inserted at
    /// `i`: the bits from `i` on move up by `k`.
    @inline(__always)
    static func inserting(_ bits: UInt64, at i: Int, count k: Int) -> UInt64 {
        let low = bits & ((1 << UInt64(i)) &- 1)
        let high = i < 64 ? bits >> UInt64(i) : 0
        return low | (k + i < 64 ? high << UInt64(i + k) : 0)
    }

    /// The marks with rows `range` removed (explicit chunks).
    func removing(_ range: Range<Int>) -> RowMarks {
        func removed(_ bits: UInt64) -> UInt64 {
            let low = bits & ((1 << UInt64(range.lowerBound)) &- 1)
            let high = range.upperBound < 64 ? bits >> UInt64(range.upperBound) : 0
            return low | (high << UInt64(range.lowerBound))
        }
        return RowMarks(selected: removed(selected), hidden: removed(hidden), matched: removed(matched))
    }

    /// Sets or clears row `i`'s bit of `field` (explicit chunks).
    @inline(__always)
    static func set(_ field: inout UInt64, _ i: Int, _ on: Bool) {
        if on { field |= 1 << UInt64(i) } else { field &= ~(1 << UInt64(i)) }
    }
}
