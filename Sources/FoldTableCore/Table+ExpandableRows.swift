/// A row named by its section's key and its row index.
public struct RowRef: Hashable, Sendable {
    public var section: String
    public var row: Int

    public init(section: String, row: Int) {
        self.section = section
        self.row = row
    }
}

extension Table {
    /// Gives a row an expanded height (nil: none). The row can expand only if
    /// the expanded height is larger than its normal height; an expanded row
    /// whose expanded height stops being larger collapses.
    /// - Complexity: O(depth · log n)
    public func setExpandedHeight(_ height: Double?, section ref: SectionRef, row: Int) throws {
        let s = try section(ref)
        try checkRowRange(row, 1, in: s)
        let value = try height.map { try storedHeight($0, "expanded height") } ?? RowRun.none
        let normal = try rowHeight(section: .key(s.key), row: row)
        try editRow(row, in: s, materialize: !value.isNaN) { run, i in
            run.setExpandedHeight(i, value)
            if run.isExpanded(i), value.isNaN || Double(value) <= normal { run.setExpanded(i, false) }
        }
    }

    /// A row's expanded height, nil if it has none.
    /// - Complexity: O(depth · log n)
    public func expandedHeight(section ref: SectionRef, row: Int) throws -> Double? {
        let s = try section(ref)
        try checkRowRange(row, 1, in: s)
        let (node, within, _) = try rowNode(row, in: s)
        guard case .rows(let run) = node.piece else { return nil }
        let e = run.record(within).expandedHeight
        return e.isNaN ? nil : Double(e)
    }

    /// Whether a row is expandable: its expanded height exceeds its normal height.
    /// - Complexity: O(depth · log n)
    public func isRowExpandable(section ref: SectionRef, row: Int) throws -> Bool {
        let s = try section(ref)
        try checkRowRange(row, 1, in: s)
        let (node, within, _) = try rowNode(row, in: s)
        guard case .rows(let run) = node.piece else { return false }
        return run.isExpandable(within, rowHeight: s.rowHeight)
    }

    /// Whether a row is expanded.
    /// - Complexity: O(depth · log n)
    public func isRowExpanded(section ref: SectionRef, row: Int) throws -> Bool {
        let s = try section(ref)
        try checkRowRange(row, 1, in: s)
        let (node, within, _) = try rowNode(row, in: s)
        guard case .rows(let run) = node.piece else { return false }
        return run.isExpanded(within)
    }

    /// Expands or collapses a row; returns whether it changed. Expanding a
    /// row that is not expandable changes nothing. Under an accordion
    /// policy, expanding a row first collapses the one(s) it replaces.
    /// - Complexity: O(depth · log n) (plus O(depth · log n) per row the
    ///   accordion collapses, at most one).
    @discardableResult
    public func setRowExpanded(_ expanded: Bool, section ref: SectionRef, row: Int) throws -> Bool {
        let s = try section(ref)
        try checkRowRange(row, 1, in: s)
        guard try isRowExpanded(section: .key(s.key), row: row) != expanded else { return false }
        if expanded {
            guard try isRowExpandable(section: .key(s.key), row: row) else { return false }
            switch accordion {
            case .multiple: break
            case .single: collapseExpandedRows(in: root, deep: true)
            case .singlePerSection: collapseExpandedRows(in: s, deep: false)
            }
        }
        try editRow(row, in: s, materialize: false) { run, i in run.setExpanded(i, expanded) }
        return true
    }

    /// Flips a row's expanded state ("selecting" it); returns whether it changed.
    /// - Complexity: O(depth · log n)
    @discardableResult
    public func toggleRow(section ref: SectionRef, row: Int) throws -> Bool {
        try setRowExpanded(!(try isRowExpanded(section: ref, row: row)), section: ref, row: row)
    }

    /// Every expanded row, in list order.
    /// - Complexity: O(k · depth · log n) for k expanded rows.
    public func expandedRows() -> [RowRef] {
        var out: [RowRef] = []
        func visit(_ s: Section, _ n: ListNode?, rowsBefore: Int) {
            guard let n, n.sum.expandedDeep > 0 else { return }
            visit(s, n.left, rowsBefore: rowsBefore)
            let base = rowsBefore + (n.left?.sum.rows ?? 0)
            switch n.piece {
            case .rows(let run):
                for i in 0..<run.count where run.isExpanded(i) { out.append(RowRef(section: s.key, row: base + i)) }
            case .section(let sub):
                visit(sub, sub.list.root, rowsBefore: 0)
            }
            visit(s, n.right, rowsBefore: base + n.piece.summary.rows)
        }
        visit(root, root.list.root, rowsBefore: 0)
        return out
    }

    /// After `s`'s default row height changed: collapses its expanded rows
    /// that are no longer expandable. O(k · log n) for k expanded rows.
    func dropUnexpandableRows(in s: Section) {
        var k = 0
        while let (node, within, _) = s.list.locate(.expandedRows, k), case .rows(var run) = node.piece {
            let before = run.expandedCount
            run.dropUnexpandable(rowHeight: s.rowHeight)
            // Skip the chunk's remaining expanded rows; they were all checked.
            k += run.expandedCount - within
            if run.expandedCount != before { s.list.modify(node) { $0 = .rows(run) } }
        }
    }

    /// Collapses the expanded rows of `s` (with `deep`, of its subsections too).
    func collapseExpandedRows(in s: Section, deep: Bool) {
        let metric: Metric = deep ? .expandedDeep : .expandedRows
        while let (node, within, _) = s.list.locate(metric, 0) {
            switch node.piece {
            case .rows(var run):
                guard let i = run.expandedRow(within) else { return }
                run.setExpanded(i, false)
                s.list.modify(node) { $0 = .rows(run) }
                s.propagate()
            case .section(let sub):
                collapseExpandedRows(in: sub, deep: true)
            }
        }
    }
}

/// What activating (clicking) an item did.
public enum Activation: Int32, Sendable {
    case none = 0
    case sectionCollapsed = 1
    case sectionExpanded = 2
    case rowExpanded = 3
    case rowCollapsed = 4
}

extension Table {
    /// What a click on the item at `position` does: a header toggles its
    /// section, a row toggles its expansion (if it can expand, or is
    /// expanded), a footer does nothing.
    /// - Complexity: O(depth · log n)
    @discardableResult
    public func activate(position: Int) throws -> Activation {
        var owner: Section?
        let placed = try locateItem(position) { sub, _, _, _ in owner = sub }
        guard let s = owner else { return .none }
        switch placed.item.kind {
        case .header:
            guard setCollapsed(!s.collapsed, s) else { return .none }
            return s.collapsed ? .sectionCollapsed : .sectionExpanded
        case .row:
            guard try toggleRow(section: .key(s.key), row: placed.item.row) else { return .none }
            return try isRowExpanded(section: .key(s.key), row: placed.item.row) ? .rowExpanded : .rowCollapsed
        case .footer:
            return .none
        }
    }
}
