/// The aggregates of everything before a child of a list: what a descent
/// adds up on its way down (positions, indices, offsets).
struct Prefix {
    var children = 0
    var rows = 0
    var items = 0
    var defaultRows = 0
    /// In units (`Units`).
    var fixedHeight = 0

    /// The total height in units when default rows are `rowHeight` units tall.
    @inline(__always)
    func height(_ rowHeight: Int) -> Int {
        fixedHeight &+ defaultRows &* rowHeight
    }

    @inline(__always)
    static func += (a: inout Prefix, b: Prefix) {
        // Sums are bounded by `Limits` (rows, sections, heights): below 2^53.
        a.children &+= b.children
        a.rows &+= b.rows
        a.items &+= b.items
        a.defaultRows &+= b.defaultRows
        a.fixedHeight &+= b.fixedHeight
    }
}
