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
/// `0..<i` (record `count` the whole) and, in an internal node, child `i`.
/// One flat buffer of fixed-size records, so a descent binary-searches it
/// and reads everything it needs about the entry it stops at (totals before
/// it, the child to go down to) from one record: a few cache lines per
/// level, which is what a lookup costs once ten million rows no longer fit
/// in cache.
struct RunningTotals: ~Copyable {
    /// The fields of a record, in order. `child` holds an internal node's
    /// child unretained: the node's `children` array owns it, and the
    /// records are rebuilt whenever that array changes.
    private enum Field: Int { case items = 0, fixedHeight, defaultRows, children, rows, child }
    private static let fields = 6

    /// Owned here and freed in `deinit`: a plain allocation, so reading it
    /// costs no reference counting on the lookup paths.
    private var storage: UnsafeMutablePointer<Int>
    private var capacity: Int
    /// Records: the node's entry count + 1.
    private(set) var count = 1

    init() {
        capacity = RunningTotals.fields
        storage = .allocate(capacity: capacity)
        storage.initialize(repeating: 0, count: capacity)
    }

    deinit { storage.deallocate() }

    @inline(__always)
    private func field(_ i: Int, _ f: Field) -> Int { storage[i &* RunningTotals.fields &+ f.rawValue] }

    @inline(__always)
    private func fixedHeight(_ i: Int) -> Double {
        Double(bitPattern: UInt64(UInt(bitPattern: field(i, .fixedHeight))))
    }

    /// Rebuilds every record from the entries' summaries (`sum(i)`) and,
    /// for an internal node, its children. O(entries).
    /// Returns the entries' total.
    @discardableResult
    mutating func rebuild(count entries: Int, children nodes: [ListNode], _ sum: (Int) -> Summary) -> Summary {
        let n = entries + 1
        let f = RunningTotals.fields
        if n * f > capacity || n * f * 2 < capacity {
            // Room for a full node once it grows, so entries coming and
            // going do not reallocate every time.
            let want = max(n, min(ChildList.maxFill + 2, 2 * n)) * f
            storage.deallocate()
            storage = .allocate(capacity: want)
            capacity = want
        }
        count = n
        var r = storage
        var acc = Prefix()
        @inline(__always) func write(_ child: Int) {
            r[0] = acc.items
            r[1] = Int(bitPattern: UInt(acc.fixedHeight.bitPattern))
            r[2] = acc.defaultRows
            r[3] = acc.children
            r[4] = acc.rows
            r[5] = child
            r += f
        }
        let isInternal = nodes.count == entries && !nodes.isEmpty
        var total = Summary.zero
        for i in 0..<entries {
            let s = sum(i)
            total += s
            write(isInternal ? Int(bitPattern: Unmanaged.passUnretained(nodes[i]).toOpaque()) : 0)
            acc += Prefix(children: s.children, rows: s.rows, items: s.items, defaultRows: s.defaultRows,
                          fixedHeight: s.fixedHeight)
        }
        write(0)
        return total
    }

    /// The totals of entries `0..<i` (0...entries). O(1).
    @inline(__always)
    func prefix(_ i: Int) -> Prefix {
        Prefix(children: field(i, .children), rows: field(i, .rows), items: field(i, .items),
               defaultRows: field(i, .defaultRows), fixedHeight: fixedHeight(i))
    }

    /// Child `i` of an internal node, without retaining it. O(1).
    @inline(__always)
    func child(_ i: Int) -> Unmanaged<ListNode> {
        // Non-zero for every child of an internal node.
        Unmanaged.fromOpaque(UnsafeRawPointer(bitPattern: field(i, .child)).unsafelyUnwrapped)
    }

    /// The entry holding unit `k` of `metric` (children, rows or items), and
    /// `k` made relative to that entry; -1 (k unchanged) for a metric with
    /// no field. `k` must be in 0..<the metric's total. O(log entries).
    @inline(__always)
    func find(_ metric: Metric, _ k: inout Int) -> Int {
        let f: Field
        switch metric {
        case .items: f = .items
        case .children: f = .children
        case .rows: f = .rows
        case .expandedRows, .expandedDeep: return -1
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
            fixedHeight(i + 1) + Double(field(i + 1, .defaultRows)) * rowHeight
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
        while i < entries && field(i + 1, .items) == field(i, .items) { i += 1 }
        return i < entries ? i : nil
    }
}

extension RunningTotals {
    /// Whether the records agree with `sums` and `nodes` (an internal
    /// node's children; empty for a leaf). For invariant checks. O(entries).
    func matches(_ sums: [Summary], children nodes: [ListNode]) -> Bool {
        guard count == sums.count + 1 else { return false }
        var acc = Prefix()
        for i in 0...sums.count {
            let p = prefix(i)
            guard p.items == acc.items, p.children == acc.children, p.rows == acc.rows,
                  p.defaultRows == acc.defaultRows, p.fixedHeight == acc.fixedHeight else { return false }
            if i < nodes.count, child(i).toOpaque() != Unmanaged.passUnretained(nodes[i]).toOpaque() { return false }
            if i < sums.count {
                let s = sums[i]
                acc += Prefix(children: s.children, rows: s.rows, items: s.items, defaultRows: s.defaultRows,
                              fixedHeight: s.fixedHeight)
            }
        }
        return true
    }
}
