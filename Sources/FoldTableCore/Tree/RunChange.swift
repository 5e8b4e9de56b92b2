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

    /// Piece `slot` of `leaf`, found by a descent from `root` that recorded
    /// its `path`, is a run whose summary moved by `d` and whose lookup is
    /// now `lookup`: each level takes `d` at the slot the descent went
    /// through, from the root down (`canAddDownward` must hold, and nothing
    /// moved since the descent). O(fanout · log n), retaining nothing.
    static func addDownward(root: Unmanaged<ListNode>, path: DescentPath, leaf: Unmanaged<ListNode>,
                            at slot: Int, _ d: Summary, lookup: Int) {
        alongPath(root: root, path: path, leaf: leaf, at: slot) { $0.add(at: $1, d) }
        leaf._withUnsafeGuaranteedRef { $0.totals.view.setLookup(slot, lookup) }
    }

    @inline(__always)
    fileprivate func add(at slot: Int, _ d: Summary) {
        if !childSums.isEmpty { childSums[slot] += d }
        sum += d
        totals.add(at: slot, d)
    }
}
