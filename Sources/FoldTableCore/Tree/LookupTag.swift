/// What a leaf's `TotalsView.lookup` entry holds: an address (at least
/// 8-aligned) whose low two bits say what it is the address of, and whose
/// third bit, for plain rows, that they take two bytes each (`RowHeights`).
enum LookupTag {
    static let mask = 3
    /// With `plainRows`: the heights are two bytes each (else four).
    static let narrow = 4
    /// Nothing recorded (the entry after the last): ask the piece.
    static let none = 0
    /// A row run without expanded heights: the address of its heights, or
    /// 0 for a run of default rows (see `PlainRows`).
    static let plainRows = 1
    /// A row run with expanded heights: ask the piece.
    static let askPiece = 2
    /// A subsection: its address.
    static let section = 3

    @inline(__always) static func tag(_ entry: Int) -> Int { entry & mask }
    @inline(__always) static func address(_ entry: Int) -> Int { entry & ~(mask | narrow) }
    @inline(__always) static func isNarrow(_ entry: Int) -> Bool { entry & narrow != 0 }

    /// `address` tagged `tag` (and `narrow`); `fallback` if the address is
    /// not 8-aligned (none is expected).
    @inline(__always)
    static func entry(_ address: Int, _ tag: Int, narrow isNarrow: Bool = false, else fallback: Int) -> Int {
        address & (mask | narrow) == 0 ? address | tag | (isNarrow ? narrow : 0) : fallback
    }
}
