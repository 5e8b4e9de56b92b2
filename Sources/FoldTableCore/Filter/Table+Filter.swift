/// Options of a filter (FOLD_FILTER_*).
public struct FilterOptions: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// A section whose header matches shows everything below it.
    static let showChildren = FilterOptions(rawValue: 1)
    /// Collapsed sections with something shown below them are shown expanded
    /// while the filter is on (`Section.filterOpened`).
    static let expandMatches = FilterOptions(rawValue: 2)
}

/// Asked whether a row (`row` >= 0) or the header of a section (`row` -1)
/// matches, with the section's id and key: true or false, or nil to stop
/// the call that asks (it throws `.cancelled` and changes nothing). It runs
/// inside that call: it may read the table, not change it (`.busy`).
public typealias MatchFunction = (SectionID, String, Int) -> Bool?

/// The active filter.
struct Filter {
    var match: MatchFunction?
    var options: FilterOptions
}

extension Table {
    /// The active filter's options, or nil without a filter.
    /// - Complexity: O(1)
    public var filterOptions: FilterOptions? { filter?.options }

    /// Sets the filter (replacing the one set before: every row and section
    /// is asked anew), or with `match` nil clears it (`options` must then be
    /// empty). Every answer is asked first; one nil answer stops the call
    /// with `.cancelled` and nothing changes. One change set: one step per
    /// contiguous run of items that became hidden or shown, in order (each
    /// applies to the list the steps before it left, as GTK's
    /// `items-changed`); items shown before and after stay, redrawn when
    /// what they show changed (MATCH flags; a header's counts or open state;
    /// a footer's open state). When every row still shows, no step.
    /// - Complexity: O(n) answers and O(p) work for n rows and sections and
    ///   p pieces (rows of default height answered alike are stored as one);
    ///   recording costs O(1) per piece or 64-row window that keeps what it
    ///   shows, plus O(1) per step or redraw range.
    public func setFilter(_ match: MatchFunction?, options: FilterOptions = []) throws {
        guard let match else {
            guard options.isEmpty else {
                throw FoldError(.invalidArgument, "filter flags must be 0 when the filter is cleared (no match function)")
            }
            // Inside a callback even clearing no filter is refused (`.busy`).
            try mutate {
                guard filter != nil else { return }
                filter = nil
                refilterTopLevel(.cleared)
            }
            return
        }
        let unknown = options.subtracting([.showChildren, .expandMatches])
        guard unknown.isEmpty else {
            throw FoldError(.invalidArgument, "unknown filter flags \(unknown.rawValue) (known: FOLD_FILTER_SHOW_CHILDREN 1, FOLD_FILTER_EXPAND_MATCHES 2)")
        }
        try mutate {
            let answers = try askAll(match)
            filter = Filter(match: match, options: options)
            refilterTopLevel(.answers(answers, 0))
        }
    }

    /// Changes one row's answer (as the match function would answer now).
    /// `.notAllowed` without a filter; nothing is reported when the answer
    /// is the same. The row's item is added, removed or redrawn, or, when
    /// that shows, hides or opens sections, the outermost of them is
    /// replaced (only its children when it stays shown: opened or closed).
    /// - Complexity: O(depth · log n)
    public func setRowMatch(section ref: SectionRef, row: Int, matches: Bool) throws {
        let s = try section(ref)
        try checkRowRange(row, 1, in: s)
        guard filter != nil else { throw FoldError(.notAllowed, "no filter is set: set one before changing a row's match") }
        let (node, within, _) = try rowNode(row, in: s)
        guard case .rows(let run) = node.piece, run.isMatched(within) != matches else { return }
        let wasHidden = run.isHidden(within)
        try mutate {
            let chain = chainOf(s)
            let before = chain.map { (items: $0.contribution.items, flags: filterFlags($0)) }
            let oldPosition = wasHidden ? nil : try? rowPosition(of: s, row: row)
            let hidden = !matches && !forcedBy(s)
            _ = try markRows(from: row, count: 1, in: s) { _ in (matches, hidden) }
            refreshFlagsUpward(from: s)
            if let top = outermostChanged(chain, before) {
                recordSectionChanged(top)
            } else if wasHidden != hidden {
                if hidden {
                    recordReplace(oldPosition, removed: 1, added: 0)
                } else {
                    recordReplace(try? rowPosition(of: s, row: row), removed: 0, added: 1)
                }
            } else if !hidden {
                recordRedraw(try? rowPosition(of: s, row: row))
            }
        }
    }

    /// Changes one section's answer for its header. With
    /// `FilterOptions.showChildren` everything below it is shown again by
    /// its own answers or by this one. Reported like `setRowMatch`.
    /// - Complexity: O(depth · log n), plus O(p) for the p pieces below it
    ///   with `FilterOptions.showChildren`.
    public func setSectionMatch(section ref: SectionRef, matches: Bool) throws {
        let s = try section(ref)
        guard let filter else { throw FoldError(.notAllowed, "no filter is set: set one before changing a section's match") }
        guard s.filterMatched != matches else { return }
        try mutate {
            let chain = chainOf(s)
            let before = chain.map { (items: $0.contribution.items, flags: filterFlags($0)) }
            s.filterMatched = matches
            var inside = false
            if filter.options.contains(.showChildren) {
                settleSubtree(s)
                var source = AnswerSource.stored
                var unrecorded = FilterSteps(on: false)
                inside = refilter(s, forced: forcedBy(s.parent), &source, steps: &unrecorded)
                s.propagate()
                // refilter set `s`'s flags: what changed above it follows.
                if let p = s.parent { refreshFlagsUpward(from: p) }
            } else {
                refreshFlagsUpward(from: s)
            }
            if let top = outermostChanged(chain, before) ?? (inside ? (s, before[0].items, before[0].flags) : nil) {
                recordSectionChanged(top)
            } else {
                recordRedraw(visibleHeader(s))
            }
        }
    }

    /// The answer for row `row` of a section (true without a filter).
    /// - Complexity: O(depth · log n)
    public func rowMatches(section ref: SectionRef, row: Int) throws -> Bool {
        let s = try section(ref)
        try checkRowRange(row, 1, in: s)
        guard filter != nil else { return true }
        let (node, within, _) = try rowNode(row, in: s)
        guard case .rows(let run) = node.piece else { return true }
        return run.isMatched(within)
    }

    /// The answer for a section's header (true without a filter).
    /// - Complexity: O(1) after resolving the section.
    public func sectionMatches(section ref: SectionRef) throws -> Bool {
        let s = try section(ref)
        return filter == nil || s.filterMatched
    }

    /// Rows that match, and all rows, in a section and all its subsections
    /// (nil: the whole table). Without a filter every row matches.
    /// - Complexity: O(1) after resolving the section.
    public func matchCount(section ref: SectionRef?) throws -> (matches: Int, rows: Int) {
        let sum = try ref.map { try section($0).list.sum } ?? root.list.sum
        return (filter == nil ? sum.rowsDeep : sum.matchedDeep, sum.rowsDeep)
    }

    // MARK: Internals

    /// Rows shown of a section's own rows (`visible_row_count`).
    func shownRowCount(_ s: Section) -> Int {
        guard s.showsChildren || s.childCount == 0, !s.filterHidden else { return 0 }
        return s.rowCount - s.list.sum.hiddenRows
    }

    /// The item index, inside its run, of the row at `within` of the piece
    /// `ref`; nil when the filter hides it. Reads the piece only while a
    /// filter is set.
    func shownItem(_ ref: PieceRef, _ within: Int) -> Int? {
        guard filter != nil, case .rows(let run) = ref.piece else { return within }
        return run.isHidden(within) ? nil : run.item(ofRow: within)
    }

    /// The items before child `within` of the piece `ref` (for a row run:
    /// the shown rows before that row).
    func itemsBefore(_ ref: PieceRef, _ within: Int) -> Int {
        guard filter != nil, within > 0, case .rows(let run) = ref.piece else { return within }
        return run.item(ofRow: within)
    }

    /// After the user collapsed `s` while a filter is on: it no longer shows
    /// expanded until the filter is set again.
    func closeForFilter(_ s: Section) {
        s.filterOpened = false
        s.filterClosed = true
    }

    /// Forgets the match function (the table is freed inside a callback):
    /// it is never called again.
    func forgetMatchFunction() {
        matchBeingAsked = nil
        filter?.match = nil
    }

    /// The position to redraw for row `row` of `s`: nil when it shows no item.
    func rowRedrawPosition(_ s: Section, _ row: Int) -> Int? {
        guard filter != nil else { return childPosition(s, childIndex(ofRow: row, in: s)) }
        return try? rowPosition(of: s, row: row)
    }

    /// After children of `s` were added, removed or moved while a filter is
    /// on (the change is recorded): sets the flags of `s` and its ancestors
    /// again and records the outermost section that this shows, hides or
    /// opens as replaced. O(depth · log n).
    func refreshFilterAfterChange(_ s: Section) {
        guard filter != nil, s !== root else { return }
        // Mostly `s` neither shows, hides nor opens after the change: then
        // no section above it changes (`refreshFlagsUpward` stops at `s`)
        // and nothing is recorded, so no chain is kept to compare.
        if shownFlags(s, forced: forcedBy(s.parent)) == (s.filterHidden, s.filterOpened) {
            return refreshFlagsUpward(from: s)
        }
        let chain = chainOf(s)
        let before = chain.map { (items: $0.contribution.items, flags: filterFlags($0)) }
        refreshFlagsUpward(from: s)
        if let top = outermostChanged(chain, before) {
            recordReplace(childPosition(top.section.parent ?? root, top.section.indexInParent),
                          removed: top.items, added: top.section.contribution.items)
        }
    }

    /// After `s` moved away from `source` while a filter is on (recorded):
    /// when whether a section above shows all below it
    /// (`FilterOptions.showChildren`) changed with the move, derives `s`'s
    /// subtree again and records `s` as replaced; then what the move shows
    /// or hides above `source`. O(depth · log n), plus O(p) for the p pieces
    /// below `s` when it is derived again.
    func refilterMoved(_ s: Section, from source: Section) {
        guard filter != nil, let parent = s.parent else { return }
        let forced = forcedBy(parent)
        if forced != forcedBy(source) {
            let items = s.contribution.items
            settleSubtree(s)
            var answers = AnswerSource.stored
            var unrecorded = FilterSteps(on: false)
            refilter(s, forced: forced, &answers, steps: &unrecorded)
            s.propagate()
            recordReplace(childPosition(parent, s.indexInParent), removed: items, added: s.contribution.items)
        }
        refreshFilterAfterChange(source)
    }

    /// Sets the filter marks of up to `count` rows of `s` from `row` on, as
    /// far as `row`'s run (or chunk) goes, where they are (`editRow`; a row
    /// of a default run gets its chunk made explicit), its summaries moved
    /// by the difference: row `row + j` as `marks(j)` says. Returns how
    /// many rows it marked (0 only when `row` is in no run).
    /// O(depth · log n + chunk).
    private func markRows(from row: Int, count: Int, in s: Section,
                          _ marks: (Int) -> (matches: Bool, hidden: Bool)) throws -> Int {
        var marked = 0
        try editRow(row, in: s, materialize: true) { run, i in
            marked = min(run.count - i, count)
            var m = run.marks
            for j in 0..<marked {
                let (matches, hidden) = marks(j)
                RowMarks.set(&m.hidden, i + j, hidden)
                RowMarks.set(&m.matched, i + j, matches)
            }
            run.setFilterMarks(hidden: m.hidden, matched: m.matched)
        }
        return marked
    }

    /// Up to this many new rows are marked run by run where they are, in
    /// up to `runsMarkedInPlace` edits (`markRows`, one per run or chunk of
    /// default rows they fall in): each edit costs about a tenth of taking
    /// the rows out and putting them back marked (three edits of the list,
    /// about 30,000 instructions at 10^6 rows, which also leaves their
    /// chunk cut in pieces). Rows left over go out and back; so do more
    /// rows than this, whose marking is mostly per row anyway.
    static let rowsMarkedInPlace = 2 * RowRun.chunkSize
    static let runsMarkedInPlace = 4

    /// Asks about new rows (children `children` of `s`, just inserted,
    /// summaries current) and marks them; a nil answer removes them again
    /// and throws `.cancelled`. O(rows asked + depth · log n).
    func filterNewRows(_ s: Section, children: Range<Int>) throws {
        guard let filter else { return }
        var firstRow = s.rowCount
        if let (node, within, before) = s.list.locate(.children, children.lowerBound) {
            firstRow = before.rows + (node.holdsSection ? 0 : within)
        }
        var answers: [Bool] = []
        answers.reserveCapacity(children.count)
        matchBeingAsked = filter.match
        defer { matchBeingAsked = nil }
        do {
            for r in firstRow..<(firstRow + children.count) { answers.append(try ask(s, r)) }
        } catch {
            s.replaceChildren(children, with: [])
            totalRows -= children.count
            s.propagate()
            throw error
        }
        let forced = forcedBy(s)
        // New rows are unmarked: shown, not matched. Under a section that
        // shows all its rows, one without a match needs no edit.
        var k = 0
        func skipUnmarked() { while k < answers.count, forced, !answers[k] { k += 1 } }
        skipUnmarked()
        for _ in 0..<(answers.count <= Table.rowsMarkedInPlace ? Table.runsMarkedInPlace : 0) where k < answers.count {
            let from = k
            let marked = try markRows(from: firstRow + from, count: answers.count - from, in: s) { j in
                (answers[from + j], !answers[from + j] && !forced)
            }
            guard marked > 0 else { break }
            k += marked
            skipUnmarked()
        }
        // (Each edit refreshed the lists above `s` itself.)
        guard k < answers.count else { return }
        let rest = (children.lowerBound + k)..<children.upperBound
        let removed = s.replaceChildren(rest, with: [])
        var pieces: [Piece] = []
        var unrecorded = FilterSteps(on: false)
        for case .rows(let run) in removed {
            _ = mark(run, forced: forced, alike: false, into: &pieces, steps: &unrecorded) { answers[k + $0] }
            k += run.count
        }
        s.replaceChildren(rest.lowerBound..<rest.lowerBound, with: pieces)
        s.propagate()
    }

    /// Asks about a new section (attached hidden, registered) and its rows,
    /// then shows what matches and records it; a nil answer removes it
    /// again and throws `.cancelled`. O(rows asked + depth · log n).
    func filterNewSection(_ s: Section) throws {
        guard let filter, let parent = s.parent else { return }
        var answers: [Bool] = []
        matchBeingAsked = filter.match
        defer { matchBeingAsked = nil }
        do {
            answers.append(try ask(s, -1))
            for r in 0..<s.rowCount { answers.append(try ask(s, r)) }
        } catch {
            detach(s)
            forget(s)
            throw error
        }
        var source = AnswerSource.answers(answers, 0)
        var unrecorded = FilterSteps(on: false)
        refilter(s, forced: forcedBy(parent), &source, steps: &unrecorded)
        s.propagate()
        recordReplace(childPosition(parent, s.indexInParent), removed: 0, added: s.contribution.items)
        refreshFilterAfterChange(parent)
    }
}
