/// Which integer aggregate a descent counts by.
enum Metric {
    case children, rows, items, expandedRows, expandedDeep

    @inline(__always)
    func of(_ s: Summary) -> Int {
        switch self {
        case .children: return s.children
        case .rows: return s.rows
        case .items: return s.items
        case .expandedRows: return s.expandedRows
        case .expandedDeep: return s.expandedDeep
        }
    }
}
