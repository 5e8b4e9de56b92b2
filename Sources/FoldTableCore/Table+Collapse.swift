extension Table {
    /// Sets the collapsed state of a section. Returns whether it
    /// flipped: a section already in that state, or one with no children,
    /// does not change. The rows stay where they are; only the summaries
    /// above the section are refreshed.
    /// - Complexity: O(depth · log n), whatever the section's size.
    @discardableResult
    public func setCollapsed(_ collapsed: Bool, section ref: SectionRef) throws -> Bool {
        let s = try section(ref)
        return try mutate { setCollapsedRecording(collapsed, s) }
    }

    /// Flips the state of a section; returns whether it flipped.
    /// - Complexity: O(log n)
    @discardableResult
    public func toggle(section ref: SectionRef) throws -> Bool {
        let s = try section(ref)
        return try mutate { setCollapsedRecording(!s.collapsed, s) }
    }

    /// The stored state of a section.
    /// - Complexity: O(log n)
    public func isCollapsed(section ref: SectionRef) throws -> Bool {
        try section(ref).collapsed
    }

    /// Collapses (or expands) every section that has children; returns how
    /// many flipped. Sections go in post-order (a section's subsections
    /// before it). Every "will" listener is asked about every section first,
    /// before anything changes; a refused section keeps its state and the
    /// others flip; then the "did" events follow, in the same order, with
    /// every flip done.
    /// - Complexity: O(s · log n) for s sections.
    @discardableResult
    public func setAllCollapsed(_ collapsed: Bool) throws -> Int {
        var all: [Section] = []
        func visit(_ s: Section) {
            s.list.forEachSection { sub in
                visit(sub)
                all.append(sub)
            }
        }
        visit(root)
        return try mutate { setCollapsedRecording(collapsed, all, allOrNothing: false)?.count ?? 0 }
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
    /// has no children.
    /// - Complexity: O(log n)
    public func indicator(section ref: SectionRef) throws -> String {
        indicator(of: try section(ref))
    }

    func indicator(of s: Section) -> String {
        s.childCount == 0 ? "" : (s.collapsed ? collapsedIndicator : expandedIndicator)
    }

    /// Flips a section's state (inside `mutate`): asks the "will" listeners,
    /// records the rows that appear or disappear and the header to redraw,
    /// tells the "did" listeners. False if nothing changed or a listener refused.
    func setCollapsedRecording(_ collapsed: Bool, _ s: Section) -> Bool {
        setCollapsedRecording(collapsed, [s], allOrNothing: true) != nil
    }

    /// Sets the state of several sections as one change (inside `mutate`),
    /// in the given order: first every "will" event for every section that
    /// would flip, before any change (so a refusal costs nothing to undo);
    /// then the flips; then the "did" events. With `allOrNothing`, one
    /// refusal leaves everything as it was and returns nil; otherwise the
    /// refused sections are skipped. Returns the sections that flipped (nil
    /// also when none would).
    func setCollapsedRecording(_ collapsed: Bool, _ sections: [Section], allOrNothing: Bool) -> [Section]? {
        let event: SectionEvent = collapsed ? .willCollapse : .willExpand
        var flips: [Section] = []
        for s in sections where s.collapsed != collapsed && s.childCount > 0 {
            if sectionWill(s, event) {
                flips.append(s)
            } else if allOrNothing {
                return nil
            }
        }
        guard !flips.isEmpty else { return nil }
        for s in flips {
            let header = visibleHeader(s)
            let inner = s.list.sum.items
            s.collapsed = collapsed
            s.propagate()
            if let header {
                recordReplace(header + 1, removed: collapsed ? inner : 0, added: collapsed ? 0 : inner)
                recordRedraw(header)
                // The footer stays but its collapsed flag changed.
                if s.hasFooter { recordRedraw(header + 1 + s.shownChildrenItems) }
            }
        }
        for s in flips { sectionDid(s, collapsed ? .didCollapse : .didExpand) }
        return flips
    }
}
