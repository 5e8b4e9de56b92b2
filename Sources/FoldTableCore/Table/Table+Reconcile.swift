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
    ///   `flags` apply to new sections only (which get the table's defaults
    ///   for `keepHeight` heights).
    /// - Among the kept sections that stay under the same parent, a longest
    ///   run in their old order stays; the others move (the fewest moves).
    /// - Rows are anonymous. Between two kept subsections that stay, the old
    ///   rows are matched to the new rows in order: a run that is longer
    ///   gets rows of the default height at its end, and old rows left over
    ///   at the end of such a stretch are removed. Adjacent rows entries
    ///   count as one run.
    /// - Sections the snapshot does not name are removed with their rows
    ///   (their ids become not found); kept subsections inside them move out.
    /// - While a filter is on, what it adds is asked about first, once each
    ///   (`askSnapshot`); a nil answer throws `.cancelled` and changes
    ///   nothing. Then what shows is derived from the answers again.
    ///
    /// Every entry is checked before anything changes; a failure names the
    /// entry and changes nothing.
    /// - Complexity: O(e + s + p) to match, for e entries and a table of s
    ///   sections and p row pieces, plus O(k log k) per parent for the k kept
    ///   siblings' order, plus O(c · depth · log n) for c changes (adjacent
    ///   sections that go or come together are one change); while a filter
    ///   is on, one answer per row or section added and O(p) to derive
    ///   what shows.
    @discardableResult
    public func applySnapshot(_ entries: [SnapshotEntry]) throws -> SnapshotReport {
        try mutate {
            // A kept section is marked with its snapshot number (unmarked
            // again below, whatever happens). Snapshots mostly list the
            // table's sections in its order, so the old section after the
            // last one matched is tried first: comparing a key is much
            // cheaper than hashing it, and only a key found elsewhere (a
            // change) is looked up.
            // Claimed sections are kept, so `sectionsByKey` holds them
            // throughout: unretained here (a retain and release each).
            let old = oldSections()
            var claimed: [Unmanaged<Section>] = []
            var fresh: [String: Int] = [:]
            var guess = 0
            defer { for s in claimed { s._withUnsafeGuaranteedRef { $0.snapshotNumber = -1 } } }
            let plan: SnapshotPlan
            do {
                plan = try SnapshotPlan(entries) { key, n in
                    let s: Unmanaged<Section>
                    if guess < old.count, case let g = Unmanaged.passUnretained(old[guess].section),
                       g._withUnsafeGuaranteedRef({ $0.key == key }) {
                        s = g
                    } else if let found = sectionsByKey[key] {
                        s = Unmanaged.passUnretained(found)
                    } else {
                        return fresh.updateValue(n, forKey: key)
                    }
                    let earlier = s._withUnsafeGuaranteedRef { s -> Int? in
                        if s.snapshotNumber >= 0 { return s.snapshotNumber }
                        guess = Self.oldIndex(s.snapshotNumber) + 1
                        s.snapshotNumber = n
                        return nil
                    }
                    if earlier == nil { claimed.append(s) }
                    return earlier
                }
            } catch {
                for o in old where o.section.snapshotNumber < 0 { o.section.snapshotNumber = -1 }
                throw error
            }
            var match = [Section?](repeating: nil, count: plan.sectionCount)
            for s in claimed { match[s._withUnsafeGuaranteedRef { $0.snapshotNumber }] = s.takeUnretainedValue() }
            return try reconcile(plan, entries, old, &match)
        }
    }

    // MARK: Internals

    /// A section of the table as it was, in pre-order.
    /// Not retained: `sectionsByKey` holds every section until `forget`,
    /// which runs after the last read (a retain and release per section was
    /// a tenth of an unchanged snapshot's cost).
    private struct OldSection {
        unowned(unsafe) var section: Section
        unowned(unsafe) var parent: Section
        var depth: Int
        /// Its index among its parent's subsections, and the parent's rows before it.
        var rank: Int
        var rowsBefore: Int
    }

    /// The table's sections in pre-order, each marked with
    /// `oldMark(index)` until it is claimed (or unmarked if it goes).
    /// Only the nodes of the lists with a subsection below them are read: a
    /// subtree of rows only is counted by its summary, so the walk touches
    /// no row piece (most sections hold only rows; copying each piece
    /// retained its height storage). O(s · log n), within O(s + p).
    private func oldSections() -> [OldSection] {
        var old: [OldSection] = []
        old.reserveCapacity(sectionsByKey.count)
        appendSubsections(of: root, depth: 0, to: &old)
        return old
    }

    /// Appends the subsections of `s` and theirs in pre-order, marking each.
    /// Methods with inout state, not nested functions: recursive nested
    /// functions boxed their captured counters, an allocation per section.
    private func appendSubsections(of s: Section, depth: Int, to old: inout [OldSection]) {
        guard let top = s.list.root, top.sum.children > top.sum.rows else { return }
        var rank = 0, rows = 0
        appendSubsections(in: top, of: s, depth: depth, rank: &rank, rows: &rows, to: &old)
    }

    private func appendSubsections(in node: ListNode, of s: Section, depth: Int, rank: inout Int, rows: inout Int,
                                   to old: inout [OldSection]) {
        guard node.isLeaf else {
            for child in node.children {
                if child.sum.children > child.sum.rows {
                    appendSubsections(in: child, of: s, depth: depth, rank: &rank, rows: &rows, to: &old)
                } else {
                    rows += child.sum.rows
                }
            }
            return
        }
        for i in node.pieces.indices {
            let sum = node.entrySum(i)
            // The piece read in place and the section unretained (the tree
            // holds it): copying the piece retained and released it.
            guard sum.children > sum.rows, let ref = node.pieces.withUnsafeBufferPointer({ p -> Unmanaged<Section>? in
                guard case .section(let sub) = p[i] else { return nil }
                return Unmanaged.passUnretained(sub)
            }) else {
                rows += sum.rows
                continue
            }
            let sub = ref.takeUnretainedValue()
            sub.snapshotNumber = Self.oldMark(old.count)
            old.append(OldSection(section: sub, parent: s, depth: depth, rank: rank, rowsBefore: rows))
            rank += 1
            appendSubsections(of: sub, depth: depth + 1, to: &old)
        }
    }

    /// While a snapshot is matched, an unclaimed section's `snapshotNumber`
    /// holds its index in `oldSections()` as a number below -1 (-1 stays
    /// "none", claimed ones are >= 0), so a match moves the guess on
    /// without a lookup.
    private static func oldMark(_ index: Int) -> Int { -2 - index }
    private static func oldIndex(_ mark: Int) -> Int { -2 - mark }

    private func reconcile(_ plan: SnapshotPlan, _ entries: [SnapshotEntry], _ old: [OldSection],
                           _ match: inout [Section?]) throws -> SnapshotReport {
        let count = plan.sectionCount
        var report = SnapshotReport()
        var rowsBefore = [Int](repeating: 0, count: count)
        var oldRank = [Int](repeating: 0, count: count)
        for o in old where o.section.snapshotNumber >= 0 {
            oldRank[o.section.snapshotNumber] = o.rank
            rowsBefore[o.section.snapshotNumber] = o.rowsBefore
        }

        // Which kept sections stay: same parent, and in a longest run of
        // their old order among the siblings that do.
        var stays = [Bool](repeating: false, count: count)
        var numbers: [Int] = [], ranks: [Int] = []
        for n in -1..<count {
            guard let parent = n < 0 ? root : match[n] else { continue }
            let sum = parent.list.sum
            guard sum.children > sum.rows else { continue }
            numbers.removeAll(keepingCapacity: true)
            ranks.removeAll(keepingCapacity: true)
            plan.forEachChild(of: n, entries) { child in
                if case .section(let j) = child, let s = match[j], s.parent === parent {
                    numbers.append(j)
                    ranks.append(oldRank[j])
                }
            }
            for (k, keep) in longestIncreasing(ranks).enumerated() where keep { stays[numbers[k]] = true }
        }

        // While filtering, the match function is asked about what comes,
        // before anything changes (Table+ReconcileFilter.swift).
        var answers: SnapshotAnswers?
        do {
            answers = try askSnapshot(plan, entries, match, stays, rowsBefore)
        } catch {
            for o in old where o.section.snapshotNumber < -1 { o.section.snapshotNumber = -1 }
            throw error
        }

        // Take out every section that goes or moves, as runs of adjacent
        // siblings (one step each), outermost first: the sections left in
        // the tree are then exactly those that stay.
        var runs: [(parent: Section, first: Section, count: Int)] = []
        var last: [(parent: Section?, rank: Int, rowsBefore: Int, run: Int)] =
            Array(repeating: (nil, -1, -1, -1), count: Limits.maxDepth)
        var removed: [Section] = []
        for o in old {
            let n = o.section.snapshotNumber
            guard n < 0 || !stays[n] else {
                last[o.depth].run = -1
                continue
            }
            var run = last[o.depth].run
            if run >= 0, last[o.depth].parent === o.parent, last[o.depth].rank == o.rank - 1,
               last[o.depth].rowsBefore == o.rowsBefore {
                runs[run].count += 1
            } else {
                run = runs.count
                runs.append((o.parent, o.section, 1))
            }
            last[o.depth] = (o.parent, o.rank, o.rowsBefore, run)
            if n < 0 {
                // Unmarked here, while `sectionsByKey` still holds it.
                o.section.snapshotNumber = -1
                removed.append(o.section)
                report.rowsRemoved += o.section.rowCount
            } else {
                report.sectionsMoved += 1
            }
        }
        for run in runs {
            quietly(!isAttached(run.parent)) { detachRun(run.first, count: run.count) }
        }
        for s in removed { forget(s) }
        report.sectionsRemoved = removed.count

        // Then build bottom-up (a section's subsections before it), so a
        // new or moved subtree is complete when it is attached: one step.
        // (A reversed range, not `stride`: its index was copied through
        // generic witnesses, a few hundred instructions per section.)
        var stash: ChangeSet? = nil
        for n in (-1..<count).reversed() {
            let x: Section
            var kept = false
            if n < 0 {
                x = root
            } else if let old = match[n] {
                x = old
                kept = true
                report.sectionsKept += 1
            } else {
                x = answers?.created[n] ?? newSection(entries[plan.entry[n]])
                if let answers { x.filterMatched = answers.header[n] }
                match[n] = x
                report.sectionsInserted += 1
            }
            // Not recorded inside a detached subtree (see `quietly`; inline,
            // swapped rather than copied: this loop runs once per section).
            let live = isAttached(x)
            if !live { swap(&recording, &stash) }
            defer { if !live { swap(&recording, &stash) } }
            if kept { try refresh(x, entries, plan.entry[n], &report) }
            // Children given to a section that was not loaded: its load is over.
            if kept, x.load != .loaded, plan.hasChildEntries(n) { endLoadForSnapshot(x) }
            try arrange(x, n, plan, entries, match, stays, rowsBefore, &answers, &report)
        }
        // The answers are in; what shows follows from them, as when the filter was set.
        if answers != nil { refilterFromStoredAnswers() }
        return report
    }

    /// Unlinks `count` adjacent subsections, `first` and the ones after it,
    /// from their parent (they keep their own children): one step.
    private func detachRun(_ first: Section, count: Int) {
        guard let parent = first.parent else { return }
        let index = first.indexInParent
        let position = childPosition(parent, index)
        let items = childItems(parent, index..<(index + count))
        for case .section(let s) in parent.replaceChildren(index..<(index + count), with: []) {
            s.parent = nil
            s.node = nil
        }
        parent.propagate()
        recordReplace(position, removed: items, added: 0)
        recordChildrenChanged(parent, hadChildren: true, rowsChanged: false)
    }

    /// Links `sections` into `parent` as children `index...`: one step.
    private func attachRun(_ sections: [Section], to parent: Section, at index: Int) {
        guard !sections.isEmpty else { return }
        let position = childPosition(parent, index)
        let hadChildren = parent.childCount > 0
        parent.replaceChildren(index..<index, with: sections.map { .section($0) })
        var items = 0
        for s in sections {
            s.parent = parent
            items += s.contribution.items
        }
        parent.propagate()
        recordReplace(position, removed: 0, added: items)
        recordChildrenChanged(parent, hadChildren: hadChildren, rowsChanged: false)
    }

    /// Header text and heights of a kept section, as entry `i` gives them
    /// (read in place: copying the entry cost more than the rest).
    private func refresh(_ x: Section, _ entries: [SnapshotEntry], _ i: Int,
                         _ report: inout SnapshotReport) throws {
        if x.header != entries[i].header {
            x.header = entries[i].header
            recordRedraw(visibleHeader(x))
            report.headersChanged += 1
        }
        let header = entries[i].headerHeight, footer = entries[i].footerHeight, row = entries[i].rowHeight
        guard header != Table.keepHeight || footer != Table.keepHeight || row != Table.keepHeight else { return }
        func value(_ h: Double) -> Double? { h == Table.defaultHeight ? nil : h }
        let ref = SectionRef.id(x.id)
        if header != Table.keepHeight { try setHeaderHeight(value(header), section: ref) }
        if footer != Table.keepHeight { try setFooterHeight(value(footer), section: ref) }
        if row != Table.keepHeight { try setDefaultRowHeight(value(row), section: ref) }
    }

    /// Puts the children of `x` (snapshot section `n`) in the snapshot's
    /// order. Its subsections that stay are there already, in order; the
    /// stretches of rows between them are matched in order, and moved and
    /// new subsections are attached where they belong, adjacent ones together.
    private func arrange(_ x: Section, _ n: Int, _ plan: SnapshotPlan, _ entries: [SnapshotEntry],
                         _ match: [Section?], _ stays: [Bool], _ rowsBefore: [Int],
                         _ answers: inout SnapshotAnswers?, _ report: inout SnapshotReport) throws {
        let sum = x.list.sum
        let oldRows = sum.rows
        let hasSections = sum.children > sum.rows
        if !hasSections, let rows = plan.onlyRows(of: n, entries) {
            // The common case, rows only: grow or shrink at the end.
            if rows > oldRows {
                addRows(x, at: oldRows, count: rows - oldRows, answers: answers?.take(n, rows - oldRows))
                report.rowsInserted += rows - oldRows
            } else if rows < oldRows {
                try removeChildren(of: x === root ? nil : .id(x.id), at: rows, count: oldRows - rows)
                report.rowsRemoved += oldRows - rows
            }
            return
        }
        var stretches = RowStretches(n, plan, entries, stays, rowsBefore, oldRows: oldRows, hasSections: hasSections)
        var c = 0  // the child index reached
        var left = stretches.current
        var pending: [Section] = []
        func flush() {
            attachRun(pending, to: x, at: c)
            c += pending.count
            pending.removeAll(keepingCapacity: true)
        }
        func dropLeft() throws {
            guard left > 0 else { return }
            try removeChildren(of: x === root ? nil : .id(x.id), at: c, count: left)
            report.rowsRemoved += left
            left = 0
        }
        try plan.forEachChild(of: n, entries) { child in
            switch child {
            case .rows(let r):
                flush()
                let taken = min(r, left)
                c += taken
                left -= taken
                if r > taken {
                    addRows(x, at: c, count: r - taken, answers: answers?.take(n, r - taken))
                    c += r - taken
                    report.rowsInserted += r - taken
                }
            case .section(let j):
                if stays[j] {
                    flush()
                    try dropLeft()
                    c += 1
                    left = stretches.advance()
                } else if let y = match[j] {
                    pending.append(y)
                }
            }
        }
        flush()
        try dropLeft()
    }

    /// A new section as a snapshot entry describes it, registered but not
    /// attached (as `insertSection` makes it).
    func newSection(_ e: SnapshotEntry) -> Section {
        func height(_ h: Double, _ fallback: Double) -> Double { h >= 0 ? h : fallback }
        let s = Section(key: e.key, header: e.header,
                        headerHeight: height(e.headerHeight, options.headerHeight),
                        footerHeight: height(e.footerHeight, options.footerHeight),
                        rowHeight: height(e.rowHeight, options.rowHeight), collapsed: false)
        s.headerMeasured = e.headerHeight >= 0
        setUp(s, flags: e.flags)
        sectionsByKey[e.key] = s
        ids.register(s)
        return s
    }

    /// Inserts `count` default rows as children `at..<at+count` of `s`,
    /// with the match function's answers while filtering. Unlike
    /// `insertRows` it does not check the table's row limit: the snapshot
    /// was checked as a whole, and rows it removes may go later.
    private func addRows(_ s: Section, at: Int, count: Int, answers: ArraySlice<Bool>?) {
        let position = childPosition(s, at)
        let hadChildren = s.childCount > 0
        if let answers {
            s.replaceChildren(at..<at, with: answeredRows(answers))
        } else if !insertInPlace(into: s, at: at, count: count, records: nil) {
            s.replaceChildren(at..<at, with: [.rows(RowRun(defaultRows: count))])
        }
        totalRows += count
        s.propagate()
        selectionDidInsertRows(s, atChild: at, count: count)
        recordReplace(position, removed: 0, added: answers == nil ? count : childItems(s, at..<(at + count)))
        recordChildrenChanged(s, hadChildren: hadChildren, rowsChanged: true)
    }

    /// Whether `s` is in the table (not inside a detached subtree). O(depth).
    /// Walks the unretained parent links: `parent` retained and released
    /// each ancestor, and this runs once per section.
    private func isAttached(_ s: Section) -> Bool {
        var top = Unmanaged.passUnretained(s)
        while let p = top._withUnsafeGuaranteedRef({ $0.parentRef }) { top = p }
        return top.toOpaque() == Unmanaged.passUnretained(root).toOpaque()
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
