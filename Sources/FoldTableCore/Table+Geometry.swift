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

    /// The item containing offset `y` (top <= y < top + height; items of
    /// height 0 contain no offset), or the nearest item with `.above` /
    /// `.below`. In an empty table the position is -1.
    /// - Complexity: O(log n)
    public func item(atOffset y: Double) throws -> (position: Int, place: OffsetPlace) {
        guard y.isFinite else { throw FoldError(.invalidArgument, "offset \(y) is not finite") }
        let count = itemCount
        if y < options.paddingTop { return (count > 0 ? 0 : -1, .above) }
        guard count > 0 else { return (-1, .below) }
        let p = firstPosition(bottomBeyond: y, inclusive: false)
        return p < count ? (p, .inItem) : (count - 1, .below)
    }

    /// Positions of the items intersecting the viewport [offset, offset + height)
    /// — items with top < offset + height and bottom > offset, plus items of
    /// height 0 whose top lies inside it — widened by `overscan` items on each
    /// side. Empty when no item intersects.
    /// - Complexity: O(log n)
    public func visibleRange(offset: Double, height: Double, overscan: Int = 0) throws -> Range<Int> {
        guard offset.isFinite, height.isFinite, height >= 0 else {
            throw FoldError(.invalidArgument, "viewport offset \(offset) and height \(height) must be finite, height >= 0")
        }
        guard overscan >= 0 else { throw FoldError.range("overscan", overscan, "must be >= 0") }
        let count = itemCount
        let end = offset + height
        guard count > 0, options.paddingTop < end else { return 0..<0 }
        // The first item ending at or after `offset`, skipping one of nonzero
        // height that ends exactly there.
        var first = firstPosition(bottomBeyond: offset, inclusive: true)
        if first < count, first < firstPosition(bottomBeyond: offset, inclusive: false),
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

    /// The placed items of `visibleRange(offset:height:overscan:)`.
    /// - Complexity: O(log n + k) for k items.
    public func visibleItems(offset: Double, height: Double, overscan: Int = 0) throws -> [PlacedItem] {
        let range = try visibleRange(offset: offset, height: height, overscan: overscan)
        var out: [PlacedItem] = []
        out.reserveCapacity(range.count)
        forEachItem(from: range.lowerBound) { item in
            guard item.position < range.upperBound else { return false }
            out.append(item)
            return true
        }
        return out
    }

    /// Calls `body` with each item from `start` on, in order, until it
    /// returns false or the list ends.
    /// - Complexity: O(log n + k) for k items visited.
    public func forEachItem(from start: Int, _ body: (PlacedItem) -> Bool) {
        guard start >= 0, start < itemCount else { return }
        withoutActuallyEscaping(body) { body in
            let walker = ItemWalker(start: start, top: options.paddingTop, body: body)
            _ = walker.walkList(root, sectionIndex: -1, depth: 0)
        }
    }

    /// The first position whose item's bottom is beyond `y` (`> y`, or `>= y`
    /// when `inclusive`); `itemCount` if there is none. Bottoms never
    /// decrease along the list, so one path down the trees finds it.
    func firstPosition(bottomBeyond y: Double, inclusive: Bool) -> Int {
        @inline(__always) func beyond(_ a: Double) -> Bool { inclusive ? a >= y : a > y }
        var sec = root
        var top = options.paddingTop
        var base = 0
        descend: while true {
            let rowHeight = sec.rowHeight
            let levelTop = top
            guard let (ref, before) = sec.list.locate(endingBeyond: { beyond(levelTop + $0) },
                                                      rowHeight: rowHeight) else {
                return base + sec.list.sum.items
            }
            top += before.height(rowHeight)
            base += before.items
            let local = y - top
            if let found = ref.firstRow(bottomBeyond: local, inclusive: inclusive, rowHeight: rowHeight) {
                // Past the run's last row only by rounding: the item after it.
                return base + found
            }
            // A row run was handled above.
            if let sub = ref.section {
                let c = sub.contribution
                if beyond(top + c.fixedHeight) {
                    if beyond(top + sub.headerHeight) { return base }
                    base += 1
                    top += sub.headerHeight
                    if sub.shownChildrenItems > 0, beyond(top + sub.shownChildrenHeight) {
                        sec = sub
                        continue descend
                    }
                    // Its footer (or, should rounding differ, the item after it).
                    return base + sub.shownChildrenItems
                }
                top += c.fixedHeight
                base += c.items
            }
            // Only rounding can get here (the piece's end was beyond y, its
            // rows' ends not): the item after the piece.
            return base
        }
    }
}

/// Walks the flat list in order from a start position, skipping whole
/// subtrees before it, so a viewport costs O(log n + k).
private final class ItemWalker {
    let start: Int
    var position = 0
    var top: Double
    let body: (PlacedItem) -> Bool

    init(start: Int, top: Double, body: @escaping (PlacedItem) -> Bool) {
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
        let rowHeight = sec.rowHeight
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
            // .items always has a column.
            first = n.totals.view.find(.items, &k)?.entry ?? 0
            let before = n.totals.view.prefix(first)
            position += before.items
            top += before.height(rowHeight)
            rows += before.rows
            children += before.children
        }
        if !n.isLeaf {
            for i in first..<n.children.count {
                guard walk(n.children[i], sec, sectionIndex, depth, &rows, &children) else { return false }
            }
            return true
        }
        for slot in first..<n.pieces.count {
            switch n.pieces[slot] {
            case .rows(let run):
                var i = 0
                if position < start {
                    i = min(run.count, start - position)
                    top += i == run.count ? run.height(rowHeight: rowHeight) : run.prefixHeight(i, rowHeight: rowHeight)
                    position += i
                }
                while i < run.count {
                    let h = run.height(i, rowHeight: rowHeight)
                    let item = Item(kind: .row, depth: depth - 1, section: sectionIndex, row: rows + i,
                                    expanded: run.isExpanded(i), expandable: run.isExpandable(i, rowHeight: rowHeight))
                    guard body(PlacedItem(position: position, item: item, top: top, height: h)) else { return false }
                    top += h
                    position += 1
                    i += 1
                }
                rows += run.count
                children += run.count
            case .section(let sub):
                let index = children
                children += 1
                guard emit(.header, sub, index, depth, sub.headerHeight) else { return false }
                if !sub.collapsed {
                    let inner = sub.list.sum
                    if position + inner.items <= start {
                        position += inner.items
                        top += inner.height(sub.rowHeight)
                    } else if !walkList(sub, sectionIndex: index, depth: depth + 1) {
                        return false
                    }
                }
                if sub.hasFooter {
                    guard emit(.footer, sub, index, depth, sub.footerHeight) else { return false }
                }
            }
        }
        return true
    }

    /// Reports a header or footer if it is at or after the start; always advances.
    private func emit(_ kind: ItemKind, _ sub: Section, _ index: Int, _ depth: Int, _ h: Double) -> Bool {
        defer { position += 1; top += h }
        guard position >= start else { return true }
        let item = Item(kind: kind, depth: depth, section: index, collapsed: sub.collapsed)
        return body(PlacedItem(position: position, item: item, top: top, height: h))
    }
}
