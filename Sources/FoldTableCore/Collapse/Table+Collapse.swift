extension Table {
    /// Sets the collapsed state of a section. Returns whether it
    /// flipped (false: already so, or a listener refused). A section
    /// without children keeps the state for when it gets some (its header
    /// is redrawn; it hides nothing yet). Collapsing a section that is not
    /// collapsible (fixed, or without a header item) is `.notAllowed`;
    /// expanding it does nothing. The rows stay where they are; only the
    /// summaries above the section are refreshed.
    /// - Complexity: O(depth · log n), whatever the section's size.
    @discardableResult
    public func setCollapsed(_ collapsed: Bool, section ref: SectionRef) throws -> Bool {
        let s = try section(ref)
        if s.fixed {
            if collapsed { throw FoldError.notCollapsible(s) }
            return false
        }
        // With no change set to tell (`changesUnobserved`), none is recorded.
        return try mutate(unrecordedIfUnobserved: true, anchoring: .beforeToggle) { setCollapsedRecording(collapsed, s) }
    }

    /// Flips the state of a section; returns whether it flipped.
    /// `.notAllowed` for a section that is not collapsible.
    /// - Complexity: O(log n)
    @discardableResult
    public func toggle(section ref: SectionRef) throws -> Bool {
        let s = try section(ref)
        guard !s.fixed else { throw FoldError.notCollapsible(s) }
        return try mutate(unrecordedIfUnobserved: true, anchoring: .beforeToggle) {
            setCollapsedRecording(s.showsChildren, s)
        }
    }

    /// Makes a section collapsible or not (fixed: no indicator, collapse and
    /// toggle are `.notAllowed`). A collapsed section cannot be made fixed
    /// (expand it first), and a section without a header item stays fixed:
    /// both `.notAllowed`. Its header and footer are redrawn when that
    /// changes their indicator or flags.
    /// - Complexity: O(depth · log n)
    public func setCollapsible(_ collapsible: Bool, section ref: SectionRef) throws {
        let s = try section(ref)
        guard s.fixed == collapsible else { return }
        guard s.hasHeader else {
            throw FoldError(.notAllowed, "section \"\(s.key)\" has no header item, so it stays not collapsible")
        }
        guard collapsible || !s.collapsed else {
            throw FoldError(.notAllowed, "section \"\(s.key)\" is collapsed: expand it first, then make it not collapsible")
        }
        try mutate {
            let shown = s.collapsible
            s.fixed = !collapsible
            if s.collapsible != shown { recordFlagsChanged(s) }
        }
    }

    /// Whether a section is collapsible: not fixed (a section without a
    /// header item never is). It shows an indicator only while it also has
    /// children (`Item.collapsible`).
    /// - Complexity: O(1) after resolving the section.
    func isCollapsible(section ref: SectionRef) throws -> Bool {
        !(try section(ref).fixed)
    }

    /// Whether a section has a header item.
    /// - Complexity: O(1) after resolving the section.
    func hasHeader(section ref: SectionRef) throws -> Bool {
        try section(ref).hasHeader
    }

    /// The stored state of a section.
    /// - Complexity: O(log n)
    func isCollapsed(section ref: SectionRef) throws -> Bool {
        try section(ref).collapsed
    }

    /// Collapses (or expands) every collapsible section that has children
    /// (fixed ones are skipped; expanding leaves unloaded sections as they
    /// are, collapsing cancels loads); returns how many flipped. Sections go
    /// in post-order (a section's subsections before it). Every "will"
    /// listener is asked about every section first, before anything
    /// changes; a refused section keeps its state and the others flip; then
    /// the "did" events follow, in the same order, with every flip done.
    /// The flips are made in one pass over the table's sections
    /// (Table+CollapseAll.swift), and with no change set to tell
    /// (`changesUnobserved`) none is recorded.
    /// - Complexity: O(s + nodes holding sections) for s sections.
    @discardableResult
    public func setAllCollapsed(_ collapsed: Bool) throws -> Int {
        // No "will" to ask nor "did" to tell: the pass picks the sections itself.
        guard !listeners.sections.isEmpty else {
            return try mutate(unrecordedIfUnobserved: true) { flipInOnePass(collapsed, nil) }
        }
        let all = allCollapsible(loadedOnly: !collapsed)
        return try mutate(unrecordedIfUnobserved: true) {
            guard let flips = sectionsWilling(collapsed, all, allOrNothing: false) else { return 0 }
            flipInOnePass(collapsed, flips)
            for s in flips { sectionDid(s, collapsed ? .didCollapse : .didExpand) }
            return flips.count
        }
    }

    /// Every collapsible section of the table in post-order (a section's
    /// subsections before it), with `loadedOnly` not the unloaded ones.
    /// - Complexity: O(s · log n) for s sections.
    func allCollapsible(loadedOnly: Bool) -> [Section] {
        var all: [Section] = []
        func visit(_ s: Section) {
            s.list.forEachSection { sub in
                visit(sub)
                if sub.collapsible, !loadedOnly || sub.load != .unloaded { all.append(sub) }
            }
        }
        visit(root)
        return all
    }

    /// `s` and, in pre-order (a section before its subsections), every
    /// collapsible section below it whose children are loaded: what
    /// `expandAllRecording(below:)` may flip.
    /// - Complexity: O(s · log n) for s sections below `s`.
    func expandable(below s: Section) -> [Section] {
        var all: [Section] = [s]
        func visit(_ x: Section) {
            x.list.forEachSection { sub in
                if sub.collapsible, sub.load != .unloaded { all.append(sub) }
                visit(sub)
            }
        }
        visit(s)
        return all
    }

    /// Every section's key and stored state, in list order.
    /// - Complexity: O(s) for s sections.
    public func sectionStates() -> [(key: String, collapsed: Bool)] {
        var out: [(key: String, collapsed: Bool)] = []
        func visit(_ s: Section) {
            s.list.forEachSection { sub in
                out.append((sub.key, sub.collapsed))
                visit(sub)
            }
        }
        visit(root)
        return out
    }

    /// Replaces the strings shown for collapsed and expanded sections.
    /// - Complexity: O(1)
    public func setIndicators(collapsed: String, expanded: String) {
        collapsedIndicator = collapsed
        expandedIndicator = expanded
    }

    /// The indicator of a section: collapsed or expanded string, "" when it
    /// is not collapsible now (fixed, or no children).
    /// - Complexity: O(log n)
    public func indicator(section ref: SectionRef) throws -> String {
        indicator(of: try section(ref))
    }

    func indicator(of s: Section) -> String {
        !s.collapsible ? "" : (!s.showsChildren ? collapsedIndicator : expandedIndicator)
    }

    /// Flips a section's state (inside `mutate`): asks the "will" listeners,
    /// records the rows that appear or disappear and the header to redraw,
    /// tells the "did" listeners. False if nothing changed or a listener refused.
    /// Made directly, without the arrays of the many-section form below (a
    /// toggle is the call a person makes most).
    func setCollapsedRecording(_ collapsed: Bool, _ s: Section) -> Bool {
        guard willFlip(collapsed, s) else { return false }
        eventState.changes?.expandedOrCollapsed = true
        anchorBeforeToggle(collapsed, s)
        flipAndPropagate(collapsed, s)
        sectionDid(s, collapsed ? .didCollapse : .didExpand)
        return true
    }

    /// Sets the state of several sections as one change (inside `mutate`),
    /// in the given order: first every "will" event for every section that
    /// would flip, before any change (so a refusal costs nothing to undo);
    /// then the flips; then the "did" events. With `allOrNothing`, one
    /// refusal leaves everything as it was and returns nil; otherwise the
    /// refused sections are skipped. Returns the sections that flipped (nil
    /// also when none would).
    func setCollapsedRecording(_ collapsed: Bool, _ sections: [Section], allOrNothing: Bool) -> [Section]? {
        guard let flips = sectionsWilling(collapsed, sections, allOrNothing: allOrNothing) else { return nil }
        eventState.changes?.expandedOrCollapsed = true
        for s in flips { flipAndPropagate(collapsed, s) }
        for s in flips { sectionDid(s, collapsed ? .didCollapse : .didExpand) }
        return flips
    }

    /// For a mutation anchored `.beforeToggle`, before `s` collapses or
    /// expands: its children's items (or placeholder) go out or come in
    /// below its header (`flip`), which `anchorBeforeChange` is told with
    /// their height. O(depth · log n), nothing when no anchor waits.
    private func anchorBeforeToggle(_ collapsed: Bool, _ s: Section) {
        guard eventState.anchorPending else { return }
        // (A section without a header item is never collapsible: found the
        // general way, should one be.)
        guard s.hasHeader else {
            eventState.anchorPending = false
            eventState.lateAnchor = .found(captureAnchor())
            return
        }
        let header = headerPlaceIfShown(s)
        anchorBeforeChange(at: header.map { $0.position + 1 }, top: header.map { $0.top &+ s.headerUnits },
                           removing: collapsed ? .items(count: s.shownChildrenItems, height: s.shownChildrenHeight, first: 0)
                               : nil)
    }

    /// Flips `s` (its "will" event allowed) and refreshes the summaries
    /// above it. Its header's position is found only for a change set.
    private func flipAndPropagate(_ collapsed: Bool, _ s: Section) {
        let header = eventState.recording ? visibleHeader(s) : nil
        s.settlePlace()  // a pending "select the shown" means shown before this
        flip(collapsed, s, header: header)
        s.propagate()
    }

    /// Whether `s` would flip and its "will" event is allowed.
    private func willFlip(_ collapsed: Bool, _ s: Section) -> Bool {
        wouldFlip(collapsed, s) && sectionWill(s, collapsed ? .willCollapse : .willExpand)
    }

    /// Whether `s` is not in state `collapsed` and may flip to it.
    private func wouldFlip(_ collapsed: Bool, _ s: Section) -> Bool {
        // A section without children flips too: it keeps the state for when it gets some.
        // A section a filter opened (Table+Filter.swift) counts as expanded.
        (collapsed ? s.showsChildren : s.collapsed) && !s.fixed
    }

    /// The sections of `sections` that would flip and whose "will" event is
    /// allowed, in order (every listener asked before anything changes);
    /// nil when none, or with `allOrNothing` when one is refused.
    func sectionsWilling(_ collapsed: Bool, _ sections: [Section], allOrNothing: Bool) -> [Section]? {
        var flips: [Section] = []
        for s in sections where wouldFlip(collapsed, s) {
            if sectionWill(s, collapsed ? .willCollapse : .willExpand) {
                flips.append(s)
            } else if allOrNothing {
                return nil
            }
        }
        return flips.isEmpty ? nil : flips
    }

    /// Flips one section whose "will" event was allowed (inside `mutate`,
    /// the tags above it settled) and records the rows that appear or
    /// disappear and the header to redraw; `header` is its header's
    /// position before the flip, nil when not shown. The summaries above
    /// it are left to the caller. O(1) plus a load started or cancelled.
    func flip(_ collapsed: Bool, _ s: Section, header: Int?) {
        // Expanding an unloaded section starts its load; collapsing a
        // loading or failed one cancels it. The placeholder comes and
        // goes with the children it stands for.
        let shown = s.list.sum.items &+ s.placeholderItems
        if collapsed {
            if s.load.showsPlaceholder { endLoad(s, .unloaded) }
        } else if s.load == .unloaded {
            beginLoad(s)
        }
        let inner = collapsed ? shown : s.list.sum.items &+ s.placeholderItems
        let wasShown = s.showsChildren
        if !collapsed { noteExpandedForTransition(s) }
        s.collapsed = collapsed
        if collapsed, filter != nil { closeForFilter(s) }
        if !collapsed { s.filterOpened = false }  // expanded now: its own state shows it
        if let header, wasShown != s.showsChildren {
            recordReplace(header + 1, removed: collapsed ? inner : 0, added: collapsed ? 0 : inner)
            recordRedraw(header)
            // The footer stays but its collapsed flag changed.
            if s.hasFooter { recordRedraw(header + 1 + s.shownChildrenItems) }
        } else if let header {
            recordRedraw(header)  // a filter showed it expanded: only its stored state changed
        }
    }
}

extension Table {
    /// Expands `s` and every section below it, all levels (the keyboard's
    /// `*`), inside a mutation, as one change: every "will expand" first,
    /// then the flips (a refused section stays collapsed), then the "did"
    /// events, outermost first. `s` itself starts loading if its children
    /// are not loaded; below it, such sections stay as they are (as in
    /// `setAllCollapsed`). Returns the sections that flipped.
    /// In one pass over the sections below `s` (Table+CollapseAll.swift).
    /// - Complexity: O(s + depth · log n) for s sections below `s` (rows
    ///   are not visited).
    func expandAllRecording(below s: Section) -> [Section] {
        guard let flips = sectionsWilling(false, expandable(below: s), allOrNothing: false) else { return [] }
        flipInOnePass(false, flips, below: s, preOrder: true)
        for x in flips { sectionDid(x, .didExpand) }
        return flips
    }
}
