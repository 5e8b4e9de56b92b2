extension ChildList {
    /// What is wrong with the list's structure: summaries, running totals,
    /// parent and child pointers, fill, and the leaf and parent each
    /// subsection points at. Empty when all is well. Adds the nodes visited
    /// to `nodes`. For tests and `Table._invariantCheck`. O(pieces).
    func invariantViolations(_ name: String, nodes: inout Int) -> [String] {
        var out: [String] = []
        func visit(_ n: ListNode, parent: ListNode?, depth: Int) -> Int {
            nodes += 1
            // Written only when something is wrong: the check runs often.
            var here: String { "\(name) node at depth \(depth)" }
            if n.parent !== parent { out.append("\(here): wrong parent pointer") }
            if n.count == 0 { out.append("\(here): empty") }
            if n.count > ChildList.maxFill { out.append("\(here): \(n.count) entries > \(ChildList.maxFill)") }
            // Below the root every node keeps `minFill` entries: what bounds
            // the depth (and a recorded descent, `DescentPath`) by log n.
            if parent != nil, n.count < ChildList.minFill {
                out.append("\(here): \(n.count) entries < \(ChildList.minFill)")
            }
            var levels: Set<Int> = []
            if n.isLeaf {
                let holdsSection = n.pieces.contains(where: \.isSection)
                if holdsSection ? n.childSums != n.pieces.map(\.summary) : !n.childSums.isEmpty {
                    out.append("\(here): piece summaries stale, or kept for rows only")
                }
                for p in n.pieces {
                    if case .rows(let run) = p {
                        // Sums kept up by difference (`RowRun.setHeight`) must equal a recount.
                        var again = run
                        again.recount()
                        if again.fixedSum != run.fixedSum || again.defaultCount != run.defaultCount {
                            out.append("\(here): a row run's sums differ from a recount")
                        }
                    }
                    guard case .section(let s) = p else { continue }
                    if s.node !== n { out.append("\(here): section \(s.key) points elsewhere") }
                    if let owner, s.parent !== owner { out.append("\(here): section \(s.key) has another parent") }
                }
                levels.insert(0)
            } else {
                if n.childSums.count != n.children.count { out.append("\(here): summaries and children differ in count") }
                for (i, c) in n.children.enumerated() {
                    levels.insert(visit(c, parent: n, depth: depth + 1))
                    if i < n.childSums.count, n.childSums[i] != c.sum { out.append("\(here): stale summary of child \(i)") }
                }
            }
            if levels.count > 1 { out.append("\(here): leaves at different depths") }
            let sums = n.entrySums
            var total = sums.reduce(Summary.zero, +)
            total.apply(n.tag)  // counted in the node, not yet in its entries
            if n.sum != total { out.append("\(here): stale total") }
            let lookup = n.isLeaf ? n.pieces.map { Piece.lookup(of: $0) } : []
            if !n.totals.view.matches(sums, children: n.children, lookup: lookup) { out.append("\(here): stale running totals") }
            return (levels.first ?? 0) + 1
        }
        if let root { _ = visit(root, parent: nil, depth: 0) }
        // Descents into the section start from its record of the root.
        if let owner, owner.rootRecord != (root.map { TotalsView.record(of: $0) } ?? 0) {
            out.append("\(name): the section's record of its root's totals is stale")
        }
        return out
    }

    /// What is wrong with the list's structure (see above). For tests. O(pieces).
    func invariantViolations(_ name: String) -> [String] {
        var nodes = 0
        return invariantViolations(name, nodes: &nodes)
    }
}
