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
    /// entry and changes nothing. So is the memory it needs: more than
    /// `memoryHeadroom` allows throws `.outOfRange` (Table+Memory.swift).
    /// - Complexity: O(e + s + p) to match, for e entries and a table of s
    ///   sections and p row pieces, plus O(k log k) per parent for the k kept
    ///   siblings' order, plus O(c · depth · log n) for c changes (adjacent
    ///   sections that go or come together are one change; a list of
    ///   subsections changed in more places than a sixteenth of its pieces
    ///   is changed in one pass over its leaves instead); while a filter
    ///   is on, one answer per row or section added and O(p) to derive
    ///   what shows.
    @discardableResult
    func applySnapshot(_ entries: [SnapshotEntry]) throws -> SnapshotReport {
        try applySnapshot(source: entries)
    }

    /// `applySnapshot` for entries read in place (the C ABI's): keys and
    /// headers are compared where they lie and made into strings only when
    /// the table keeps them. Same rules and cost.
    @discardableResult
    public func applySnapshot(_ raw: RawSnapshot) throws -> SnapshotReport {
        try applySnapshot(source: raw)
    }

    private func applySnapshot<S: SnapshotSource>(source entries: S) throws -> SnapshotReport {
        try mutate {
            // Memory first, before anything is built (Table+Memory.swift).
            try checkMemory(entries: entries.count, whole: true)
            // A kept section is marked with its snapshot number (see
            // `Section.snapshotNumber`). Snapshots mostly list the
            // table's sections in its order, or in reverse (a sort turned
            // around), so the old sections after and before the last one
            // matched are tried first, then the one after next (the next
            // was removed): comparing a key is much cheaper than hashing
            // it, and only a key found elsewhere (a change) is looked up.
            var match = SnapshotMatch(old: oldSections(), capacity: entries.count)
            var fresh: [String: Int] = [:]
            var texts = SnapshotTexts(capacity: entries.count)
            var guess = 0
            // Claimed sections are kept, so `sectionsByKey` holds them
            // throughout: unretained here (a retain and release each).
            func old(_ k: Int, _ i: Int) -> Unmanaged<Section>? {
                guard k >= 0, k < match.old.count else { return nil }
                let g = Unmanaged.passUnretained(match.old[k].section)
                return g._withUnsafeGuaranteedRef({ entries.key(i, equals: $0.key) }) ? g : nil
            }
            let olds = match.old  // (read in the closure without `match`'s box)
            let plan = try SnapshotPlan(entries) { i, n in
                // The old sections a few ahead of the guess, either way
                // (`Prefetch`): the next entries are compared with them.
                if guess &+ 8 < olds.count { Section.prefetch(Unmanaged.passUnretained(olds[guess &+ 8].section)) }
                if guess >= 10 { Section.prefetch(Unmanaged.passUnretained(olds[guess &- 10].section)) }
                let s: Unmanaged<Section>
                if let g = old(guess, i) ?? old(guess - 2, i) ?? old(guess + 1, i) {
                    s = g
                } else {
                    let key = try entries.key(i)
                    guard let found = sectionsByKey[key] else {
                        texts.setKey(n, key)
                        texts.setHeader(n, try entries.header(i))
                        match.claimNew()
                        // Room for many at once: growing one step at a time rehashed every key so far.
                        if fresh.isEmpty { fresh.reserveCapacity(max(16, entries.count / 16)) }
                        return fresh.updateValue(n, forKey: key)
                    }
                    s = Unmanaged.passUnretained(found)
                }
                let earlier = s._withUnsafeGuaranteedRef { s -> Int? in
                    if s.snapshotNumber >= 0 { return s.snapshotNumber }
                    let k = Self.oldIndex(s.snapshotNumber)
                    s.snapshotNumber = n
                    match.claimKept(n, old: k)
                    guess = k + 1
                    return nil
                }
                guard earlier == nil else { return earlier }
                // Checked now, before anything changes: only a changed header is read as text.
                if !s._withUnsafeGuaranteedRef({ entries.header(i, equals: $0.header) }) {
                    texts.setHeader(n, try entries.header(i))
                }
                return nil
            }
            try checkMemory(plan, newSections: match.newCount, whole: true)
            // The entries are not read again (see `SnapshotPlan.Node`).
            return try reconcile(plan, texts, &match)
        }
    }

    // MARK: Internals

    /// The table's sections in pre-order, each marked with
    /// `oldMark(index)` until it is claimed.
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
        // Every subsection of the leaf asked for at once, its first line
        // (`Prefetch`): each is marked below, a cache miss per section in a
        // large table, and their addresses are all here.
        let view = node.totals.view
        for i in 0..<(view.count &- 1) {
            let entry = view.get(i, TotalsView.lookup)
            if LookupTag.tag(entry) == LookupTag.section { Prefetch.forWrite(LookupTag.address(entry)) }
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
            // Used in place: a strong reference retained and released each
            // section, a write to its header.
            let mark = Self.oldMark(old.count)
            let own = ref._withUnsafeGuaranteedRef { sub -> Int in
                sub.snapshotNumber = mark
                // What `unchanged` compares, read while the section is at hand
                // (nesting 1 in its summary: rows only, `rowsDeep` of them).
                return sum.nesting == 1 && sub.load == .loaded ? sum.rowsDeep : -1
            }
            old.append(OldSection(section: ref.takeUnretainedValue(), parent: s, depth: depth, rank: rank,
                                  rowsBefore: rows, rows: own))
            rank += 1
            // Its own list is read only when it has subsections (nesting 1: rows only).
            if sum.nesting > 1 {
                ref._withUnsafeGuaranteedRef { appendSubsections(of: $0, depth: depth + 1, to: &old) }
            }
        }
    }

    /// While a snapshot is matched, an unclaimed section's `snapshotNumber`
    /// holds its index in `oldSections()` as a number below -1 (claimed
    /// ones are >= 0), so a match moves the guess on without a lookup.
    private static func oldMark(_ index: Int) -> Int { -2 - index }
    private static func oldIndex(_ mark: Int) -> Int { -2 - mark }

    /// `top` is the section whose children the plan's depth 0 describes:
    /// the root for a snapshot, a reloaded section (Table+Reload.swift).
    func reconcile(_ plan: SnapshotPlan, _ texts: SnapshotTexts,
                   _ match: inout SnapshotMatch, top: Section? = nil) throws -> SnapshotReport {
        let top = top ?? root
        let count = plan.sectionCount
        let old = match.old
        var report = SnapshotReport()

        // Which kept sections stay: same parent, and in a longest run of
        // their old order among the siblings that do.
        var stays = [Bool](repeating: false, count: count)
        var numbers: [Int] = [], ranks: [Int] = []
        for n in -1..<count where plan.hasSubsections(n) && (n < 0 || match.isKept(n)) {
            let parent = ObjectIdentifier(n < 0 ? top : old[match.oldOf[n]].section)
            numbers.removeAll(keepingCapacity: true)
            ranks.removeAll(keepingCapacity: true)
            plan.forEachChild(of: n) { child in
                if case .section(let j) = child, case let k = match.oldOf[j], k >= 0,
                   ObjectIdentifier(old[k].parent) == parent {
                    numbers.append(j)
                    ranks.append(old[k].rank)
                }
            }
            for (k, keep) in longestIncreasing(ranks).enumerated() where keep { stays[numbers[k]] = true }
        }

        // While filtering, the match function is asked about what comes,
        // before anything changes (Table+ReconcileFilter.swift).
        var answers = try askSnapshot(plan, texts, match, stays, top: top)

        // Take out every section that goes or moves, as runs of adjacent
        // siblings (one step each), outermost first: the sections left in
        // the tree are then exactly those that stay.
        var runs: [(parent: Section, first: Section, index: Int, count: Int)] = []
        var last: [(parent: Section?, rank: Int, rowsBefore: Int, run: Int)] =
            Array(repeating: (nil, -1, -1, -1), count: Limits.maxDepth)
        var removed: [Section] = []
        for (k, o) in old.enumerated() {
            let n = match.newOf[k]
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
                runs.append((o.parent, o.section, o.rank + o.rowsBefore, 1))
            }
            last[o.depth] = (o.parent, o.rank, o.rowsBefore, run)
            if n < 0 {
                removed.append(o.section)
                report.rowsRemoved += o.section.rowCount
            } else {
                report.sectionsMoved += 1
            }
        }
        // Sections that move (kept ones among those taken out): the change
        // set follows their items. Told by their snapshot number, which
        // names them only when kept (no set of them to hash).
        let oldOf = match.oldOf
        let moving: ((Section) -> Bool)? = report.sectionsMoved == 0 ? nil : { s in
            let n = s.snapshotNumber
            return n >= 0 && n < oldOf.count && oldOf[n] >= 0 && old[oldOf[n]].section === s
        }
        if runs.allSatisfy({ $0.parent === top }) {
            // Many places of the top list go in one pass over its leaves (Table+BulkRuns.swift).
            quietly(!isAttached(top)) { detachRuns(runs.map { ($0.first, $0.index, $0.count) }, from: top, moving: moving) }
        } else {
            for run in runs {
                quietly(!isAttached(run.parent)) { detach(run.first, count: run.count, moving: moving) }
            }
        }
        for s in removed { forget(s) }
        report.sectionsRemoved = removed.count
        // Room for the new keys at once (a first snapshot makes them all).
        if match.newCount > 0 { sectionsByKey.reserveCapacity(sectionsByKey.count + match.newCount) }

        // Then build bottom-up (a section's subsections before it), so a
        // new or moved subtree is complete when it is attached: one step.
        // (A reversed range, not `stride`: its index was copied through
        // generic witnesses, a few hundred instructions per section.)
        var stash: ChangeSet? = nil
        // The records of `top`'s children in its list are refreshed once, at
        // the end: sections come last first, and none of them is read past
        // the one at hand until `top`'s own turn (see `DeferredRefresh`).
        var later = DeferredRefresh(parent: top, startsByLeaf: bulkEdits != .never)
        defer { later.flush() }
        // Told eight turns ahead which kept sections stay as they are,
        // from what the old walk noted (the section is not read); the
        // others' lines are asked for then (`lookAhead`).
        var same: UInt64 = 0
        for m in max(0, count - Self.ahead)..<count { lookAhead(m, &same, plan, texts, match) }
        for n in (-1..<count).reversed() {
            if n < 0 { later.flush() }
            if n >= Self.ahead { lookAhead(n - Self.ahead, &same, plan, texts, match) }
            if n >= Self.ahead / 2, !Self.isSame(n - Self.ahead / 2, same),
               case let k = match.oldOf[n - Self.ahead / 2], k >= 0 {
                Unmanaged.passUnretained(old[k].section)._withUnsafeGuaranteedRef { $0.prefetchList() }
            }
            if n >= 0, Self.isSame(n, same) {
                report.sectionsKept += 1
                continue
            }
            let x: Section
            var kept = false
            if n < 0 {
                x = top
            } else if let old = match[n] {
                x = old
                kept = true
                report.sectionsKept += 1
            } else {
                x = answers?.created[n] ?? newSection(plan, texts, n)
                if let answers { x.filterMatched = answers.header[n] }
                match.setMade(n, x)
                report.sectionsInserted += 1
            }
            // Not recorded inside a detached subtree (see `quietly`; inline,
            // swapped rather than copied: this loop runs once per section).
            let live = isAttached(x)
            if !live { eventState.swapChanges(with: &stash) }
            defer { if !live { eventState.swapChanges(with: &stash) } }
            let version = root.structureVersion, headers = report.headersChanged
            if kept { try refresh(x, plan.nodes[n], texts.header(n), &report) }
            // Children given to a section that was not loaded: its load is over.
            if kept, x.load != .loaded, plan.hasChildEntries(n) { endLoadForSnapshot(x) }
            // A reload keeps the children of a kept subsection given none.
            if !kept || !old[match.oldOf[n]].keepsChildren {
                try arrange(x, n, plan, match, stays, &answers, &report, &later)
            }
            // Inside a section that moves, new children make its rows new
            // items (only its header moves); a new text or height, redraws.
            let structure = root.structureVersion != version
            if !live, stash?.hasMovingOut == true,
               structure || report.headersChanged != headers || !plan.nodes[n].keepsHeights {
                var s: Section? = x
                while let c = s, stash?.movingChanged(ObjectIdentifier(c), structure: structure) == false { s = c.parent }
            }
        }
        // The answers are in; what shows follows from them, as when the filter was set.
        if answers != nil { refilterFromStoredAnswers() }
        return report
    }

    /// How many turns ahead the build loop looks at the sections to come
    /// (`lookAhead`), and asks for their list's root half as many ahead.
    private static let ahead = 8

    /// Whether snapshot section `m` is kept and stays as it is, from the
    /// window `lookAhead` fills (bit `m % 64`).
    @inline(__always)
    private static func isSame(_ m: Int, _ window: UInt64) -> Bool { window & (1 &<< UInt64(m & 63)) != 0 }

    /// Notes in `window` whether snapshot section `m` is kept and stays as
    /// it is (`unchanged`); a kept section that changes is asked for
    /// (`Section.prefetch`): the build loop reaches it a few turns later
    /// and reads it, its list's root and totals one after the other, each
    /// a cache miss in a large table. O(1).
    @inline(__always)
    private func lookAhead(_ m: Int, _ window: inout UInt64, _ plan: SnapshotPlan, _ texts: SnapshotTexts,
                           _ match: SnapshotMatch) {
        let bit: UInt64 = 1 &<< UInt64(m & 63)
        let k = match.oldOf[m]
        guard k >= 0, case let o = match.old[k], !unchanged(o, m, plan, texts) else {
            window = k >= 0 ? window | bit : window & ~bit
            return
        }
        window &= ~bit
        Section.prefetch(Unmanaged.passUnretained(o.section))
    }

    /// Whether kept section `o` (snapshot section `n`) stays as it is: the
    /// same header, no heights given, loaded, rows only and as many. The
    /// common case, told apart without `arrange`'s machinery and without
    /// reading the section (a cache miss per section among many). Its
    /// own list has not changed since the walk: only its own `arrange`
    /// would change a list of rows only.
    private func unchanged(_ o: OldSection, _ n: Int, _ plan: SnapshotPlan, _ texts: SnapshotTexts) -> Bool {
        guard o.rows >= 0, texts.header(n) == nil, !plan.hasSubsections(n),
              plan.nodes[n].keepsHeights else { return false }
        return plan.onlyRows(of: n) == o.rows
    }

    /// Header text and heights of a kept section, as its snapshot section
    /// gives them (`header`: its new text, nil when unchanged).
    private func refresh(_ x: Section, _ node: SnapshotPlan.Node, _ header: String?,
                         _ report: inout SnapshotReport) throws {
        if let header {
            x.header = header
            recordRedraw(visibleHeader(x))
            report.headersChanged += 1
        }
        guard !node.keepsHeights else { return }
        func value(_ h: Double) -> Double? { h == Table.defaultHeight ? nil : h }
        let ref = SectionRef.id(x.id)
        if node.headerHeight != Table.keepHeight { try setHeaderHeight(value(node.headerHeight), section: ref) }
        if node.footerHeight != Table.keepHeight { try setFooterHeight(value(node.footerHeight), section: ref) }
        if node.rowHeight != Table.keepHeight { try setDefaultRowHeight(value(node.rowHeight), section: ref) }
    }

    /// Puts the children of `x` (snapshot section `n`) in the snapshot's
    /// order. Its subsections that stay are there already, in order; the
    /// stretches of rows between them are matched in order, and moved and
    /// new subsections are attached where they belong, adjacent ones together.
    private func arrange(_ x: Section, _ n: Int, _ plan: SnapshotPlan,
                         _ match: SnapshotMatch, _ stays: [Bool],
                         _ answers: inout SnapshotAnswers?, _ report: inout SnapshotReport,
                         _ later: inout DeferredRefresh) throws {
        let sum = x.list.sum
        let oldRows = sum.rows
        let hasSections = sum.children > sum.rows
        if !hasSections, let rows = plan.onlyRows(of: n) {
            // The common case, rows only: grow or shrink at the end.
            if rows > oldRows {
                addRows(x, at: oldRows, count: rows - oldRows, answers: answers?.take(n, rows - oldRows), &later)
                report.rowsInserted += rows - oldRows
            } else if rows < oldRows {
                try removeChildren(of: x === root ? nil : .id(x.id), at: rows, count: oldRows - rows)
                report.rowsRemoved += oldRows - rows
            }
            return
        }
        if oldRows == 0, !plan.hasRowEntries(n) {
            attachMoved(x, n, plan, match, stays)
            return
        }
        var stretches = RowStretches(n, plan, stays, match, oldRows: oldRows, hasSections: hasSections)
        var c = 0  // the child index reached
        var left = stretches.current
        var pending: [Piece] = []
        func flush() {
            attach(pending, to: x, at: c)
            c += pending.count
            pending.removeAll(keepingCapacity: true)
        }
        func dropLeft() throws {
            guard left > 0 else { return }
            try removeChildren(of: x === root ? nil : .id(x.id), at: c, count: left)
            report.rowsRemoved += left
            left = 0
        }
        try plan.forEachChild(of: n) { child in
            switch child {
            case .rows(let r):
                flush()
                let taken = min(r, left)
                c += taken
                left -= taken
                if r > taken {
                    addRows(x, at: c, count: r - taken, answers: answers?.take(n, r - taken), &later)
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
                    pending.append(.section(y))
                }
            }
        }
        flush()
        try dropLeft()
    }

    /// `arrange` for a list of subsections only, before and after: its
    /// sections that stay are in order, and the moved and new ones are
    /// attached where they belong, adjacent ones together, in one pass
    /// over the list's leaves when they go to many places (`bulkPays`).
    private func attachMoved(_ x: Section, _ n: Int, _ plan: SnapshotPlan, _ match: SnapshotMatch, _ stays: [Bool]) {
        var runs: [(index: Int, pieces: [Piece])] = []
        var c = 0  // the child index reached, in the list as it is
        var pending: [Piece] = []
        plan.forEachChild(of: n) { child in
            guard case .section(let j) = child else { return }
            if stays[j] {
                if !pending.isEmpty { runs.append((c, pending)) }
                pending.removeAll(keepingCapacity: true)
                c += 1
            } else if let y = match[j] {
                pending.append(.section(y))
            }
        }
        if !pending.isEmpty { runs.append((c, pending)) }
        attachRuns(runs, to: x)
    }

    /// A new section as snapshot section `n` describes it (its key and
    /// header in `texts`), registered but not attached (as `insertSection`
    /// makes it).
    func newSection(_ plan: SnapshotPlan, _ texts: SnapshotTexts, _ n: Int) -> Section {
        func height(_ h: Double, _ fallback: Double) -> Double { h >= 0 ? h : fallback }
        let node = plan.nodes[n], key = texts.key(n) ?? ""
        let s = Section(key: key, header: texts.header(n) ?? "",
                        headerHeight: height(node.headerHeight, options.headerHeight),
                        footerHeight: height(node.footerHeight, options.footerHeight),
                        rowHeight: height(node.rowHeight, options.rowHeight), collapsed: false)
        s.headerMeasured = node.headerHeight >= 0
        setUp(s, flags: node.flags)
        sectionsByKey[key] = s
        ids.register(s)
        return s
    }

    /// Inserts `count` default rows as children `at..<at+count` of `s`,
    /// with the match function's answers while filtering. Unlike
    /// `insertRows` it does not check the table's row limit: the snapshot
    /// was checked as a whole, and rows it removes may go later. The
    /// refresh of `s`'s record in its parent's list waits in `later` when
    /// that list is the one it defers.
    private func addRows(_ s: Section, at: Int, count: Int, answers: ArraySlice<Bool>?,
                         _ later: inout DeferredRefresh) {
        // Where the section starts, found once (its rows do not move it):
        // the rows' position and its header's redraw both follow from it.
        let start = s === root ? nil : later.start(of: s, in: self)
        let position = childPosition(s, at, start: start)
        let hadChildren = s.childCount > 0
        if let answers {
            s.replaceChildren(at..<at, with: answeredRows(answers))
        } else if !insertInPlace(into: s, at: at, count: count, heights: nil) {
            s.replaceChildren(at..<at, with: [.rows(RowRun(defaultRows: count))])
        }
        totalRows += count
        if !later.add(s) { s.propagate() }
        heldDidInsertRows(s, atChild: at, count: count)
        recordReplace(position, removed: 0, added: answers == nil ? count : childItems(s, at..<(at + count)))
        recordChildrenChanged(s, hadChildren: hadChildren, rowsChanged: true, start: start)
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
        guard quiet, eventState.recording, let saved = eventState.stopRecording() else { return try body() }
        defer { eventState.startRecording(saved) }
        try body()
    }
}

/// A section of the table as it was before a snapshot, in pre-order.
/// Not retained: the table's `ids` hold every section until `forget`,
/// which runs after the last read (a retain and release per section was
/// a tenth of an unchanged snapshot's cost).
struct OldSection {
    unowned(unsafe) var section: Section
    unowned(unsafe) var parent: Section
    var depth: Int
    /// Its index among its parent's subsections, and the parent's rows before it.
    var rank: Int
    var rowsBefore: Int
    /// Its rows when it holds rows only and is loaded; -1 otherwise.
    var rows: Int
    /// A reload's kept subsection given no children: they stay as they are.
    var keepsChildren = false
}

/// Which table section each snapshot section is: a kept one, by its index
/// among the old sections, or a new one once made. Kept sections are
/// compared through `old` (their old parent, rank and rows before them)
/// without reading the sections themselves: at 10^5 sections each pass
/// over them was a cache miss per section.
struct SnapshotMatch {
    let old: [OldSection]
    /// Per snapshot section: its index in `old` (-1: new).
    private(set) var oldOf: [Int] = []
    /// Per old section: its snapshot section (-1: it goes).
    private(set) var newOf: [Int]
    /// New sections once made, by snapshot section (empty until the first).
    private var made: [Section?] = []
    /// How many snapshot sections are new.
    private(set) var newCount = 0

    init(old: [OldSection], capacity: Int) {
        self.old = old
        newOf = [Int](repeating: -1, count: old.count)
        oldOf.reserveCapacity(min(capacity, old.count + 1))
    }

    /// Snapshot section `n` (the next one) is old section `k`, or new.
    mutating func claimKept(_ n: Int, old k: Int) {
        oldOf.append(k)
        newOf[k] = n
    }
    mutating func claimNew() {
        oldOf.append(-1)
        newCount += 1
    }

    func isKept(_ n: Int) -> Bool { oldOf[n] >= 0 }

    /// The old rows before kept section `n` in its old parent's list.
    func rowsBefore(_ n: Int) -> Int { old[oldOf[n]].rowsBefore }

    /// The section for snapshot section `n`: kept, made, or nil (not yet made).
    subscript(n: Int) -> Section? {
        let k = oldOf[n]
        if k >= 0 { return old[k].section }
        return made.isEmpty ? nil : made[n]
    }

    mutating func setMade(_ n: Int, _ s: Section) {
        if made.isEmpty { made = Array(repeating: nil, count: oldOf.count) }
        made[n] = s
    }
}
