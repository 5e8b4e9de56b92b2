/// The aggregates of everything before a child of a list: what a descent
/// adds up on its way down (positions, indices, offsets).
struct Prefix {
    var children = 0
    var rows = 0
    var items = 0
    var defaultRows = 0
    /// In units (`Units`).
    var fixedHeight = 0

    /// The total height in units when default rows are `rowHeight` units tall.
    @inline(__always)
    func height(_ rowHeight: Int) -> Int {
        fixedHeight &+ defaultRows &* rowHeight
    }

    @inline(__always)
    static func += (a: inout Prefix, b: Prefix) {
        // Sums are bounded by `Limits` (rows, sections, heights): below 2^53.
        a.children &+= b.children
        a.rows &+= b.rows
        a.items &+= b.items
        a.defaultRows &+= b.defaultRows
        a.fixedHeight &+= b.fixedHeight
    }
}

/// A node's running totals, one column per field: entry `i` of a totals
/// column is the sum over the node's entries `0..<i` (entry `count - 1` the
/// whole). Internal nodes add each child and where the child's own totals
/// are, so a descent goes from buffer to buffer without touching node
/// objects. Columns, not records: a descent scans one column (33 entries,
/// five cache lines whose loads do not depend on each other, so they are
/// fetched together) instead of binary-searching records a cache line
/// apart one dependent load after another. Once ten million rows no longer
/// fit in cache every such load costs 100-200 ns here, so a level costs
/// about two of them: the scan, then the entry's other columns.
struct RunningTotals: ~Copyable {
    /// Owned here and freed in `deinit`: a plain allocation, so reading it
    /// costs no reference counting on the lookup paths.
    private var storage: UnsafeMutablePointer<Int>
    private var capacity: Int

    init() {
        capacity = TotalsView.header + TotalsView.leafColumns
        storage = .allocate(capacity: capacity)
        storage.initialize(repeating: 0, count: capacity)
        storage[0] = 1
        storage[1] = TotalsView.leafColumns
    }

    deinit { storage.deallocate() }

    /// The columns, for reading. Valid until the next `rebuild`, which the
    /// owner's parent follows with its own (so its record of this buffer's
    /// address is renewed).
    @inline(__always)
    var view: TotalsView { TotalsView(base: storage) }

    /// Rebuilds every column from the entries' summaries (`sum(i)`) and,
    /// for an internal node, its children; for a leaf, `lookup(i)` is what
    /// entry i records for lookups (`Piece.lookup`).
    /// Returns the entries' total. O(entries).
    @discardableResult
    mutating func rebuild(count entries: Int, children nodes: [ListNode], _ sum: (Int) -> Summary,
                          lookup: (Int) -> Int) -> Summary {
        let isInternal = !nodes.isEmpty && nodes.count == entries
        let columns = isInternal ? TotalsView.internalColumns : TotalsView.leafColumns
        let n = entries + 1
        let need = TotalsView.header + n * columns
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
        storage[1] = columns
        let v = view
        var acc = Prefix()
        var expanded = 0
        var total = Summary.zero
        for i in 0..<entries {
            let s = sum(i)
            total += s
            v.writeTotals(i, acc, expanded: expanded)
            v.set(i, TotalsView.ownFixed, s.fixedHeight)
            if isInternal { v.setChild(i, nodes[i]) } else { v.set(i, TotalsView.lookup, lookup(i)) }
            acc += Prefix(children: s.children, rows: s.rows, items: s.items, defaultRows: s.defaultRows,
                          fixedHeight: s.fixedHeight)
            expanded &+= s.expandedRows
        }
        v.writeTotals(entries, acc, expanded: expanded)
        v.set(entries, TotalsView.ownFixed, 0)
        if isInternal {
            v.set(entries, TotalsView.child, 0)
            v.set(entries, TotalsView.childTotals, 0)
        } else {
            v.set(entries, TotalsView.lookup, 0)
        }
        return total
    }

    /// After child `slot` of an internal node changed (its summary is
    /// `sums[slot]` now, and its buffer may have moved): rewrites the totals
    /// after it and the child's fields, without touching the other children
    /// (each would be a cache miss in a large table). The columns end
    /// exactly as `rebuild` leaves them. O(entries).
    mutating func update(slot: Int, sums: [Summary], child: ListNode) {
        let v = view
        guard storage[1] == TotalsView.internalColumns, v.count == sums.count + 1 else { return }
        var acc = v.prefix(slot)
        var expanded = v.get(slot, TotalsView.expandedRows)
        v.setChild(slot, child)
        for i in slot..<sums.count {
            let s = sums[i]
            v.set(i, TotalsView.ownFixed, s.fixedHeight)
            acc += Prefix(children: s.children, rows: s.rows, items: s.items, defaultRows: s.defaultRows,
                          fixedHeight: s.fixedHeight)
            expanded &+= s.expandedRows
            v.writeTotals(i + 1, acc, expanded: expanded)
        }
    }

    /// After entry `slot` of a leaf that holds rows only became `s` (with
    /// `lookup`): rewrites the totals after it from the entries' own values
    /// kept in the columns, reading no other piece (reading one would retain
    /// its height storage: a cache miss per piece in a large table). The
    /// columns and the returned total are exactly what `rebuild` gives.
    /// O(entries) over this buffer.
    mutating func update(slot: Int, to s: Summary, lookup: Int) -> Summary {
        let v = view
        let entries = v.count - 1
        v.set(slot, TotalsView.lookup, lookup)
        var acc = v.prefix(slot)
        var expanded = v.get(slot, TotalsView.expandedRows)
        v.set(slot, TotalsView.ownFixed, s.fixedHeight)
        var own = Prefix(children: s.children, rows: s.rows, items: s.items, defaultRows: s.defaultRows,
                         fixedHeight: s.fixedHeight)
        var ownExpanded = s.expandedRows
        var i = slot
        while true {
            // acc: the totals before entry i; own: entry i's values.
            acc += own
            expanded &+= ownExpanded
            if i + 1 < entries {
                // Entry i+1's own values, from the totals before and after
                // it, neither rewritten yet.
                let before = v.prefix(i + 1), after = v.prefix(i + 2)
                own = Prefix(children: after.children &- before.children, rows: after.rows &- before.rows,
                             items: after.items &- before.items,
                             defaultRows: after.defaultRows &- before.defaultRows,
                             fixedHeight: v.fixedHeight(i + 1, TotalsView.ownFixed))
                ownExpanded = v.get(i + 2, TotalsView.expandedRows) &- v.get(i + 1, TotalsView.expandedRows)
            }
            v.writeTotals(i + 1, acc, expanded: expanded)
            i += 1
            if i == entries { break }
        }
        return Summary(children: acc.children, rows: acc.rows, items: acc.items, defaultRows: acc.defaultRows,
                       fixedHeight: acc.fixedHeight, expandedRows: expanded, expandedDeep: expanded, nesting: 0)
    }
}

/// What a leaf's `TotalsView.lookup` entry holds: an address (at least
/// 4-aligned) whose low two bits say what it is the address of.
enum LookupTag {
    static let mask = 3
    /// Nothing recorded (the entry after the last): ask the piece.
    static let none = 0
    /// A row run without expanded heights: the address of its heights, or
    /// 0 for a run of default rows (see `PlainRows`).
    static let plainRows = 1
    /// A row run with expanded heights: ask the piece.
    static let askPiece = 2
    /// A subsection: its address.
    static let section = 3

    @inline(__always) static func tag(_ entry: Int) -> Int { entry & mask }
    @inline(__always) static func address(_ entry: Int) -> Int { entry & ~mask }

    /// `address` tagged `tag`; `fallback` if the address is not 4-aligned
    /// (none is expected).
    @inline(__always)
    static func entry(_ address: Int, _ tag: Int, else fallback: Int) -> Int {
        address & mask == 0 ? address | tag : fallback
    }
}

/// Reads a node's running totals (see `RunningTotals`) through their
/// address: a descent goes from buffer to buffer without touching the
/// node objects.
struct TotalsView {
    /// Ints before the columns: the entry count + 1, and the column count.
    static let header = 2
    /// Columns: the totals before entry i (items, fixedHeight in units,
    /// defaultRows, children, rows, expandedRows), then entry i's own fixed
    /// height (kept so an update reads no piece);
    /// internal nodes add child i (unretained: the node's `children` array
    /// owns it) and the address of child i's totals; leaves add entry i's
    /// `Piece.lookup`, so a lookup reads a run's heights or reaches a
    /// subsection without touching the leaf object, its pieces array or the
    /// piece (three dependent cache misses in a large table).
    static let items = 0, fixedHeight = 1, defaultRows = 2, children = 3, rows = 4, expandedRows = 5
    static let ownFixed = 6, child = 7, childTotals = 8
    static let lookup = 7
    static let leafColumns = 8
    static let internalColumns = 9

    let base: UnsafeMutablePointer<Int>
    /// Entries + 1.
    let count: Int
    let isLeaf: Bool

    /// The columns at `base`, shape read from its header.
    @inline(__always)
    init(base: UnsafeMutablePointer<Int>) {
        self.base = base
        count = base[0]
        isLeaf = base[1] == TotalsView.leafColumns
    }

    /// From `tagged`: a parent records each child's buffer address with its
    /// shape in the high bits, so a descent computes the child's column
    /// addresses without first waiting for its header (one dependent cache
    /// miss per level in a large table). User-space addresses fit in 48
    /// bits on the 64-bit targets we build for, and a count in 8; a value
    /// without a shape (count 0) has its header read instead.
    @inline(__always)
    init(tagged t: Int) {
        let shape = t >> 48
        guard shape & 0xFF != 0 else {
            self.init(base: UnsafeMutablePointer(bitPattern: t).unsafelyUnwrapped)
            return
        }
        self.init(base: UnsafeMutablePointer(bitPattern: t & TotalsView.addressMask).unsafelyUnwrapped,
                  count: shape & 0xFF, isLeaf: shape & 0x100 != 0)
    }

    @inline(__always)
    private init(base: UnsafeMutablePointer<Int>, count: Int, isLeaf: Bool) {
        self.base = base
        self.count = count
        self.isLeaf = isLeaf
    }

    static let addressMask = (1 << 48) - 1

    /// This view's `base`, `count` and `isLeaf` in one Int (see `init(tagged:)`).
    var tagged: Int {
        let address = Int(bitPattern: base)
        guard address & ~TotalsView.addressMask == 0, count < 256 else { return address }
        return address | count << 48 | (isLeaf ? 1 << 56 : 0)
    }

    /// Column `c`.
    @inline(__always)
    func column(_ c: Int) -> UnsafeMutablePointer<Int> { base + (TotalsView.header &+ c &* count) }

    @inline(__always) func get(_ i: Int, _ c: Int) -> Int { column(c)[i] }
    @inline(__always) func set(_ i: Int, _ c: Int, _ value: Int) { column(c)[i] = value }

    @inline(__always)
    func fixedHeight(_ i: Int, _ c: Int = TotalsView.fixedHeight) -> Int { get(i, c) }

    /// Writes the totals before entry `i`.
    @inline(__always)
    func writeTotals(_ i: Int, _ p: Prefix, expanded: Int) {
        set(i, TotalsView.items, p.items)
        set(i, TotalsView.fixedHeight, p.fixedHeight)
        set(i, TotalsView.defaultRows, p.defaultRows)
        set(i, TotalsView.children, p.children)
        set(i, TotalsView.rows, p.rows)
        set(i, TotalsView.expandedRows, expanded)
    }

    @inline(__always)
    func setChild(_ i: Int, _ node: ListNode) {
        set(i, TotalsView.child, Int(bitPattern: Unmanaged.passUnretained(node).toOpaque()))
        set(i, TotalsView.childTotals, node.totals.view.tagged)
    }

    /// The totals of entries `0..<i` (0...entries). O(1).
    @inline(__always)
    func prefix(_ i: Int) -> Prefix {
        Prefix(children: get(i, TotalsView.children), rows: get(i, TotalsView.rows), items: get(i, TotalsView.items),
               defaultRows: get(i, TotalsView.defaultRows), fixedHeight: fixedHeight(i))
    }

    /// Child `i` of an internal node, unretained. O(1).
    @inline(__always)
    func child(_ i: Int) -> Unmanaged<ListNode> {
        // Non-zero for every child of an internal node.
        Unmanaged.fromOpaque(UnsafeRawPointer(bitPattern: get(i, TotalsView.child)).unsafelyUnwrapped)
    }

    /// The column a descent follows from entry i: the child's totals in an
    /// internal node, the entry's `lookup` in a leaf. The scans select it
    /// as they go, so its lines load together with the scanned ones instead
    /// of one dependent cache miss later, on every level.
    @inline(__always) var next: Int { isLeaf ? TotalsView.lookup : TotalsView.childTotals }

    /// The entry holding unit `k` of `metric` (children, rows, items or
    /// expanded rows), with its `next` value, and `k` made relative to that
    /// entry; nil (k unchanged) for a metric with no column. `k` must be in
    /// 0..<the metric's total. O(entries), one column scanned without
    /// branches.
    @inline(__always)
    func find(_ metric: Metric, _ k: inout Int) -> (entry: Int, next: Int)? {
        let c: Int
        switch metric {
        case .items: c = TotalsView.items
        case .children: c = TotalsView.children
        case .rows: c = TotalsView.rows
        case .expandedRows: c = TotalsView.expandedRows
        case .expandedDeep: return nil
        }
        // The last entry whose start is at or before k: starts never
        // decrease and entry 0 starts at 0, so it is the number of later
        // entries (1...entries - 1) that start at or before k.
        let starts = column(c), follow = column(next)
        let key = k
        var i = 0
        var selected = follow[0]
        let entries = count &- 1
        if entries > 1 {
            for j in 1..<entries {
                let at = starts[j] <= key
                i &+= at ? 1 : 0
                selected = at ? follow[j] : selected
            }
        }
        k = key &- starts[i]
        return (i, selected)
    }

    /// The first entry with items whose end in units (measured from the
    /// node's top, default rows `rowHeight` units tall) is beyond `y` (`> y`,
    /// or `>= y` when `inclusive`), with its `next` value; nil if none is.
    /// O(entries), two columns scanned without branches.
    @inline(__always)
    func firstEntry(endingBeyond y: Int, inclusive: Bool, rowHeight: Int) -> (entry: Int, next: Int)? {
        let entries = count &- 1
        let fixed = column(TotalsView.fixedHeight), defaults = column(TotalsView.defaultRows)
        let follow = column(next)
        // Ends never decrease, so the first entry ending beyond is the
        // number of entries that do not, and its `next` the last one
        // selected: entry j - 1 ends at the totals before entry j.
        // "Not beyond" is end < y (inclusive) or end <= y, i.e. end < y + 1.
        let limit = inclusive ? y : y &+ 1
        var i = 0
        var selected = follow[0]
        if entries > 0 {
            if defaults[entries] == 0 {
                // No default rows (every row has its own height): one column.
                for j in 1...entries {
                    let before = fixed[j] < limit
                    i &+= before ? 1 : 0
                    selected = before ? follow[j] : selected
                }
            } else {
                for j in 1...entries {
                    let before = fixed[j] &+ defaults[j] &* rowHeight < limit
                    i &+= before ? 1 : 0
                    selected = before ? follow[j] : selected
                }
            }
        }
        // An entry without items (none is expected) holds no offset: the next one with items.
        let items = column(TotalsView.items)
        if i < entries && items[i + 1] == items[i] {
            while i < entries && items[i + 1] == items[i] { i += 1 }
            if i < entries { selected = follow[i] }
        }
        return i < entries ? (i, selected) : nil
    }

    /// Whether the leaf holds row runs only (then every entry's items are
    /// its rows and its children). O(1).
    @inline(__always)
    var holdsRowsOnly: Bool {
        let last = count &- 1
        return get(last, TotalsView.items) == get(last, TotalsView.rows)
    }
}

extension TotalsView {
    /// Whether the columns agree with `sums` and `nodes` (an internal
    /// node's children, each with its totals; empty for a leaf) or, for a
    /// leaf, `lookup` (each piece's). For invariant checks. O(entries).
    func matches(_ sums: [Summary], children nodes: [ListNode], lookup: [Int]) -> Bool {
        guard count == sums.count + 1, isLeaf == nodes.isEmpty else { return false }
        if isLeaf {
            guard lookup.count == sums.count, get(sums.count, TotalsView.lookup) == 0 else { return false }
            for (i, d) in lookup.enumerated() where get(i, TotalsView.lookup) != d { return false }
        }
        var acc = Prefix()
        var expanded = 0
        for i in 0...sums.count {
            let p = prefix(i)
            guard p.items == acc.items, p.children == acc.children, p.rows == acc.rows,
                  p.defaultRows == acc.defaultRows, p.fixedHeight == acc.fixedHeight,
                  get(i, TotalsView.expandedRows) == expanded,
                  get(i, TotalsView.ownFixed) == (i < sums.count ? sums[i].fixedHeight : 0)
            else { return false }
            if i < nodes.count {
                guard child(i).toOpaque() == Unmanaged.passUnretained(nodes[i]).toOpaque(),
                      get(i, TotalsView.childTotals) == nodes[i].totals.view.tagged else { return false }
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
