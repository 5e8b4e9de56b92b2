/// Which integer aggregate a descent counts by.
enum Metric {
    case children, rows, items, expandedRows, expandedDeep
    /// Subsections among the children (children that are not rows): no
    /// column of its own, so a descent adds up entries (navigation passing
    /// a section's rows in one step, Table+Navigation.swift).
    case sections

    @inline(__always)
    func of(_ s: Summary) -> Int {
        switch self {
        case .children: return s.children
        case .rows: return s.rows
        case .items: return s.items
        case .expandedRows: return s.expandedRows
        case .expandedDeep: return s.expandedDeep
        case .sections: return s.children &- s.rows
        }
    }
}
