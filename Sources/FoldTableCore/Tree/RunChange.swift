/// A row run edited in place whose counts changed as well as its heights:
/// rows put into it or taken out of it. Every summary on the path above
/// it moves by the run's difference (its summary after, less before): a
/// run holds no subsection, so that difference is all that changes at
/// each level (the nesting, a max, stays). The path is brought up to date
/// by adding it, level by level down the path the descent took, instead of
/// each node's summary being compared and each parent searched for its
/// child on the way up. What `ChildList.modifyRun` does when the run's
/// shape changed. (Each level's columns move by `RunningTotals.add`.)

extension ListNode {
    /// Whether `addDownward` can bring the path from `root` to `leaf` up
    /// to date: every level recorded, and no tag pending at the leaf (a
    /// settled descent settles the levels above it). O(1).
    static func canAddDownward(path: DescentPath, leaf: Unmanaged<ListNode>) -> Bool {
        path.isComplete && leaf._withUnsafeGuaranteedRef { $0.tag == .none }
    }

    /// Piece `slot` of `leaf`, found by a descent from `start` (a list's
    /// root and its record) that recorded its `path`, is a run whose
    /// summary moved by `d` and whose lookup is now `lookup`: each level
    /// takes `d` at the slot the descent went through, from the root down
    /// (`canAddDownward` must hold, and nothing moved since the descent).
    /// O(fanout · log n), retaining nothing.
    static func addDownward(start: ListStart, path: DescentPath, leaf: Unmanaged<ListNode>,
                            at slot: Int, _ d: Summary, lookup: Int) {
        var leafTotals: TotalsView?
        alongPath(start: start, path: path, leaf: leaf, at: slot) { node, view, i in
            node.add(at: i, d, view)
            leafTotals = view
        }
        leafTotals?.setLookup(slot, lookup)
    }

    /// `view`: this node's totals.
    @inline(__always)
    fileprivate func add(at slot: Int, _ d: Summary, _ view: TotalsView) {
        if !childSums.isEmpty { childSums[slot] += d }
        sum += d
        view.add(at: slot, d)
    }
}

extension TotalsView {
    /// Entry `slot` moved by `d` (a difference of summaries: a run whose
    /// rows changed): every total after it moves by `d`'s columns. The
    /// columns end exactly as `rebuild` would leave them (integer sums,
    /// moved by exact differences). O(entries - slot).
    @inline(__always)
    func add(at slot: Int, _ d: Summary) {
        guard slot >= 0, slot < count - 1 else { return }
        moveTotals(after: slot, by: d)
    }
}
