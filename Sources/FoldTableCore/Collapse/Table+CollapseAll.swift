extension Table {
    /// Collapses or expands sections of the table in one walk of its
    /// sections, inside `mutate`, with no filter set: `flips`, when given,
    /// in post-order (a section's subsections before it, as
    /// `allCollapsible` lists them) with their "will" events allowed;
    /// without, every section `setAllCollapsed` would flip. Returns how
    /// many flipped. It records the same steps, in the same order, as
    /// flipping them one by one (`setCollapsedRecording`), but finds each
    /// header's position by counting on the way instead of climbing from
    /// the section, pushes the selection tags down as it goes instead of
    /// settling each path, and refreshes each summary once, after
    /// everything below it, instead of each section's path to the root.
    /// Subtrees of rows only are passed by their totals.
    /// - Complexity: O(s + nodes holding sections), for s sections.
    @discardableResult
    func flipInOnePass(_ collapsed: Bool, _ flips: [Section]?) -> Int {
        var next = 0  // the first of `flips` not yet reached
        var flipped = 0
        var position = 0  // items before the walk's place, as the steps so far left the list

        // Whether `s` flips; it is reached after its subsections flipped,
        // which changes none of what this reads.
        func picks(_ s: Section) -> Bool {
            guard let flips else {
                return s.collapsible && (collapsed ? s.showsChildren : s.collapsed && s.load != .unloaded)
            }
            guard next < flips.count, flips[next] === s else { return false }
            next += 1
            return true
        }

        // A list's node: its sections flipped, its summary refreshed.
        // `shown`: every section above shows its children (as before the
        // flips, since a section flips after what is inside it).
        func walk(_ n: ListNode, shown: Bool) {
            guard n.sum.children > n.sum.rows else {
                position &+= n.sum.items
                return
            }
            n.pushTag()  // a pending "select the shown" means shown before the flips
            if n.isLeaf {
                for i in 0..<n.pieces.count {
                    guard case .section(let s) = n.pieces[i] else {
                        position &+= n.entrySum(i).items
                        continue
                    }
                    let start = position
                    if let root = s.list.root {
                        position = start &+ s.headerItems
                        walk(root, shown: shown && s.showsChildren)
                    }
                    if picks(s) {
                        if flipped == 0 { eventState.changes?.expandedOrCollapsed = true }
                        flipped += 1
                        flip(collapsed, s, header: shown && s.hasHeader ? start : nil)
                    }
                    position = start &+ s.contribution.items
                }
                n.recompute()
            } else {
                for child in n.children { walk(child, shown: shown) }
                n.refreshFromChildren()
            }
        }
        if let top = root.list.root { walk(top, shown: true) }
        return flipped
    }
}
