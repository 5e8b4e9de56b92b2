/// What a leaf's `TotalsView.lookup` entry holds: an address (at least
/// 16-aligned) whose low two bits say what it is the address of, and whose
/// next two, for plain rows, how many bytes a row takes (`RowHeights`).
enum LookupTag {
    static let mask = 3
    /// With `plainRows`: the heights are two bytes each.
    static let narrow = 4
    /// With `plainRows`: the heights are one byte each, whole points.
    static let points = 8
    /// Nothing recorded (the entry after the last): ask the piece.
    static let none = 0
    /// A row run without expanded heights: the address of its heights'
    /// chunk (`HeightChunk`; its rows start `rowsOffset` bytes in), or 0
    /// for a run of default rows (see `PlainRows`).
    static let plainRows = 1
    /// A row run with expanded heights: ask the piece.
    static let askPiece = 2
    /// A subsection: its address.
    static let section = 3

    @inline(__always) static func tag(_ entry: Int) -> Int { entry & mask }
    @inline(__always) static func address(_ entry: Int) -> Int { entry & ~(mask | narrow | points) }
    /// Bytes a row of plain rows: 4, 2 (`narrow`) or 1 (`points`).
    @inline(__always) static func width(_ entry: Int) -> Int { 4 &>> ((entry &>> 2) & 3) }

    /// `address` tagged `tag` and, for plain rows, their `width` in bytes a
    /// row; `fallback` if the address is not 16-aligned (none is expected).
    @inline(__always)
    static func entry(_ address: Int, _ tag: Int, width: Int = 4, else fallback: Int) -> Int {
        let flags = width == 2 ? narrow : width == 1 ? points : 0
        return address & (mask | narrow | points) == 0 ? address | tag | flags : fallback
    }
}
