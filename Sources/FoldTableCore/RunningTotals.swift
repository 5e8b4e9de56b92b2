/// The aggregates of everything before a child of a list: what a descent
/// adds up on its way down (positions, indices, offsets).
struct Prefix {
    var children = 0
    var rows = 0
    var items = 0
    var defaultRows = 0
    var fixedHeight = 0.0

    /// The total height when default rows are `rowHeight` tall.
    @inline(__always)
    func height(_ rowHeight: Double) -> Double {
        fixedHeight + Double(defaultRows) * rowHeight
    }

    @inline(__always)
    static func += (a: inout Prefix, b: Prefix) {
        // Sums are bounded by `Limits` (rows, sections, heights), far below overflow.
        a.children &+= b.children
        a.rows &+= b.rows
        a.items &+= b.items
        a.defaultRows &+= b.defaultRows
        a.fixedHeight += b.fixedHeight
    }
}

/// A node's running totals: record `i` holds the sums of the node's entries
/// `0..<i` (record `count - 1` the whole) and, in an internal node, child `i`
/// and where child `i`'s own running totals are. One flat buffer of
/// fixed-size records, so a descent binary-searches it, reads everything it
/// needs about the entry it stops at from one record, and goes on to the
/// child's buffer directly. Once ten million rows no longer fit in cache,
/// every buffer a lookup visits is a cache miss (115-200 ns here), so a
/// descent visits one buffer per level and nothing else.
struct RunningTotals: ~Copyable {
    /// Owned here and freed in `deinit`: a plain allocation, so reading it
    /// costs no reference counting on the lookup paths.
    private var storage: UnsafeMutablePointer<Int>
    private var capacity: Int

    init() {
        capacity = TotalsView.header + TotalsView.leafWidth
        storage = .allocate(capacity: capacity)
        storage.initialize(repeating: 0, count: capacity)
        storage[0] = 1
        storage[1] = TotalsView.leafWidth
    }

    deinit { storage.deallocate() }

    /// The records, for reading. Valid until the next `rebuild`, which the
    /// owner's parent follows with its own (so its record of this buffer's
    /// address is renewed).
    @inline(__always)
    var view: TotalsView { TotalsView(base: storage) }

    /// Rebuilds every record from the entries' summaries (`sum(i)`) and,
    /// for an internal node, its children. Returns the entries' total.
    /// O(entries).
    @discardableResult
    mutating func rebuild(count entries: Int, children nodes: [ListNode], _ sum: (Int) -> Summary) -> Summary {
        let isInternal = !nodes.isEmpty && nodes.count == entries
        let width = isInternal ? TotalsView.internalWidth : TotalsView.leafWidth
        let n = entries + 1
        let need = TotalsView.header + n * width
        // Exactly what is needed: most nodes are built once (a section of a
        // thousand rows has one leaf of 16 entries, and room for a full node
        // cost 0.9 bytes per row in a table of such sections). A move is
        // safe: whoever rebuilds a node refreshes its parent next, which
        // records the new address.
        if need > capacity || need * 2 < capacity {
            storage.deallocate()
            storage = .allocate(capacity: need)
            capacity = need
        }
        storage[0] = n
        storage[1] = width
        var r = storage + TotalsView.header
        var acc = Prefix()
        var total = Summary.zero
        var expanded = 0
        @inline(__always) func write(_ child: ListNode?, ownFixed: Double) {
            TotalsView.writePrefix(r, acc, expanded: expanded)
            r[6] = Int(bitPattern: UInt(ownFixed.bitPattern))
            if width == TotalsView.internalWidth {
                if let child {
                    r[7] = Int(bitPattern: Unmanaged.passUnretained(child).toOpaque())
                    r[8] = Int(bitPattern: UnsafeMutableRawPointer(child.totals.storage))
                } else {
                    r[7] = 0
                    r[8] = 0
                }
            }
            r += width
        }
        for i in 0..<entries {
            let s = sum(i)
            total += s
            write(isInternal ? nodes[i] : nil, ownFixed: s.fixedHeight)
            acc += Prefix(children: s.children, rows: s.rows, items: s.items, defaultRows: s.defaultRows,
                          fixedHeight: s.fixedHeight)
            expanded &+= s.expandedRows
        }
        write(nil, ownFixed: 0)
        return total
    }

    /// After child `slot` of an internal node changed (its summary is
    /// `sums[slot]` now, and its buffer may have moved): rewrites the totals
    /// from that record on and the child's fields, without touching the
    /// other children (each would be a cache miss in a large table). The
    /// records are exactly what `rebuild` gives. O(entries).
    mutating func update(slot: Int, sums: [Summary], child: ListNode) {
        let w = storage[1]
        guard w == TotalsView.internalWidth, storage[0] == sums.count + 1 else { return }
        let records = storage + TotalsView.header
        var acc = TotalsView(base: storage).prefix(slot)
        var expanded = records[slot * w + 5]
        records[slot * w + 7] = Int(bitPattern: Unmanaged.passUnretained(child).toOpaque())
        records[slot * w + 8] = Int(bitPattern: UnsafeMutableRawPointer(child.totals.storage))
        for i in slot..<sums.count {
            let s = sums[i]
            records[i * w + 6] = Int(bitPattern: UInt(s.fixedHeight.bitPattern))
            acc += Prefix(children: s.children, rows: s.rows, items: s.items, defaultRows: s.defaultRows,
                          fixedHeight: s.fixedHeight)
            expanded &+= s.expandedRows
            TotalsView.writePrefix(records + (i + 1) * w, acc, expanded: expanded)
        }
    }

    /// After entry `slot` of a leaf that holds rows only became `s`: rewrites
    /// the records after it from the entries' own values kept in the
    /// records, reading no other piece (reading one would retain its height
    /// storage: a cache miss per piece in a large table). The records and
    /// the returned total are exactly what `rebuild` gives. O(entries) over
    /// this buffer.
    mutating func update(slot: Int, to s: Summary) -> Summary {
        let w = storage[1], entries = storage[0] - 1
        let records = storage + TotalsView.header
        var acc = TotalsView(base: storage).prefix(slot)
        var expanded = records[slot * w + 5]
        records[slot * w + 6] = Int(bitPattern: UInt(s.fixedHeight.bitPattern))
        var own = Prefix(children: s.children, rows: s.rows, items: s.items, defaultRows: s.defaultRows,
                         fixedHeight: s.fixedHeight)
        var ownExpanded = s.expandedRows
        var i = slot
        while true {
            // acc: the totals before entry i; own: entry i's values.
            acc += own
            expanded &+= ownExpanded
            let next = records + (i + 1) * w
            if i + 1 < entries {
                // Entry i+1's own values, from its record and the next, both not yet rewritten.
                let after = next + w
                own = Prefix(children: after[3] &- next[3], rows: after[4] &- next[4], items: after[0] &- next[0],
                             defaultRows: after[2] &- next[2],
                             fixedHeight: Double(bitPattern: UInt64(UInt(bitPattern: next[6]))))
                ownExpanded = after[5] &- next[5]
            }
            TotalsView.writePrefix(next, acc, expanded: expanded)
            i += 1
            if i == entries { break }
        }
        return Summary(children: acc.children, rows: acc.rows, items: acc.items, defaultRows: acc.defaultRows,
                       fixedHeight: acc.fixedHeight, expandedRows: expanded, expandedDeep: expanded, nesting: 0)
    }
}

/// Reads a node's running totals (see `RunningTotals`) through their
/// address: a descent goes from buffer to buffer without touching the
/// node objects.
struct TotalsView {
    /// Ints before the records: the record count and the record width.
    static let header = 2
    /// Record fields: the totals before entry i — items, fixedHeight (bit
    /// pattern), defaultRows, children, rows, expandedRows — and entry i's
    /// own fixed height (exact, where a difference of totals would round);
    /// internal nodes add child (unretained: the node's `children` array
    /// owns it) and the child's buffer.
    static let leafWidth = 7
    static let internalWidth = 9

    /// Writes the totals fields of the record at `r`.
    @inline(__always)
    static func writePrefix(_ r: UnsafeMutablePointer<Int>, _ p: Prefix, expanded: Int) {
        r[0] = p.items
        r[1] = Int(bitPattern: UInt(p.fixedHeight.bitPattern))
        r[2] = p.defaultRows
        r[3] = p.children
        r[4] = p.rows
        r[5] = expanded
    }

    let base: UnsafeMutablePointer<Int>

    /// Records: entries + 1.
    @inline(__always) var count: Int { base[0] }
    @inline(__always) var isLeaf: Bool { base[1] == TotalsView.leafWidth }

    @inline(__always)
    fileprivate func field(_ i: Int, _ f: Int) -> Int { base[TotalsView.header &+ i &* base[1] &+ f] }

    @inline(__always)
    private func fixedHeight(_ i: Int) -> Double { Double(bitPattern: UInt64(UInt(bitPattern: field(i, 1)))) }

    /// The totals of entries `0..<i` (0...entries). O(1).
    @inline(__always)
    func prefix(_ i: Int) -> Prefix {
        Prefix(children: field(i, 3), rows: field(i, 4), items: field(i, 0), defaultRows: field(i, 2),
               fixedHeight: fixedHeight(i))
    }

    /// Child `i` of an internal node, unretained. O(1).
    @inline(__always)
    func child(_ i: Int) -> Unmanaged<ListNode> {
        // Non-zero for every child of an internal node.
        Unmanaged.fromOpaque(UnsafeRawPointer(bitPattern: field(i, 7)).unsafelyUnwrapped)
    }

    /// The running totals of child `i` of an internal node. O(1).
    @inline(__always)
    func childView(_ i: Int) -> TotalsView {
        TotalsView(base: UnsafeMutablePointer(bitPattern: field(i, 8)).unsafelyUnwrapped)
    }

    /// The entry holding unit `k` of `metric` (children, rows or items), and
    /// `k` made relative to that entry; -1 (k unchanged) for a metric with
    /// no field. `k` must be in 0..<the metric's total. O(log entries).
    @inline(__always)
    func find(_ metric: Metric, _ k: inout Int) -> Int {
        let f: Int
        switch metric {
        case .items: f = 0
        case .children: f = 3
        case .rows: f = 4
        case .expandedRows: f = 5
        case .expandedDeep: return -1
        }
        // The last entry whose start is at or before k: starts never
        // decrease, record 0 starts at 0 and record `count - 1` is the end.
        var lo = 0, hi = count - 1  // field(lo) <= k < field(hi)
        while hi - lo > 1 {
            let mid = (lo &+ hi) >> 1
            if field(mid, f) <= k { lo = mid } else { hi = mid }
        }
        k -= field(lo, f)
        return lo
    }

    /// The first entry with items whose end (measured from the node's top,
    /// default rows `rowHeight` tall) satisfies `beyond`; nil if none does.
    /// `beyond` must hold from some end on. O(log entries).
    @inline(__always)
    func firstEntry(endingBeyond beyond: (Double) -> Bool, rowHeight: Double) -> Int? {
        @inline(__always) func end(_ i: Int) -> Double {
            fixedHeight(i + 1) + Double(field(i + 1, 2)) * rowHeight
        }
        let entries = count - 1
        guard entries > 0, beyond(end(entries - 1)) else { return nil }
        var lo = -1, hi = entries - 1  // end(lo) not beyond (or lo = -1); end(hi) beyond
        while hi - lo > 1 {
            let mid = (lo &+ hi) >> 1
            if beyond(end(mid)) { hi = mid } else { lo = mid }
        }
        // An entry without items (none is expected) holds no offset: the next one with items.
        var i = hi
        while i < entries && field(i + 1, 0) == field(i, 0) { i += 1 }
        return i < entries ? i : nil
    }
}

extension TotalsView {
    /// Whether the records agree with `sums` and `nodes` (an internal
    /// node's children, each with its buffer; empty for a leaf). For
    /// invariant checks. O(entries).
    func matches(_ sums: [Summary], children nodes: [ListNode]) -> Bool {
        guard count == sums.count + 1, isLeaf == nodes.isEmpty else { return false }
        var acc = Prefix()
        var expanded = 0
        for i in 0...sums.count {
            let p = prefix(i)
            guard p.items == acc.items, p.children == acc.children, p.rows == acc.rows,
                  p.defaultRows == acc.defaultRows, p.fixedHeight == acc.fixedHeight,
                  field(i, 5) == expanded,
                  field(i, 6) == Int(bitPattern: UInt((i < sums.count ? sums[i].fixedHeight : 0).bitPattern))
            else { return false }
            if i < nodes.count {
                guard child(i).toOpaque() == Unmanaged.passUnretained(nodes[i]).toOpaque(),
                      childView(i).base == nodes[i].totals.view.base else { return false }
            }
            if i < sums.count {
                let s = sums[i]
                acc += Prefix(children: s.children, rows: s.rows, items: s.items, defaultRows: s.defaultRows,
                              fixedHeight: s.fixedHeight)
                expanded += s.expandedRows
            }
        }
        return true
    }
}
