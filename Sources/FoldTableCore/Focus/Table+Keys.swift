/// Keys of the keyboard model (FOLD_KEY_*).
public enum Key: Int32, Sendable, CaseIterable {
    case up = 1, down, left, right, home, end, pageUp, pageDown, space
    /// Expand the focused header's section.
    case plus
    /// Collapse it.
    case minus
    /// Expand it and every section below it.
    case asterisk

    /// The move of a movement key.
    var move: NavigationMove? {
        switch self {
        case .up: return .previous
        case .down: return .next
        case .home: return .first
        case .end: return .last
        case .pageUp: return .pageUp
        case .pageDown: return .pageDown
        default: return nil
        }
    }
}

/// Modifiers of a key (FOLD_MOD_*).
public struct KeyModifiers: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    static let shift = KeyModifiers(rawValue: 1)
    /// Ctrl, or Command where a platform uses it.
    static let ctrl = KeyModifiers(rawValue: 2)
    static let all: KeyModifiers = [.shift, .ctrl]
}

/// What `pressKey` did (fold_key_result).
public struct KeyResult: Equatable, Sendable {
    /// The key did something or means something here (even when nothing
    /// changed, as Down on the last item); false: let the view use it.
    public var handled = false
    /// For Left, Right, Plus and Minus: the section collapsed or expanded,
    /// or a listener refused; else `.none`.
    public var action = Activation.none
    /// The focused position after the key.
    public var focus: Int?
    /// With a viewport: the offset that shows the focused item; else 0.
    public var scrollOffset = 0.0
    /// Whether `scrollOffset` differs from the viewport's offset.
    public var scroll = false

    init() {}
}

extension Table {
    /// The keyboard model of a multi-selection tree list (the table in
    /// foldtable.h, "Focus and keyboard"): applies `key` with `modifiers`
    /// to the focus, the selection and the sections in one mutation, so
    /// listeners get one change set, and says where to scroll. Unknown
    /// modifier bits are `.invalidArgument`.
    /// - Complexity: O(depth · log n) for every key but `.asterisk`
    ///   (O(s · log n) for s sections below the focused one).
    public func pressKey(_ key: Key, modifiers: KeyModifiers = []) throws -> KeyResult {
        guard KeyModifiers.all.isSuperset(of: modifiers) else {
            throw FoldError(.invalidArgument, "modifiers 0x\(String(modifiers.rawValue, radix: 16)) has unknown bits "
                            + "(FOLD_MOD_SHIFT 1, FOLD_MOD_CTRL 2)")
        }
        let from = focusPosition
        // Pages keep the focus at its place on screen: where it was.
        let topBefore = key == .pageUp || key == .pageDown ? from.flatMap { try? itemTop(at: $0) } : nil
        var result = KeyResult()
        try mutate {
            (result.handled, result.action) = try apply(key, modifiers, from: from)
        }
        result.focus = focusPosition
        guard let v = viewport else { return result }
        result.scrollOffset = v.offset
        guard result.handled, let focus = result.focus else { return result }
        if let topBefore, from != nil, let top = try? itemTop(at: focus) {
            result.scrollOffset = min(max(0, v.offset + (top - topBefore)), max(0, contentHeight - v.height))
        } else {
            result.scrollOffset = try scrollOffset(toItem: focus, alignment: .auto, offset: v.offset,
                                                   viewportHeight: v.height)
        }
        result.scroll = result.scrollOffset != v.offset
        return result
    }

    /// One key, inside the mutation: whether it was handled and the action.
    private func apply(_ key: Key, _ modifiers: KeyModifiers, from: Int?) throws -> (Bool, Activation) {
        if let move = key.move {
            if move == .pageUp || move == .pageDown, viewport == nil { return (false, .none) }
            // Without a focus, the first (or last) item and no further.
            guard let target = try? navigate(from: from, from == nil ? (move.startsAtEnd ? .last : .first) : move) else {
                return (false, .none)
            }
            try focusAndSelect(target, modifiers, from: from)
            return (true, .none)
        }
        guard let from, let (item, s) = focusItem(at: from) else { return (false, .none) }
        switch key {
        case .left:
            if item.kind == .header, s.showsChildren, s.collapsible {
                return (true, setCollapsedRecording(true, s) ? .sectionCollapsed : .refused)
            }
            let target = try navigate(from: from, .parent)
            guard target != from else { return (false, .none) }
            try focusAndSelect(target, modifiers, from: from)
            return (true, .none)
        case .right:
            guard item.kind == .header else { return (false, .none) }
            if !s.showsChildren {
                guard !s.fixed else { return (false, .none) }
                return (true, setCollapsedRecording(false, s) ? .sectionExpanded : .refused)
            }
            let target = try navigate(from: from, .firstChild)
            guard target != from else { return (false, .none) }
            try focusAndSelect(target, modifiers, from: from)
            return (true, .none)
        case .space:
            guard item.kind == .header || item.kind == .row, selectionState.mode != .none else { return (false, .none) }
            let shift = modifiers.contains(.shift) && selectionState.mode == .multiple
            if shift {
                try selectRange(to: from, how: modifiers.contains(.ctrl) ? .add : .replace)
            } else {
                try selectItem(at: from, how: .toggle)
            }
            return (true, .none)
        case .plus, .minus:
            guard item.kind == .header, !s.fixed else { return (false, .none) }
            let collapse = key == .minus
            // Already so: the key means something, nothing changes.
            guard collapse == s.showsChildren else { return (true, .none) }
            guard setCollapsedRecording(collapse, s) else { return (true, .refused) }
            return (true, collapse ? .sectionCollapsed : .sectionExpanded)
        case .asterisk:
            guard item.kind == .header, !s.fixed else { return (false, .none) }
            _ = expandAllRecording(below: s)
            return (true, .none)
        default:
            return (false, .none)
        }
    }

    /// Moves the focus to `p` and selects by the modifiers' rules: alone,
    /// only it (the anchor); Shift, the range from the anchor (replacing);
    /// Ctrl+Shift, the range added; Ctrl, nothing. Footers and placeholders
    /// are never selected; `.single` mode takes Shift as alone, `.none`
    /// selects nothing.
    private func focusAndSelect(_ p: Int, _ modifiers: KeyModifiers, from: Int?) throws {
        let kind: ItemKind
        if p != from {
            let target = try focusTarget(at: p)
            placeFocus(target, at: p, from: from)
            kind = target.kind
        } else {
            // Nothing lies in that direction: the focus stays (it may be of
            // a kind no longer allowed: it stays until it moves).
            guard let (item, _) = focusItem(at: p) else { return }
            kind = item.kind
        }
        guard selectionState.mode != .none, kind == .header || kind == .row else { return }
        let shift = modifiers.contains(.shift) && selectionState.mode == .multiple
        switch (shift, modifiers.contains(.ctrl)) {
        case (false, false): try selectItem(at: p, how: .replace)
        case (true, false): try selectRange(to: p, how: .replace)
        case (true, true): try selectRange(to: p, how: .add)
        case (false, true): break
        }
    }
}
