extension Table {
    /// In a heights array: this row uses its section's default row height.
    public static let defaultHeight: Double = -1

    /// Inserts `count` rows before row `row` of a section. `heights` is nil
    /// (default heights, no memory) or `count` heights (`Table.defaultHeight`
    /// allowed), all checked before anything changes.
    /// - Complexity: O(log n), plus O(count) when heights are given.
    public func insertRows(section index: Int, at row: Int, count: Int,
                           heights: UnsafeBufferPointer<Double>? = nil) throws {
        let s = try section(at: index)
        guard row >= 0, row <= s.rowCount else {
            throw FoldError.range("row index", row, "0...\(s.rowCount)")
        }
        try checkNewRows(count)
        let values = try heights.map { try storedHeights($0, expected: count) }
        guard count > 0 else { return }
        let at = childIndex(ofRow: row, in: s)
        if !insertInPlace(into: s, at: at, count: count, values: values) {
            let pieces: [Piece] = values.map { RowRun.chunks($0).map(Piece.rows) }
                ?? [.rows(RowRun(defaultRows: count))]
            relink(s.list.replace(at..<at, with: pieces).added, in: s)
        }
        totalRows += count
        s.propagate()
    }

    /// Convenience for Swift callers: inserts one row per height.
    public func insertRows(section index: Int, at row: Int, heights: [Double]) throws {
        try heights.withUnsafeBufferPointer {
            try insertRows(section: index, at: row, count: $0.count, heights: $0)
        }
    }

    /// Removes rows `row..<row+count` of a section.
    /// - Complexity: O(log n), plus freeing their memory.
    public func removeRows(section index: Int, at row: Int, count: Int) throws {
        let s = try section(at: index)
        try checkRowRange(row, count, in: s)
        guard count > 0 else { return }
        let first = try rowNode(row, in: s)
        if case .rows(var run) = first.node.piece, first.within + count <= run.count,
           count < run.count {
            run.remove(first.within..<(first.within + count))
            s.list.modify(first.node) { $0 = .rows(run) }
        } else {
            let lower = first.before.children + first.within
            let upper = childIndex(ofRow: row + count - 1, in: s) + 1
            let removed = s.list.replace(lower..<upper, with: []).removed
            // Subsections between the rows stay where they were.
            let kept = ChildList.pieces(of: removed).filter {
                if case .section = $0 { return true } else { return false }
            }
            if !kept.isEmpty { relink(s.list.replace(lower..<lower, with: kept).added, in: s) }
        }
        totalRows -= count
        s.propagate()
    }

    /// Sets one row's height; nil returns it to the section's default.
    /// - Complexity: O(log n)
    public func setRowHeight(section index: Int, row: Int, height: Double?) throws {
        let s = try section(at: index)
        try checkRowRange(row, 1, in: s)
        let value: Float? = try height.map { try storedHeight($0) } ?? nil
        let (node, within, before) = try rowNode(row, in: s)
        guard case .rows(var run) = node.piece else { return }
        if run.isExplicit {
            run.setHeight(within, value)
            s.list.modify(node) { $0 = .rows(run) }
        } else if let value {
            // Give the row a chunk of its own run's neighbours, aligned so
            // later edits nearby land in the same chunk.
            let start = within - within % RowRun.chunkSize
            let end = min(run.count, start + RowRun.chunkSize)
            var chunk = [Float](repeating: RowRun.defaultMark, count: end - start)
            chunk[within - start] = value
            var pieces: [Piece] = []
            if start > 0 { pieces.append(.rows(RowRun(defaultRows: start))) }
            pieces.append(.rows(RowRun(heights: chunk)))
            if end < run.count { pieces.append(.rows(RowRun(defaultRows: run.count - end))) }
            let lower = before.children
            s.list.replace(lower..<(lower + run.count), with: pieces)
        }
        s.propagate()
    }

    /// Sets the heights of rows `row..<row+count` from `heights`
    /// (`Table.defaultHeight` allowed), all checked before anything changes.
    /// - Complexity: O(log n + count)
    public func setRowHeights(section index: Int, row: Int,
                              heights: UnsafeBufferPointer<Double>) throws {
        let s = try section(at: index)
        let count = heights.count
        try checkRowRange(row, count, in: s)
        let values = try storedHeights(heights, expected: count)
        guard count > 0 else { return }
        let first = try rowNode(row, in: s)
        if case .rows(var run) = first.node.piece, run.isExplicit, first.within + count <= run.count {
            run.setHeights(first.within, values)
            s.list.modify(first.node) { $0 = .rows(run) }
        } else {
            let lower = first.before.children + first.within
            let upper = childIndex(ofRow: row + count - 1, in: s) + 1
            let old = ChildList.pieces(of: s.list.replace(lower..<upper, with: []).removed)
            // Rebuild the span: new heights for its rows, subsections kept in place.
            var pieces: [Piece] = []
            var pending: [Float] = []
            var next = 0
            for piece in old {
                switch piece {
                case .rows(let r):
                    pending.append(contentsOf: values[next..<(next + r.count)])
                    next += r.count
                case .section:
                    pieces += RowRun.chunks(pending).map(Piece.rows)
                    pending.removeAll()
                    pieces.append(piece)
                }
            }
            pieces += RowRun.chunks(pending).map(Piece.rows)
            relink(s.list.replace(lower..<lower, with: pieces).added, in: s)
        }
        s.propagate()
    }

    /// Convenience for Swift callers.
    public func setRowHeights(section index: Int, row: Int, heights: [Double]) throws {
        try heights.withUnsafeBufferPointer { try setRowHeights(section: index, row: row, heights: $0) }
    }

    /// A row's height: its own, or its section's default.
    /// - Complexity: O(log n)
    public func rowHeight(section index: Int, row: Int) throws -> Double {
        let s = try section(at: index)
        try checkRowRange(row, 1, in: s)
        let (node, within, _) = try rowNode(row, in: s)
        guard case .rows(let run) = node.piece else { return s.rowHeight }
        return run.height(within, rowHeight: s.rowHeight)
    }

    /// The real number of rows of a section, collapsed or not.
    /// - Complexity: O(log n)
    public func rowCount(section index: Int) throws -> Int {
        try section(at: index).rowCount
    }

    /// The rows a section shows: 0 while collapsed.
    /// - Complexity: O(log n)
    public func visibleRowCount(section index: Int) throws -> Int {
        let s = try section(at: index)
        return s.collapsed ? 0 : s.rowCount
    }

    // MARK: Internals

    func checkRowRange(_ row: Int, _ count: Int, in s: Section) throws {
        guard count >= 0 else { throw FoldError.range("row count", count, "must be >= 0") }
        guard row >= 0, row <= s.rowCount - count else {
            throw FoldError(.outOfRange,
                            "rows \(row)..<\(row) + \(count) are out of range (section has \(s.rowCount) rows)")
        }
    }

    func storedHeight(_ h: Double) throws -> Float? {
        if h == Table.defaultHeight { return nil }
        try Limits.check(height: h, "row height")
        return Float(h)
    }

    func storedHeights(_ buffer: UnsafeBufferPointer<Double>, expected: Int) throws -> [Float] {
        guard buffer.count == expected else {
            throw FoldError(.invalidArgument, "expected \(expected) heights, got \(buffer.count)")
        }
        var out: [Float] = []
        out.reserveCapacity(buffer.count)
        for (i, h) in buffer.enumerated() {
            if h == Table.defaultHeight { out.append(RowRun.defaultMark); continue }
            guard h.isFinite, h >= 0, h <= Limits.maxHeight else {
                throw FoldError(.invalidArgument, "height \(h) at index \(i) is not a height (finite, 0...\(Int(Limits.maxHeight)), or -1 for the default)")
            }
            out.append(Float(h))
        }
        return out
    }

    /// The node holding row `row` of `s`.
    func rowNode(_ row: Int, in s: Section) throws -> (node: ListNode, within: Int, before: Summary) {
        guard let hit = s.list.locate(.rows, row) else {
            throw FoldError.range("row index", row, "0..<\(s.rowCount)")
        }
        return hit
    }

    /// The child index at which row `row` stands (the end for `row == rowCount`).
    func childIndex(ofRow row: Int, in s: Section) -> Int {
        guard let (_, within, before) = s.list.locate(.rows, row) else { return s.childCount }
        return before.children + within
    }

    /// Adds rows to a run next to child index `at` when one can take them, so
    /// appending row by row does not make a node per row.
    func insertInPlace(into s: Section, at: Int, count: Int, values: [Float]?) -> Bool {
        func fits(_ run: RowRun) -> Bool {
            run.isExplicit ? run.count + count <= RowRun.chunkSize : values == nil
        }
        func put(_ node: ListNode, _ offset: Int) -> Bool {
            guard case .rows(var run) = node.piece, fits(run) else { return false }
            if let values, run.isExplicit {
                run.insert(at: offset, heights: values)
            } else {
                run.insert(at: offset, defaultRows: count)
            }
            s.list.modify(node) { $0 = .rows(run) }
            return true
        }
        if at < s.childCount, let (node, within, _) = s.list.locate(.children, at) {
            if within > 0 { return put(node, within) }
            if at > 0, let (prev, pw, _) = s.list.locate(.children, at - 1), put(prev, pw + 1) { return true }
            return put(node, 0)
        }
        if at > 0, let (prev, pw, _) = s.list.locate(.children, at - 1) { return put(prev, pw + 1) }
        return false
    }

    /// Points sections that `replace` re-created nodes for at their new nodes.
    func relink(_ nodes: [ListNode], in s: Section) {
        for node in nodes {
            if case .section(let sub) = node.piece {
                sub.node = node
                sub.parent = s
            }
        }
    }
}
