/// `applySnapshot`'s edits of one section's children done in one pass over
/// its list when there are many (`ChildList.editLeaves`): each leaf is
/// edited in place once and the levels above are built again, instead of
/// one O(log n) edit per run, each of which rewrites a leaf's totals and
/// the path above it (thousands of instructions apiece). The summaries
/// come from the leaves, so no section that stays is asked for its own.
/// The steps recorded are those the single edits record, in their order.
extension Table {
    /// Whether `edits` edits of `parent`'s children are worth one pass: at
    /// least `bulkEdits`, and one per `bulkDensity` children or more, so
    /// that the pass, O(children / fanout) plus the leaves it edits, stays
    /// within O(edits).
    func worthOnePass(_ parent: Section, edits: Int) -> Bool {
        edits >= Self.bulkEdits && edits &* Self.bulkDensity >= parent.childCount
    }

    private static let bulkEdits = 8
    private static let bulkDensity = 64

    /// Unlinks runs of adjacent subsections of `parent`, each given by its
    /// first section and length, in child order (they keep their own
    /// children), as `detachRun` does for each in turn.
    func detachRuns(_ parent: Section, _ runs: [(first: Section, count: Int)]) {
        let base = childPosition(parent, 0)
        var r = 0  // the next run
        var inRun = 0, removed = 0  // sections of run r still to take out, and its items
        var items = 0  // of what stays before: where the step is
        parent.list.settleAbove()
        parent.list.editLeaves { _, pieces, sums in
            var i = 0, edited = false
            while i < pieces.count, r < runs.count {
                if inRun == 0 {
                    // Compared in place: binding the section retained it, a
                    // cache miss per section in a large table.
                    guard pieces.withUnsafeBufferPointer({ Piece.isSection($0[i], runs[r].first) }) else {
                        items += sums[i].items
                        i += 1
                        continue
                    }
                    inRun = runs[r].count
                }
                // The run, to the end of this leaf at most (it may go on in the next).
                let end = min(i + inRun, pieces.count)
                for j in i..<end {
                    guard case .section(let s) = pieces[j] else { continue }
                    removed += sums[j].items
                    s.parent = nil
                    s.node = nil
                }
                pieces.removeSubrange(i..<end)
                sums.removeSubrange(i..<end)
                inRun -= end - i
                edited = true
                if inRun == 0 {
                    if let base { recordReplace(base + items, removed: removed, added: 0) }
                    removed = 0
                    r += 1
                }
            }
            return edited
        }
        parent.propagate()
        recordChildrenChanged(parent, hadChildren: true, rowsChanged: false)
    }

    /// Links each run of `groups` into `x` before child index `at` of the
    /// final list (ascending; the children between them are in place), as
    /// `attachRun` does for each in turn. (So their steps come after those
    /// of the row edits `arrange` made meanwhile: still steps in order.)
    func attachRuns(_ groups: [(at: Int, sections: [Section])], to x: Section) {
        let base = childPosition(x, 0)
        let hadChildren = x.childCount > 0
        var g = 0  // the next group
        var children = 0, items = 0  // before where the pass is, in the final list
        x.list.settleAbove()
        x.list.editLeaves { leaf, pieces, sums in
            var i = 0, edited = false
            while true {
                // The groups that go here: before piece i, or at the end of
                // the last leaf (a leaf's end is the next one's start).
                while g < groups.count, groups[g].at == children {
                    let sections = groups[g].sections
                    var added = 0
                    var new: [Summary] = []
                    new.reserveCapacity(sections.count)
                    for s in sections {
                        s.parent = x
                        s.node = leaf
                        new.append(s.contribution)
                        added += new[new.count - 1].items
                    }
                    pieces.insert(contentsOf: sections.map { .section($0) }, at: i)
                    sums.insert(contentsOf: new, at: i)
                    if let base { recordReplace(base + items, removed: 0, added: added) }
                    i += sections.count
                    children += sections.count
                    items += added
                    g += 1
                    edited = true
                }
                guard i < pieces.count else { break }
                let n = sums[i].children
                // A group inside a run of rows: the run is cut there.
                if g < groups.count, children + n > groups[g].at, case .rows(let run) = pieces[i] {
                    let k = groups[g].at - children
                    let head = run.slice(0..<k), tail = run.slice(k..<run.count)
                    pieces[i] = .rows(head)
                    sums[i] = head.summary
                    pieces.insert(.rows(tail), at: i + 1)
                    sums.insert(tail.summary, at: i + 1)
                    edited = true
                }
                children += sums[i].children
                items += sums[i].items
                i += 1
            }
            return edited
        }
        x.propagate()
        recordChildrenChanged(x, hadChildren: hadChildren, rowsChanged: false)
    }
}
