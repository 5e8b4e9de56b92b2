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
    /// The walk that hands out the items finds the first one on its own
    /// way down (by offset), then the last one (the first whose bottom
    /// reaches the viewport's end) and whether the first ends exactly at
    /// the viewport's top, so a viewport of up to `limit` items without
    /// overscan costs one descent where `visibleRange` makes three.
    /// Overscan, or a walk cut short by `limit`, adds the descents that
    /// tell what the walk did not.
    /// - Complexity: O(log n + k) for k items handed out.
    public func forEachVisibleItem(offset: Double, height: Double, overscan: Int, limit: Int,
                                   _ body: (PlacedItem) -> Void) throws -> Int {
        struct Each: PlacedSink {
            let body: (PlacedItem) -> Void
            func take(_ placed: PlacedItem) { body(placed) }
        }
        return try withoutActuallyEscaping(body) { body in
            var sink = Each(body: body)
            return try visibleWalk(offset: offset, height: height, overscan: overscan, limit: limit, &sink)
        }
    }

    /// `forEachVisibleItem`, writing the items as records into `out`, at
    /// most `capacity` of them (`out` may be nil when `capacity` is 0):
    /// what a view that copies a viewport out wants, with no call per item
    /// and no second copy. Returns how many items the range holds and how
    /// many were written.
    /// - Complexity: O(log n + k) for k items written.
    public func forEachVisibleItem(offset: Double, height: Double, overscan: Int,
                                   into out: UnsafeMutablePointer<VisibleRecord>?,
                                   capacity: Int) throws -> (total: Int, written: Int) {
        guard let out, capacity > 0 else {
            return (try visibleRange(offset: offset, height: height, overscan: overscan).count, 0)
        }
        var sink = RecordWriter(out: out)
        let total = try visibleWalk(offset: offset, height: height, overscan: overscan, limit: capacity, &sink)
        return (total, sink.count)
    }

    /// Both of the above: hands the items to `sink`, returns the range's count.
    private func visibleWalk<Sink: PlacedSink>(offset: Double, height: Double, overscan: Int, limit: Int,
                                               _ sink: inout Sink) throws -> Int {
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
        // found before the walk; without, the walk starts with that item,
        // found on its own way down.
        var first = -1
        let from: WalkStart
        if overscan > 0 {
            first = firstPosition(bottomBeyond: start, inclusive: true)
            if first < count, first < firstPosition(bottomBeyond: start, inclusive: false),
               try placedItem(at: first).height > 0 {
                first += 1
                // Where that item ends, a viewport of no height holds nothing
                // (visibleRange's `first < last`).
                if end <= start { return 0 }
            }
            guard first < count else { return 0 }
            from = .position(first - min(first, overscan))
        } else {
            from = .bottom(beyond: start, inclusive: true)
        }
        let walk = walkItems(from: from, VisibleWalk(sink: sink, start: start, end: end, overscan: overscan,
                                                     limit: limit, first: first))
        defer { sink = walk.sink }  // (moved back: the walk held it)
        first = walk.first
        if walk.empty || first < 0 { return 0 }
        var last = walk.last
        if last < 0 {
            last = walk.cut ? min(count, firstPosition(bottomBeyond: end, inclusive: true) + 1) : count
        }
        guard first < last else { return 0 }
        return last + min(count - last, overscan) - (first - min(first, overscan))
    }
}

/// `forEachVisibleItem`'s walk: hands out the items up to the viewport's
/// end plus the overscan (at most `limit`), and notes what the walk
/// learned about the range's ends.
private struct VisibleWalk<Sink: PlacedSink>: ItemVisitor {
    var sink: Sink
    let start: Int, end: Int, overscan: Int, limit: Int
    /// The first item's position; -1 until the walk meets it (without
    /// overscan: then the first one handed out may be one of nonzero height
    /// ending exactly at `start`, which is skipped).
    var first: Int
    /// One past the first item whose bottom reaches `end`, once met.
    var last = -1
    var handed = 0
    /// The walk stopped at `limit` before it met the last item.
    var cut = false
    /// The viewport holds nothing (no height, at the end of an item).
    var empty = false

    init(sink: Sink, start: Int, end: Int, overscan: Int, limit: Int, first: Int) {
        self.sink = sink
        self.start = start
        self.end = end
        self.overscan = overscan
        self.limit = limit
        self.first = first
    }

    @inline(__always)
    mutating func visit(_ placed: PlacedItem, top: Int, height: Int) -> Bool {
        let bottom = top + height
        if first < 0 {
            first = placed.position
            if bottom > top, bottom == start {
                first += 1
                empty = end <= start  // as in visibleRange
                return !empty
            }
        }
        if last >= 0, placed.position - last >= overscan { return false }  // past the overscan
        if last < 0, bottom >= end { last = placed.position + 1 }
        sink.take(placed)
        handed += 1
        guard handed < limit else {
            cut = last < 0
            return false
        }
        return true
    }
}

/// Where `forEachVisibleItem` hands its items.
protocol PlacedSink {
    mutating func take(_ placed: PlacedItem)
}

/// Writes items as records into an array the walk never overruns (it
/// stops at `limit`).
private struct RecordWriter: PlacedSink {
    let out: UnsafeMutablePointer<VisibleRecord>
    var count = 0

    @inline(__always)
    mutating func take(_ placed: PlacedItem) {
        (out + count).initialize(to: VisibleRecord(placed))
        count &+= 1
    }
}
