/// What `importState` applied and what it ignored.
public struct ImportReport: Equatable, Sendable {
    /// Sections whose collapsed state was applied.
    public var sections = 0
    /// Section keys the table does not have (ignored).
    public var unknownSections = 0
    /// Rows expanded from the saved state.
    public var rows = 0
    /// Saved expanded rows that do not exist or cannot expand here (ignored).
    public var unknownRows = 0
    /// Whether the saved scroll anchor was applied to the viewport.
    public var anchorRestored = false

    public init() {}
}

extension Table {
    /// The interface state as JSON a person can read: every section's
    /// collapsed state by key, the expanded rows, and (with a viewport) the
    /// scroll anchor — the first visible item and how far the viewport's top
    /// is below its top.
    ///
    ///     {"version": 1, "collapsed": {"Mac": false, ...},
    ///      "expanded": [{"section": "Mac", "row": 2}],
    ///      "anchor": {"section": "iPad", "kind": "row", "row": 1, "offset": 12.5}}
    ///
    /// - Complexity: O(s + k · depth · log n) for s sections, k expanded rows.
    public func exportState() -> String {
        let collapsed = sectionStates().map { ($0.key, JSON.bool($0.collapsed)) }
        let expanded = expandedRows().map {
            JSON.object([("section", .string($0.section)), ("row", .number(Double($0.row)))])
        }
        var anchor = JSON.null
        if let (position, delta) = captureAnchor(), let placed = try? placedItem(at: position),
           let key = try? itemKey(at: position) {
            let kind = placed.item.kind == .header ? "header" : placed.item.kind == .row ? "row" : "footer"
            var fields: [(String, JSON)] = [("section", .string(key)), ("kind", .string(kind))]
            if placed.item.kind == .row { fields.append(("row", .number(Double(placed.item.row)))) }
            fields.append(("offset", .number(delta)))
            anchor = .object(fields)
        }
        return JSON.object([("version", .number(1)), ("collapsed", .object(collapsed)),
                            ("expanded", .array(expanded)), ("anchor", anchor)]).text() + "\n"
    }

    /// Applies saved state to this table, which may have been rebuilt with
    /// other sections: unknown keys and rows are ignored and counted. The
    /// whole text is checked first; malformed input changes nothing. Expanded
    /// rows not in the saved state collapse; the accordion applies.
    /// - Complexity: O(p · depth · log n) for p saved entries, plus the rows
    ///   that were expanded before.
    @discardableResult
    public func importState(_ text: String) throws -> ImportReport {
        let plan = try SavedState(JSON.parse(text))
        var report = ImportReport()
        try mutate {
            for (key, collapsed) in plan.collapsed {
                guard let s = sectionsByKey[key] else { report.unknownSections += 1; continue }
                report.sections += 1
                if s.childCount > 0 {
                    _ = setCollapsedRecording(collapsed, s)
                } else if s.collapsed != collapsed {
                    // Nothing shows or hides, but the header's (and footer's) flag changes.
                    s.collapsed = collapsed
                    if let header = visibleHeader(s) {
                        recordRedraw(header)
                        if s.hasFooter { recordRedraw(header + 1) }
                    }
                }
            }
            guard let rows = plan.expanded else { return }
            // Only what differs changes: rows expanded now but not saved collapse,
            // saved rows not expanded yet expand.
            let wanted = Set(rows.map { RowRef(section: $0.0, row: $0.1) })
            for (s, row) in expandedRows(in: root, deep: true) where !wanted.contains(RowRef(section: s.key, row: row)) {
                _ = try setRowExpandedRecording(false, s, row)
            }
            for (key, row) in rows {
                guard let s = sectionsByKey[key], row < s.rowCount, try isRowExpandable(section: .key(key), row: row) else {
                    report.unknownRows += 1
                    continue
                }
                if try isRowExpanded(section: .key(key), row: row) || setRowExpandedRecording(true, s, row) {
                    report.rows += 1
                } else {
                    report.unknownRows += 1
                }
            }
        }
        if let anchor = plan.anchor, var v = viewport, let s = sectionsByKey[anchor.section] {
            let position: Int?
            switch anchor.kind {
            case .header: position = try? headerPlace(of: s).position
            case .footer: position = s.hasFooter ? (try? headerPlace(of: s)).map { $0.position + 1 + s.shownChildrenItems } : nil
            case .row: position = anchor.row < s.rowCount && !s.collapsed ? (try? rowPosition(of: s, row: anchor.row)) : nil
            }
            if let position, let top = try? placedItem(at: position).top {
                v.offset = min(max(0, top + anchor.offset), max(0, contentHeight - v.height))
                viewport = v
                report.anchorRestored = true
            }
        }
        return report
    }
}

/// Saved state, checked in full before anything is applied.
private struct SavedState {
    var collapsed: [(String, Bool)] = []
    var expanded: [(String, Int)]?
    var anchor: (section: String, kind: ItemKind, row: Int, offset: Double)?

    init(_ json: JSON) throws {
        func bad(_ what: String) -> FoldError { FoldError(.invalidArgument, "saved state: \(what)") }
        func count(_ value: JSON?, _ what: String) throws -> Int {
            guard case .number(let d)? = value, d >= 0, d < 9e15, d == d.rounded() else {
                throw bad("\(what) must be a whole number >= 0")
            }
            return Int(d)
        }
        guard case .object = json else { throw bad("the top level must be an object") }
        if let version = json["version"], version != .number(1) { throw bad("version must be 1") }
        switch json["collapsed"] {
        case nil, .null?: break
        case .object(let fields)?:
            for (key, value) in fields {
                guard case .bool(let b) = value else { throw bad("collapsed[\"\(key)\"] must be true or false") }
                collapsed.append((key, b))
            }
        default: throw bad("collapsed must be an object of key: true/false")
        }
        switch json["expanded"] {
        case nil, .null?: break
        case .array(let items)?:
            expanded = try items.map { item in
                guard case .string(let key)? = item["section"] else { throw bad("each expanded row needs a \"section\" string") }
                return (key, try count(item["row"], "an expanded row's \"row\""))
            }
        default: throw bad("expanded must be an array")
        }
        switch json["anchor"] {
        case nil, .null?: break
        case let a?:
            guard case .string(let key)? = a["section"] else { throw bad("anchor needs a \"section\" string") }
            let kind: ItemKind
            switch a["kind"] {
            case .string("header")?: kind = .header
            case .string("row")?: kind = .row
            case .string("footer")?: kind = .footer
            default: throw bad("anchor kind must be \"header\", \"row\" or \"footer\"")
            }
            let row = kind == .row ? try count(a["row"], "anchor row") : -1
            guard case .number(let offset)? = a["offset"] else { throw bad("anchor offset must be a number") }
            anchor = (key, kind, row, offset)
        }
    }
}
