/// Ways to move from an item (FOLD_NAV_*).
public enum NavigationMove: Int32, Sendable, CaseIterable {
    case next = 0
    case previous = 1
    case first = 2
    case last = 3
    /// The header of the section that holds the item (of a header: of its
    /// parent section), the nearest one whose header can take focus.
    case parent = 4
    /// From an expanded section's header: the first item below it.
    case firstChild = 5
    /// The next child of the same parent that shows an item.
    case nextSibling = 6
    case previousSibling = 7
    /// The item one viewport height further, at the same place on screen.
    case pageDown = 8
    case pageUp = 9

    /// Whether a move from no item lands on the last item (else the first).
    var startsAtEnd: Bool { self == .previous || self == .last || self == .pageUp }
}

extension Table {
    /// The item that `move` from the item at `from` (nil: no item) lands on:
    /// an item that can take focus, passing over the others; `from` itself
    /// when there is none in that direction. From nil every move lands on
    /// the first item but `.previous`, `.last` and `.pageUp`, which land on
    /// the last. Pages need a viewport (`.notAllowed` without one); with
    /// nil `from` and no item that can take focus, `.notFound`.
    /// - Complexity: O(depth · log n), plus O(depth · log n) per section
    ///   passed over whose items cannot take focus (its rows are passed in
    ///   one step, whatever their number).
    public func navigate(from: Int?, _ move: NavigationMove) throws -> Int {
        if let from { try checkPosition(from) }
        if move == .pageDown || move == .pageUp, viewport == nil {
            throw FoldError(.notAllowed, "paging needs a viewport (fold_table_set_viewport): none is set")
        }
        guard let from else {
            let found = move.startsAtEnd ? lastFocusable(from: itemCount - 1) : firstFocusable(from: 0)
            guard let found else { throw FoldError(.notFound, "no item can take focus") }
            return found
        }
        return landing(from, move) ?? from
    }

    /// Where a move from `from` lands; nil when nowhere in its direction.
    private func landing(_ from: Int, _ move: NavigationMove) -> Int? {
        switch move {
        case .next: return firstFocusable(from: from + 1)
        case .previous: return lastFocusable(from: from - 1)
        case .first: return firstFocusable(from: 0)
        case .last: return lastFocusable(from: itemCount - 1)
        case .parent: return parentHeader(of: from)
        case .firstChild: return firstChild(of: from)
        case .nextSibling: return nextSibling(of: from)
        case .previousSibling: return previousSibling(of: from)
        case .pageDown, .pageUp: return page(from, down: move == .pageDown)
        }
    }

    // MARK: Passing over items that cannot take focus

    /// The item at `p` and its section. O(depth · log n).
    func focusItem(at p: Int) -> (item: Item, section: Section)? {
        guard let item = try? locateItem(p, measure: false, onSection: nil).item,
              let s = ids.section(item.sectionID) else { return nil }
        return (item, s)
    }

    /// The first position in `p..<end` (end: the list's end) whose item can
    /// take focus; nil when none. A section's own rows that cannot take
    /// focus are passed in one step (to its next subsection, or its end).
    func firstFocusable(from p: Int, before end: Int? = nil) -> Int? {
        let end = min(end ?? itemCount, itemCount)
        var q = max(0, p)
        while q < end {
            guard let (item, s) = focusItem(at: q) else { return nil }
            if canTakeFocus(item.kind, in: s) { return q }
            switch item.kind {
            case .row:
                // Every own row of `s` is alike: on to its next subsection.
                q = max(q + 1, ownRowsEnd(s, fromChild: childIndex(ofRow: item.row, in: s) + 1) ?? q + 1)
            case .header where s.noFocus && s.placeholderItems == 0:
                q = max(q + 1, ownRowsEnd(s, fromChild: 0) ?? q + 1)
            default:
                q += 1
            }
        }
        return nil
    }

    /// The last position in `start+1...p` (start: -1) whose item can take
    /// focus; nil when none. Own rows are passed in one step, as above.
    func lastFocusable(from p: Int, after start: Int = -1) -> Int? {
        var q = min(p, itemCount - 1)
        while q > max(start, -1) {
            guard let (item, s) = focusItem(at: q) else { return nil }
            if canTakeFocus(item.kind, in: s) { return q }
            if item.kind == .row, let before = ownRowsStart(s, beforeChild: childIndex(ofRow: item.row, in: s)) {
                q = min(q - 1, before - 1)
            } else {
                q -= 1
            }
        }
        return nil
    }

    /// Where the own rows of `s` from child `c` on end: the position of its
    /// first subsection at or after child `c`, or of the end of its
    /// children. nil when its children are not shown. O(depth · log n).
    private func ownRowsEnd(_ s: Section, fromChild c: Int) -> Int? {
        let sections = c - rowIndex(ofChild: c, in: s)  // subsections before child c
        let total = s.childCount - s.rowCount
        guard sections < total, let (_, within, before) = s.list.locate(.sections, sections) else {
            return childPosition(s, s.childCount)
        }
        return childPosition(s, before.children + within)
    }

    /// Where the own rows of `s` before child `c` start: the position after
    /// its last subsection before child `c`, or of its first child. nil
    /// when its children are not shown. O(depth · log n).
    private func ownRowsStart(_ s: Section, beforeChild c: Int) -> Int? {
        let sections = c - rowIndex(ofChild: c, in: s)
        guard sections > 0, let (_, within, before) = s.list.locate(.sections, sections - 1) else {
            return childPosition(s, 0)
        }
        return childPosition(s, before.children + within + 1)
    }

    // MARK: Moves through the tree

    /// The header of the section holding the item at `p` (of a header: of
    /// its parent), the nearest one whose header can take focus.
    private func parentHeader(of p: Int) -> Int? {
        guard let (item, s) = focusItem(at: p) else { return nil }
        var c: Section? = item.kind == .header ? s.parent : s
        while let x = c, x !== root {
            if canTakeFocus(.header, in: x), let h = visibleHeader(x) { return h }
            c = x.parent
        }
        return nil
    }

    /// From an expanded section's header: the first item below it (in the
    /// section) that can take focus.
    private func firstChild(of p: Int) -> Int? {
        guard let (item, s) = focusItem(at: p), item.kind == .header, s.showsChildren else { return nil }
        return firstFocusable(from: p + 1, before: p + 1 + s.shownChildrenItems)
    }

    /// The section a header, footer or placeholder stands for as a child of
    /// its parent, or nil for a row; with the span of its items.
    private func childSpan(of p: Int) -> (parent: Section, start: Int, end: Int)? {
        guard let (item, s) = focusItem(at: p), let parent = s.parent else { return nil }
        switch item.kind {
        case .row: return (s, p, p + 1)
        case .placeholder: return (s, p, p + 1)
        case .header, .footer:
            guard let start = sectionStart(s) else { return nil }
            return (parent, start, start + s.contribution.items)
        }
    }

    /// The span of positions the children of `parent` take.
    private func childrenSpan(_ parent: Section) -> Range<Int>? {
        guard let lo = childPosition(parent, 0), let hi = childPosition(parent, parent.childCount) else { return nil }
        return lo..<hi
    }

    /// The first item of the next child of the same parent that shows one
    /// and can take focus (over subsections' contents).
    private func nextSibling(of p: Int) -> Int? {
        guard let (parent, _, end) = childSpan(of: p), let span = childrenSpan(parent) else { return nil }
        var q = end
        while q < span.upperBound {
            guard let (child, item, _, next) = childAt(q, in: parent) else { return nil }
            if let owner = ids.section(item.sectionID), canTakeFocus(item.kind, in: owner) { return q }
            if child == nil {
                // A row of `parent`: its rows are alike, on to its next subsection.
                q = max(q + 1, ownRowsEnd(parent, fromChild: childIndex(ofRow: item.row, in: parent) + 1) ?? q + 1)
            } else {
                q = next
            }
        }
        return nil
    }

    /// The first item of the previous child of the same parent that shows
    /// one and can take focus.
    private func previousSibling(of p: Int) -> Int? {
        guard let (parent, start, _) = childSpan(of: p), let span = childrenSpan(parent) else { return nil }
        var q = start - 1
        while q >= span.lowerBound {
            // The child of `parent` whose last item is at q.
            guard let (child, item, first, _) = childAt(q, in: parent) else { return nil }
            guard child != nil else {
                if canTakeFocus(.row, in: parent) { return q }
                let rows = ownRowsStart(parent, beforeChild: childIndex(ofRow: item.row, in: parent)) ?? q
                q = min(q, rows) - 1
                continue
            }
            guard let (head, s) = focusItem(at: first) else { return nil }
            if canTakeFocus(head.kind, in: s) { return first }
            q = first - 1
        }
        return nil
    }

    /// The child of `parent` that shows the item at `q` (nil: the item is
    /// a row of `parent` itself), the item, and the span of the child's
    /// items. O(depth · log n).
    private func childAt(_ q: Int, in parent: Section) -> (child: Section?, item: Item, start: Int, end: Int)? {
        var chain: [Section] = []
        guard let placed = try? locateItem(q, measure: false, onSection: { sub, _, _, _ in chain.append(sub) }) else {
            return nil
        }
        // The item's own section is the last on the way down.
        if placed.item.kind == .row, chain.last === parent || (parent === root && chain.isEmpty) {
            return (nil, placed.item, q, q + 1)
        }
        guard let child = chain.first(where: { $0.parent === parent }), let start = sectionStart(child) else {
            return nil
        }
        return (child, placed.item, start, start + child.contribution.items)
    }

    /// The item under the top of `from` moved one viewport height down (or
    /// up); then the nearest one that can take focus in that direction.
    private func page(_ from: Int, down: Bool) -> Int? {
        guard let v = viewport, let top = try? itemTop(at: from) else { return nil }
        let y = down ? top + v.height : top - v.height
        var target: Int
        if let hit = try? item(atOffset: y) {
            switch hit.place {
            case .inItem: target = hit.position
            case .above: target = 0
            case .below: target = itemCount - 1
            }
        } else {
            target = down ? itemCount - 1 : 0
        }
        if down {
            target = max(target, from + 1)
            return firstFocusable(from: target) ?? lastFocusable(from: target - 1, after: from)
        }
        target = min(target, from - 1)
        return lastFocusable(from: target) ?? firstFocusable(from: target + 1, before: from)
    }
}
