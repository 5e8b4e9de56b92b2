/// A row of a section, or with row -1 the section itself (its header,
/// footer or placeholder), held by identity: the selection anchor and the
/// focus are held so. Structural changes shift `row` with inserts and
/// removals above it and drop the item with its row or section (the hooks
/// below, called inside the mutations that make them).
struct HeldItem {
    var section: Section
    var row: Int

    /// Before rows `rows` of `s` are removed: nil when it is one of them.
    func removingRows(_ s: Section, _ rows: Range<Int>) -> HeldItem? {
        guard section === s, row >= rows.lowerBound else { return self }
        return row < rows.upperBound ? nil : HeldItem(section: s, row: row - rows.count)
    }

    /// After `count` rows were inserted at row `first` of `s`.
    func insertingRows(_ s: Section, at first: Int, count: Int) -> HeldItem {
        guard section === s, row >= 0, row >= first else { return self }
        return HeldItem(section: s, row: row + count)
    }

    /// After row `from` of `source` moved to be row `to` of `target`: it
    /// follows the row, or shifts like any row's index.
    func movingRow(_ source: Section, _ from: Int, _ target: Section, _ to: Int) -> HeldItem {
        guard row >= 0, section === source || section === target else { return self }
        if section === source, row == from { return HeldItem(section: target, row: to) }
        var r = row
        if section === source, r > from { r -= 1 }
        if section === target, r >= to { r += 1 }
        return HeldItem(section: section, row: r)
    }

    /// Whether a structural change in `s` may concern it: O(1).
    func isRow(in s: Section) -> Bool { section === s && row >= 0 }
}

extension Table {
    // MARK: Hooks for structural changes (called inside their mutations)

    /// Applies `change` to every held item: the selection anchor and the
    /// focused item. O(1) plus what `change` costs.
    private func changeHeld(_ change: (HeldItem) -> HeldItem?) {
        if let a = selectionState.anchor { selectionState.anchor = change(a) }
        if let f = focusState.focused { focusState.focused = change(f.item).map { FocusedItem(item: $0, kind: f.kind) } }
    }

    /// Whether some held item is a row of `s`. O(1).
    private func holdsRow(in s: Section) -> Bool {
        selectionState.anchor?.isRow(in: s) == true || focusState.focused?.item.isRow(in: s) == true
    }

    /// Before rows `rows` of `s` are removed: a held item on one of them
    /// goes, one below them moves up. O(1).
    func heldWillRemoveRows(_ s: Section, _ rows: Range<Int>) {
        changeHeld { $0.removingRows(s, rows) }
    }

    /// Before children `range` of `s` are removed (rows and subsections;
    /// `heldForget` drops what is held in a subsection). O(1) unless a
    /// held item is a row of `s`, then O(log n).
    func heldWillRemoveChildren(_ s: Section, _ range: Range<Int>) {
        guard holdsRow(in: s) else { return }
        heldWillRemoveRows(s, rowIndex(ofChild: range.lowerBound, in: s)..<rowIndex(ofChild: range.upperBound, in: s))
    }

    /// After `count` rows were inserted as children `at...` of `s`: a held
    /// row at or below them moves down. O(1) unless a held item is a row
    /// of `s`, then O(log n).
    func heldDidInsertRows(_ s: Section, atChild at: Int, count: Int) {
        guard holdsRow(in: s) else { return }
        let first = rowIndex(ofChild: at, in: s)
        changeHeld { $0.insertingRows(s, at: first, count: count) }
    }

    /// After row `from` of `source` moved to be row `to` of `target`.
    func heldDidMoveRow(_ source: Section, _ from: Int, _ target: Section, _ to: Int) {
        changeHeld { $0.movingRow(source, from, target, to) }
    }

    /// When `s` leaves the table: what is held in it goes.
    func heldForget(_ s: Section) {
        changeHeld { $0.section === s ? nil : $0 }
    }

    /// The row index of child `c` of `s` (the rows before it); `rowCount`
    /// at the end. O(log n).
    func rowIndex(ofChild c: Int, in s: Section) -> Int {
        guard c < s.childCount, let (_, within, before) = s.list.locate(.children, c) else { return s.rowCount }
        return before.rows + within
    }
}
