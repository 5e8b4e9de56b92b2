/// `detach` and `attach` of many runs of one list's subsections at once:
/// a snapshot that removes, inserts and moves sections at thousands of
/// places of one list (DifferenceKit's benchmark shape) edits the list in
/// one pass over its leaves (`ChildList.replaceRuns`), where each run
/// descended to its place, shifted a leaf's totals and refreshed its path.
/// The change set is the same, step for step.
extension Table {
    /// Whether runs of edits of a list of subsections go in one pass over
    /// its leaves: `chosen` compares the costs; tests force either way.
    enum BulkEdits { case chosen, never, always }

    /// Whether `runs` edits of `parent`'s list go in one pass: it holds
    /// subsections only (no row runs to cut), and the runs are enough that
    /// one pass over its n pieces costs less than their descents (a run
    /// costs about as much as 16 pieces of a pass).
    func bulkPays(_ runs: Int, in parent: Section) -> Bool {
        guard runs > 1, parent.list.sum.rows == 0 else { return false }
        switch bulkEdits {
        case .never: return false
        case .always: return true
        case .chosen: return runs * 16 >= parent.childCount
        }
    }

    /// `detach` of every run of `runs` (its first section, child index and
    /// count; increasing, disjoint) of `parent`'s children: the same steps,
    /// one per run in order, and the same moves out for the sections
    /// `moving` names, made in one pass over its list when that pays
    /// (`bulkPays`), else by `detach` one run at a time.
    /// O(n / fanout + runs + pieces of the leaves edited) in one pass.
    func detachRuns(_ runs: [(first: Section, index: Int, count: Int)], from parent: Section,
                    moving: ((Section) -> Bool)?) {
        guard !runs.isEmpty else { return }
        let base = childPosition(parent, 0)
        let follow = moving != nil && base != nil && eventState.recording
        var out: [[(id: ObjectIdentifier, offset: Int, count: Int)]] = Array(repeating: [], count: follow ? runs.count : 0)
        var run = -1, offset = 0
        let edits = runs.map { ($0.index..<($0.index + $0.count), [Piece]()) }
        guard bulkPays(runs.count, in: parent), let spans = parent.replaceChildRuns(edits, unlinking: true, removed: { k, piece in
            guard follow, let moving, case .section(let s) = piece else { return }
            if k != run { (run, offset) = (k, 0) }
            let items = s.contribution.items
            if moving(s) { out[k].append((ObjectIdentifier(s), offset, items)) }
            offset += items
        }) else {
            for r in runs { detach(r.first, count: r.count, moving: moving) }
            return
        }
        parent.propagate()
        if let base {
            // Measured in the list before: shifted by what the runs before took.
            var gone = 0
            for (k, span) in spans.enumerated() {
                recordReplace(base + span.before - gone, removed: span.items, added: 0)
                if span.items > 0, follow { recordMovesOut(out[k]) }
                gone += span.items
            }
        }
        recordChildrenChanged(parent, hadChildren: true, rowsChanged: false)
    }

    /// `attach` of every run of `runs` (sections to put before child
    /// `index` of the list as it is now, increasing) into `parent`: the same
    /// steps, one per run in order, and the same moves in, made in one pass
    /// over its list when that pays (`bulkPays`), else by `attach` one run
    /// at a time. O(n / fanout + sections attached + pieces of the leaves
    /// edited) in one pass.
    func attachRuns(_ runs: [(index: Int, pieces: [Piece])], to parent: Section) {
        guard !runs.isEmpty else { return }
        let base = childPosition(parent, 0)
        let hadChildren = parent.childCount > 0
        guard bulkPays(runs.count, in: parent),
              let spans = parent.replaceChildRuns(runs.map { ($0.index..<$0.index, $0.pieces) }, unlinking: false,
                                                  removed: { _, _ in }) else {
            // Each at its index once the runs before it are in.
            var added = 0
            for run in runs {
                attach(run.pieces, to: parent, at: run.index + added)
                added += run.pieces.count
            }
            return
        }
        parent.propagate()
        if let base {
            var added = 0
            for (k, run) in runs.enumerated() {
                let items = run.pieces.reduce(0) { n, piece in
                    guard case .section(let s) = piece else { return n }
                    return n + s.contribution.items
                }
                recordReplace(base + spans[k].before + added, removed: 0, added: items)
                if items > 0 { recordMovesIn(run.pieces) }
                added += items
            }
        }
        recordChildrenChanged(parent, hadChildren: hadChildren, rowsChanged: false)
    }
}
