/// Everything about one section but its text, read in one call.
public struct SectionInfo: Equatable, Sendable {
    var id: SectionID
    /// The parent's id; 0 for a top-level section.
    public var parentID: SectionID
    /// Index among the parent's children.
    public var index: Int
    public var depth: Int
    /// Its stored state, whether it is fixed or has no header item, and
    /// whether it is collapsible now (`Table.flags(section:)`).
    public var flags: SectionFlags
    public var childCount: Int
    public var rowCount: Int
    /// Rows it shows: 0 while it hides its children.
    public var visibleRowCount: Int
    public var headerHeight: Double
    public var footerHeight: Double
    public var rowHeight: Double
}

/// Everything about one row, read in one call.
public struct RowInfo: Equatable, Sendable {
    public var height: Double
    /// nil when it has none.
    public var expandedHeight: Double?
    /// Index among the section's children (rows and subsections).
    public var childIndex: Int
    public var expanded: Bool
    public var expandable: Bool
}

extension Table {
    /// Everything about a section but its text.
    /// - Complexity: O(depth + log n)
    public func info(section ref: SectionRef) throws -> SectionInfo {
        let s = try section(ref)
        let parent = s.parent
        return SectionInfo(id: s.id, parentID: parent === root ? 0 : parent?.id ?? 0,
                           index: s.indexInParent, depth: s.depth, flags: flags(of: s),
                           childCount: s.childCount, rowCount: s.rowCount,
                           visibleRowCount: shownRowCount(s),
                           headerHeight: Units.points(s.shownHeaderUnits), footerHeight: s.footerHeight, rowHeight: s.rowHeight)
    }

    /// Everything about a row, from one descent to its run.
    /// - Complexity: O(depth · log n)
    public func rowInfo(section ref: SectionRef, row: Int) throws -> RowInfo {
        let s = try section(ref)
        try checkRowRange(row, 1, in: s)
        let (node, within, before) = try rowNode(row, in: s)
        let childIndex = before.children + within
        guard case .rows(let run) = node.piece else {
            return RowInfo(height: s.rowHeight, expandedHeight: nil, childIndex: childIndex,
                           expanded: false, expandable: false)
        }
        return RowInfo(height: Units.points(run.normalHeight(within, rowHeight: s.rowUnits)),
                       expandedHeight: RowRun.points(run.expandedHeight(within)),
                       childIndex: childIndex, expanded: run.isExpanded(within),
                       expandable: run.isExpandable(within, rowHeight: s.rowUnits))
    }

    /// Moves row `row` of a section (heights and expanded state with it) to
    /// be child `index` of `target`, counted without the moved row.
    /// - Complexity: O(depth · log n)
    public func moveRow(section ref: SectionRef, row: Int, to targetRef: SectionRef, atChild index: Int) throws {
        let s = try section(ref)
        try checkRowRange(row, 1, in: s)
        let from = try path(ref) + [childIndex(ofRow: row, in: s)]
        let to = try path(targetRef) + [index]
        try moveChild(from: from, to: to)
    }
}
