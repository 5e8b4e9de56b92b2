/// Options of a filter (FOLD_FILTER_*).
public struct FilterOptions: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// A section whose header matches shows everything below it.
    public static let showChildren = FilterOptions(rawValue: 1)
    /// Collapsed sections with something shown below them are shown expanded
    /// while the filter is on (`Section.filterOpened`).
    public static let expandMatches = FilterOptions(rawValue: 2)
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

/// Where `Table.refilter` takes each answer from, in the order they are
/// asked (a section's header, then its children in order, subsections
/// depth-first).
private enum AnswerSource {
    /// Fresh answers, consumed in order.
    case answers([Bool], Int)
    /// The answers stored (`Section.filterMatched`, `RowMarks.matched`).
    case stored
    /// No filter: every mark and flag cleared.
    case cleared
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
            try editRow(row, in: s, materialize: true) { run, i in
                var m = run.marks
                RowMarks.set(&m.hidden, i, hidden)
                RowMarks.set(&m.matched, i, matches)
                run.setFilterMarks(hidden: m.hidden, matched: m.matched)
            }
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
        let removed = s.replaceChildren(children, with: [])
        var pieces: [Piece] = []
        var k = 0
        let forced = forcedBy(s)
        var unrecorded = FilterSteps(on: false)
        for case .rows(let run) in removed {
            _ = mark(run, forced: forced, alike: false, into: &pieces, steps: &unrecorded) { answers[k + $0] }
            k += run.count
        }
        s.replaceChildren(children.lowerBound..<children.lowerBound, with: pieces)
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

    /// Asks `match` about every section and row, in order (`AnswerSource`).
    /// Nothing changes; a nil answer throws `.cancelled`.
    private func askAll(_ match: @escaping MatchFunction) throws -> [Bool] {
        var answers: [Bool] = []
        answers.reserveCapacity(root.list.sum.rowsDeep + sectionsByKey.count)
        matchBeingAsked = match
        defer { matchBeingAsked = nil }
        try askTree(root, header: false, into: &answers)
        return answers
    }

    /// Asks about `s`'s header (with `header`) and everything below it, in
    /// order, appending the answers.
    private func askTree(_ s: Section, header: Bool, into answers: inout [Bool]) throws {
        func visit(_ s: Section, header: Bool) throws {
            if header { answers.append(try ask(s, -1)) }
            var row = 0
            var failure: Error?
            s.list.forEachPiece { piece in
                do {
                    switch piece {
                    case .rows(let run):
                        for i in 0..<run.count { answers.append(try ask(s, row + i)) }
                        row += run.count
                    case .section(let sub):
                        try visit(sub, header: true)
                    }
                    return true
                } catch {
                    failure = error
                    return false
                }
            }
            if let failure { throw failure }
        }
        try visit(s, header: header)
    }

    /// Asks about the children a load gave `s` (linked, summaries current)
    /// and marks them; `s`'s own flags follow with `refreshFilterAfterChange`.
    /// A nil answer calls `undo` and throws `.cancelled`. O(rows asked + p).
    func filterLoaded(_ s: Section, undo: () -> Void) throws {
        guard let filter else { return }
        var answers: [Bool] = []
        matchBeingAsked = filter.match
        defer { matchBeingAsked = nil }
        do {
            try askTree(s, header: false, into: &answers)
        } catch {
            undo()
            throw error
        }
        var source = AnswerSource.answers(answers, 0)
        settleSubtree(s)
        var unrecorded = FilterSteps(on: false)
        refilter(s, forced: forcedBy(s.parent), &source, ownFlags: false, steps: &unrecorded)
        s.propagate()
    }

    /// One answer of the match function being asked.
    func ask(_ s: Section, _ row: Int) throws -> Bool {
        guard let match = matchBeingAsked else { throw matchGone }
        let was = eventState.notifying
        eventState.notifying = true
        defer { eventState.notifying = was }
        guard let answer = match(s.id, s.key, row) else { throw matchGone }
        return answer
    }

    static let matchStopped = FoldError(.cancelled, "the match function stopped the filter")
    static let matchFreed = FoldError(.cancelled, "the table was freed inside the match function before "
                                      + "it answered everything the call needed; the call changed nothing")

    /// Why the match function gives no answer: it stopped, or the table was
    /// freed inside it (which forgets it).
    private var matchGone: FoldError { loads.closed ? Table.matchFreed : Table.matchStopped }

    /// Re-derives every top-level section's subtree from `source` and
    /// records what became hidden or shown: per contiguous run of such
    /// items one step, in order, and redraws of the items that stay but
    /// show something else (`FilterSteps`). O(p) for the p pieces.
    private func refilterTopLevel(_ source: AnswerSource) {
        var source = source
        var tops: [Section] = []
        root.list.forEachSection { tops.append($0) }
        root.list.root?.settleAll()  // marks are copied and what shows changes
        var steps = FilterSteps(on: eventState.changes != nil)
        for sub in tops {
            refilter(sub, forced: false, &source, steps: &steps)
        }
        // The contributions changed: rebuild the top level's summaries.
        root.replaceChildren(0..<root.childCount, with: tops.map(Piece.section))
        for c in steps.steps { recordReplace(c.position, removed: c.removed, added: c.added) }
        for r in steps.redraws { recordRedraw(r.lowerBound, count: r.count) }
    }

    /// Re-derives the filter's marks of `s`'s rows, its subsections and its
    /// own flags (unless it is the root, or not `ownFlags`) from `source`,
    /// rebuilding its list; `forced`: an ancestor shows everything below it
    /// (`FilterOptions.showChildren`). Returns whether anything in it
    /// changed (items, MATCH flags, or what a header counts). Records in
    /// `steps` (when on: `s`'s items, old and new, are at `steps.at`) what
    /// became hidden or shown inside `s` where it showed its children
    /// before and after, or else `s` as header, children and footer.
    /// O(pieces below).
    @discardableResult
    private func refilter(_ s: Section, forced: Bool, _ source: inout AnswerSource, ownFlags: Bool = true,
                          steps: inout FilterSteps) -> Bool {
        let options = filter?.options ?? []
        var changed = false
        let own = s !== root && ownFlags
        // What `s` showed before (what its children showed is read as they go).
        let wasShown = !s.filterHidden, wasOpen = own ? !s.filterHidden && s.showsChildren : true
        let oldChildItems = s.shownChildrenItems
        let start = steps.mark, startAt = steps.at, wasOn = steps.on
        if own {
            if wasShown { steps.keep(s.headerItems) }
            steps.on = wasOn && wasOpen
        }
        if own {
            let matched = next(&source, stored: s.filterMatched)
            changed = matched != s.filterMatched
            s.filterMatched = matched
        }
        let forceChildren = forced || (options.contains(.showChildren) && s.filterMatched)
        var pieces: [Piece] = []
        var all: [Piece] = []
        s.list.forEachPiece { all.append($0); return true }
        for piece in all {
            switch piece {
            case .rows(let run):
                if case .answers(let a, let i) = source {
                    // Read in place (no closure over `source`): one answer a row.
                    source = .answers(a, i + run.count)
                    if mark(run, forced: forceChildren, alike: false, into: &pieces, steps: &steps,
                            { i + $0 < a.count && a[i + $0] }) {
                        changed = true
                    }
                } else if mark(run, forced: forceChildren, alike: true, into: &pieces, steps: &steps,
                               { next(&source, stored: run.isMatched($0)) }) {
                    changed = true
                }
            case .section(let sub):
                if refilter(sub, forced: forceChildren, &source, steps: &steps) { changed = true }
                pieces.append(.section(sub))
            }
        }
        steps.keep(s.placeholderItems)
        steps.on = wasOn
        s.replaceChildren(0..<s.childCount, with: pieces)
        guard own else { return changed }
        let old = filterFlags(s)
        // Setting or clearing the filter forgets which sections the user closed.
        if case .stored = source {} else { s.filterClosed = false }
        setFlags(s, forced: forced)
        if filterFlags(s) != old { changed = true }
        let isShown = !s.filterHidden, isOpen = isShown && s.showsChildren
        if wasOpen && isOpen {
            // Inside recorded in place (the header and footer stay).
            steps.keep(s.hasFooter ? 1 : 0)
            if changed && s.hasHeader { steps.redraw(startAt) }
            return changed
        }
        steps.rewind(to: start)
        func part(_ was: Int, _ now: Int, kept: Bool) {
            if kept { steps.keep(now) } else { steps.replace(removed: was, added: now) }
        }
        part(wasShown ? s.headerItems : 0, isShown ? s.headerItems : 0, kept: wasShown && isShown)
        if changed && wasShown && isShown && s.hasHeader { steps.redraw(startAt) }
        part(wasOpen ? oldChildItems : 0, isOpen ? s.shownChildrenItems : 0, kept: false)
        let footer = s.hasFooter ? 1 : 0, footerAt = steps.at
        part(wasShown ? footer : 0, isShown ? footer : 0, kept: wasShown && isShown)
        // A footer shows whether its section is open.
        if wasShown && isShown && footer > 0 && wasOpen != isOpen { steps.redraw(footerAt) }
        return changed
    }

    /// Appends `run` to `pieces` with the filter's marks from `answer(i)`
    /// for each row i (asked in order; once for a default run when the
    /// answers are `alike`). A default run is marked 64 rows at a time: a
    /// window answered alike stays a default run (merged with a default run
    /// before it marked the same), a mixed one becomes an explicit chunk of
    /// default-height rows with a bit per row, so answers that alternate
    /// cost a chunk per 64 rows rather than a piece per row. Returns whether
    /// a mark changed. O(rows of the run).
    /// Derives the filter's state of the whole table again from the stored
    /// answers (after a snapshot added answered rows and sections). O(p).
    func refilterFromStoredAnswers() {
        refilterTopLevel(.stored)
    }

    /// New default rows with their answers, marked as `setFilter` marks
    /// them when nothing above shows everything (the state is derived again
    /// afterwards). O(rows).
    func answeredRows(_ answers: ArraySlice<Bool>) -> [Piece] {
        var pieces: [Piece] = []
        let first = answers.startIndex
        var unrecorded = FilterSteps(on: false)
        _ = mark(RowRun(defaultRows: answers.count), forced: false, alike: false, into: &pieces,
                 steps: &unrecorded) { answers[first + $0] }
        return pieces
    }

    private func mark(_ run: RowRun, forced: Bool, alike: Bool, into pieces: inout [Piece],
                      steps: inout FilterSteps, _ answer: (Int) -> Bool) -> Bool {
        let filtering = filter != nil
        func append(_ run: RowRun) {
            if !run.isExplicit, case .rows(let last)? = pieces.last, !last.isExplicit, last.marks == run.marks {
                pieces[pieces.count - 1] = .rows(RowRun(defaultRows: last.count + run.count, marks: run.marks))
            } else {
                pieces.append(.rows(run))
            }
        }
        var run = run
        if run.isExplicit {
            var hidden: UInt64 = 0, matched: UInt64 = 0
            for i in 0..<run.count where answer(i) { matched |= 1 << UInt64(i) }
            if !forced, filtering {
                hidden = ~matched & RowMarks.bits(0, run.count)
            }
            let changed = hidden != run.marks.hidden || matched != run.marks.matched
            steps.rows(run.count, oldHidden: run.marks.hidden, newHidden: hidden,
                       oldMatched: run.marks.matched, newMatched: matched)
            if changed { run.setFilterMarks(hidden: hidden, matched: matched) }
            append(changed ? run.asDefaultRun ?? run : run)
            return changed
        }
        func marked(_ a: Bool) -> RowMarks {
            var m = run.marks
            m.matched = a ? RowMarks.all : 0
            m.hidden = !a && !forced && filtering ? RowMarks.all : 0
            return m
        }
        if alike {
            let m = marked(answer(0))
            steps.rows(run.count, wasShown: run.marks.hidden == 0, isShown: m.hidden == 0,
                       wasMatched: run.marks.matched != 0, isMatched: m.matched != 0)
            append(RowRun(defaultRows: run.count, marks: m))
            return m != run.marks
        }
        var changed = false
        var i = 0
        while i < run.count {
            let n = min(RowRun.chunkSize, run.count - i)
            var matched: UInt64 = 0
            for k in 0..<n where answer(i + k) { matched |= 1 << UInt64(k) }
            let mask = RowMarks.bits(0, n)
            let oldHidden = run.marks.hidden != 0 ? mask : 0, oldMatched = run.marks.matched != 0 ? mask : 0
            if matched == 0 || matched == mask {
                let m = marked(matched != 0)
                if m != run.marks { changed = true }
                steps.rows(n, oldHidden: oldHidden, newHidden: m.hidden & mask,
                           oldMatched: oldMatched, newMatched: matched)
                append(RowRun(defaultRows: n, marks: m))
            } else {
                let hidden = !forced && filtering ? ~matched & mask : 0
                var chunk = RowRun(explicitDefaults: n, marks: run.marks)
                chunk.setFilterMarks(hidden: hidden, matched: matched)
                changed = true
                steps.rows(n, oldHidden: oldHidden, newHidden: hidden, oldMatched: oldMatched, newMatched: matched)
                append(chunk)
            }
            i += n
        }
        return changed
    }

    /// The next answer of `source` (`stored` for `.stored`, false for
    /// `.cleared`; false past the end of the answers).
    private func next(_ source: inout AnswerSource, stored: Bool) -> Bool {
        switch source {
        case .answers(let a, let i):
            guard i < a.count else { return false }
            source = .answers(a, i + 1)
            return a[i]
        case .stored: return stored
        case .cleared: return false
        }
    }

    /// A section's filter state that shows: hidden, opened, matched.
    /// (Bits: 1 hidden, 2 opened, 4 matched.)
    private func filterFlags(_ s: Section) -> Int {
        (s.filterHidden ? 1 : 0) | (s.filterOpened ? 2 : 0) | (s.filterMatched ? 4 : 0)
    }

    /// Sets `s`'s hidden and opened flags from its answer and what its list
    /// shows. O(1).
    private func setFlags(_ s: Section, forced: Bool) {
        guard let filter else {
            s.filterHidden = false
            s.filterOpened = false
            s.filterMatched = false
            return
        }
        let inner = s.list.sum
        let shownBelow = inner.rows - inner.hiddenRows + (inner.children - inner.rows - inner.hiddenSections) > 0
        s.filterHidden = !(forced || s.filterMatched || shownBelow)
        s.filterOpened = filter.options.contains(.expandMatches) && s.collapsed && !s.filterClosed
            && shownBelow && !s.filterHidden
    }

    /// Whether `s` or a section above it matches with
    /// `FilterOptions.showChildren`, so everything in `s` is shown. O(depth).
    func forcedBy(_ s: Section?) -> Bool {
        guard let filter, filter.options.contains(.showChildren) else { return false }
        var c = s
        while let x = c, x !== root {
            if x.filterMatched { return true }
            c = x.parent
        }
        return false
    }

    /// `s` and its ancestors (not the root), innermost first.
    private func chainOf(_ s: Section) -> [Section] {
        var out: [Section] = []
        var c: Section? = s
        while let x = c, x !== root { out.append(x); c = x.parent }
        return out
    }

    /// Sets the flags of `s` and its ancestors again after `s`'s list
    /// changed (its summaries are current), refreshing each changed one's
    /// place in its parent's list; at the first that did not change
    /// (nothing above it can), refreshes the summaries above it.
    /// O(depth · log n).
    private func refreshFlagsUpward(from s: Section) {
        s.settlePlace()  // what shows changes: the tags above go down first
        var c: Section? = s
        while let x = c, x !== root {
            let old = filterFlags(x)
            setFlags(x, forced: forcedBy(x.parent))
            if filterFlags(x) == old { return x.propagate() }
            if let place = x.place { place.leaf.refreshUpward(slot: place.slot) }
            c = x.parent
        }
    }

    /// Settles every selection tag pending on `s` and below it, before
    /// `refilter` copies its marks and changes what shows. O(nodes below).
    private func settleSubtree(_ s: Section) {
        s.settlePlace()
        s.list.root?.settleAll()
    }

    /// The outermost section of `chain` (innermost first) whose hidden or
    /// opened state changed, with its items and flags before.
    private func outermostChanged(_ chain: [Section], _ before: [(items: Int, flags: Int)])
        -> (section: Section, items: Int, flags: Int)? {
        for k in chain.indices.reversed() {
            if (filterFlags(chain[k]) ^ before[k].flags) & 3 != 0 {
                return (chain[k], before[k].items, before[k].flags)
            }
        }
        return nil
    }

    /// Records that a section that had `items` items and the filter flags
    /// `flags` shows what it shows now: replaced whole when it was or is
    /// hidden, else its children replaced and its header and footer kept
    /// and redrawn (opened or closed by the filter). O(depth · log n).
    private func recordSectionChanged(_ top: (section: Section, items: Int, flags: Int)) {
        let s = top.section
        guard let position = childPosition(s.parent ?? root, s.indexInParent) else { return }
        guard top.flags & 1 == 0, !s.filterHidden else {
            return recordReplace(position, removed: top.items, added: s.contribution.items)
        }
        let edges = s.headerItems + (s.hasFooter ? 1 : 0)
        recordReplace(position + s.headerItems, removed: top.items - edges, added: s.contribution.items - edges)
        recordFlagsChanged(s)
    }
}
