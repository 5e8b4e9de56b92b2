/// What the filter's marks (`RowMarks.hidden`, `.matched`) do to a row run.
/// A hidden row shows no item and no height: inside a run, the item index
/// of a shown row differs from its row index (`row(ofItem:)`,
/// `item(ofRow:)`). A default run is hidden or shown as a whole.
extension RowRun {
    /// Whether row `i` is hidden by the filter.
    @inline(__always)
    func isHidden(_ i: Int) -> Bool {
        isExplicit ? marks.bit(marks.hidden, i) : marks.hidden != 0
    }

    /// Whether row `i` matches the filter itself.
    @inline(__always)
    func isMatched(_ i: Int) -> Bool {
        isExplicit ? marks.bit(marks.matched, i) : marks.matched != 0
    }

    /// The rows shown: the run's items.
    @inline(__always)
    var shownCount: Int {
        if marks.hidden == 0 { return count }
        return isExplicit ? count &- marks.hidden.nonzeroBitCount : 0
    }

    /// Rows that match the filter.
    var matchedCount: Int {
        isExplicit ? RowMarks.count(marks.matched) : (marks.matched != 0 ? count : 0)
    }

    /// Shown rows of the default height.
    @inline(__always)
    var shownDefaults: Int { !isExplicit && marks.hidden != 0 ? 0 : defaultCount }

    /// `summary` of a run with filter marks.
    var filteredSummary: Summary {
        let shown = shownCount
        var s = Summary(children: count, rows: count, items: shown, defaultRows: shownDefaults,
                        fixedHeight: fixedSum, expandedRows: expandedCount, expandedDeep: expandedCount,
                        rowsDeep: count)
        s.matchedDeep = matchedCount
        s.hiddenRows = count &- shown
        return s
    }

    /// The shown height of rows 0..<i (hidden rows count 0), in units.
    func shownPrefixHeight(_ i: Int, rowHeight: Int) -> Int {
        guard isExplicit else { return 0 }  // a hidden default run
        var sum = 0
        for k in 0..<i where !marks.bit(marks.hidden, k) { sum += height(k, rowHeight: rowHeight) }
        return sum
    }

    /// `firstRow(bottomBeyond:)` with hidden rows: the item index (among
    /// the shown rows) of the first shown row whose bottom is beyond `y`.
    func firstShownRow(bottomBeyond y: Int, inclusive: Bool, rowHeight: Int) -> Int? {
        guard isExplicit else { return nil }
        var bottom = 0
        var item = 0
        for i in 0..<count where !marks.bit(marks.hidden, i) {
            bottom += height(i, rowHeight: rowHeight)
            if inclusive ? bottom >= y : bottom > y { return item }
            item += 1
        }
        return nil
    }

    /// The row index of the run's `k`-th item (shown row). O(k) bit steps.
    @inline(__always)
    func row(ofItem k: Int) -> Int {
        guard marks.hidden != 0, isExplicit else { return k }
        var shown = ~marks.hidden
        for _ in 0..<k { shown &= shown &- 1 }
        return shown.trailingZeroBitCount
    }

    /// The items (shown rows) before row `i`.
    @inline(__always)
    func item(ofRow i: Int) -> Int {
        guard marks.hidden != 0 else { return i }
        guard isExplicit else { return 0 }
        let mask: UInt64 = i >= 64 ? .max : (1 << UInt64(i)) &- 1
        return (~marks.hidden & mask).nonzeroBitCount
    }

    /// The same rows as a default run when this chunk holds nothing of its
    /// own (default heights, no expanded state or heights, each mark alike
    /// for all its rows), so that chunks a filter made of a default run go
    /// back to one when the filter is cleared; nil otherwise. O(count).
    var asDefaultRun: RowRun? {
        guard let heights, expandedBits == 0, expandedHeights == nil, providedBits == 0,
              heights.allDefault else { return nil }
        let mask = RowMarks.bits(0, count)
        func alike(_ bits: UInt64) -> UInt64? {
            bits & mask == 0 ? 0 : bits & mask == mask ? RowMarks.all : nil
        }
        guard let selected = alike(marks.selected), let hidden = alike(marks.hidden),
              let matched = alike(marks.matched) else { return nil }
        return RowRun(defaultRows: count, marks: RowMarks(selected: selected, hidden: hidden, matched: matched))
    }

    /// Sets the filter's marks (bits of a chunk, or 0 / `RowMarks.all` for
    /// a default run) and recounts.
    mutating func setFilterMarks(hidden: UInt64, matched: UInt64) {
        marks.hidden = hidden
        marks.matched = matched
        recount()
    }
}
