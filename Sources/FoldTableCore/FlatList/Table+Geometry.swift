extension Table {
    /// Height of the item at `position`.
    /// - Complexity: O(log n)
    public func itemHeight(at position: Int) throws -> Double {
        try placedItem(at: position).height
    }

    /// Offset of the top of the item at `position` (top padding included).
    /// - Complexity: O(log n)
    public func itemTop(at position: Int) throws -> Double {
        Units.points(try itemTopUnits(at: position))
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
        struct Each: ItemVisitor {
            let body: (PlacedItem) -> Bool
            func visit(_ placed: PlacedItem, top: Int, height: Int) -> Bool { body(placed) }
        }
        guard start >= 0, start < itemCount else { return }
        withoutActuallyEscaping(body) { body in _ = walkItems(from: .position(start), Each(body: body)) }
    }

    /// Hands each item from `start` on to `visitor`, in order, until it
    /// says stop or the list ends; returns the visitor.
    /// - Complexity: O(depth · log n + k) for k items handed out.
    func walkItems<V: ItemVisitor>(from start: WalkStart, _ visitor: V) -> V {
        // The walk holds nodes and sections unretained: while it hands out
        // items nothing may change the table (a change throws `.busy`, as
        // inside a listener).
        let wasNotifying = eventState.notifying
        eventState.notifying = true
        defer { eventState.notifying = wasNotifying }
        var walker = ItemWalker(start: start, top: paddingTopUnits, focus: focusState.focused.map(FocusMark.init),
                                visitor: visitor)
        _ = walker.walkList(root, sectionIndex: -1, depth: 0)
        return walker.visitor
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
    /// inlined, so `firstPosition` pays nothing for it). The sections on
    /// the way down are held unretained: the table holds them all while it
    /// reads, and a retain is an atomic write per level.
    @inline(__always)
    private func firstItem(bottomBeyond y: Int, inclusive: Bool, measure: Bool) -> (position: Int, top: Int) {
        var sec = Unmanaged.passUnretained(root)
        var start = root.listStart
        var top = paddingTopUnits
        var base = 0
        while true {
            let next = sec._withUnsafeGuaranteedRef { sec in
                firstItem(in: sec, from: start, bottomBeyond: y, inclusive: inclusive, measure: measure,
                          top: &top, base: &base)
            }
            guard let next else { return (base, top) }
            (sec, start) = next
        }
    }

    /// One level of `firstItem`: in `sec`'s list, entered at `start` (its
    /// root and record), whose top is `top` and first position `base`.
    /// Returns the subsection to go down into and where its list starts
    /// (its list's top and first position left in `top` and `base`), or
    /// nil with the answer in `base` and `top`.
    @inline(__always)
    private func firstItem(in sec: Section, from start: ListStart?,
                           bottomBeyond y: Int, inclusive: Bool, measure: Bool, top: inout Int,
                           base: inout Int) -> (Unmanaged<Section>, ListStart?)? {
        @inline(__always) func beyond(_ a: Int) -> Bool { inclusive ? a >= y : a > y }
        let rowHeight = sec.rowUnits
        guard let (ref, before) = ChildList.locate(from: start, endingBeyond: y &- top,
                                                   inclusive: inclusive, rowHeight: rowHeight) else {
            base += sec.list.sum.items
            return nil
        }
        top += before.height(rowHeight)
        base += before.items
        let local = y &- top
        if let found = ref.firstRow(bottomBeyond: local, inclusive: inclusive, rowHeight: rowHeight) {
            base += found
            top = measure ? top &+ (ref.row(found, rowHeight: rowHeight, measure: true)?.top ?? 0) : 0
            return nil
        }
        // A row run was handled above.
        guard let subRef = ref.sectionRef else { return nil }  // (not reached: the piece ends beyond y)
        return subRef._withUnsafeGuaranteedRef { sub in
            // A section the filter hides has no item (nor height): the next one is at `base`.
            if sub.filterHidden { return nil }
            // Its list's items and height, read once from the totals the
            // next round descends, found through the leaf's record of them.
            let subStart = ref.start(into: sub)
            let (listItems, listUnits) = sub.listItemsAndUnits(record: subStart?.record ?? 0)
            guard beyond(top + sub.shownUnits(listUnits: listUnits)) else {
                // Not reached: the piece's end is beyond y, so one of its items' is.
                top += sub.shownUnits(listUnits: listUnits)
                base += sub.shownItems(listItems: listItems)
                return nil
            }
            if sub.hasHeader, beyond(top + sub.headerUnits) { return nil }
            base += sub.headerItems
            top += sub.shownHeaderUnits
            let items = sub.shownChildrenItems(listItems: listItems)
            let units = sub.shownChildrenUnits(listUnits: listUnits)
            if items > 0, beyond(top + units) {
                // A placeholder: its section's list is empty, so the next
                // round finds nothing and returns its position.
                return (subRef, subStart)
            }
            // Its footer.
            base += items
            top &+= units
            return nil
        }
    }
}
