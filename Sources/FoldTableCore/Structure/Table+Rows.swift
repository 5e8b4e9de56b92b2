extension Table {
    /// In a heights array: this row uses its section's default row height.
    static let defaultHeight: Double = -1

    /// Inserts `count` rows before row `row` of a section (row indices count
    /// rows only). `heights` is nil (default heights, no memory) or `count`
    /// heights (`Table.defaultHeight` allowed), all checked before anything
    /// changes.
    /// - Complexity: O(depth · log n), plus O(count) when heights are given.
    func insertRows(section ref: SectionRef, at row: Int, count: Int,
                           heights: UnsafeBufferPointer<Double>? = nil) throws {
        let s = try section(ref)
        guard row >= 0, row <= s.rowCount else {
            throw FoldError.insertion("row index", row, "section \"\(s.key)\" has \(FoldError.counted(s.rowCount, "row", "rows"))",
                                      count: s.rowCount)
        }
        try insertRows(into: s, atChild: nil, row: row, count: count, heights: heights)
    }

    /// Inserts `count` rows as children `index..<index+count` of a section
    /// (child indices count rows and subsections).
    /// - Complexity: O(depth · log n), plus O(count) when heights are given.
    public func insertRows(in parentRef: SectionRef, atChild index: Int, count: Int,
                           heights: UnsafeBufferPointer<Double>? = nil) throws {
        let s = try section(parentRef)
        guard index >= 0, index <= s.childCount else {
            let c = FoldError.children(of: s)
            throw FoldError.insertion(c.index, index, c.has, count: s.childCount)
        }
        try insertRows(into: s, atChild: index, row: 0, count: count, heights: heights)
    }

    /// Convenience for Swift callers: inserts one row per height.
    /// - Complexity: O(depth · log n + heights.count)
    func insertRows(section ref: SectionRef, at row: Int, heights: [Double]) throws {
        try heights.withUnsafeBufferPointer {
            try insertRows(section: ref, at: row, count: $0.count, heights: $0)
        }
    }

    /// Removes rows `row..<row+count` of a section; subsections between them stay.
    /// - Complexity: O(depth · log n), plus freeing their memory.
    public func removeRows(section ref: SectionRef, at row: Int, count: Int) throws {
        let s = try section(ref)
        try checkRowRange(row, count, in: s)
        guard count > 0 else { return }
        // Its body records only when a change set is there (see `insertRows`).
        try mutate(unrecordedIfUnobserved: true, anchoring: .beforeChange) {
            heldWillRemoveRows(s, row..<(row + count))
            if removeInRun(s, row, count) { return }
            let hadChildren = s.childCount > 0
            let first = try rowNode(row, in: s)
            let lower = first.before.children + first.within
            let upper = childIndex(ofRow: row + count - 1, in: s) + 1
            let recording = eventState.recording
            let position: Int?
            var removedItems = 0
            if eventState.anchorPending {
                // The items from the first row out to the last, their height
                // from where they start and end. Subsections between them
                // stay and move with the content, but are told as removed and
                // added back before the rows after: the first row's place
                // then goes to them, and its height is not given.
                let header = headerPlaceIfShown(s)
                let start = childPlace(s, lower, header: header)
                var out = ItemsOut.several
                if let start, let end = childPlace(s, upper, header: header) {
                    let rowsOnly = upper - lower == count
                    removedItems = end.position - start.position  // as `childItems` counts them
                    out = .items(count: removedItems, height: end.top &- start.top,
                                 first: rowsOnly ? first.node.withRun { $0.height(first.within, rowHeight: s.rowUnits) } ?? 0 : 0)
                }
                position = start?.position
                anchorBeforeChange(at: position, top: start?.top, removing: out)
            } else {
                position = recording ? childPosition(s, lower) : nil
                removedItems = recording ? childItems(s, lower..<upper) : 0
            }
            let removed = s.replaceChildren(lower..<upper, with: [])
            // Subsections between the rows stay where they were.
            let kept = removed.filter(\.isSection)
            if !kept.isEmpty { s.replaceChildren(lower..<lower, with: kept) }
            totalRows -= count
            s.propagate()
            if recording {
                recordReplace(position, removed: removedItems, added: childItems(s, lower..<(lower + kept.count)))
                recordRowIndicesShifted(s, fromChild: lower + kept.count)
                recordChildrenChanged(s, hadChildren: hadChildren, rowsChanged: true)
            }
            refreshFilterAfterChange(s)
        }
    }

    /// `removeRows`' body when rows `row..<row+count` are part of one run
    /// (not all of it): one descent finds the run and, when a change set
    /// is recorded, the rows' position; they are taken out where they are
    /// (`removeFromRun`). False, with nothing done, otherwise.
    /// O(depth · fanout · log n) and O(`RowRun.chunkSize`).
    private func removeInRun(_ s: Section, _ row: Int, _ count: Int) -> Bool {
        guard let found = ChildList.descendSettled(in: s, .rows, row, adding: WithPath<Counts>.self) else {
            return false
        }
        let ref = found.ref, within = found.within
        let hadChildren = s.childCount > 0
        let recording = eventState.recording
        var before = found.above.sum
        var start: Int?, position: Int?
        var removedItems = 0
        let removed = removeFromRun(s, ref, within, count, path: found.above.path) {
            // As `childPosition` and `childItems` find them, read before the edit.
            before += ref.totals.prefix(ref.slot)
            guard recording else { return }
            let first = itemsBefore(ref, within)
            removedItems = itemsBefore(ref, within + count) - first
            // Where `s` starts, found once; its top measured only while the
            // anchor waits for where the list changes (the only reader of
            // `children.top`).
            let pending = eventState.anchorPending
            let header = s === root ? nil : try? headerPlace(of: s, measure: pending)
            start = header?.position
            let children = childrenPlace(s, header: header)
            position = children.map { $0.position + before.items + first }
            guard pending else { return }
            anchorBeforeChange(at: position, top: children.map { childTop(s, $0.top, before, ref, within) },
                               removing: rowsOut(ref, within, count, items: removedItems, rowHeight: s.rowUnits))
        }
        guard removed else { return false }
        totalRows -= count
        s.propagate()
        if recording {
            recordReplace(position, removed: removedItems, added: 0)
            recordRowIndicesShifted(s, fromChild: before.children + within)
            recordChildrenChanged(s, hadChildren: hadChildren, rowsChanged: true, start: start)
        }
        refreshFilterAfterChange(s)
        return true
    }

    /// Rows `within..<within+count` of the run at `ref`, `items` items, for
    /// `anchorBeforeChange`: their height and the first one's, read from
    /// the run. O(1) for one row, else O(`RowRun.chunkSize`) (an explicit
    /// run is a chunk; a default one adds up in O(1)).
    private func rowsOut(_ ref: PieceRef, _ within: Int, _ count: Int, items: Int, rowHeight: Int) -> ItemsOut {
        ref.withRun { run in
            let first = run.height(within, rowHeight: rowHeight)
            let height = count == 1 ? first
                : run.prefixHeight(within &+ count, rowHeight: rowHeight) &- run.prefixHeight(within, rowHeight: rowHeight)
            return .items(count: items, height: height, first: first)
        } ?? .several
    }

    /// Takes child `index` of `s` out of its run where it is, when it is a
    /// row of a run of more than one (`removeFromRun`): a move's removal.
    /// `replaceChildren` cut the run twice, leaving its two parts as
    /// pieces of their own. The lists above are the caller's to refresh
    /// (`Section.propagate`). False, with nothing done, otherwise.
    /// O(depth · fanout · log n) and O(`RowRun.chunkSize`).
    func removeRowInPlace(from s: Section, atChild index: Int) -> Bool {
        guard let found = ChildList.descendSettled(in: s, .children, index, adding: WithPath<NoTotals>.self) else {
            return false
        }
        return removeFromRun(s, found.ref, found.within, 1, path: found.above.path)
    }

    /// Takes rows `within..<within+count` out of the row run at `ref`
    /// where it is, when they are part of it and not all of it: the run is
    /// edited in place and `s`'s list moved by its difference
    /// (`ChildList.modifyRun`, on the `path` of the settled descent that
    /// found `ref`); the lists above are the caller's to refresh. `first`
    /// runs just before the edit (what must be read of the run before it).
    /// False, with nothing done, otherwise. O(depth · fanout · log n).
    @inline(__always)
    private func removeFromRun(_ s: Section, _ ref: PieceRef, _ within: Int, _ count: Int, path: DescentPath,
                               first: () -> Void = {}) -> Bool {
        guard ref.withRun({ within + count <= $0.count && count < $0.count }) == true else { return false }
        first()
        _ = ChildList.modifyRun(in: s, ref, path: path, defaultRuns: true, propagating: false) { run in
            run.remove(within..<(within + count))
        }
        return true
    }

    /// Sets one row's height; nil returns it to the section's default.
    /// - Complexity: O(depth · log n)
    public func setRowHeight(section ref: SectionRef, row: Int, height: Double?) throws {
        try setRowValue(height, "row height", section: ref, row: row) { run, i, value in run.setHeight(i, value) }
    }

    /// Sets one stored height of a row (`set` writes it into the row's run;
    /// nil: `RowRun.none`), collapses the row if it stops being expandable,
    /// and reports a redraw when the row reads differently afterwards (not
    /// for the same height, or the default's value). What `setRowHeight`
    /// and `setExpandedHeight` share. O(depth · log n).
    @inline(__always)
    func setRowValue(_ height: Double?, _ what: String, section ref: SectionRef, row: Int,
                     _ set: (inout RowRun, Int, UInt32) -> Void) throws {
        try withSection(ref) { s in
            try checkRowRange(row, 1, in: s)
            let value = try height.map { try storedHeight($0, what) } ?? RowRun.none
            // The edit captures the row height, not `s`: a captured section is
            // retained for the edit.
            let units = s.rowUnits
            let held = Unmanaged.passUnretained(s)
            try mutate(unrecordedIfUnobserved: true, anchoring: .byEdit) {
                try held._withUnsafeGuaranteedRef { s in
                    try editRowRedrawing(row, in: s, materialize: value != RowRun.none) { run, i in
                        set(&run, i, value)
                        run.dropUnexpandable(rowHeight: units)
                    }
                }
            }
        }
    }

    /// Sets the heights of rows `row..<row+count` from `heights`
    /// (`Table.defaultHeight` allowed), all checked before anything changes.
    /// Expanded heights and states stay with their rows.
    /// - Complexity: O(depth · log n + count)
    public func setRowHeights(section ref: SectionRef, row: Int, heights: UnsafeBufferPointer<Double>) throws {
        let s = try section(ref)
        let count = heights.count
        try checkRowRange(row, count, in: s)
        let values = try storedHeights(heights, expected: count)
        guard count > 0 else { return }
        try mutate { try setRowHeights(s, row: row, values: values) }
    }

    func setRowHeights(_ s: Section, row: Int, values: [UInt32]) throws {
        let count = values.count
        let first = try rowNode(row, in: s)
        let lower = first.before.children + first.within
        let upper = childIndex(ofRow: row + count - 1, in: s) + 1
        // Only a span whose rows changed is redrawn: same heights again report nothing.
        var changed = false
        defer { if changed { recordRedraw(childPosition(s, lower), count: childItems(s, lower..<upper)) } }
        if case .rows(var run) = first.node.piece, run.isExplicit, first.within + count <= run.count {
            let span = first.within..<(first.within + count)
            let before = looks(of: [.rows(run)], s, span)
            run.setHeights(first.within, values)
            run.dropUnexpandable(rowHeight: s.rowUnits)
            s.list.modify(first.node) { $0 = .rows(run) }
            changed = looks(of: [.rows(run)], s, span) != before
        } else {
            let old = s.replaceChildren(lower..<upper, with: [])
            // Rebuild the span: new heights for its rows, subsections kept in place.
            var pieces: [Piece] = []
            var pending: [RowRecord] = []
            var next = 0
            for piece in old {
                switch piece {
                case .rows(let r):
                    for i in 0..<r.count {
                        var record = r.record(i)
                        record.height = values[next]
                        let normal = record.height == RowRun.none ? s.rowUnits : Int(record.height)
                        if record.expanded, !(record.expandedHeight != RowRun.none && Int(record.expandedHeight) > normal) { record.expanded = false }
                        next += 1
                        pending.append(record)
                    }
                case .section:
                    pieces += RowRun.chunks(pending).map(Piece.rows)
                    pending.removeAll()
                    pieces.append(piece)
                }
            }
            pieces += RowRun.chunks(pending).map(Piece.rows)
            s.replaceChildren(lower..<lower, with: pieces)
            changed = looks(of: pieces, s) != looks(of: old, s)
        }
        s.propagate()
    }

    /// Convenience for Swift callers.
    /// - Complexity: O(depth · log n + heights.count)
    func setRowHeights(section ref: SectionRef, row: Int, heights: [Double]) throws {
        try heights.withUnsafeBufferPointer { try setRowHeights(section: ref, row: row, heights: $0) }
    }

    /// A row's normal height: its own, or its section's default.
    /// - Complexity: O(depth · log n)
    func rowHeight(section ref: SectionRef, row: Int) throws -> Double {
        let s = try section(ref)
        try checkRowRange(row, 1, in: s)
        let (node, within, _) = try rowNode(row, in: s)
        guard case .rows(let run) = node.piece else { return s.rowHeight }
        return Units.points(run.normalHeight(within, rowHeight: s.rowUnits))
    }

    /// The real number of rows of a section (its direct rows), collapsed or not.
    /// - Complexity: O(depth · log n)
    func rowCount(section ref: SectionRef) throws -> Int {
        try section(ref).rowCount
    }

    /// The rows a section shows: 0 while collapsed, without those a filter hides.
    /// - Complexity: O(depth · log n)
    func visibleRowCount(section ref: SectionRef) throws -> Int {
        shownRowCount(try section(ref))
    }

    // MARK: Internals

    /// What the accessors report about a row: normal height, expanded height,
    /// state. A setter that leaves it equal changed nothing a caller can see
    /// and reports nothing.
    struct RowLook: Equatable {
        /// The row's height, and its expanded height as stored
        /// (`RowRun.none`: none), in units; whether it is expandable
        /// follows from the two.
        var height: Int
        var expandedHeight: UInt32
        var expanded: Bool

        /// Row `i` of `run` in a section whose default row height is
        /// `rowUnits`: what the accessors read, from the run alone (no
        /// `RowRecord` built). O(1).
        @inline(__always)
        init(_ run: borrowing RowRun, _ i: Int, rowUnits: Int) {
            height = run.normalHeight(i, rowHeight: rowUnits)
            expandedHeight = run.expandedHeight(i)
            expanded = run.isExpanded(i)
        }

        /// The row's height as shown (`RowRun.height(_:rowHeight:)`), in units.
        var shownUnits: Int { expanded && expandedHeight != RowRun.none ? Int(expandedHeight) : height }
    }

    /// The looks of the rows in `pieces` of `s` (subsections skipped), or of
    /// rows `span` of a single run. O(rows).
    func looks(of pieces: [Piece], _ s: Section, _ span: Range<Int>? = nil) -> [RowLook] {
        var out: [RowLook] = []
        for case .rows(let run) in pieces {
            for i in span ?? (0..<run.count) { out.append(RowLook(run, i, rowUnits: s.rowUnits)) }
        }
        return out
    }

    func insertRows(into s: Section, atChild: Int?, row: Int, count: Int,
                    heights: UnsafeBufferPointer<Double>?) throws {
        guard s !== root else { throw FoldError(.invalidArgument, "rows belong in a section, not at the top level") }
        guard s.load == .loaded else { throw FoldError.notLoaded(s, "rows") }
        try checkNewRows(count)
        let values = try heights.map { try storedHeights($0, expected: count) }
        guard count > 0 else { return }
        // Its body records only when a change set is there: nobody reading
        // one, positions are not looked for.
        try mutate(unrecordedIfUnobserved: true, anchoring: .beforeChange) {
            let at = atChild ?? childIndex(ofRow: row, in: s)
            // Where `s` starts, found once: new rows do not move it. While
            // the anchor waits for where the list changes, with the tops.
            let recording = eventState.recording
            let start: Int?, position: Int?
            if eventState.anchorPending {
                let header = headerPlaceIfShown(s)
                let place = childPlace(s, at, header: header)
                (start, position) = (header?.position, place?.position)
                anchorBeforeChange(at: position, top: place?.top)
            } else {
                start = recording ? sectionStart(s) : nil
                position = recording ? childPosition(s, at, start: start) : nil
            }
            let hadChildren = s.childCount > 0
            // A few rows may join a neighbouring run; many become chunks of their own.
            let few = values.map { $0.count <= RowRun.chunkSize } ?? true
            if !(few && insertInPlace(into: s, at: at, count: count, heights: values)) {
                let pieces: [Piece] = values.map { RowRun.chunks(heights: $0).map(Piece.rows) }
                    ?? [.rows(RowRun(defaultRows: count))]
                s.replaceChildren(at..<at, with: pieces)
            }
            totalRows += count
            s.propagate()
            // While filtering, the new rows are asked about (Table+Filter.swift).
            if filter != nil { try filterNewRows(s, children: at..<(at + count)) }
            heldDidInsertRows(s, atChild: at, count: count)
            if recording {
                recordReplace(position, removed: 0, added: filter == nil ? count : childItems(s, at..<(at + count)))
                recordRowIndicesShifted(s, fromChild: at + count)
                recordChildrenChanged(s, hadChildren: hadChildren, rowsChanged: true, start: start)
            }
            refreshFilterAfterChange(s)
        }
    }

    /// What `editRow` found: whether the row was in a run of rows, its
    /// place in the piece that held it, and when `looks` were asked, the
    /// totals of its list before that piece (as before the edit: an edit
    /// of one row moves no item) and how the row looked before and after.
    struct RowEdit {
        var inRun: Bool
        var within: Int
        var before: Counts?
        /// With the looks, the height of the row's piece before the edit.
        var looks: (before: RowLook, after: RowLook, pieceHeight: Int)?
        /// With `measure`: whether the row's bottom before the edit was
        /// below that offset.
        var bottomBelow = false
    }

    /// Applies `edit` to row `row` of `s` inside an explicit chunk. A row in a
    /// default run gets a chunk of its run's neighbours first (aligned, so
    /// later edits nearby land in the same chunk) — unless `materialize` is
    /// false, in which case a default row needs no edit. With `looks`, the
    /// row's look before and after is read from its run on the way (no
    /// descent of its own), and with `measure` (with `looks`; an offset in
    /// units from the top of `s`'s rows) whether the row's bottom was below
    /// it (`RowEdit.bottomBelow`): its top in its piece is read only when
    /// the offset falls inside the piece. One descent, then the path
    /// refreshed.
    @discardableResult
    func editRow(_ row: Int, in s: Section, materialize: Bool, looks: Bool = false, measure: Int? = nil,
                 _ edit: (inout RowRun, Int) -> Void) throws -> RowEdit {
        // The totals before the row's piece only when they are used: with
        // `looks` (`putChunk` finds them itself when it needs them).
        let node: PieceRef, within: Int, path: DescentPath
        var before = Counts()
        if looks {
            guard let found = ChildList.descendSettled(in: s, .rows, row, adding: WithPath<Counts>.self) else {
                throw rowMissing(row, in: s)
            }
            (node, within, before, path) = (found.ref, found.within, found.above.sum, found.above.path)
            before += node.totals.prefix(node.slot)
        } else {
            guard let found = ChildList.descendSettled(in: s, .rows, row, adding: WithPath<NoTotals>.self) else {
                throw rowMissing(row, in: s)
            }
            (node, within, path) = (found.ref, found.within, found.above.path)
        }
        var done = RowEdit(inRun: true, within: within)
        if looks { done.before = before }
        let units = s.rowUnits
        // An explicit run is edited where it is, and the path refreshed by
        // the edit itself (a height change by the difference alone, level
        // by level down the path the descent took).
        /// Whether the row's bottom was below `y`, its piece `height` tall
        /// and starting where the rows before it end (`before`), the row
        /// `row` tall: its top in the piece (`top`, O(chunk)) read only
        /// when `y` falls inside the piece.
        @inline(__always)
        func bottomBelow(_ y: Int, height: Int, row: Int, top: () -> Int) -> Bool {
            let start = before.height(units)
            return start > y ? true : start &+ height <= y ? false : start &+ top() &+ row > y
        }
        switch ChildList.modifyRun(in: s, node, path: path, { run in
            let old = looks ? RowLook(run, within, rowUnits: units) : nil
            // (The piece's height before the edit, O(1), kept with the looks.)
            let height = looks ? run.height(rowHeight: units) : 0
            edit(&run, within)
            if let old { done.looks = (old, RowLook(run, within, rowUnits: units), height) }
        }) {
        case .edited:
            // (The rows above it are as they were: read after the edit, in place.)
            if let y = measure, let looks = done.looks {
                done.bottomBelow = bottomBelow(y, height: looks.pieceHeight, row: looks.before.shownUnits) {
                    node.withRun { $0.prefixHeight(within, rowHeight: units) } ?? 0
                }
            }
            return done
        case .notARun: done.inRun = false; return done
        case .notExplicit: break
        }
        // A run of default rows: a chunk of it made explicit around the row.
        if case .rows(let run) = node.piece, materialize {
            let start = within - within % RowRun.chunkSize
            let end = min(run.count, start + RowRun.chunkSize)
            var chunk = RowRun(explicitDefaults: end - start, marks: run.marks)
            edit(&chunk, within - start)
            if looks {
                done.looks = (RowLook(run, within, rowUnits: units), RowLook(chunk, within - start, rowUnits: units),
                              run.height(rowHeight: units))
            }
            if let y = measure, let looks = done.looks {
                done.bottomBelow = bottomBelow(y, height: looks.pieceHeight, row: looks.before.shownUnits) {
                    run.prefixHeight(within, rowHeight: units)
                }
            }
            putChunk(chunk, of: run, at: start, in: s, node: node, row: row, before: looks ? before : nil)
        } else if looks, case .rows(let run) = node.piece {
            // A default row left as it is reads the same: nothing is
            // redrawn or anchored, so `measure` is not needed.
            let look = RowLook(run, within, rowUnits: units)
            done.looks = (look, look, run.height(rowHeight: units))
        }
        s.propagate()
        return done
    }

    /// Puts `chunk`, rows `start...` of `run` made explicit, in the place
    /// of those rows of `run` (the piece at `node` in `s`'s list, holding
    /// `row`): in place in its leaf (`ChildList.replaceRun`), or else the
    /// general way, from the totals `before` the run (found when nil). Out
    /// of line, so that `editRow` of an explicit row stays lean.
    @inline(never)
    private func putChunk(_ chunk: RowRun, of run: RowRun, at start: Int, in s: Section, node: PieceRef, row: Int,
                          before: Counts?) {
        let end = start + chunk.count
        var pieces: [Piece] = []
        if start > 0 { pieces.append(.rows(RowRun(defaultRows: start, marks: run.marks))) }
        pieces.append(.rows(chunk))
        if end < run.count { pieces.append(.rows(RowRun(defaultRows: run.count - end, marks: run.marks))) }
        guard !s.list.replaceRun(at: node, with: pieces) else { return }
        let lower = (before ?? s.list.locate(.rows, row)?.before ?? Counts()).children
        s.replaceChildren(lower..<(lower + run.count), with: pieces)
    }

    /// `editRow`, then a redraw of the row if it reads differently
    /// afterwards (`RowLook`): what every single-row setter reports. The
    /// looks and the row's position come from `editRow`'s one descent, and
    /// only while a change set is recorded (`mutate(unrecordedIfUnobserved:)`).
    /// While the mutation tracks its edited item (`EventState.tracksEditedItem`:
    /// no filter), the row's item and heights are left in
    /// `EventState.editedItem`, read on the same way (the place of `s`'s
    /// rows measured before the edit, which moves nothing above them, so
    /// that the edit reads the row's top only when the viewport's offset
    /// falls inside the row's piece).
    func editRowRedrawing(_ row: Int, in s: Section, materialize: Bool,
                          _ edit: (inout RowRun, Int) -> Void) throws {
        let recording = eventState.recording
        let tracking = recording && eventState.tracksEditedItem
        // As `childPosition`: nil when the section's children are not shown.
        func rowsPlace(measure: Bool) -> (position: Int, top: Int)? {
            childrenPlace(s, header: s !== root && s.showsChildren ? try? headerPlace(of: s, measure: measure) : nil)
        }
        // (Found even when the row then reads the same and nothing is
        // recorded: a height set rarely sets the height a row has.)
        let placeBefore = tracking ? rowsPlace(measure: true) : nil
        let offset = placeBefore.flatMap { p in viewport.map { Units.floor(offset: $0.offset) &- p.top } }
        let done = try editRow(row, in: s, materialize: materialize, looks: recording, measure: offset, edit)
        guard done.inRun else {
            throw FoldError(.internalError, "row \(row) of section \"\(s.key)\" is not in a run of rows")
        }
        guard recording, let looks = done.looks, looks.before != looks.after, let before = done.before else { return }
        // With a filter, hidden rows show no item: ask where the row shows.
        if filter != nil { return recordRedraw(rowRedrawPosition(s, row)) }
        guard let base = tracking ? placeBefore?.position : rowsPlace(measure: false)?.position else { return }
        let position = base + before.items + done.within
        recordRedraw(position)
        if tracking, offset != nil {
            eventState.editedItem = EditedItem(position: position, bottomBelowOffset: done.bottomBelow,
                                               before: looks.before.shownUnits, after: looks.after.shownUnits)
        }
    }

    func checkRowRange(_ row: Int, _ count: Int, in s: Section) throws {
        guard count >= 0 else { throw FoldError.negative("row count", count) }
        guard row >= 0, row <= s.rowCount - count else {
            throw FoldError.span("row", "rows", row, count, of: "section \"\(s.key)\"",
                                 has: "it has \(FoldError.counted(s.rowCount, "row", "rows"))")
        }
    }

    func storedHeight(_ h: Double, _ what: String) throws -> UInt32 {
        if h == Table.defaultHeight { return RowRun.none }
        try Limits.check(height: h, what)
        return RowRun.stored(h)
    }

    func storedHeights(_ buffer: UnsafeBufferPointer<Double>, expected: Int) throws -> [UInt32] {
        guard buffer.count == expected else {
            throw FoldError(.invalidArgument, "expected \(expected) heights, got \(buffer.count)")
        }
        var out: [UInt32] = []
        out.reserveCapacity(buffer.count)
        for (i, h) in buffer.enumerated() {
            if h == Table.defaultHeight { out.append(RowRun.none); continue }
            guard h.isFinite, h >= 0, h <= Limits.maxHeight else {
                throw FoldError(.invalidArgument, "height \(h) at index \(i) is not a height (a finite number from 0 to \(Int(Limits.maxHeight)), or -1 for the default)")
            }
            out.append(RowRun.stored(h))
        }
        return out
    }

    /// The node holding row `row` of `s`.
    func rowNode(_ row: Int, in s: Section) throws -> (node: PieceRef, within: Int, before: Counts) {
        guard let hit = s.list.locateSettled(.rows, row) else { throw rowMissing(row, in: s) }
        return hit
    }

    /// The error for a row index that `s` does not have.
    func rowMissing(_ row: Int, in s: Section) -> FoldError {
        FoldError.range("row index", row, "section \"\(s.key)\" has \(FoldError.counted(s.rowCount, "row", "rows"))")
    }

    /// The child index at which row `row` stands (the end for `row == rowCount`).
    func childIndex(ofRow row: Int, in s: Section) -> Int {
        guard let (_, within, before) = s.list.locate(.rows, row) else { return s.childCount }
        return before.children + within
    }

    /// Adds rows to a run next to child index `at` when one can take them, so
    /// appending row by row does not make a node per row: `count` rows,
    /// unmarked with stored `heights`, or as `records` say (neither: default
    /// rows; only a chunk takes records). The run is edited in
    /// place and the summaries of `s`'s list moved by its difference
    /// (`ChildList.modifyRun`); the lists above are the caller's to
    /// refresh (`Section.propagate`), as after `replaceChildren`.
    /// O(depth · fanout · log n) and O(`RowRun.chunkSize`).
    func insertInPlace(into s: Section, at: Int, count: Int, heights: [UInt32]? = nil,
                       records: [RowRecord]? = nil) -> Bool {
        typealias Found = (ref: PieceRef, within: Int, above: WithPath<NoTotals>)
        @inline(__always)
        func descent(_ child: Int) -> Found? {
            ChildList.descendSettled(in: s, .children, child, adding: WithPath<NoTotals>.self)
        }
        /// Puts the rows before the child `found` (`after`: after it) in
        /// the piece holding it, if that piece takes them.
        @inline(__always)
        func put(_ found: Found, after: Bool) -> Bool {
            let ref = found.ref
            let offset = found.within + (after ? 1 : 0)
            // New rows are unmarked: a marked default run cannot take them.
            let takes = ref.withRun { run in
                run.isExplicit ? run.count + count <= RowRun.chunkSize
                    : heights == nil && records == nil && run.marks.isNone
            }
            guard takes == true else { return false }
            return ChildList.modifyRun(in: s, ref, path: found.above.path, defaultRuns: true, propagating: false) { run in
                if let records {
                    run.insert(at: offset, records: records)
                } else if let heights {
                    run.insert(at: offset, heights: heights)
                } else {
                    run.insert(at: offset, defaultRows: count)
                }
            } == .edited
        }
        guard at < s.childCount, let here = descent(at) else {
            guard at > 0, let last = descent(at - 1) else { return false }
            return put(last, after: true)
        }
        guard here.within == 0 else {
            if put(here, after: false) { return true }
            // Inside a chunk too full to take them: it is cut in halves and
            // they join theirs. A piece of their own between its two parts
            // made three pieces of one, and random inserts a list of small ones.
            guard let half = here.ref.withRun({ run -> Int? in
                run.isExplicit && count <= RowRun.chunkSize / 2 ? run.count / 2 : nil
            }) ?? nil else { return false }
            s.cutChildren(at: at - here.within + half)
            guard let again = descent(at) else { return false }
            return put(again, after: false)
        }
        // Between two pieces: the one before takes them first. (Its descent
        // settles no node on the path to `here`, which the first settled.)
        if at > 0, let before = descent(at - 1), put(before, after: true) { return true }
        return put(here, after: false)
    }
}
