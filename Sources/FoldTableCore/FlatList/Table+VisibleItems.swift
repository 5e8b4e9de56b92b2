extension Table {
    /// The placed items of `visibleRange(offset:height:overscan:)`.
    /// - Complexity: O(log n + k) for k items.
    func visibleItems(offset: Double, height: Double, overscan: Int = 0) throws -> [PlacedItem] {
        var out: [PlacedItem] = []
        _ = try forEachVisibleItem(offset: offset, height: height, overscan: overscan, limit: .max) { out.append($0) }
        return out
    }

    /// Calls `body` with the first `limit` placed items of
    /// `visibleRange(offset:height:overscan:)`, in order, and returns how
    /// many items that range holds (with the same errors).
    ///
    /// One descent finds the first item, and the walk that hands out the
    /// items finds the last one (the first whose bottom reaches the
    /// viewport's end) and whether the first ends exactly at the viewport's
    /// top, so a viewport of up to `limit` items without overscan costs one
    /// descent where `visibleRange` makes three. Overscan, or a walk cut
    /// short by `limit`, adds the descents that tell what the walk did not.
    /// - Complexity: O(log n + k) for k items handed out.
    public func forEachVisibleItem(offset: Double, height: Double, overscan: Int, limit: Int,
                                   _ body: (PlacedItem) -> Void) throws -> Int {
        guard limit > 0 else { return try visibleRange(offset: offset, height: height, overscan: overscan).count }
        guard offset.isFinite, height.isFinite, height >= 0 else {
            throw FoldError(.invalidArgument, "viewport offset \(offset) and height \(height) must be finite, height >= 0")
        }
        guard overscan >= 0 else { throw FoldError.range("overscan", overscan, "must be >= 0") }
        let count = itemCount
        let start = Units.floor(offset: offset), end = Units.ceil(offset: offset + height)
        guard count > 0, paddingTopUnits < end else { return 0 }
        // The first item ending at or after the viewport's top, as in
        // visibleRange; if one of nonzero height ends exactly there, the
        // next one. With overscan the items before it come first, so that is
        // found before the walk; without, the walk starts with that item.
        var first = firstPosition(bottomBeyond: start, inclusive: true)
        var settled = overscan > 0
        if settled, first < count, first < firstPosition(bottomBeyond: start, inclusive: false),
           try placedItem(at: first).height > 0 {
            first += 1
            // Where that item ends, a viewport of no height holds nothing
            // (visibleRange's `first < last`).
            if end <= start { return 0 }
        }
        guard first < count else { return 0 }
        var last = -1  // one past the first item whose bottom reaches `end`, once the walk met it
        var handed = 0
        var cut = false  // the walk stopped at `limit` before it met the last item
        var empty = false
        forEachItem(from: first - min(first, overscan)) { placed, top, height in
            let bottom = top + height
            if !settled {
                settled = true
                if bottom > top, bottom == start {
                    first += 1
                    empty = end <= start  // as above
                    return !empty
                }
            }
            if last >= 0, placed.position - last >= overscan { return false }  // past the overscan
            if last < 0, bottom >= end { last = placed.position + 1 }
            body(placed)
            handed += 1
            guard handed < limit else {
                cut = last < 0
                return false
            }
            return true
        }
        if empty { return 0 }
        if last < 0 {
            last = cut ? min(count, firstPosition(bottomBeyond: end, inclusive: true) + 1) : count
        }
        guard first < last else { return 0 }
        return last + min(count - last, overscan) - (first - min(first, overscan))
    }
}
