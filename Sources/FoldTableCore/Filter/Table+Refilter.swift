// How the filter is applied: asking the match function, marking rows and
// sections, and the flags and change steps that follow (Table+Filter.swift
// has the calls that set and read the filter).

/// Where `Table.refilter` takes each answer from, in the order they are
/// asked (a section's header, then its children in order, subsections
/// depth-first).
enum AnswerSource {
    /// Fresh answers, consumed in order.
    case answers([Bool], Int)
    /// The answers stored (`Section.filterMatched`, `RowMarks.matched`).
    case stored
    /// No filter: every mark and flag cleared.
    case cleared
}

extension Table {
    /// Asks `match` about every section and row, in order (`AnswerSource`).
    /// Nothing changes; a nil answer throws `.cancelled`.
    func askAll(_ match: @escaping MatchFunction) throws -> [Bool] {
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
    func refilterTopLevel(_ source: AnswerSource) {
        var source = source
        var tops: [Section] = []
        root.list.forEachSection { tops.append($0) }
        root.list.root?.settleAll()  // marks are copied and what shows changes
        var steps = FilterSteps(on: eventState.recording)
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
    func refilter(_ s: Section, forced: Bool, _ source: inout AnswerSource, ownFlags: Bool = true,
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

    func mark(_ run: RowRun, forced: Bool, alike: Bool, into pieces: inout [Piece],
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
    func filterFlags(_ s: Section) -> Int {
        (s.filterHidden ? 1 : 0) | (s.filterOpened ? 2 : 0) | (s.filterMatched ? 4 : 0)
    }

    /// Sets `s`'s hidden and opened flags from its answer and what its list
    /// shows. O(1).
    private func setFlags(_ s: Section, forced: Bool) {
        guard filter != nil else {
            s.filterHidden = false
            s.filterOpened = false
            s.filterMatched = false
            return
        }
        (s.filterHidden, s.filterOpened) = shownFlags(s, forced: forced)
    }

    /// The hidden and opened flags `setFlags` gives `s` while a filter is
    /// on, without setting them. O(1).
    func shownFlags(_ s: Section, forced: Bool) -> (hidden: Bool, opened: Bool) {
        let inner = s.list.sum
        let shownBelow = inner.rows - inner.hiddenRows + (inner.children - inner.rows - inner.hiddenSections) > 0
        let hidden = !(forced || s.filterMatched || shownBelow)
        let opened = filter?.options.contains(.expandMatches) == true && s.collapsed && !s.filterClosed
            && shownBelow && !hidden
        return (hidden, opened)
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
    func chainOf(_ s: Section) -> [Section] {
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
    func refreshFlagsUpward(from s: Section) {
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
    func settleSubtree(_ s: Section) {
        s.settlePlace()
        s.list.root?.settleAll()
    }

    /// The outermost section of `chain` (innermost first) whose hidden or
    /// opened state changed, with its items and flags before.
    func outermostChanged(_ chain: [Section], _ before: [(items: Int, flags: Int)])
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
    func recordSectionChanged(_ top: (section: Section, items: Int, flags: Int)) {
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
