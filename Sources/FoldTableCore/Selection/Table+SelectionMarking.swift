/// Selection internals (Table+Selection.swift has the operations): which
/// rows and sections a range of shown positions names, marking them with
/// `how`, the redraws of what changed, walking the selection in order, and
/// the bit operations on row marks.
extension Table {
    // MARK: Internals

    func checkPosition(_ position: Int) throws {
        guard position >= 0, position < itemCount else {
            throw FoldError.range("position", position, "the list has \(FoldError.counted(itemCount, "item", "items"))")
        }
    }

    /// Selecting in mode `.none` is refused; deselecting is not.
    func checkAllowed(_ how: SelectHow) throws {
        guard selectionState.mode != .none || how == .remove else {
            throw FoldError(.notAllowed, "the selection mode is none (FOLD_SELECTION_NONE): nothing can be selected")
        }
    }

    /// The section and row (-1: the section) the item at `position` selects.
    func selectable(at position: Int) throws -> (Section, Int) {
        var last: Section?
        let placed = try locateItem(position, measure: false) { sub, _, _, _ in last = sub }
        switch placed.item.kind {
        case .footer: throw FoldError(.notAllowed, "item \(position) is a footer: a footer cannot be selected")
        case .placeholder:
            throw FoldError(.notAllowed, "item \(position) is a loading placeholder: a placeholder cannot be selected")
        case .header, .row:
            guard let s = last else { throw FoldError(.internalError, "item \(position) has no section") }
            return (s, placed.item.kind == .row ? placed.item.row : -1)
        }
    }

    /// The first position from `p` on, going by `step`, whose item can be
    /// selected; nil when none in `range` can. O(k · depth · log n) for
    /// the k footers and placeholders passed.
    func selectablePosition(from p: Int, step: Int, within range: ClosedRange<Int>) -> Int? {
        var q = p
        while range.contains(q) {
            if (try? selectable(at: q)) != nil { return q }
            q += step
        }
        return nil
    }

    func isSelected(_ s: Section, row: Int) -> Bool {
        guard row >= 0 else {
            s.settlePlace()
            return s.selected
        }
        guard let (ref, within, _) = s.list.locateSettled(.rows, row) else { return false }
        guard case .rows(let run) = ref.piece else { return false }
        return run.marks.bit(run.marks.selected, within)
    }

    /// One row or section, by the mode's rules; it becomes the anchor.
    func selectOne(_ s: Section, row: Int, how: SelectHow) throws -> Bool {
        try checkAllowed(how)
        return try mutate {
            selectionState.anchor = HeldItem(section: s, row: row)
            return try applySingle(s, row: row, how: how)
        }
    }

    /// `how` applied to one row or section: in `.single` mode, adding or
    /// toggling an unselected one replaces the selection.
    func applySingle(_ s: Section, row: Int, how: SelectHow) throws -> Bool {
        var t = SelectionTargets()
        if row < 0 { t.sections.append(s) } else { t.rows.append((s, row..<(row + 1))) }
        var how = how
        if selectionState.mode == .single, how == .add || how == .toggle, !isSelected(s, row: row) { how = .replace }
        return try applySelection(how, t)
    }

    /// `how` over the selectable items of `range` (positions), or in
    /// `.single` mode over its last one.
    func applyPositions(_ range: Range<Int>, _ how: SelectHow) throws -> Bool {
        guard !range.isEmpty else { return false }
        if selectionState.mode == .single && how != .remove {
            guard let p = selectablePosition(from: range.upperBound - 1, step: -1,
                                             within: range.lowerBound...(range.upperBound - 1)) else { return false }
            let (s, row) = try selectable(at: p)
            return try applySingle(s, row: row, how: how)
        }
        return try applySelection(how, targets(range))
    }

    /// The position a range starts from: the anchor's item, or when it is
    /// not shown the header of its outermost collapsed ancestor, or (no
    /// header item, or hidden by a filter) the shown item before where it
    /// would be. nil without an anchor or items.
    func anchorPosition() -> Int? {
        guard let a = selectionState.anchor, itemCount > 0 else { return nil }
        let s = a.section, row = a.row
        // The outermost section that hides it: collapsed, and not opened by
        // a filter (an opened section shows its children).
        var hidden: Section?
        var c: Section? = row >= 0 ? s : s.parent
        while let x = c, x !== root {
            if !x.showsChildren { hidden = x }
            c = x.parent
        }
        if let h = hidden, let p = try? headerPosition(of: h) { return p }
        if row >= 0, let p = try? rowPosition(of: s, row: row) { return p }
        if row < 0, s.hasHeader, let p = try? headerPosition(of: s) { return p }
        // Not shown (no header item, or hidden by a filter): the item before where it would be.
        guard let at = wouldBePosition(s, row: row) else { return 0 }
        return min(max(0, at - 1), itemCount - 1)
    }

    /// Where row `row` of `s` (-1: its header) would be if it were shown:
    /// the position of the first shown item after it, found through the
    /// nearest enclosing section that shows its children. O(depth² · log n).
    func wouldBePosition(_ s: Section, row: Int) -> Int? {
        if row >= 0, let p = childPosition(s, childIndex(ofRow: row, in: s)) { return p }
        var x = s
        while let parent = x.parent {
            if let p = childPosition(parent, x.indexInParent) { return p }
            x = parent
        }
        return nil
    }

    /// The rows and sections the shown items `range` name (footers and
    /// placeholders skipped). O((s + c) · log n) for s sections and c row
    /// pieces in the range.
    func targets(_ range: Range<Int>) -> SelectionTargets {
        var t = SelectionTargets(shownOnly: true)
        collectTargets(root, range, &t)
        return t
    }

    /// Adds the targets among the items `range` of `sec`'s list (positions
    /// counted from its first child item).
    func collectTargets(_ sec: Section, _ range: Range<Int>, _ t: inout SelectionTargets) {
        guard let top = sec.list.root else { return }
        var base = 0, rowAt = 0
        var rows: Range<Int>?
        func walk(_ n: ListNode) -> Bool {
            let sum = n.sum
            if base + sum.items <= range.lowerBound {
                base += sum.items
                rowAt += sum.rows
                return true
            }
            guard base < range.upperBound else { return false }
            if !n.isLeaf {
                for child in n.children { guard walk(child) else { return false } }
                return true
            }
            for piece in n.pieces {
                let ps = Piece.summary(of: piece)
                guard base < range.upperBound else { return false }
                defer { base += ps.items; rowAt += ps.rows }
                if base + ps.items <= range.lowerBound { continue }
                switch piece {
                case .rows(let run):
                    // Items a..<b of the run: its shown rows (a filter may hide some).
                    let a = max(range.lowerBound - base, 0), b = min(range.upperBound - base, ps.items)
                    if a < b {
                        t.shownRows += b - a
                        let r = (rowAt + run.row(shown: a))..<(rowAt + run.row(shown: b - 1) + 1)
                        rows = rows.map { min($0.lowerBound, r.lowerBound)..<max($0.upperBound, r.upperBound) } ?? r
                    }
                case .section(let sub):
                    guard ps.items > 0 else { continue }  // hidden by a filter
                    if sub.hasHeader, range.contains(base) { t.sections.append(sub) }
                    let inner = base + sub.headerItems
                    guard sub.showsChildren, sub.placeholderItems == 0 else { continue }
                    let lo = max(range.lowerBound - inner, 0)
                    let hi = min(range.upperBound - inner, sub.list.sum.items)
                    if lo < hi { collectTargets(sub, lo..<hi, &t) }
                }
            }
            return true
        }
        _ = walk(top)
        if let rows { t.rows.append((sec, rows)) }
    }

    /// Applies `how` to `t`; `.replace` then deselects everything else.
    /// Records a redraw of each shown item whose state changed (with
    /// `.replace`, one range from the first to the last shown item it
    /// deselects). Returns whether anything changed. Inside `mutate`.
    /// O((s + c) · depth · log n) for what `t` names, whatever was selected.
    func applySelection(_ how: SelectHow, _ t: SelectionTargets) throws -> Bool {
        let op = MarkOp(how)
        var changed = false
        for s in t.sections where markSection(s, op) { changed = true }
        for (s, rows) in t.rows where markRows(s, rows, op, scope: t.shownOnly ? .shown : .all) { changed = true }
        guard how == .replace else { return changed }
        // The targets are selected now; whatever else is goes at once (a tag
        // on the root), and the targets are marked again, quietly. Rows a
        // filter hides between shown targets go too: they are not named.
        let sum = root.list.sum
        guard sum.selectedRows &+ sum.selectedSections > t.count else { return changed }
        recordSelectionSpan(selected: true)
        root.list.root?.receive(.clear)
        selectionState.quiet = true
        defer { selectionState.quiet = false }
        for s in t.sections { _ = markSection(s, .set) }
        for (s, rows) in t.rows { _ = markRows(s, rows, .set, scope: t.shownOnly ? .shown : .all) }
        eventState.changes?.selectionChanged = true
        return true
    }

    /// Applies `op` to a section's flag; redraws its header. O(depth · log n).
    func markSection(_ s: Section, _ op: MarkOp) -> Bool {
        s.settlePlace()
        let new = op.apply(s.selected)
        guard new != s.selected else { return false }
        s.selected = new
        s.propagate()
        eventState.changes?.selectionChanged = true
        if !selectionState.quiet { recordRedraw(visibleHeader(s)) }
        return true
    }

    /// Applies `op` to rows `rows` of `s`, redrawing the shown rows that
    /// changed. Rows in one explicit chunk change in place; otherwise the
    /// pieces holding them (and default runs next to them, to merge with)
    /// are rebuilt, a default run cut into at most three default runs, so
    /// a run of any length costs O(log n). O(log n + pieces) plus
    /// O(depth · log n) for the position.
    func markRows(_ s: Section, _ rows: Range<Int>, _ op: MarkOp, scope: RowScope = .all) -> Bool {
        guard !rows.isEmpty, let first = s.list.locateSettled(.rows, rows.lowerBound) else { return false }
        if case .rows(var run) = first.node.piece, run.isExplicit, first.within + rows.count <= run.count {
            let old = run.marks.selected
            run.marks.selected = op.apply(old, RowMarks.bits(first.within, rows.count) & scope.mask(run.marks))
            guard run.marks.selected != old else { return false }
            s.list.modify(first.node) { $0 = .rows(run) }
            s.propagate()
            eventState.changes?.selectionChanged = true
            recordMarkRedraws(old ^ run.marks.selected, hidden: run.marks.hidden, at: childPosition(s, first.before.children))
            return true
        }
        // Whole pieces from the one holding the first row to the one holding
        // the last, widened by a default run on either side.
        var lower = first.before.children
        var rowAt = first.before.rows
        if lower > 0, let (prev, _, before) = s.list.locate(.children, lower - 1),
           case .rows(let run) = prev.piece, !run.isExplicit {
            lower = before.children
            rowAt = before.rows
        }
        guard let last = s.list.locate(.rows, rows.upperBound - 1) else { return false }
        var upper = last.before.children + (last.node.piece.summary.children)
        if upper < s.childCount, let (next, _, before) = s.list.locate(.children, upper),
           case .rows(let run) = next.piece, !run.isExplicit {
            upper = before.children + run.count
        }
        let base = childPosition(s, lower)
        var anyChange = false
        var pieces: [Piece] = []
        var changed: [(offset: Int, bits: UInt64, hidden: UInt64, count: Int)] = []
        var offset = 0  // items before the piece, from `lower`
        func append(_ run: RowRun) {
            guard run.count > 0 else { return }
            if !run.isExplicit, case .rows(let prev)? = pieces.last, !prev.isExplicit, prev.marks == run.marks {
                pieces[pieces.count - 1] = .rows(RowRun(defaultRows: prev.count + run.count, marks: run.marks))
            } else {
                pieces.append(.rows(run))
            }
        }
        for piece in s.replaceChildren(lower..<upper, with: []) {
            guard case .rows(var run) = piece else {
                offset += piece.summary.items
                pieces.append(piece)
                continue
            }
            let a = min(max(rows.lowerBound - rowAt, 0), run.count)
            let b = max(min(rows.upperBound - rowAt, run.count), a)
            rowAt += run.count
            defer { offset += run.summary.items }
            guard a < b else { append(run); continue }
            if run.isExplicit {
                let old = run.marks.selected
                run.marks.selected = op.apply(old, RowMarks.bits(a, b - a) & scope.mask(run.marks))
                if run.marks.selected != old { changed.append((offset, old ^ run.marks.selected, run.marks.hidden, 0)) }
                append(run)
                continue
            }
            // A default run is shown or hidden as a whole.
            guard scope.mask(run.marks) != 0 else { append(run); continue }
            var marked = run.marks
            marked.selected = op.apply(run.marks.selected, RowMarks.all)
            if marked.selected != run.marks.selected, run.marks.hidden == 0 { changed.append((offset + a, 0, 0, b - a)) }
            if marked.selected != run.marks.selected { anyChange = true }
            append(RowRun(defaultRows: a, marks: run.marks))
            append(RowRun(defaultRows: b - a, marks: marked))
            append(RowRun(defaultRows: run.count - b, marks: run.marks))
        }
        s.replaceChildren(lower..<lower, with: pieces)
        s.propagate()
        if !changed.isEmpty { anyChange = true }
        if anyChange { eventState.changes?.selectionChanged = true }
        for c in changed where !selectionState.quiet {
            if c.count > 0 { recordRedraw(base.map { $0 + c.offset }, count: c.count) } else {
                recordMarkRedraws(c.bits, hidden: c.hidden, at: base.map { $0 + c.offset })
            }
        }
        return anyChange
    }

    /// Redraws the rows of a chunk whose bits are set in `bits`, the chunk's
    /// first shown row at `position` (nil: not shown), one range per group
    /// of shown rows (`hidden` rows show no item).
    func recordMarkRedraws(_ bits: UInt64, hidden: UInt64, at position: Int?) {
        guard let position, !selectionState.quiet else { return }
        RowMarks.forEachGroup(RowMarks.compact(bits & ~hidden, removing: hidden)) { start, length in
            recordRedraw(position + start, count: length)
        }
    }

    /// Calls `body` with each selected section (row -1, count 1) and run of
    /// selected rows (row, count) in `s` and below, in list order, visiting
    /// only subtrees whose summaries count a selection. O(p · log n) for p
    /// runs and sections (plus the pieces of the leaves visited), settling
    /// the selection tags on the way (`SelectionTag`).
    func forEachSelected(in s: Section, _ body: (Section, Int, Int) -> Void) {
        s.list.settleAbove()
        walkSelected(s, body)
    }

    private func walkSelected(_ s: Section, _ body: (Section, Int, Int) -> Void) {
        guard let top = s.list.root else { return }
        var rowAt = 0
        func walk(_ n: ListNode) {
            let sum = n.sum
            guard sum.selectedRows > 0 || sum.selectedSections > 0 else { rowAt += sum.rows; return }
            n.pushTag()
            if !n.isLeaf { n.children.forEach(walk); return }
            for piece in n.pieces {
                switch piece {
                case .rows(let run):
                    defer { rowAt += run.count }
                    guard run.marks.selected != 0 else { continue }
                    guard run.isExplicit else { body(s, rowAt, run.count); continue }
                    RowMarks.forEachGroup(run.marks.selected) { start, length in body(s, rowAt + start, length) }
                case .section(let sub):
                    if sub.selected { body(sub, -1, 1) }
                    let inner = sub.list.sum
                    if inner.selectedRows > 0 || inner.selectedSections > 0 { walkSelected(sub, body) }
                }
            }
        }
        walk(top)
    }
}

extension RowMarks {
    /// Bits start..<start+count of a chunk (count >= 1, start + count <= 64).
    @inline(__always)
    static func bits(_ start: Int, _ count: Int) -> UInt64 {
        (count >= 64 ? all : (1 << UInt64(count)) &- 1) << UInt64(start)
    }

    /// `bits` with the bits at the positions set in `removed` taken out and
    /// the higher ones moved down (items of a chunk whose `removed` rows
    /// show none). O(1) when nothing is removed.
    static func compact(_ bits: UInt64, removing removed: UInt64) -> UInt64 {
        guard removed != 0 else { return bits }
        var out: UInt64 = 0, k: UInt64 = 0
        for i in 0..<64 where removed & (1 << UInt64(i)) == 0 {
            if bits & (1 << UInt64(i)) != 0 { out |= 1 << k }
            k += 1
        }
        return out
    }

    /// Calls `body` with the start and length of each group of consecutive
    /// set bits of `bits`, lowest first.
    static func forEachGroup(_ bits: UInt64, _ body: (Int, Int) -> Void) {
        var b = bits
        while b != 0 {
            let start = b.trailingZeroBitCount
            let length = (~(b >> UInt64(start))).trailingZeroBitCount
            body(start, length)
            b &= start + length >= 64 ? 0 : ~0 << UInt64(start + length)
        }
    }
}

extension RowRun {
    /// The row (from the run's top) of its `k`-th shown row: rows a filter
    /// hides (`RowMarks.hidden`) show no item. O(1) without hidden rows,
    /// O(chunk size) with.
    func row(shown k: Int) -> Int {
        guard isExplicit, marks.hidden != 0 else { return k }
        var left = k
        for i in 0..<count where !marks.bit(marks.hidden, i) {
            if left == 0 { return i }
            left -= 1
        }
        return count - 1
    }
}
