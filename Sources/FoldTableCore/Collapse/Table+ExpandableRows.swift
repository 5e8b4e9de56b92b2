/// A row named by its section's key and its row index. Made by the engine
/// only: the synthesized (internal) memberwise initializer is enough.
public struct RowRef: Hashable, Sendable {
    public var section: String
    public var row: Int
}

extension Table {
    /// Gives a row an expanded height (nil: none). The row can expand only if
    /// the expanded height is larger than its normal height; an expanded row
    /// whose expanded height stops being larger collapses.
    /// - Complexity: O(depth · log n)
    public func setExpandedHeight(_ height: Double?, section ref: SectionRef, row: Int) throws {
        try setRowValue(height, "expanded height", section: ref, row: row) { run, i, value in
            run.setExpandedHeight(i, value)
        }
    }

    /// A row's expanded height, nil if it has none.
    /// - Complexity: O(depth · log n)
    func expandedHeight(section ref: SectionRef, row: Int) throws -> Double? {
        let s = try section(ref)
        try checkRowRange(row, 1, in: s)
        let (node, within, _) = try rowNode(row, in: s)
        guard case .rows(let run) = node.piece else { return nil }
        return RowRun.points(run.expandedHeight(within))
    }

    /// Whether a row is expandable: its expanded height exceeds its normal height.
    /// - Complexity: O(depth · log n)
    func isRowExpandable(section ref: SectionRef, row: Int) throws -> Bool {
        let s = try section(ref)
        try checkRowRange(row, 1, in: s)
        let (node, within, _) = try rowNode(row, in: s)
        guard case .rows(let run) = node.piece else { return false }
        return run.isExpandable(within, rowHeight: s.rowUnits)
    }

    /// Whether a row is expanded.
    /// - Complexity: O(depth · log n)
    func isRowExpanded(section ref: SectionRef, row: Int) throws -> Bool {
        let s = try section(ref)
        try checkRowRange(row, 1, in: s)
        let (node, within, _) = try rowNode(row, in: s)
        guard case .rows(let run) = node.piece else { return false }
        return run.isExpanded(within)
    }

    /// Expands or collapses a row; returns whether it changed. Expanding a
    /// row whose expanded height is unknown asks the expanded-height
    /// provider first (`setExpandedHeightProvider`). Expanding a row that is
    /// not expandable changes nothing. Under an accordion
    /// policy, expanding a row first collapses the one(s) it replaces; "will"
    /// listeners may refuse any of these, and then nothing changes.
    /// - Complexity: O(depth · log n) (plus O(depth · log n) per row the
    ///   accordion collapses, normally one).
    @discardableResult
    public func setRowExpanded(_ expanded: Bool, section ref: SectionRef, row: Int) throws -> Bool {
        let s = try section(ref)
        try checkRowRange(row, 1, in: s)
        return try mutate(anchoring: rowAnchoring(expanding: expanded)) {
            if expanded { _ = try askExpandedHeight(s, row) }
            return try setRowExpandedRecording(expanded, s, row)
        }
    }

    func setRowExpandedRecording(_ expanded: Bool, _ s: Section, _ row: Int) throws -> Bool {
        guard try isExpanded(s, row) != expanded else { return false }
        var others: [(Section, Int)] = []
        if expanded {
            guard try isExpandable(s, row) else { return false }
            switch accordion {
            case .multiple: break
            case .single: others = expandedRows(in: root, deep: true)
            case .singlePerSection: others = expandedRows(in: s, deep: false)
            }
            for (o, r) in others { guard rowWill(o, r, .willCollapse) else { return false } }
        }
        guard rowWill(s, row, expanded ? .willExpand : .willCollapse) else { return false }
        // Every "will" was asked before any change; "did" events follow all the changes.
        for (o, r) in others { try flipRow(false, o, r) }
        try flipRow(expanded, s, row)
        for (o, r) in others { rowDid(o, r, .didCollapse) }
        rowDid(s, row, expanded ? .didExpand : .didCollapse)
        return true
    }

    /// Sets one row's expanded bit and records its redraw (a row that can
    /// expand, or is expanded, always reads differently after).
    private func flipRow(_ expanded: Bool, _ s: Section, _ row: Int) throws {
        try editRowRedrawing(row, in: s, materialize: false) { run, i in run.setExpanded(i, expanded) }
        eventState.changes?.expandedOrCollapsed = true
    }

    /// How expanding or collapsing one row anchors the viewport: from the
    /// row (`Anchoring.byEdit`), whose height is all that changes, unless
    /// it expands under an accordion, which collapses other rows too.
    private func rowAnchoring(expanding: Bool) -> Anchoring {
        accordion == .multiple || !expanding ? .byEdit : .general
    }

    private func isExpanded(_ s: Section, _ row: Int) throws -> Bool {
        let (node, within, _) = try rowNode(row, in: s)
        guard case .rows(let run) = node.piece else { return false }
        return run.isExpanded(within)
    }

    private func isExpandable(_ s: Section, _ row: Int) throws -> Bool {
        let (node, within, _) = try rowNode(row, in: s)
        guard case .rows(let run) = node.piece else { return false }
        return run.isExpandable(within, rowHeight: s.rowUnits)
    }

    /// Flips a row's expanded state ("selecting" it); returns whether it
    /// changed. An unknown expanded height is asked of the provider first.
    /// - Complexity: O(depth · log n)
    @discardableResult
    public func toggleRow(section ref: SectionRef, row: Int) throws -> Bool {
        let s = try section(ref)
        try checkRowRange(row, 1, in: s)
        // (Read before the mutation, which anchors by it, and used in it.)
        let expand = !(try isExpanded(s, row))
        return try mutate(anchoring: rowAnchoring(expanding: expand)) {
            if expand { _ = try askExpandedHeight(s, row) }
            return try setRowExpandedRecording(expand, s, row)
        }
    }

    /// Every expanded row, in list order.
    /// - Complexity: O(k · depth · log n) for k expanded rows.
    public func expandedRows() -> [RowRef] {
        expandedRows(in: root, deep: true).map { RowRef(section: $0.0.key, row: $0.1) }
    }

    /// After `s`'s default row height changed: collapses its expanded rows
    /// that are no longer expandable. O(k · log n) for k expanded rows.
    func dropUnexpandableRows(in s: Section) {
        var k = 0
        while let (node, within, _) = s.list.locateSettled(.expandedRows, k), case .rows(var run) = node.piece {
            let before = run.expandedCount
            run.dropUnexpandable(rowHeight: s.rowUnits)
            // Skip the chunk's remaining expanded rows; they were all checked.
            k += run.expandedCount - within
            if run.expandedCount != before { s.list.modify(node) { $0 = .rows(run) } }
        }
    }

    /// The expanded rows of `s` (with `deep`, of its subsections too).
    /// O(k · depth · log n) for k of them.
    func expandedRows(in s: Section, deep: Bool) -> [(Section, Int)] {
        var out: [(Section, Int)] = []
        func count(_ sum: Summary) -> Int { deep ? sum.expandedDeep : sum.expandedRows }
        func visit(_ s: Section, _ n: ListNode, rowsBefore: Int) {
            var rows = rowsBefore
            if !n.isLeaf {
                for (i, sum) in n.childSums.enumerated() {
                    if count(sum) > 0 { visit(s, n.children[i], rowsBefore: rows) }
                    rows += sum.rows
                }
                return
            }
            for piece in n.pieces {
                let sum = piece.summary
                defer { rows += sum.rows }
                guard count(sum) > 0 || (deep && sum.expandedDeep > 0) else { continue }
                switch piece {
                case .rows(let run):
                    // Only explicit chunks (at most 64 rows) can hold expanded rows.
                    for i in 0..<run.count where run.isExpanded(i) { out.append((s, rows + i)) }
                case .section(let sub):
                    if deep, let r = sub.list.root { visit(sub, r, rowsBefore: 0) }
                }
            }
        }
        if let r = s.list.root, count(r.sum) > 0 { visit(s, r, rowsBefore: 0) }
        return out
    }
}

/// What activating (clicking) an item did.
public enum Activation: Int32, Sendable {
    case none = 0
    case sectionCollapsed = 1
    case sectionExpanded = 2
    case rowExpanded = 3
    case rowCollapsed = 4
    /// A "will" listener refused the section or row change; nothing changed.
    case refused = 5
    /// A failed load's placeholder: loading again (a new ticket).
    case loadRetried = 6
}

extension Table {
    /// What a click on the item at `position` does: a header toggles its
    /// section (if it is collapsible), a row toggles its expansion (if it
    /// can expand, or is expanded; an unknown expanded height is asked of
    /// the provider first), a failed load's placeholder retries the load
    /// (`.loadRetried`), a footer or a loading placeholder does nothing (`.none`). `.refused` when
    /// a "will" listener refused the change.
    /// - Complexity: O(depth · log n)
    @discardableResult
    public func activate(position: Int) throws -> Activation {
        var owner: Section?
        let placed = try locateItem(position) { sub, _, _, _ in owner = sub }
        guard let s = owner else { return .none }
        // A row's state, read once: the mutation anchors by it.
        let expand = placed.item.kind == .row ? !(try isExpanded(s, placed.item.row)) : false
        return try mutate(anchoring: placed.item.kind == .row ? rowAnchoring(expanding: expand) : .general) {
            switch placed.item.kind {
            case .header:
                guard !s.fixed else { return .none }
                // Not fixed: the state always differs, so false is a refusal.
                guard setCollapsedRecording(s.showsChildren, s) else { return .refused }
                return s.showsChildren ? .sectionExpanded : .sectionCollapsed
            case .row:
                let row = placed.item.row
                if expand {
                    _ = try askExpandedHeight(s, row)
                    guard try isExpandable(s, row) else { return .none }
                }
                guard try setRowExpandedRecording(expand, s, row) else { return .refused }
                return expand ? .rowExpanded : .rowCollapsed
            case .footer:
                return .none
            case .placeholder:
                guard s.load == .failed else { return .none }
                retryLoad(s)
                return .loadRetried
            }
        }
    }
}
