/// The callbacks that measure rows and headers whose height is unknown.
struct HeightProviders {
    var row: ((String, Int) -> Double?)?
    var header: ((String) -> Double?)?
    var expanded: ((String, Int) -> Double?)?
    /// Set once the expanded-height provider has answered for some row, so
    /// invalidating heights looks for answers to forget.
    var expandedAnswersKept = false
}

extension Table {
    /// Sets (or with nil removes) the height provider. With a provider, every
    /// row without a height of its own is unmeasured: it counts as its
    /// section's default row height (the estimate) until `measure` asks the
    /// provider for it, and the answer is kept until invalidated. The
    /// provider returns nil to keep the estimate (which is then kept too).
    /// Replacing or removing it inside a callback takes effect at once: a
    /// running `measure` asks the new provider (or nobody) for the rest.
    /// - Complexity: O(1)
    public func setHeightProvider(_ provider: ((String, Int) -> Double?)?) {
        heightProviders.row = provider
    }

    /// Sets (or with nil removes) the header height provider: with one,
    /// headers whose height was not set are unmeasured (estimate: the
    /// table's header height) until `measure` asks for them.
    /// - Complexity: O(1)
    public func setHeaderHeightProvider(_ provider: ((String) -> Double?)?) {
        heightProviders.header = provider
    }

    /// Sets (or with nil removes) the expanded-height provider: with one,
    /// rows without an expanded height of their own are asked for one when
    /// `measure` measures them, and when they are expanded, toggled or
    /// activated before that. The answer is kept until invalidated; nil (or
    /// a height that is not finite, negative or too large) means the row has
    /// no expanded height, so it cannot expand. The same lifetime as the
    /// other providers: replacing or removing it inside a callback takes
    /// effect at once.
    /// - Complexity: O(1)
    public func setExpandedHeightProvider(_ provider: ((String, Int) -> Double?)?) {
        heightProviders.expanded = provider
    }

    /// Asks the provider for the unmeasured rows of the viewport
    /// [offset, offset + height) widened by `overscan` items, and stores the
    /// answers — again while measuring moves rows into the viewport, at most
    /// 8 rounds. With a viewport set, its offset is used instead of
    /// `offset`, and it stays anchored, so the visible content does not
    /// move. Returns how many rows and headers were measured.
    /// - Complexity: O(k · depth · log n) for k rows measured.
    @discardableResult
    public func measure(offset: Double, height: Double, overscan: Int = 0) throws -> Int {
        _ = try visibleRange(offset: offset, height: height, overscan: overscan)  // checks the arguments
        // The providers are read where they are used, never kept: a provider
        // may replace or remove itself (or the other) while it runs, and the
        // old one must not be called after that.
        // Inside a listener measuring is refused even with nothing to ask, so
        // the rule does not depend on which providers are set.
        guard !eventState.notifying else {
            throw FoldError(.busy, "the table is notifying a listener; change it after the listener returns")
        }
        guard heightProviders.row != nil || heightProviders.header != nil || heightProviders.expanded != nil else { return 0 }
        return try mutate {
            skipTransition()  // new measurements replace estimates: nothing to animate
            var measured = 0
            let anchor = captureAnchor()
            let follows = followsEnd()
            var top = viewport?.offset ?? offset
            for _ in 0..<8 {
                let range = try visibleRange(offset: top, height: height, overscan: overscan)
                // Rows (with what to ask for them) and headers (row -1).
                var pending: [(Section, Int, height: Bool, expanded: Bool)] = []
                for position in range {
                    var owner: Section?
                    let placed = try locateItem(position) { sub, _, _, _ in owner = sub }
                    guard let s = owner else { continue }
                    if placed.item.kind == .header, heightProviders.header != nil, !s.headerMeasured {
                        pending.append((s, -1, true, false))
                    }
                    guard placed.item.kind == .row, heightProviders.row != nil || heightProviders.expanded != nil else { continue }
                    let (node, within, _) = try rowNode(placed.item.row, in: s)
                    guard case .rows(let run) = node.piece else { continue }
                    let height = heightProviders.row != nil && !run.hasOwnHeight(within)
                    let expanded = heightProviders.expanded != nil && run.expandedHeightUnknown(within)
                    if height || expanded { pending.append((s, placed.item.row, height, expanded)) }
                }
                guard !pending.isEmpty else { break }
                var asked = 0
                for (s, row, wantsHeight, wantsExpanded) in pending {
                    if row >= 0, !wantsHeight {
                        // Only the expanded height is unknown.
                        if try askExpandedHeight(s, row) { asked += 1 }
                        continue
                    }
                    let answer: Double?
                    if row < 0 {
                        guard let provider = heightProviders.header else { continue }
                        eventState.notifying = true
                        answer = provider(s.key)
                    } else {
                        guard let provider = heightProviders.row else { continue }
                        eventState.notifying = true
                        answer = provider(s.key, row)
                    }
                    eventState.notifying = false
                    asked += 1
                    if row < 0 {
                        s.headerMeasured = true
                        if let h = answer, h.isFinite, h >= 0, h <= Limits.maxHeight, Units.quantized(h) != s.headerHeight {
                            s.headerHeight = h
                            s.propagate()
                            recordRedraw(visibleHeader(s))
                        }
                        continue
                    }
                    var value = UInt32(truncatingIfNeeded: s.rowUnits)
                    if let h = answer, h.isFinite, h >= 0, h <= Limits.maxHeight { value = RowRun.stored(h) }
                    try editRow(row, in: s, materialize: true) { run, i in
                        run.setHeight(i, value)
                        run.dropUnexpandable(rowHeight: s.rowUnits)
                    }
                    // The estimate confirmed: measured now, but nothing to redraw.
                    if Int(value) != s.rowUnits { recordRedraw(rowRedrawPosition(s, row)) }
                    if wantsExpanded { _ = try askExpandedHeight(s, row) }
                }
                measured += asked
                // Keep the anchor where it was (or the end in view, when
                // following it) while the next round looks.
                if follows, let end = moveViewportToEnd() {
                    top = end
                } else if let anchor, let t = try? itemTop(at: anchor.position),
                          let placed = placeViewport(at: t + anchor.delta) {
                    top = placed
                }
            }
            return measured
        }
    }

    /// Forgets one row's height: it is unmeasured again. An expanded height
    /// the provider answered is forgotten too (one set explicitly stays).
    /// - Complexity: O(depth · log n)
    public func invalidateHeight(section ref: SectionRef, row: Int) throws {
        let s = try section(ref)
        try checkRowRange(row, 1, in: s)
        try mutate {
            skipTransition()
            try setRowHeight(section: ref, row: row, height: nil)
            try editRowRedrawing(row, in: s, materialize: false) { run, i in
                guard run.isProvided(i) else { return }
                run.setExpandedHeight(i, RowRun.none)
                run.dropUnexpandable(rowHeight: s.rowUnits)
            }
        }
    }

    /// Asks the expanded-height provider for row `row` of `s` if its
    /// expanded height is unknown, and keeps the answer (inside `mutate`);
    /// redraws the row if that changed how it looks. Returns whether the
    /// provider was asked.
    func askExpandedHeight(_ s: Section, _ row: Int) throws -> Bool {
        // Read where it is used, never kept (see `measure`).
        guard let provider = heightProviders.expanded else { return false }
        let (node, within, _) = try rowNode(row, in: s)
        guard case .rows(let run) = node.piece, run.expandedHeightUnknown(within) else { return false }
        eventState.notifying = true
        let answer = provider(s.key, row)
        eventState.notifying = false
        var value = RowRun.none
        if let h = answer, h.isFinite, h >= 0, h <= Limits.maxHeight { value = RowRun.stored(h) }
        try editRowRedrawing(row, in: s, materialize: true) { run, i in run.setExpandedHeight(i, value, provided: true) }
        heightProviders.expandedAnswersKept = true
        return true
    }

    /// Forgets the heights of every row of a section (nil: of the table) and
    /// of its header, which goes back to the table's default until measured,
    /// and the expanded heights the provider answered. Expanded heights set
    /// explicitly stay, and so do expanded states of rows that can still expand.
    /// - Complexity: O(depth · log n + stored rows)
    public func invalidateHeights(section ref: SectionRef?) throws {
        let target = try ref.map(section)
        try mutate {
            skipTransition()
            func reset(_ s: Section, deep: Bool) {
                if s !== root, s.headerMeasured || s.headerHeight != options.headerHeight {
                    s.headerMeasured = false
                    if s.headerHeight != options.headerHeight {
                        s.headerHeight = options.headerHeight
                        s.propagate()
                        recordRedraw(visibleHeader(s))
                    }
                }
                if s.list.sum.defaultRows < s.rowCount || heightProviders.expandedAnswersKept {
                    // Only stored rows change: default runs hold nothing to forget.
                    var changed = s.list.sum.defaultRows < s.rowCount
                    s.list.changeEachExplicitRun { run in
                        run.clearHeights()
                        if run.clearProvidedExpandedHeights(rowHeight: s.rowUnits) { changed = true }
                        run.dropUnexpandable(rowHeight: s.rowUnits)
                    }
                    s.propagate()
                    if changed { recordRedraw(childPosition(s, 0), count: s.shownChildrenItems) }
                }
                if deep { s.list.forEachSection { reset($0, deep: true) } }
            }
            if let target { reset(target, deep: false) } else { reset(root, deep: true) }
        }
    }
}
