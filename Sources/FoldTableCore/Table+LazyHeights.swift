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
        heightProvider = provider
    }

    /// Sets (or with nil removes) the header height provider: with one,
    /// headers whose height was not set are unmeasured (estimate: the
    /// table's header height) until `measure` asks for them.
    /// - Complexity: O(1)
    public func setHeaderHeightProvider(_ provider: ((String) -> Double?)?) {
        headerHeightProvider = provider
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
        guard heightProvider != nil || headerHeightProvider != nil else { return 0 }
        return try mutate {
            var measured = 0
            let anchor = captureAnchor()
            var top = viewport?.offset ?? offset
            for _ in 0..<8 {
                let range = try visibleRange(offset: top, height: height, overscan: overscan)
                var pending: [(Section, Int)] = []
                for position in range {
                    var owner: Section?
                    let placed = try locateItem(position) { sub, _, _, _ in owner = sub }
                    guard let s = owner else { continue }
                    if placed.item.kind == .header, headerHeightProvider != nil, !s.headerMeasured { pending.append((s, -1)) }
                    guard placed.item.kind == .row, heightProvider != nil else { continue }
                    let (node, within, _) = try rowNode(placed.item.row, in: s)
                    if case .rows(let run) = node.piece, !run.hasOwnHeight(within) {
                        pending.append((s, placed.item.row))
                    }
                }
                guard !pending.isEmpty else { break }
                var asked = 0
                for (s, row) in pending {
                    let answer: Double?
                    if row < 0 {
                        guard let provider = headerHeightProvider else { continue }
                        notifying = true
                        answer = provider(s.key)
                    } else {
                        guard let provider = heightProvider else { continue }
                        notifying = true
                        answer = provider(s.key, row)
                    }
                    notifying = false
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
                    if Int(value) != s.rowUnits { recordRedraw(childPosition(s, childIndex(ofRow: row, in: s))) }
                }
                measured += asked
                // Keep the anchor where it was while the next round looks.
                if let anchor, var v = viewport, let t = try? placedItem(at: anchor.position).top {
                    v.offset = min(max(0, t + anchor.delta), max(0, contentHeight - v.height))
                    viewport = v
                    top = v.offset
                }
            }
            return measured
        }
    }

    /// Forgets one row's height: it is unmeasured again.
    /// - Complexity: O(depth · log n)
    public func invalidateHeight(section ref: SectionRef, row: Int) throws {
        try setRowHeight(section: ref, row: row, height: nil)
    }

    /// Forgets the heights of every row of a section (nil: of the table) and
    /// of its header, which goes back to the table's default until measured.
    /// Expanded heights and states stay.
    /// - Complexity: O(depth · log n + stored rows)
    public func invalidateHeights(section ref: SectionRef?) throws {
        let target = try ref.map(section)
        try mutate {
            func reset(_ s: Section, deep: Bool) {
                if s !== root, s.headerMeasured || s.headerHeight != options.headerHeight {
                    s.headerMeasured = false
                    if s.headerHeight != options.headerHeight {
                        s.headerHeight = options.headerHeight
                        s.propagate()
                        recordRedraw(visibleHeader(s))
                    }
                }
                if s.list.sum.defaultRows < s.rowCount {
                    // Only stored rows change: default runs hold nothing to forget.
                    s.list.changeEachExplicitRun { run in
                        run.clearHeights()
                        run.dropUnexpandable(rowHeight: s.rowUnits)
                    }
                    s.propagate()
                    recordRedraw(childPosition(s, 0), count: s.shownChildrenItems)
                }
                if deep { s.list.forEachSection { reset($0, deep: true) } }
            }
            if let target { reset(target, deep: false) } else { reset(root, deep: true) }
        }
    }
}
