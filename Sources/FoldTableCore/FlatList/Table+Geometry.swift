extension Table {
    /// Height of the item at `position`.
    /// - Complexity: O(log n)
    public func itemHeight(at position: Int) throws -> Double {
        try placedItem(at: position).height
    }

    /// Offset of the top of the item at `position` (top padding included).
    /// - Complexity: O(log n)
    public func itemTop(at position: Int) throws -> Double {
        try placedItem(at: position).top
    }

    /// The item containing offset `y` (top <= y < top + height, compared
    /// exactly: tops and heights are whole units, see `Units`; items of
    /// height 0 contain no offset, so it is the first item of nonzero height
    /// whose range holds y), or the nearest item with `.above` / `.below`.
    /// In an empty table the position is -1.
    /// - Complexity: O(log n)
    public func item(atOffset y: Double) throws -> (position: Int, place: OffsetPlace) {
        guard y.isFinite else { throw FoldError(.invalidArgument, "offset \(y) is not finite") }
        let count = itemCount
        let units = Units.floor(offset: y)
        if units < paddingTopUnits { return (count > 0 ? 0 : -1, .above) }
        guard count > 0 else { return (-1, .below) }
        let p = firstPosition(bottomBeyond: units, inclusive: false)
        return p < count ? (p, .inItem) : (count - 1, .below)
    }

    /// Positions of the items intersecting the viewport [offset, offset + height)
    /// — items with top < offset + height and bottom > offset, plus items of
    /// height 0 whose top lies inside it — widened by `overscan` items on each
    /// side. Empty when no item intersects. Compared exactly, with the
    /// viewport's end `offset + height` as a Double sum gives it: in units,
    /// the viewport is [floor(offset · 256), ceil((offset + height) · 256)).
    /// - Complexity: O(log n)
    public func visibleRange(offset: Double, height: Double, overscan: Int = 0) throws -> Range<Int> {
        guard offset.isFinite, height.isFinite, height >= 0 else {
            throw FoldError(.invalidArgument, "viewport offset \(offset) and height \(height) must be finite, height >= 0")
        }
        guard overscan >= 0 else { throw FoldError.range("overscan", overscan, "must be >= 0") }
        let count = itemCount
        let start = Units.floor(offset: offset), end = Units.ceil(offset: offset + height)
        guard count > 0, paddingTopUnits < end else { return 0..<0 }
        // The first item ending at or after `offset`, skipping one of nonzero
        // height that ends exactly there.
        var first = firstPosition(bottomBeyond: start, inclusive: true)
        if first < count, first < firstPosition(bottomBeyond: start, inclusive: false),
           try placedItem(at: first).height > 0 {
            first += 1
        }
        // Items from the one after the first ending at or after `end` start at or after it.
        let last = min(count, firstPosition(bottomBeyond: end, inclusive: true) + 1)
        guard first < last else { return 0..<0 }
        let lower = first - min(first, overscan)
        let upper = last + min(count - last, overscan)
        return lower..<upper
    }

    /// Calls `body` with each item from `start` on, in order, until it
    /// returns false or the list ends.
    /// - Complexity: O(log n + k) for k items visited.
    public func forEachItem(from start: Int, _ body: (PlacedItem) -> Bool) {
        forEachItem(from: start) { placed, _, _ in body(placed) }
    }

    /// `forEachItem`, with each item's top and height in units as well.
    func forEachItem(from start: Int, _ body: (PlacedItem, _ top: Int, _ height: Int) -> Bool) {
        guard start >= 0, start < itemCount else { return }
        withoutActuallyEscaping(body) { body in
            // The focused item is marked on the way out (`markFocus`).
            let marked: (PlacedItem, Int, Int) -> Bool = focusState.focused == nil ? body : { placed, top, height in
                var placed = placed
                self.markFocus(&placed.item)
                return body(placed, top, height)
            }
            let walker = ItemWalker(start: start, top: paddingTopUnits, body: marked)
            _ = walker.walkList(root, sectionIndex: -1, depth: 0)
        }
    }

    /// The first position whose item's bottom in units is beyond `y` (`> y`,
    /// or `>= y` when `inclusive`); `itemCount` if there is none. Bottoms
    /// never decrease along the list, so one path down the trees finds it.
    /// - Complexity: O(depth · log n)
    func firstPosition(bottomBeyond y: Int, inclusive: Bool) -> Int {
        firstItem(bottomBeyond: y, inclusive: inclusive, measure: false).position
    }

    /// `firstPosition`, with that item's top in units, found on the same
    /// path (no second descent, no item built); nil when there is none.
    /// - Complexity: O(depth · log n)
    func firstItemTop(bottomBeyond y: Int, inclusive: Bool) -> (position: Int, top: Int)? {
        let found = firstItem(bottomBeyond: y, inclusive: inclusive, measure: true)
        return found.position < itemCount ? (found.position, found.top) : nil
    }

    /// Both of the above: `top` only with `measure` (a constant where it is
    /// inlined, so `firstPosition` pays nothing for it).
    @inline(__always)
    private func firstItem(bottomBeyond y: Int, inclusive: Bool, measure: Bool) -> (position: Int, top: Int) {
        @inline(__always) func beyond(_ a: Int) -> Bool { inclusive ? a >= y : a > y }
        var sec = root
        var top = paddingTopUnits
        var base = 0
        descend: while true {
            let rowHeight = sec.rowUnits
            guard let (ref, before) = sec.list.locate(endingBeyond: y &- top, inclusive: inclusive,
                                                      rowHeight: rowHeight) else {
                return (base + sec.list.sum.items, top)
            }
            top += before.height(rowHeight)
            base += before.items
            let local = y &- top
            if let found = ref.firstRow(bottomBeyond: local, inclusive: inclusive, rowHeight: rowHeight) {
                guard measure else { return (base + found, 0) }
                return (base + found, top &+ (ref.row(found, rowHeight: rowHeight, measure: true)?.top ?? 0))
            }
            // A row run was handled above.
            if let sub = ref.section {
                // A section the filter hides has no item (nor height): the next one is at `base`.
                if sub.filterHidden { return (base, top) }
                // Its contribution's two fields, read once from its list.
                let inner = sub.list.sum
                if beyond(top + sub.shownUnits(inner)) {
                    if sub.hasHeader, beyond(top + sub.headerUnits) { return (base, top) }
                    base += sub.headerItems
                    top += sub.shownHeaderUnits
                    if sub.shownChildrenItems > 0, beyond(top + sub.shownChildrenHeight) {
                        // A placeholder: its section's list is empty, so the
                        // next round finds nothing and returns its position.
                        sec = sub
                        continue descend
                    }
                    // Its footer.
                    return (base + sub.shownChildrenItems, top &+ sub.shownChildrenHeight)
                }
                top += sub.shownUnits(inner)
                base += sub.shownItems(inner)
            }
            // Not reached: the piece's end is beyond y, so one of its items' is.
            return (base, top)
        }
    }
}

/// Walks the flat list in order from a start position, skipping whole
/// subtrees before it, so a viewport costs O(log n + k).
private final class ItemWalker {
    let start: Int
    var position = 0
    /// In units.
    var top: Int
    let body: (PlacedItem, Int, Int) -> Bool

    init(start: Int, top: Int, body: @escaping (PlacedItem, Int, Int) -> Bool) {
        self.start = start
        self.top = top
        self.body = body
    }

    /// Walks the children of `sec` (whose index in its parent is `sectionIndex`;
    /// its subsections are at `depth`). Returns false once `body` said stop.
    func walkList(_ sec: Section, sectionIndex: Int, depth: Int) -> Bool {
        var rows = 0
        var children = 0
        guard let root = sec.list.root else { return true }
        return walk(root, sec, sectionIndex, depth, &rows, &children)
    }

    private func walk(_ n: ListNode, _ sec: Section, _ sectionIndex: Int, _ depth: Int,
                      _ rows: inout Int, _ children: inout Int) -> Bool {
        let rowHeight = sec.rowUnits
        var first = 0
        if position < start {
            // Skip the entries before the start by the running totals,
            // without reading them.
            var k = start - position
            guard k < n.sum.items else {
                position += n.sum.items
                top += n.sum.height(rowHeight)
                rows += n.sum.rows
                children += n.sum.children
                return true
            }
            n.pushTag()  // before reading slots: a leaf's may change
            // .items always has a column.
            first = n.totals.view.find(.items, &k)?.entry ?? 0
            let before = n.totals.view.prefix(first)
            position += before.items
            top += before.height(rowHeight)
            rows += before.rows
            children += before.children
        }
        n.pushTag()  // what it holds is read: its selection must be exact
        if !n.isLeaf {
            for i in first..<n.children.count {
                guard walk(n.children[i], sec, sectionIndex, depth, &rows, &children) else { return false }
            }
            return true
        }
        for slot in first..<n.pieces.count {
            switch n.pieces[slot] {
            case .rows(let run):
                // (One binding of the run: a second case would copy it again.)
                if run.marks.hidden != 0 {
                    guard walkFiltered(run, sec, sectionIndex, depth, rows) else { return false }
                    rows += run.count
                    children += run.count
                    continue
                }
                var i = 0
                if position < start {
                    i = min(run.count, start - position)
                    top += i == run.count ? run.height(rowHeight: rowHeight) : run.prefixHeight(i, rowHeight: rowHeight)
                    position += i
                }
                while i < run.count {
                    let h = run.height(i, rowHeight: rowHeight)
                    var item = Item(kind: .row, depth: depth - 1, section: sectionIndex, row: rows + i,
                                    expanded: run.isExpanded(i), expandable: run.isExpandable(i, rowHeight: rowHeight),
                                    sectionID: sec.id)
                    if run.marks.matched != 0 { item.matched = run.isMatched(i) }
                    item.selected = run.marks.bit(run.marks.selected, i)
                    guard body(PlacedItem(position: position, item: item, top: Units.points(top),
                                          height: Units.points(h)), top, h) else { return false }
                    top += h
                    position += 1
                    i += 1
                }
                rows += run.count
                children += run.count
            case .section(let sub):
                let index = children
                children += 1
                if sub.filterHidden { continue }
                if sub.hasHeader {
                    guard emit(.header, sub, index, depth, sub.headerUnits) else { return false }
                }
                if sub.placeholderItems > 0 {
                    guard emit(.placeholder, sub, index, depth, sub.rowUnits) else { return false }
                } else if sub.showsChildren {
                    let inner = sub.list.sum
                    if position + inner.items <= start {
                        position += inner.items
                        top += inner.height(sub.rowUnits)
                    } else if !walkList(sub, sectionIndex: index, depth: depth + 1) {
                        return false
                    }
                }
                if sub.hasFooter {
                    guard emit(.footer, sub, index, depth, sub.footerUnits) else { return false }
                }
            }
        }
        return true
    }

    /// The shown rows of a run the filter hides rows of (`rows`: the rows
    /// of the section before it); advances past the run.
    private func walkFiltered(_ run: RowRun, _ sec: Section, _ sectionIndex: Int, _ depth: Int, _ rows: Int) -> Bool {
        let rowHeight = sec.rowUnits
        guard run.isExplicit else { return true }  // a hidden default run shows nothing
        for i in 0..<run.count where !run.isHidden(i) {
            let h = run.height(i, rowHeight: rowHeight)
            defer { top += h; position += 1 }
            guard position >= start else { continue }
            var item = Item(kind: .row, depth: depth - 1, section: sectionIndex, row: rows + i,
                            expanded: run.isExpanded(i), expandable: run.isExpandable(i, rowHeight: rowHeight),
                            sectionID: sec.id)
            item.matched = run.isMatched(i)
            item.selected = run.marks.bit(run.marks.selected, i)
            guard body(PlacedItem(position: position, item: item, top: Units.points(top),
                                  height: Units.points(h)), top, h) else { return false }
        }
        return true
    }

    /// Reports a header, footer or placeholder if it is at or after the start; always advances.
    private func emit(_ kind: ItemKind, _ sub: Section, _ index: Int, _ depth: Int, _ h: Int) -> Bool {
        defer { position += 1; top += h }
        guard position >= start else { return true }
        var item = kind == .placeholder ? Item.placeholder(of: sub, index: index, depth: depth)
            : Item(kind: kind, depth: depth, section: index, collapsed: !sub.showsChildren,
                   collapsible: sub.collapsible, sectionID: sub.id)
        if kind == .header {
            item.matched = sub.filterMatched
            item.selected = sub.selected
        }
        return body(PlacedItem(position: position, item: item, top: Units.points(top), height: Units.points(h)), top, h)
    }
}
