/// What `importState` applied and what it ignored, counted after the
/// import: what is in effect, not what was asked for.
public struct ImportReport: Equatable, Sendable {
    /// Sections whose saved collapsed state is in effect (a change a section
    /// listener refused, or a collapse of a section that is not collapsible,
    /// is not counted).
    public var sections = 0
    /// Saved section keys the table does not have (ignored).
    public var unknownSections = 0
    /// Distinct saved rows that are expanded after the import (a row listed
    /// twice counts once).
    public var rows = 0
    /// Saved expanded rows not applied: entries naming a row that does not
    /// exist or cannot expand here, and distinct rows left collapsed (the
    /// accordion kept another one, or a row listener refused).
    public var unknownRows = 0
    /// Whether the saved scroll anchor was applied to the viewport.
    public var anchorRestored = false

    init() {}
}

extension Table {
    /// The interface state as JSON a person can read: every section's
    /// collapsed state by key, the expanded rows, (with a viewport) the
    /// scroll anchor — the first visible item and how far the viewport's top
    /// is below its top — and, when there are any, the selection and its
    /// anchor (`exportSelection`, Table+SavedSelection.swift) and the
    /// focused item (`exportFocus`, Table+SavedFocus.swift).
    ///
    ///     {"version": 1, "collapsed": {"Mac": false, ...},
    ///      "expanded": [{"section": "Mac", "row": 2}],
    ///      "anchor": {"section": "iPad", "kind": "row", "row": 1, "offset": 12.5},
    ///      "selected": [{"section": "Mac", "row": 0, "count": 3}, {"section": "iPad"}],
    ///      "selection_anchor": {"section": "Mac", "row": 2},
    ///      "focus": {"section": "Mac", "kind": "row", "row": 2}}
    ///
    /// - Complexity: O(s + k · depth · log n) for s sections, k expanded rows and selected runs.
    public func exportState() -> String {
        let collapsed = sectionStates().map { ($0.key, JSON.bool($0.collapsed)) }
        let expanded = expandedRows().map {
            JSON.object([("section", .string($0.section)), ("row", .number(Double($0.row)))])
        }
        var anchor = JSON.null
        if var (position, delta) = captureAnchor(), var placed = try? placedItem(at: position),
           let key = try? itemKey(at: position) {
            if placed.item.kind == .placeholder, position > 0, let header = try? placedItem(at: position - 1) {
                // A placeholder is not saved (the children may have arrived
                // when the state is read back): the anchor is its header.
                delta += placed.top - header.top
                position -= 1
                placed = header
            }
            let kind = placed.item.kind == .header ? "header" : placed.item.kind == .row ? "row" : "footer"
            var fields: [(String, JSON)] = [("section", .string(key)), ("kind", .string(kind))]
            if placed.item.kind == .row { fields.append(("row", .number(Double(placed.item.row)))) }
            fields.append(("offset", .number(delta)))
            anchor = .object(fields)
        }
        var fields: [(String, JSON)] = [("version", .number(1)), ("collapsed", .object(collapsed)),
                                        ("expanded", .array(expanded)), ("anchor", anchor)]
        exportSelection(into: &fields)
        exportFocus(into: &fields)
        return JSON.object(fields).text() + "\n"
    }

    /// Applies saved state to this table, which may have been rebuilt with
    /// other sections: unknown keys and rows are ignored and counted. The
    /// whole text is checked first (strict JSON, see `SavedStateReader`);
    /// malformed input changes nothing. Expanded rows not in the saved state
    /// collapse; the accordion applies. The saved scroll anchor is applied
    /// inside the same mutation, so change listeners see the final viewport
    /// (`ChangeSet.anchoredOffset`), and are told even when only the anchor
    /// moved the viewport. The report counts what is in effect afterwards.
    /// Once read, a state that needs more memory than `memoryHeadroom`
    /// allows throws `.outOfRange` and changes nothing (Table+Memory.swift).
    /// - Complexity: O(b + p · (log p + depth · log n)) for b bytes of text
    ///   and p saved entries, plus the rows that were expanded before, plus
    ///   the stored row chunks the merged "selected" runs cover, each once
    ///   (`importSelection`). Memory: the text is read in place; entries
    ///   take 8 or 16 bytes each.
    @discardableResult
    func importState(_ text: String) throws -> ImportReport {
        var text = text
        return try text.withUTF8 { try importState(utf8: $0) }
    }

    /// `importState` over UTF-8 text that is read in place (not copied); at
    /// most `Table.maxSavedStateBytes` bytes.
    /// - Complexity: as `importState(_:)`.
    @discardableResult
    public func importState(utf8 text: UnsafeBufferPointer<UInt8>) throws -> ImportReport {
        try importState(utf8: text, maxBytes: SavedStateReader.maxBytes)
    }

    /// The largest saved state `importState` reads, in bytes (1 GiB,
    /// FOLD_MAX_STATE_BYTES in the C header).
    public static var maxSavedStateBytes: Int { SavedStateReader.maxBytes }

    func importState(utf8 text: UnsafeBufferPointer<UInt8>, maxBytes: Int) throws -> ImportReport {
        let saved = try SavedStateReader(text, maxBytes: maxBytes)
        var report = ImportReport()
        try mutate {
            try checkMemory(saved)  // before anything changes (Table+Memory.swift)
            if let entries = saved.collapsed {
                // Sections with children flip as two batches (collapses, then
                // expansions), each asking every "will" before any change.
                var known: [(section: Section, collapsed: Bool)] = []
                var flips: (collapse: [Section], expand: [Section]) = ([], [])
                for i in 0..<entries.count {
                    let entry = entries[i]
                    let collapsed = entry.flag
                    guard let s = sectionsByKey[saved.text(entry)] else { report.unknownSections += 1; continue }
                    // A section that is not collapsible takes no saved collapse (and it is not counted).
                    if s.fixed && collapsed { continue }
                    known.append((s, collapsed))
                    // Sections without children flip too (they keep the state for later).
                    if s.collapsed != collapsed {
                        if collapsed { flips.collapse.append(s) } else { flips.expand.append(s) }
                    }
                }
                _ = setCollapsedRecording(true, flips.collapse, allOrNothing: false)
                _ = setCollapsedRecording(false, flips.expand, allOrNothing: false)
                // Keys are unique (the reader refuses duplicates); a change a
                // listener refused is not counted.
                for k in known where k.section.collapsed == k.collapsed { report.sections += 1 }
            }
            if saved.hasExpanded, let entries = saved.expanded {
                try applyExpandedRows(entries, saved, &report)
            }
            try importSelection(saved)
            importFocus(saved)
            if let anchor = saved.anchor { report.anchorRestored = placeViewport(at: anchor) }
        }
        return report
    }

    /// Expands the saved rows and collapses the others; counts each saved
    /// row once, by whether it is expanded afterwards (the accordion or a
    /// listener may have kept it collapsed).
    private func applyExpandedRows(_ entries: MallocArray<SavedRow>, _ saved: SavedStateReader,
                                   _ report: inout ImportReport) throws {
        var wanted: [(Section, Int)] = []
        wanted.reserveCapacity(entries.count)
        for i in 0..<entries.count {
            let entry = entries[i]
            let key = saved.text(entry.section)
            guard let s = sectionsByKey[key], entry.row < s.rowCount,
                  try isRowExpandable(section: .key(key), row: entry.row) else {
                report.unknownRows += 1
                continue
            }
            wanted.append((s, entry.row))
        }
        // Distinct rows, sorted for lookups: O(p log p), no hashing of keys.
        func before(_ a: (Section, Int), _ b: (Section, Int)) -> Bool {
            let x = ObjectIdentifier(a.0), y = ObjectIdentifier(b.0)
            return x < y || (x == y && a.1 < b.1)
        }
        var distinct = wanted.sorted(by: before)
        var kept = 0
        for r in distinct where kept == 0 || before(distinct[kept - 1], r) {
            distinct[kept] = r
            kept += 1
        }
        distinct.removeLast(distinct.count - kept)
        func isWanted(_ r: (Section, Int)) -> Bool {
            var lo = 0, hi = distinct.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if before(distinct[mid], r) { lo = mid + 1 } else { hi = mid }
            }
            return lo < distinct.count && !before(r, distinct[lo])
        }
        // Only what differs changes: rows expanded now but not saved collapse,
        // saved rows not expanded yet expand (in saved order, for the accordion).
        for r in expandedRows(in: root, deep: true) where !isWanted(r) {
            _ = try setRowExpandedRecording(false, r.0, r.1)
        }
        for (s, row) in wanted { _ = try setRowExpandedRecording(true, s, row) }
        for (s, row) in distinct {
            if try isRowExpanded(section: .key(s.key), row: row) { report.rows += 1 } else { report.unknownRows += 1 }
        }
    }

    /// Moves the viewport to the saved anchor, inside the import's mutation
    /// (the change set reports the offset); false if the anchor's item is
    /// not shown here or there is no viewport.
    private func placeViewport(at anchor: SavedAnchor) -> Bool {
        guard var v = viewport, let s = sectionsByKey[anchor.section] else { return false }
        let position: Int?
        switch anchor.kind {
        case .header: position = s.hasHeader ? try? headerPosition(of: s) : nil
        case .footer: position = visibleFooter(s)
        case .placeholder: position = nil  // never saved
        case .row: position = anchor.row < s.rowCount && s.showsChildren ? (try? rowPosition(of: s, row: anchor.row)) : nil
        }
        guard let position, let top = try? itemTop(at: position) else { return false }
        let offset = min(max(0, top + anchor.offset), max(0, contentHeight - v.height))
        eventState.changes?.placedOffset = offset
        if offset != v.offset {
            v.offset = offset
            viewport = v
            eventState.changes?.movedViewport = true
        }
        return true
    }
}
