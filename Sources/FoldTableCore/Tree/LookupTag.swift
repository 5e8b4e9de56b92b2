/// What a leaf's `TotalsView.lookup` entry holds: an address (at least
/// 4-aligned) whose low two bits say what it is the address of.
enum LookupTag {
    static let mask = 3
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
    @inline(__always) static func address(_ entry: Int) -> Int { entry & ~mask }

    /// `address` tagged `tag`; `fallback` if the address is not 4-aligned
    /// (none is expected).
    @inline(__always)
    static func entry(_ address: Int, _ tag: Int, else fallback: Int) -> Int {
        address & mask == 0 ? address | tag : fallback
    }
}
