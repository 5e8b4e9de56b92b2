extension Table {
    /// Collapses or expands sections in one walk of the sections of the
    /// table (or, with `below`, of that section and everything inside it),
    /// inside `mutate`. `flips`, when given, lists the
    /// sections to flip, their "will" events allowed, in the walk's order:
    /// post-order (a section's subsections before it, as `allCollapsible`
    /// lists them), or with `preOrder` a section before its subsections.
    /// Without, it flips every section `setAllCollapsed` would. Returns
    /// how many flipped. It records the same steps, in the same order, as
    /// flipping them one by one (`setCollapsedRecording`), but finds each
    /// header's position by counting on the way instead of climbing from
    /// the section, pushes the selection tags down as it goes instead of
    /// settling each path, and refreshes each summary once, after
    /// everything below it, instead of each section's path to the root.
    /// Subtrees of rows only are passed by their totals.
    /// - Complexity: O(s + nodes holding sections) for s sections walked,
    ///   plus O(depth · log n) to find and refresh what is above `below`.
    @discardableResult
    func flipInOnePass(_ collapsed: Bool, _ flips: [Section]?, below top: Section? = nil,
                       preOrder: Bool = false) -> Int {
        var next = 0  // the first of `flips` not yet reached
        var flipped = 0
        var position = 0  // items before the walk's place, as the steps so far left the list

        // Whether `s` flips. Nothing this reads changes while what is
        // inside `s` flips, before or after it.
        func picks(_ s: Section) -> Bool {
            guard let flips else {
                return s.collapsible && (collapsed ? s.showsChildren : s.collapsed && s.load != .unloaded)
            }
            guard next < flips.count, flips[next] === s else { return false }
            next += 1
            return true
        }

        // A section starting at `position`: it and what is inside flipped
        // in the walk's order, its list's summaries refreshed. `shown`:
        // every section above shows its children (as before the flips in
        // post-order, where a section flips after what is inside it; as
        // after them in pre-order). A section the filter hides shows no
        // item, nor does anything inside it. Leaves `position` after the
        // section.
        func visit(_ s: Section, shown: Bool) -> Summary {
            let start = position
            let seen = shown && !s.filterHidden
            func flipHere() {
                guard picks(s) else { return }
                if flipped == 0 { eventState.changes?.expandedOrCollapsed = true }
                flipped += 1
                flip(collapsed, s, header: seen && s.hasHeader ? start : nil)
            }
            if preOrder { flipHere() }
            if let root = s.list.root {
                position = start &+ s.headerItems
                walk(root, shown: seen && s.showsChildren)
            }
            if !preOrder { flipHere() }
            let sum = s.contribution
            position = start &+ sum.items
            return sum
        }

        // A node of a list: its sections visited, its summary refreshed.
        func walk(_ n: ListNode, shown: Bool) {
            guard n.sum.children > n.sum.rows else {
                position &+= n.sum.items
                return
            }
            n.pushTag()  // a pending "select the shown" means shown before the flips
            guard n.isLeaf else {
                for child in n.children { walk(child, shown: shown) }
                n.refreshFromChildren()
                return
            }
            // A leaf holding a section keeps its entries' summaries: each
            // section's is written once, after it flipped, and the leaf's
            // totals are rebuilt from them. The sections come from the
            // totals' lookups: copying a piece would retain it (and a run's
            // height storage, a cache miss).
            let keeps = n.childSums.count == n.pieces.count
            for i in 0..<n.pieces.count {
                guard let s = PieceRef(leaf: n, slot: i).section else {
                    position &+= n.entrySum(i).items
                    continue
                }
                let sum = visit(s, shown: shown)
                if keeps { n.childSums[i] = sum }
            }
            if keeps { n.recompute(sums: n.childSums) } else { n.recompute() }
        }

        if let top {
            // Where the section is, with the tags above it brought down.
            let start = sectionStart(top)
            top.settlePlace()
            position = start ?? 0
            _ = visit(top, shown: start != nil)
            top.propagate()
        } else if let list = root.list.root {
            walk(list, shown: true)
        }
        return flipped
    }
}
