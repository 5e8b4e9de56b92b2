/// How a selection call changes the selection (FOLD_SELECT_*).
public enum SelectHow: Int32, Sendable {
    /// Clear the selection, then select (a click).
    case replace = 0
    /// Select, keeping the rest.
    case add = 1
    /// Deselect, keeping the rest.
    case remove = 2
    /// Flip each one named, keeping the rest (ctrl-click).
    case toggle = 3
}

/// What may be selected (FOLD_SELECTION_*).
public enum SelectionMode: Int32, Sendable {
    /// Any number of rows and sections (the default).
    case multiple = 0
    /// At most one row or section.
    case single = 1
    /// Nothing: selecting is `.notAllowed`; deselecting and clearing work.
    case none = 2
}

/// A run of selected rows of a section (`row`, `count`), or with row -1
/// and count 1 the section itself, as `selection()` lists them.
public struct SelectedRun: Equatable, Sendable {
    public var section: String
    public var sectionID: SectionID
    public var row: Int
    public var count: Int

    init(section: String, sectionID: SectionID, row: Int, count: Int) {
        self.section = section
        self.sectionID = sectionID
        self.row = row
        self.count = count
    }
}

/// The selection's mode and anchor; what is selected lives in the tree
/// (`RowMarks.selected`, `Section.selected`, counted in `Summary`).
struct SelectionState {
    var mode = SelectionMode.multiple
    /// Where a range starts: a row of `section`, or -1 for the section
    /// itself. Held by identity (HeldItem.swift).
    var anchor: HeldItem?
    /// While set, marking records no redraws (`applySelection` marks its
    /// targets again after clearing, already redrawn).
    var quiet = false
}

/// What one selection call names: per section one interval of rows (a
/// range of shown items holds consecutive rows of each section), and
/// sections (their headers).
struct SelectionTargets {
    var rows: [(section: Section, rows: Range<Int>)] = []
    var sections: [Section] = []
    /// From a range of items: rows a filter hides inside `rows` are not
    /// named (they show no item); `shownRows` counts those named.
    var shownOnly = false
    var shownRows = 0
    var isEmpty: Bool { rows.isEmpty && sections.isEmpty }
    /// The rows and sections named.
    var count: Int { sections.count + (shownOnly ? shownRows : rows.reduce(0) { $0 + $1.rows.count }) }
}

/// Which rows of a range `markRows` changes: all, or those a filter shows.
enum RowScope {
    case all, shown

    /// The bits of a run's rows in scope (a default run's are all alike).
    func mask(_ marks: RowMarks) -> UInt64 {
        switch self {
        case .all: return RowMarks.all
        case .shown: return ~marks.hidden
        }
    }
}

/// What a selection call does to each row or section it names.
enum MarkOp {
    case set, clear, toggle

    /// `bits` with `op` applied to the bits of `mask`.
    @inline(__always)
    func apply(_ bits: UInt64, _ mask: UInt64) -> UInt64 {
        switch self {
        case .set: return bits | mask
        case .clear: return bits & ~mask
        case .toggle: return bits ^ mask
        }
    }

    func apply(_ flag: Bool) -> Bool {
        switch self {
        case .set: return true
        case .clear: return false
        case .toggle: return !flag
        }
    }

    init(_ how: SelectHow) {
        switch how {
        case .replace, .add: self = .set
        case .remove: self = .clear
        case .toggle: self = .toggle
        }
    }
}

extension Table {
    // MARK: Mode and anchor

    /// The selection mode. Switching to `.single` keeps only the anchor's
    /// row or section selected, if it was; switching to `.none` clears the
    /// selection (the anchor stays). Reported like any selection change.
    /// - Complexity: O(depth · log n): what goes is cleared by one tag.
    public func setSelectionMode(_ mode: SelectionMode) throws {
        try mutate {
            selectionState.mode = mode
            switch mode {
            case .multiple: return
            case .none: _ = try applySelection(.replace, SelectionTargets())
            case .single:
                var keep = SelectionTargets()
                if let a = selectionState.anchor, isSelected(a.section, row: a.row) {
                    if a.row < 0 { keep.sections.append(a.section) } else { keep.rows.append((a.section, a.row..<(a.row + 1))) }
                }
                _ = try applySelection(.replace, keep)
            }
        }
    }

    /// - Complexity: O(1)
    public var selectionMode: SelectionMode { selectionState.mode }

    /// The anchor: a section's id and a row, or -1 for the section itself;
    /// nil when there is none.
    /// - Complexity: O(1)
    public var selectionAnchor: (section: SectionID, row: Int)? {
        selectionState.anchor.map { ($0.section.id, $0.row) }
    }

    /// Sets the anchor (row -1: the section) without changing the selection.
    /// - Complexity: O(depth · log n)
    public func setSelectionAnchor(section ref: SectionRef, row: Int) throws {
        let s = try section(ref)
        if row != -1 { try checkRowRange(row, 1, in: s) }
        try mutate { selectionState.anchor = HeldItem(section: s, row: row) }
    }

    // MARK: Selecting

    /// Applies `how` to row `row` of a section and makes it the anchor.
    /// Returns whether the selection changed.
    /// - Complexity: O(depth · log n), `.replace` included.
    @discardableResult
    public func selectRow(section ref: SectionRef, row: Int, how: SelectHow) throws -> Bool {
        let s = try section(ref)
        try checkRowRange(row, 1, in: s)
        return try selectOne(s, row: row, how: how)
    }

    /// Applies `how` to a section (its header), shown or not, and makes it
    /// the anchor. Returns whether the selection changed.
    /// - Complexity: O(depth · log n), `.replace` included.
    @discardableResult
    public func selectSection(_ ref: SectionRef, how: SelectHow) throws -> Bool {
        try selectOne(try section(ref), row: -1, how: how)
    }

    /// Applies `how` to what the item at `position` names (a header its
    /// section, a row its row) and makes it the anchor; a footer or a
    /// placeholder is `.notAllowed`.
    /// - Complexity: O(depth · log n), `.replace` included.
    @discardableResult
    public func selectItem(at position: Int, how: SelectHow) throws -> Bool {
        let (s, row) = try selectable(at: position)
        return try selectOne(s, row: row, how: how)
    }

    /// Applies `how` to the shown items from the anchor to the item at
    /// `position`, both included (footers and placeholders skipped); an
    /// anchor that is not shown starts the range at the item shown nearest
    /// above it (`anchorPosition`). Without an anchor: `selectItem`. The
    /// anchor is kept.
    /// - Complexity: O((s + c) · depth · log n) for s sections and c row
    ///   pieces in the range (a run of default rows is one piece).
    @discardableResult
    public func selectRange(to position: Int, how: SelectHow) throws -> Bool {
        try checkPosition(position)
        guard let start = anchorPosition() else { return try selectItem(at: position, how: how) }
        try checkAllowed(how)
        let lo = min(start, position), hi = max(start, position)
        return try mutate {
            if selectionState.mode == .single && how != .remove {
                let step = position >= start ? -1 : 1
                guard let p = selectablePosition(from: position, step: step, within: lo...hi) else { return false }
                let (s, row) = try selectable(at: p)
                return try applySingle(s, row: row, how: how)
            }
            return try applySelection(how, targets(lo..<(hi + 1)))
        }
    }

    /// Applies `how` to the selectable items at positions
    /// `position..<position+count`, keeping the anchor.
    /// - Complexity: as `selectRange`.
    @discardableResult
    public func selectPositions(_ position: Int, count: Int, how: SelectHow) throws -> Bool {
        guard position >= 0, count >= 0, position <= itemCount, count <= itemCount - position else {
            throw FoldError(.outOfRange, "positions \(position) to \(position &+ count &- 1) are out of range "
                            + "(the list has \(FoldError.counted(itemCount, "item", "items")))")
        }
        try checkAllowed(how)
        return try mutate { try applyPositions(position..<(position + count), how) }
    }

    /// Selects every shown header and row, keeping the rest (in `.single`
    /// mode: the last one only). Redraws one range, from the first to the
    /// last shown item it selects.
    /// - Complexity: O(depth · log n): one tag on the root (`SelectionTag`).
    @discardableResult
    public func selectAll() throws -> Bool {
        try checkAllowed(.add)
        return try mutate {
            if selectionState.mode == .single { return try applyPositions(0..<itemCount, .add) }
            let sum = root.list.sum
            guard sum.shownRows &+ sum.shownHeaders > sum.selectedShownRows &+ sum.selectedShownHeaders else {
                return false
            }
            recordSelectionSpan(selected: false)
            root.list.root?.receive(.selectShown)
            eventState.changes?.selectionChanged = true
            return true
        }
    }

    /// Deselects everything, shown or not, and clears the anchor. Redraws
    /// one range, from the first to the last shown item it deselects.
    /// - Complexity: O(depth · log n): one tag on the root (`SelectionTag`).
    @discardableResult
    public func clearSelection() throws -> Bool {
        try mutate {
            selectionState.anchor = nil
            let sum = root.list.sum
            guard sum.selectedRows &+ sum.selectedSections > 0 else { return false }
            recordSelectionSpan(selected: true)
            root.list.root?.receive(.clear)
            eventState.changes?.selectionChanged = true
            return true
        }
    }

    // MARK: Queries

    /// - Complexity: O(depth · log n)
    public func isRowSelected(section ref: SectionRef, row: Int) throws -> Bool {
        let s = try section(ref)
        try checkRowRange(row, 1, in: s)
        return isSelected(s, row: row)
    }

    /// - Complexity: O(depth · log n)
    public func isSectionSelected(_ ref: SectionRef) throws -> Bool {
        let s = try section(ref)
        s.settlePlace()
        return s.selected
    }

    /// Selected rows and sections below a section (all levels down, not
    /// the section itself), or in the whole table for nil.
    /// - Complexity: O(depth · log n): the selection tags pending above the
    ///   section (select all, clear) are brought down first, so the count is
    ///   the current one; O(1) for the whole table.
    public func selectionCount(within ref: SectionRef?) throws -> (rows: Int, sections: Int) {
        let s = try parent(ref)
        s.settlePlace()
        let sum = s.list.sum
        return (sum.selectedRows, sum.selectedSections)
    }

    /// The selection in list order (a section before its children, shown or
    /// not), consecutive selected rows of a section as one run.
    /// - Complexity: O(p · depth · log n) for p runs.
    public func selection() -> [SelectedRun] {
        var out: [SelectedRun] = []
        forEachSelected(in: root) { s, row, count in
            if row >= 0, let last = out.last, last.sectionID == s.id, last.row >= 0, last.row + last.count == row {
                out[out.count - 1].count += count
            } else {
                out.append(SelectedRun(section: s.key, sectionID: s.id, row: row, count: count))
            }
        }
        return out
    }
}
