/// Kinds of item that can take focus (FOLD_FOCUS_*): bit `1 << kind`.
public struct FocusKinds: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    static let headers = FocusKinds(rawValue: 1 << 0)
    static let rows = FocusKinds(rawValue: 1 << 1)
    static let footers = FocusKinds(rawValue: 1 << 2)
    static let placeholders = FocusKinds(rawValue: 1 << 3)
    static let all: FocusKinds = [.headers, .rows, .footers, .placeholders]

    /// The bit of one kind.
    init(_ kind: ItemKind) { self.init(rawValue: 1 << UInt32(kind.rawValue)) }
}

/// The focused item: a row of `item.section`, or (row -1) its header,
/// footer or placeholder, as `kind` says.
struct FocusedItem {
    var item: HeldItem
    var kind: ItemKind
}

/// The focused item and which items can take focus.
struct FocusState {
    var kinds = FocusKinds.all
    /// Held by identity (HeldItem.swift); always on a shown item between
    /// mutations (`settleFocus`).
    var focused: FocusedItem?
    /// Set when the running mutation placed the focus itself (a call that
    /// sets it, a key, an import): the focus rule then leaves it there.
    var placed = false
}

extension Table {
    // MARK: Which items can take focus

    /// Whether `item` can take focus: its kind is allowed and its section is
    /// not flagged `.noFocus`.
    /// - Complexity: O(1) after resolving the section.
    func canTakeFocus(_ item: Item) -> Bool {
        guard let s = ids.section(item.sectionID) else { return false }
        return canTakeFocus(item.kind, in: s)
    }

    /// Whether an item of `kind` of section `s` (a row: of its own rows) can take focus. O(1).
    func canTakeFocus(_ kind: ItemKind, in s: Section) -> Bool {
        focusState.kinds.contains(FocusKinds(kind)) && !s.noFocus
    }

    /// Which kinds of item can take focus (all by default).
    /// - Complexity: O(1)
    public var focusKinds: FocusKinds { focusState.kinds }

    /// Sets which kinds of item can take focus; bits other than
    /// `FocusKinds.all`'s are `.invalidArgument`. A focused item of a kind
    /// no longer allowed keeps focus until it moves.
    /// - Complexity: O(1)
    public func setFocusKinds(_ kinds: FocusKinds) throws {
        guard FocusKinds.all.isSuperset(of: kinds) else {
            throw FoldError(.invalidArgument, "focus kinds 0x\(String(kinds.rawValue, radix: 16)) has unknown bits "
                            + "(FOLD_FOCUS_HEADERS 1, FOLD_FOCUS_ROWS 2, FOLD_FOCUS_FOOTERS 4, FOLD_FOCUS_PLACEHOLDERS 8, "
                            + "or FOLD_FOCUS_ALL 15)")
        }
        focusState.kinds = kinds
    }

    // MARK: The focused item

    /// The focused item's position, or nil when nothing is focused.
    /// - Complexity: O(depth · log n)
    public var focusPosition: Int? {
        focusState.focused.flatMap(shownPosition)
    }

    /// Focuses the item at `position`, or with nil clears the focus; the
    /// selection and its anchor stay. An item that cannot take focus is
    /// `.notAllowed`. Change listeners get a change set with no steps that
    /// redraws the old and the new focused item.
    /// - Complexity: O(depth · log n)
    public func setFocus(_ position: Int?) throws {
        guard let position else {
            try mutate { placeFocus(nil, at: nil) }
            return
        }
        let target = try focusTarget(at: position)
        try mutate { placeFocus(target, at: position) }
    }

    /// The item at `position` as a focus; `.notAllowed` when it cannot take
    /// focus. O(depth · log n).
    func focusTarget(at position: Int) throws -> FocusedItem {
        try checkPosition(position)
        let item = try locateItem(position, measure: false, onSection: nil).item
        guard let s = ids.section(item.sectionID) else {
            throw FoldError(.internalError, "item \(position) has no section")
        }
        guard canTakeFocus(item.kind, in: s) else {
            let what: String
            switch item.kind {
            case .header: what = "the header of section \"\(s.key)\""
            case .row: what = "row \(item.row) of section \"\(s.key)\""
            case .footer: what = "the footer of section \"\(s.key)\""
            case .placeholder: what = "the placeholder of section \"\(s.key)\""
            }
            let why = s.noFocus ? "the section is flagged FOLD_SECTION_NO_FOCUS"
                : "its kind is not among the focus kinds (fold_table_set_focus_kinds)"
            throw FoldError(.notAllowed, "\(what) cannot take focus: \(why)")
        }
        return FocusedItem(item: HeldItem(section: s, row: item.kind == .row ? item.row : -1), kind: item.kind)
    }

    /// Moves the focus (inside a mutation) to `target`, shown at `position`,
    /// or nowhere; redraws the old and the new focused item (`from`: where
    /// the old one is, when the caller knows).
    func placeFocus(_ target: FocusedItem?, at position: Int?, from: Int?? = nil) {
        focusState.placed = true
        if let old = focusState.focused, let target, isSame(old, target) { return }
        if let old = focusState.focused { recordRedraw(from ?? shownPosition(old)) }
        focusState.focused = target
        recordRedraw(position)
    }

    private func isSame(_ a: FocusedItem, _ b: FocusedItem) -> Bool {
        a.kind == b.kind && a.item.section === b.item.section && a.item.row == b.item.row
    }

    /// The position of a focused item while it is shown, else nil.
    /// O(depth · log n).
    func shownPosition(_ f: FocusedItem) -> Int? {
        let s = f.item.section
        switch f.kind {
        case .row: return try? rowPosition(of: s, row: f.item.row)
        case .header: return visibleHeader(s)
        case .footer: return visibleFooter(s)
        case .placeholder:
            guard s.placeholderItems > 0, s.showsChildren, let start = sectionStart(s) else { return nil }
            return start + s.headerItems
        }
    }

    /// Sets `item.focused` when it is the focused item (the item must be
    /// shown). O(1).
    @inline(__always)
    func markFocus(_ item: inout Item) {
        guard let f = focusState.focused else { return }
        FocusMark(f).mark(&item)
    }

    // MARK: The focus rule

    /// After a mutation's body, before its change set is told: when the
    /// focused item is no longer shown, focus moves as the focus rule says
    /// (foldtable.h, "Focus and keyboard"), and the item that takes it is
    /// redrawn. `before` is where the focus was before the mutation.
    /// - Complexity: O(1) without a focus; else O(depth · log n), plus
    ///   O(c) for the c steps of the mutation when the focus moves.
    func settleFocus(before: Int?) {
        let placed = focusState.placed
        focusState.placed = false
        guard let f = focusState.focused else {
            // Gone with its row or section (unless the mutation cleared it).
            if let before, !placed { refocus(near: eventState.changes?.place(of: before) ?? before) }
            return
        }
        if shownPosition(f) != nil { return }
        // Hidden by a collapse: to the header of the outermost collapsed
        // section that hides it (the one the user collapsed).
        if let cover = collapsedCover(f), canTakeFocus(.header, in: cover), let p = visibleHeader(cover) {
            focusState.focused = FocusedItem(item: HeldItem(section: cover, row: -1), kind: .header)
            recordRedraw(p)
            return
        }
        let at = before.map { eventState.changes?.place(of: $0) ?? $0 }
            ?? wouldBePosition(f.item.section, row: f.kind == .row ? f.item.row : -1) ?? 0
        refocus(near: at)
    }

    /// Focuses the first item that can take focus at or after `at`, else
    /// the last one before it, else nothing (the old focused item is not
    /// shown: only the new one is redrawn).
    private func refocus(near at: Int) {
        if let (target, p) = focusTarget(near: at) {
            focusState.focused = target
            recordRedraw(p)
        } else {
            focusState.focused = nil
        }
    }

    /// The first item that can take focus at or after `at`, else the last
    /// one before it, with its position; nil when no item can.
    func focusTarget(near at: Int) -> (FocusedItem, Int)? {
        let q = min(max(0, at), itemCount)
        guard let p = firstFocusable(from: q) ?? lastFocusable(from: q - 1),
              let target = try? focusTarget(at: p) else { return nil }
        return (target, p)
    }

    /// The outermost section that hides a focused item by being collapsed
    /// (not opened by a filter); nil when none does. O(depth).
    func collapsedCover(_ f: FocusedItem) -> Section? {
        var hidden: Section?
        // A header and a footer show while their own section is collapsed.
        var c: Section? = f.kind == .header || f.kind == .footer ? f.item.section.parent : f.item.section
        while let x = c, x !== root {
            if !x.showsChildren { hidden = x }
            c = x.parent
        }
        return hidden
    }
}

extension ChangeSet {
    /// Where the item at position `p` of the list before the steps is after
    /// them; one that a step removed maps to the start of that step (where
    /// what replaced it begins). O(steps).
    func place(of p: Int) -> Int {
        var q = p
        for c in changes {
            if q < c.position { continue }
            if q < c.position + c.removed { q = c.position } else { q += c.added - c.removed }
        }
        return q
    }
}
