/// The first and last shown item that is (or is not) selected, found by the
/// summaries' counts of shown and selected rows and headers: what select
/// all, clear and a replacing selection redraw, one range between them,
/// instead of visiting every run they change.
extension Table {
    /// Records a redraw from the first to the last shown header or row
    /// whose selection is `selected`; nothing when none is. Inside `mutate`.
    /// O(depth · log n).
    func recordSelectionSpan(selected: Bool) {
        guard let first = selectionEdge(last: false, selected: selected),
              let last = selectionEdge(last: true, selected: selected) else { return }
        recordRedraw(first, count: last - first + 1)
    }

    /// The position of the first (or last) shown header or row whose
    /// selection is `selected`; nil when none is. Settles the tags on its
    /// way down. O(fanout · depth · log n).
    func selectionEdge(last: Bool, selected want: Bool) -> Int? {
        func count(_ s: Summary) -> Int {
            let chosen = s.selectedShownRows &+ s.selectedShownHeaders
            return want ? chosen : s.shownRows &+ s.shownHeaders &- chosen
        }
        guard count(root.list.sum) > 0 else { return nil }
        var sec = root
        var base = 0  // the position of the first item of `sec`'s children
        while var n = sec.list.root {
            var slot = 0
            while true {  // down the list to the piece holding the edge
                n.pushTag()
                var i = last ? n.count - 1 : 0
                while i >= 0, i < n.count, count(n.entrySum(i)) == 0 { i += last ? -1 : 1 }
                guard i >= 0, i < n.count else { return nil }
                for j in 0..<i { base += n.entrySum(j).items }
                if n.isLeaf { slot = i; break }
                n = n.children[i]
            }
            switch n.pieces[slot] {
            case .rows(let run):
                return base + run.edgeItem(last: last, selected: want)
            case .section(let sub):
                // Counted, so not hidden by a filter: its header, or what it shows.
                let header = sub.hasHeader && sub.selected == want
                let inner = sub.showsChildren && count(sub.list.sum) > 0
                if header && (!last || !inner) { return base }
                guard inner else { return nil }
                base += sub.headerItems
                sec = sub
            }
        }
        return nil
    }
}

extension RowRun {
    /// The item (among the shown rows) of the first or last shown row whose
    /// selection is `selected`; the run has one. O(1).
    func edgeItem(last: Bool, selected want: Bool) -> Int {
        guard isExplicit else { return last ? count - 1 : 0 }  // marked as a whole
        let shown = ~marks.hidden & RowMarks.bits(0, count)
        let rows = (want ? marks.selected : ~marks.selected) & shown
        let i = last ? 63 - rows.leadingZeroBitCount : rows.trailingZeroBitCount
        return (shown & ((1 << UInt64(i)) &- 1)).nonzeroBitCount
    }
}
