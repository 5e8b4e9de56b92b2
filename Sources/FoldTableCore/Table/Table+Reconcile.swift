/// Applying a new snapshot of the app's data by key (`applySnapshot`): the
/// sections that persist keep their state, the rest is inserted, removed or
/// moved, and listeners get one change set.
extension Table {
    /// Makes the table hold what `entries` describe (see `SnapshotEntry`),
    /// changing as little as it can, as one mutation (one change set; the
    /// viewport stays anchored as for any change). Nothing collapses or
    /// expands, so no section or row events are sent.
    ///
    /// - Sections are matched by key, wherever they are: a kept section
    ///   keeps its id, collapsed state, flags, measured heights and its rows'
    ///   heights and expanded states, also when it moves to another parent.
    ///   Its header text is replaced (a redraw when it changed); a height
    ///   other than `Table.keepHeight` is set as `setHeaderHeight` etc. do.
    ///   `flags` and `keepHeight` heights apply to new sections only.
    /// - Among the kept sections that stay under the same parent, a longest
    ///   run in their old order stays; the others move (the fewest moves).
    /// - Rows are anonymous. Between two kept subsections that stay, the old
    ///   rows are matched to the new rows in order: a run that is longer
    ///   gets rows of the default height at its end, and old rows left over
    ///   at the end of such a stretch are removed. Adjacent rows entries
    ///   count as one run.
    /// - Sections the snapshot does not name are removed with their rows
    ///   (their ids become not found); kept subsections inside them move out.
    ///
    /// Every entry is checked before anything changes; a failure names the
    /// entry and changes nothing.
    /// - Complexity: O(e + s + p) to match, for e entries and a table of s
    ///   sections and p row pieces, plus O(k log k) per parent for the k kept
    ///   siblings' order, plus O(c · depth · log n) for c changes.
    @discardableResult
    public func applySnapshot(_ entries: [SnapshotEntry]) throws -> SnapshotReport {
        try mutate {
            let plan = try SnapshotPlan(entries)
            return try reconcile(plan, entries)
        }
    }

    // MARK: Internals

    private func reconcile(_ plan: SnapshotPlan, _ entries: [SnapshotEntry]) throws -> SnapshotReport {
        let count = plan.sectionCount
        var report = SnapshotReport()
        // The table's sections in pre-order with their snapshot numbers (-1:
        // not in the snapshot), and where the kept ones stood.
        var match = [Section?](repeating: nil, count: count)
        var oldRank = [Int](repeating: 0, count: count)
        var rowsBefore = [Int](repeating: 0, count: count)
        var order: [(section: Section, number: Int)] = []
        order.reserveCapacity(sectionsByKey.count)
        func enumerate(_ s: Section) {
            var rank = 0, rows = 0
            s.list.forEachPiece { piece in
                guard case .section(let sub) = piece else {
                    rows += Piece.summary(of: piece).rows
                    return true
                }
                let n = plan.number[sub.key] ?? -1
                order.append((sub, n))
                if n >= 0 {
                    match[n] = sub
                    oldRank[n] = rank
                    rowsBefore[n] = rows
                }
                rank += 1
                enumerate(sub)
                return true
            }
        }
        enumerate(root)

        // Which kept sections stay: same parent, and in a longest run of
        // their old order among the siblings that do.
        var stays = [Bool](repeating: false, count: count)
        for n in -1..<count {
            guard let parent = n < 0 ? root : match[n] else { continue }
            var numbers: [Int] = [], ranks: [Int] = []
            for case .section(let j) in plan.children(of: n) {
                if let s = match[j], s.parent === parent {
                    numbers.append(j)
                    ranks.append(oldRank[j])
                }
            }
            for (k, keep) in longestIncreasing(ranks).enumerated() where keep { stays[numbers[k]] = true }
        }

        // Take out, outermost first, every section that goes or moves: the
        // sections left in the tree are then exactly those that stay.
        var removed: [Section] = []
        for (s, n) in order where n < 0 || !stays[n] {
            quietly(!isAttached(s)) { detach(s) }
            if n < 0 {
                removed.append(s)
                report.rowsRemoved += s.rowCount
            } else {
                report.sectionsMoved += 1
            }
        }
        for s in removed { forget(s) }
        report.sectionsRemoved = removed.count

        // Then build bottom-up (a section's subsections before it), so a
        // new or moved subtree is complete when it is attached: one step.
        for n in stride(from: count - 1, through: -1, by: -1) {
            let x: Section
            var kept = false
            if n < 0 {
                x = root
            } else if let old = match[n] {
                x = old
                kept = true
                report.sectionsKept += 1
            } else {
                x = newSection(entries[plan.entry[n]])
                match[n] = x
                report.sectionsInserted += 1
            }
            try quietly(!isAttached(x)) {
                if kept { try refresh(x, entries[plan.entry[n]], &report) }
                try arrange(x, plan.children(of: n), match, stays, rowsBefore, &report)
            }
        }
        return report
    }

    /// Header text and heights of a kept section.
    private func refresh(_ x: Section, _ e: SnapshotEntry, _ report: inout SnapshotReport) throws {
        if x.header != e.header {
            x.header = e.header
            recordRedraw(visibleHeader(x))
            report.headersChanged += 1
        }
        func value(_ h: Double) -> Double? { h == Table.defaultHeight ? nil : h }
        let ref = SectionRef.id(x.id)
        if e.headerHeight != Table.keepHeight { try setHeaderHeight(value(e.headerHeight), section: ref) }
        if e.footerHeight != Table.keepHeight { try setFooterHeight(value(e.footerHeight), section: ref) }
        if e.rowHeight != Table.keepHeight { try setDefaultRowHeight(value(e.rowHeight), section: ref) }
    }

    /// Puts the children of `x` in the snapshot's order. Its subsections
    /// that stay are there already, in order; the stretches of rows between
    /// them are matched in order, and moved and new subsections are
    /// attached where they belong.
    private func arrange(_ x: Section, _ kids: [SnapshotPlan.Child], _ match: [Section?], _ stays: [Bool],
                         _ rowsBefore: [Int], _ report: inout SnapshotReport) throws {
        let oldRows = x.rowCount
        var staying: [Int] = []
        for case .section(let j) in kids where stays[j] { staying.append(j) }
        var next = 0
        // Old rows between the previous staying subsection and the next one.
        func stretch() -> Int {
            let end = next < staying.count ? rowsBefore[staying[next]] : oldRows
            return end - (next > 0 ? rowsBefore[staying[next - 1]] : 0)
        }
        var c = 0
        var left = stretch()
        func dropLeft() throws {
            guard left > 0 else { return }
            try removeChildren(of: x === root ? nil : .id(x.id), at: c, count: left)
            report.rowsRemoved += left
            left = 0
        }
        for kid in kids {
            switch kid {
            case .rows(let r):
                let taken = min(r, left)
                c += taken
                left -= taken
                if r > taken {
                    addRows(x, at: c, count: r - taken)
                    c += r - taken
                    report.rowsInserted += r - taken
                }
            case .section(let j):
                if stays[j] {
                    try dropLeft()
                    next += 1
                    left = stretch()
                } else if let y = match[j] {
                    attach(y, to: x, at: c)
                }
                c += 1
            }
        }
        try dropLeft()
    }

    /// A new section as a snapshot entry describes it, registered but not
    /// attached (as `insertSection` makes it).
    private func newSection(_ e: SnapshotEntry) -> Section {
        let fixed = !e.flags.isDisjoint(with: [.fixed, .noHeader])
        func height(_ h: Double, _ fallback: Double) -> Double { h >= 0 ? h : fallback }
        let s = Section(key: e.key, header: e.header,
                        headerHeight: height(e.headerHeight, options.headerHeight),
                        footerHeight: height(e.footerHeight, options.footerHeight),
                        rowHeight: height(e.rowHeight, options.rowHeight),
                        collapsed: e.flags.contains(.collapsed)
                            || (options.startCollapsed && !fixed && !e.flags.contains(.expanded)))
        s.headerMeasured = e.headerHeight >= 0
        s.fixed = fixed
        s.hasHeader = !e.flags.contains(.noHeader)
        sectionsByKey[e.key] = s
        ids.register(s)
        return s
    }

    /// Inserts `count` default rows as children `at..<at+count` of `s`.
    /// Unlike `insertRows` it does not check the table's row limit: the
    /// snapshot was checked as a whole, and rows it removes may go later.
    private func addRows(_ s: Section, at: Int, count: Int) {
        let position = childPosition(s, at)
        let hadChildren = s.childCount > 0
        if !insertInPlace(into: s, at: at, count: count, records: nil) {
            s.list.replace(at..<at, with: [.rows(RowRun(defaultRows: count))])
        }
        totalRows += count
        s.propagate()
        recordReplace(position, removed: 0, added: count)
        recordChildrenChanged(s, hadChildren: hadChildren, rowsChanged: true)
    }

    /// Whether `s` is in the table (not inside a detached subtree). O(depth).
    private func isAttached(_ s: Section) -> Bool {
        var top = s
        while let p = top.parent { top = p }
        return top === root
    }

    /// Runs `body` without recording when `quiet`: work on a detached
    /// subtree is not in the flat list (its positions would be wrong), and
    /// is reported once, when the subtree is attached.
    private func quietly(_ quiet: Bool, _ body: () throws -> Void) rethrows {
        guard quiet, let saved = recording else { return try body() }
        recording = nil
        defer { recording = saved }
        try body()
    }
}
