/// The steps of a filter change, recorded while `Table.refilter` walks the
/// table in order: GTK's sequential steps, one per contiguous run of items
/// that became hidden or shown, and redraws of the items that stay but show
/// something else (a MATCH flag, a header's count or opened state).
///
/// `at` is the walk's position in the list as changed so far: items before
/// it are the new ones, items from it on the old ones, so a step recorded
/// at `at` is in the coordinates GTK's `items-changed` needs. Rows and
/// sections the walk passes unchanged cost one `keep` per run, not per row.
struct FilterSteps {
    private(set) var steps: [FlatChange] = []
    /// In final positions: every later step lies after them.
    private(set) var redraws: [Range<Int>] = []
    private(set) var at = 0
    /// Off while the walk is inside something the old list did not show
    /// (a hidden or collapsed section): nothing there is recorded, the
    /// section is recorded as a whole.
    var on: Bool

    init(on: Bool) { self.on = on }

    /// `n` items shown before and after. O(1).
    mutating func keep(_ n: Int) {
        if on { at += n }
    }

    /// `removed` old items became `added` new ones at the walk's point; a
    /// step that follows the last one directly is merged into it. O(1).
    mutating func replace(removed: Int, added: Int) {
        guard on, removed > 0 || added > 0 else { return }
        if let last = steps.last, last.position + last.added == at {
            steps[steps.count - 1].removed += removed
            steps[steps.count - 1].added += added
        } else {
            steps.append(FlatChange(position: at, removed: removed, added: added))
        }
        at += added
    }

    /// Items `position..<position+count` (before the walk's point, new) are
    /// redrawn. O(1).
    mutating func redraw(_ position: Int, count: Int = 1) {
        guard on, count > 0 else { return }
        redraws.append(position..<(position + count))
    }

    /// Where to come back to when a section turns out to be shown another
    /// way than the walk assumed (`rewind`).
    struct Mark {
        fileprivate var steps: Int
        fileprivate var last: FlatChange?
        fileprivate var redraws: Int
        fileprivate var at: Int
    }

    var mark: Mark { Mark(steps: steps.count, last: steps.last, redraws: redraws.count, at: at) }

    /// Forgets what was recorded since `m` (the last step as it was then:
    /// later steps may have been merged into it). O(steps forgotten).
    mutating func rewind(to m: Mark) {
        steps.removeSubrange(m.steps...)
        if let last = m.last { steps[m.steps - 1] = last }
        redraws.removeSubrange(m.redraws...)
        at = m.at
    }

    /// Records the rows of a window of at most 64 rows: bit i of the masks
    /// is row i, `n` rows; hidden before and after, matched before and after.
    /// O(1 + runs of changed rows). Not inlined: `Table.mark` stays small
    /// enough for its per-row answer closure to be inlined into it.
    @inline(never)
    mutating func rows(_ n: Int, oldHidden: UInt64, newHidden: UInt64,
                       oldMatched: UInt64, newMatched: UInt64) {
        guard on else { return }
        let mask = RowMarks.bits(0, n)
        let oldShown = ~oldHidden & mask, newShown = ~newHidden & mask
        let kept = oldShown & newShown
        let recolored = kept & (oldMatched ^ newMatched)
        if oldShown == newShown {
            // Nothing hidden or shown: redraws only.
            if recolored != 0 { redrawBits(recolored, from: 0, kept: kept) }
            keep(kept.nonzeroBitCount)
            return
        }
        var i = 0
        while i < n {
            // Rows i..<k leave or arrive (or stay hidden); rows k..<j stay shown.
            let k = min(n, (kept >> UInt64(i)).trailingZeroBitCount + i)
            if k > i {
                let span = RowMarks.bits(i, k - i)
                replace(removed: (oldShown & ~newShown & span).nonzeroBitCount,
                        added: (newShown & ~oldShown & span).nonzeroBitCount)
            }
            guard k < n else { break }
            let j = min(n, (~kept >> UInt64(k)).trailingZeroBitCount + k)
            let span = RowMarks.bits(k, j - k)
            if recolored & span != 0 { redrawBits(recolored & span, from: k, kept: kept) }
            keep(j - k)
            i = j
        }
    }

    /// Records `n` rows alike (a default run kept whole): shown before and
    /// after, matched before and after. O(1).
    @inline(never)
    mutating func rows(_ n: Int, wasShown: Bool, isShown: Bool, wasMatched: Bool, isMatched: Bool) {
        guard on else { return }
        switch (wasShown, isShown) {
        case (true, true):
            if wasMatched != isMatched { redraw(at, count: n) }
            keep(n)
        case (true, false): replace(removed: n, added: 0)
        case (false, true): replace(removed: 0, added: n)
        case (false, false): break
        }
    }

    /// Redraws the runs of `bits` (rows that stay shown, from row `from`
    /// on, whose item is at `at`): row r's item follows the kept rows
    /// between `from` and r.
    private mutating func redrawBits(_ bits: UInt64, from: Int, kept: UInt64) {
        var b = bits
        while b != 0 {
            let first = b.trailingZeroBitCount
            let len = (~(b >> UInt64(first))).trailingZeroBitCount
            redraw(at + (kept & RowMarks.bits(from, first - from)).nonzeroBitCount, count: len)
            b &= ~RowMarks.bits(first, len)
        }
    }
}
