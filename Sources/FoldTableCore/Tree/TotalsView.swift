/// Reads a node's running totals (see `RunningTotals`) through their
/// address: a descent goes from buffer to buffer without touching the
/// node objects.
struct TotalsView {
    /// Ints before the columns: the entry count + 1, and the node's kind
    /// (`leafKind`, `internalKind`, with `sectionsFlag`).
    static let header = 2
    /// Columns: the totals before entry i (items, defaultRows, children,
    /// rows, expandedRows, fixedHeight in units; an entry's own values are
    /// the difference of its totals and the next entry's, so an update
    /// reads no piece); internal nodes add child i (unretained: the node's `children` array
    /// owns it) and the address of child i's totals; leaves add entry i's
    /// `Piece.lookup`, so a lookup reads a run's heights or reaches a
    /// subsection without touching the leaf object, its pieces array or the
    /// piece (three dependent cache misses in a large table), and leaves
    /// that hold a subsection its list's record (`subRecord`).
    ///
    /// The first `narrowColumns` (the counts) are kept in 32 bits
    /// (`Limits` keeps every count below 2^29, and their differences are
    /// exact with wrapping), the rest in 64: a leaf's entry is 36 bytes, not
    /// 64, and the column a leaf scans spans half the cache lines.
    static let items = 0, defaultRows = 1, children = 2, rows = 3, expandedRows = 4
    static let fixedHeight = 5, child = 6, childTotals = 7
    static let lookup = 6
    /// A leaf's entry that is a subsection: the record of its list's root
    /// (`Section.rootRecord`) beside its address in `lookup`, so a descent
    /// reaches the section object and its totals together, not one after
    /// the other (a dependent cache miss per section crossed in a large
    /// table). Meaningless for other entries: read only where `lookup`
    /// says section.
    static let subRecord = 7
    static let narrowColumns = 5
    /// The header's kinds: a leaf, an internal node; a leaf that may hold
    /// a subsection also has `sectionsFlag` and the `subRecord` column
    /// (given by the writes that put one in, taken when rebuilt without),
    /// and its scans select `subRecord` with `lookup`.
    static let leafKind = 1, internalKind = 2, sectionsFlag = 4

    /// The columns of a node of `kind`: six totals, then (internal)
    /// `child` and `childTotals`, or (leaf) `lookup`, and `subRecord` in a
    /// leaf with the sections flag. Leaves of rows, most of a table's,
    /// have no room for it.
    @inline(__always)
    static func columns(kind: Int) -> Int { kind == leafKind ? 7 : 8 }

    /// The buffer's size in Ints for `entries` (its count + 1) of
    /// `columns` columns: the narrow columns, padded to 8 bytes, then the
    /// wide ones.
    @inline(__always)
    static func size(entries n: Int, columns: Int) -> Int {
        header &+ wideStart(n) &+ (columns &- narrowColumns) &* n
    }

    /// Where the wide columns start, in Ints after the header.
    @inline(__always)
    static func wideStart(_ n: Int) -> Int { (narrowColumns &* n &+ 1) &>> 1 }

    let base: UnsafeMutablePointer<Int>
    /// Entries + 1.
    let count: Int
    let isLeaf: Bool

    /// The columns at `base`, shape read from its header.
    @inline(__always)
    init(base: UnsafeMutablePointer<Int>) {
        self.base = base
        count = base[0]
        isLeaf = base[1] & TotalsView.leafKind != 0
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

    /// The columns at `base` laid out for `count` entries + 1 (a buffer
    /// being rewritten in place for another count, `RunningTotals`).
    @inline(__always)
    init(base: UnsafeMutablePointer<Int>, count: Int, isLeaf: Bool) {
        self.base = base
        self.count = count
        self.isLeaf = isLeaf
    }

    static let addressMask = (1 << 48) - 1

    /// This view's `base`, `count`, `isLeaf` and `mayHoldSections` in one
    /// Int (see `init(tagged:)`; bit 57 is `tagBit`).
    var tagged: Int {
        let address = Int(bitPattern: base)
        guard address & ~TotalsView.addressMask == 0, count < 256 else { return address }
        return address | count << 48 | (isLeaf ? 1 << 56 : 0) | (mayHoldSections ? TotalsView.sectionsBit : 0)
    }

    /// In a record (`tagged`): the leaf has the sections flag. The scans
    /// learn it from the record they came by, not from the header, a line
    /// a scan of a leaf of rows may not otherwise load.
    static let sectionsBit = 1 << 58

    /// Whether this leaf may hold a subsection (`sectionsFlag`: it has the
    /// `subRecord` column), read from the header. O(1).
    @inline(__always)
    var mayHoldSections: Bool { isLeaf && base[1] & TotalsView.sectionsFlag != 0 }

    /// The same, from `record`, the record this view was made from: its
    /// bit where it has a shape, else the header. O(1).
    @inline(__always)
    func mayHoldSections(record: Int) -> Bool {
        guard isLeaf else { return false }
        return (record >> 48) & 0xFF != 0 ? record & TotalsView.sectionsBit != 0 : mayHoldSections
    }

    /// Column `c`, one of the first `narrowColumns`.
    @inline(__always)
    func narrow(_ c: Int) -> Column<Int32> {
        Column(UnsafeMutableRawPointer(base + TotalsView.header) + c &* count &<< 2)
    }

    /// Column `c`, one after the first `narrowColumns`.
    @inline(__always)
    func wide(_ c: Int) -> Column<Int> {
        Column(UnsafeMutableRawPointer(base + (TotalsView.header &+ TotalsView.wideStart(count)
                                               &+ (c &- TotalsView.narrowColumns) &* count)))
    }

    @inline(__always)
    func get(_ i: Int, _ c: Int) -> Int {
        c < TotalsView.narrowColumns ? narrow(c)[i] : wide(c)[i]
    }

    @inline(__always)
    func set(_ i: Int, _ c: Int, _ value: Int) {
        if c < TotalsView.narrowColumns { narrow(c)[i] = value } else { wide(c)[i] = value }
    }

    /// One column, read and written as Ints through raw memory: one buffer
    /// holds values of both widths, and where each column lies moves when
    /// the entry count does.
    struct Column<Stored: FixedWidthInteger> {
        let raw: UnsafeMutableRawPointer

        @inline(__always)
        init(_ raw: UnsafeMutableRawPointer) { self.raw = raw }

        @inline(__always)
        subscript(i: Int) -> Int {
            get { Int(truncatingIfNeeded: stored(i)) }
            nonmutating set {
                raw.storeBytes(of: Stored(truncatingIfNeeded: newValue),
                               toByteOffset: i &* MemoryLayout<Stored>.stride, as: Stored.self)
            }
        }

        /// Entry i as stored (a scan compares it without widening).
        @inline(__always)
        func stored(_ i: Int) -> Stored { raw.load(fromByteOffset: i &* MemoryLayout<Stored>.stride, as: Stored.self) }

        /// Adds `x` to entries `range` (contiguous adds, which the
        /// compiler turns into vector ones).
        @inline(__always)
        func add(_ x: Int, _ range: Range<Int>) {
            for i in range { self[i] &+= x }
        }

        /// Entries `from..<from+count` of `source` copied to `to...` here;
        /// the two may overlap (a memmove).
        @inline(__always)
        func copy(_ count: Int, from source: Column, at from: Int, to: Int) {
            guard count > 0 else { return }
            let w = MemoryLayout<Stored>.stride
            (raw + to &* w).copyMemory(from: source.raw + from &* w, byteCount: count &* w)
        }
    }

    /// The totals columns: `items` up to `fixedHeight`.
    static let totalsColumns = TotalsView.items...TotalsView.fixedHeight

    /// What totals column `c` holds for counts `p` with `expanded`
    /// expanded rows: the one mapping of columns to fields.
    @inline(__always)
    static func total(_ c: Int, _ p: Counts, expanded: Int) -> Int {
        switch c {
        case TotalsView.items: return p.items
        case TotalsView.fixedHeight: return p.fixedHeight
        case TotalsView.defaultRows: return p.defaultRows
        case TotalsView.children: return p.children
        case TotalsView.rows: return p.rows
        case TotalsView.expandedRows: return expanded
        default:
            // A column added to `totalsColumns` must be mapped above.
            assertionFailure("column \(c) is not a totals column")
            return 0
        }
    }

    /// Writes the totals before entry `i`.
    @inline(__always)
    func writeTotals(_ i: Int, _ p: Counts, expanded: Int) {
        for c in TotalsView.totalsColumns { set(i, c, TotalsView.total(c, p, expanded: expanded)) }
    }

    @inline(__always)
    func setChild(_ i: Int, _ node: ListNode) {
        set(i, TotalsView.child, Int(bitPattern: Unmanaged.passUnretained(node).toOpaque()))
        set(i, TotalsView.childTotals, TotalsView.record(of: node))
    }

    /// What a parent records of `node` in its `childTotals` column: its
    /// totals' `tagged` address, and `tagBit` while a selection tag is
    /// pending on it (`SelectionTag`), so that a descent learns whether
    /// one is on its path from the records it reads anyway
    /// (`ChildList.descend(_:_:tagSeen:)`), not from the node objects.
    @inline(__always)
    static func record(of node: ListNode) -> Int {
        record(of: node.totals.view, tagPending: node.tag != .none)
    }

    /// The same from a node's totals and whether a tag is pending on it.
    @inline(__always)
    static func record(of view: TotalsView, tagPending: Bool) -> Int {
        let t = view.tagged
        // A bare address (no shape) is followed as it is: no bit on it.
        guard tagPending, (t >> 48) & 0xFF != 0 else { return t }
        return t | tagBit
    }

    /// In a `childTotals` record: a tag is pending on the child. Above the
    /// shape's bits (`tagged`); a record without a shape cannot carry it,
    /// and counts as one that may (`mayHoldTag`).
    static let tagBit = 1 << 57

    /// Whether a `childTotals` record says (or cannot rule out) that a tag
    /// is pending on its child. O(1).
    @inline(__always)
    static func mayHoldTag(_ record: Int) -> Bool {
        record & tagBit != 0 || (record >> 48) & 0xFF == 0
    }

    /// The totals of entries `0..<i` (0...entries). O(1).
    @inline(__always)
    func prefix(_ i: Int) -> Counts {
        Counts(children: get(i, TotalsView.children), rows: get(i, TotalsView.rows), items: get(i, TotalsView.items),
               defaultRows: get(i, TotalsView.defaultRows), fixedHeight: get(i, TotalsView.fixedHeight))
    }

    /// Child `i` of an internal node, unretained. O(1).
    @inline(__always)
    func child(_ i: Int) -> Unmanaged<ListNode> {
        // Non-zero for every child of an internal node.
        Unmanaged.fromOpaque(UnsafeRawPointer(bitPattern: get(i, TotalsView.child)).unsafelyUnwrapped)
    }

    /// Writes entry i's `lookup` in a leaf, with a subsection's root record
    /// (`subRecord`, read from the section). A leaf without that column
    /// (none is expected to get a subsection but through `rebuild` or
    /// `RunningTotals.insert`, which make room) records the subsection as
    /// `LookupTag.none`: lookups then ask the piece. O(1).
    @inline(__always)
    func setLookup(_ i: Int, _ value: Int) {
        setLookup(i, value, record: TotalsView.subRecord(of: value))
    }

    /// The same with the subsection's `record` where known (asked only for
    /// a subsection).
    @inline(__always)
    func setLookup(_ i: Int, _ value: Int, record: @autoclosure () -> Int) {
        guard LookupTag.tag(value) == LookupTag.section else { return set(i, TotalsView.lookup, value) }
        guard mayHoldSections else { return set(i, TotalsView.lookup, LookupTag.none) }
        set(i, TotalsView.lookup, value)
        set(i, TotalsView.subRecord, record())
    }

    /// What a leaf records beside a subsection's `lookup` entry: its root's
    /// record (`Section.rootRecord`). O(1).
    @inline(__always)
    static func subRecord(of lookup: Int) -> Int {
        let address = UnsafeRawPointer(bitPattern: LookupTag.address(lookup)).unsafelyUnwrapped
        return Unmanaged<Section>.fromOpaque(address)._withUnsafeGuaranteedRef { $0.rootRecord }
    }

    /// The column a descent follows from entry i: the child's totals in an
    /// internal node, the entry's `lookup` in a leaf. The scans select it
    /// as they go, so its lines load together with the scanned ones instead
    /// of one dependent cache miss later, on every level.
    @inline(__always) var next: Int { isLeaf ? TotalsView.lookup : TotalsView.childTotals }

    /// The column that counts `metric`; nil for a metric without one.
    @inline(__always)
    static func column(_ metric: Metric) -> Int? {
        switch metric {
        case .items: return TotalsView.items
        case .children: return TotalsView.children
        case .rows: return TotalsView.rows
        case .expandedRows: return TotalsView.expandedRows
        case .expandedDeep, .sections: return nil
        }
    }

    /// The whole of `metric` over the node's entries (its last total): the
    /// node's summary's, read from its columns; nil for a metric without
    /// a column. O(1).
    @inline(__always)
    func total(_ metric: Metric) -> Int? {
        TotalsView.column(metric).map { get(count &- 1, $0) }
    }

    /// The entry holding unit `k` of `metric` (children, rows, items or
    /// expanded rows), with its `next` value, and `k` made relative to that
    /// entry; nil (k unchanged) for a metric with no column. `k` must be in
    /// 0..<the metric's total. O(log entries) in an internal node, O(entries)
    /// in a leaf (see `last`).
    /// With `sections` (`mayHoldSections`), a leaf's scan also selects the
    /// entry's `subRecord` as `sub` (else 0).
    @inline(__always)
    func find(_ metric: Metric, _ k: inout Int, sections: Bool = false) -> (entry: Int, next: Int, sub: Int)? {
        guard let c = TotalsView.column(metric) else { return nil }
        // The last entry whose start is at or before k (starts never
        // decrease and entry 0 starts at 0).
        let starts = narrow(c)
        let key = k
        // Compared in 32 bits, as stored: k is below the total, below 2^29.
        let found = last(count &- 1, below: Int32(truncatingIfNeeded: key &+ 1), sections: sections) {
            starts.stored($0)
        }
        k = key &- starts[found.entry]
        return found
    }

    /// `last` over this node's `next` column, selecting `subRecord` too
    /// with `sections`: what `find` and `firstEntry` search with.
    @inline(__always)
    func last<V: FixedWidthInteger & SignedInteger>(_ n: Int, below limit: V, sections: Bool,
                                                    _ value: (Int) -> V) -> (entry: Int, next: Int, sub: Int) {
        sections
            ? TotalsView.last(n, below: limit, follow: wide(next), sub: wide(TotalsView.subRecord), value)
            : TotalsView.last(n, below: limit, follow: wide(next), scan: isLeaf, value)
    }

    /// The last of entries `0..<n` whose `value` is below `limit`, with its
    /// `follow` value, when values never decrease; entry 0 is never asked
    /// and counts as below. 0 when n is 0.
    ///
    /// An internal node (a level that stays in cache) is searched by
    /// halves whose steps are conditional moves: O(log n), no branch to
    /// mispredict. With `scan` (a leaf, the level that misses the cache
    /// in a large table) every entry is read, O(n): all the column's lines
    /// load at once, where a search by halves would wait for up to three
    /// of them one after another (10-15% slower at 10^7 rows).
    @inline(__always)
    static func last<V: FixedWidthInteger & SignedInteger>(_ n: Int, below limit: V, follow: Column<Int>, scan: Bool,
                                                           _ value: (Int) -> V) -> (entry: Int, next: Int, sub: Int) {
        if scan {
            var i = 0, selected = follow[0]
            for j in stride(from: 1, to: n, by: 1) {
                let below = value(j) < limit
                i &+= below ? 1 : 0
                selected = below ? follow[j] : selected
            }
            return (i, selected, 0)
        }
        // Values are below 2^53 (`Limits`): with the limit clamped to
        // ±2^62, the differences below cannot overflow.
        let bound = 1 << 62
        let wide = Int(truncatingIfNeeded: limit)
        let limit = wide < -bound ? -bound : (wide > bound ? bound : wide)
        var base = 0, left = n
        while left > 1 {
            let half = left &>> 1
            base &+= half & ((Int(truncatingIfNeeded: value(base &+ half)) &- limit) &>> 63)
            left &-= half
        }
        return (base, follow[base], 0)
    }

    /// `last`'s scan in a leaf that may hold subsections: each entry's
    /// `sub` is selected as its `follow` is, so the lines of both columns
    /// load with the scanned ones.
    @inline(__always)
    static func last<V: FixedWidthInteger & SignedInteger>(_ n: Int, below limit: V, follow: Column<Int>,
                                                           sub: Column<Int>,
                                                           _ value: (Int) -> V) -> (entry: Int, next: Int, sub: Int) {
        var i = 0, selected = follow[0], selectedSub = sub[0]
        for j in stride(from: 1, to: n, by: 1) {
            let below = value(j) < limit
            i &+= below ? 1 : 0
            selected = below ? follow[j] : selected
            selectedSub = below ? sub[j] : selectedSub
        }
        return (i, selected, selectedSub)
    }

    /// The first entry with items whose end in units (measured from the
    /// node's top, default rows `rowHeight` units tall) is beyond `y` (`> y`,
    /// or `>= y` when `inclusive`), with its `next` value; nil if none is.
    /// O(log entries) in an internal node, O(entries) in a leaf (`last`).
    /// `sections` as in `find`.
    @inline(__always)
    func firstEntry(endingBeyond y: Int, inclusive: Bool, rowHeight: Int,
                    sections: Bool = false) -> (entry: Int, next: Int, sub: Int)? {
        let entries = count &- 1
        let fixed = wide(TotalsView.fixedHeight), defaults = narrow(TotalsView.defaultRows)
        let follow = wide(next)
        // "Not beyond" is end < y (inclusive) or end <= y, i.e. end < y + 1.
        let limit = inclusive ? y : y &+ 1
        // Entry j - 1 ends at the totals before entry j, and ends never
        // decrease: the first entry ending beyond is the last j whose
        // totals do not (0 when even the first entry ends beyond).
        var (i, selected, sub) = defaults[entries] == 0
            // No default rows (every row has its own height): one column.
            ? last(entries &+ 1, below: limit, sections: sections) { fixed[$0] }
            : last(entries &+ 1, below: limit, sections: sections) { fixed[$0] &+ defaults[$0] &* rowHeight }
        // An entry without items (none is expected) holds no offset: the next one with items.
        let items = narrow(TotalsView.items)
        if i < entries && items[i + 1] == items[i] {
            while i < entries && items[i + 1] == items[i] { i += 1 }
            if i < entries {
                selected = follow[i]
                sub = sections ? get(i, TotalsView.subRecord) : 0
            }
        }
        return i < entries ? (i, selected, sub) : nil
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
            // A subsection's root record beside its address, and the flag
            // that has the scans read it.
            for (i, d) in lookup.enumerated() where LookupTag.tag(d) == LookupTag.section {
                guard mayHoldSections, get(i, TotalsView.subRecord) == TotalsView.subRecord(of: d) else { return false }
            }
        }
        var acc = Counts()
        var expanded = 0
        for i in 0...sums.count {
            let p = prefix(i)
            guard p == acc, get(i, TotalsView.expandedRows) == expanded else { return false }
            if i < nodes.count {
                guard child(i).toOpaque() == Unmanaged.passUnretained(nodes[i]).toOpaque(),
                      get(i, TotalsView.childTotals) == TotalsView.record(of: nodes[i]) else { return false }
            }
            if i < sums.count {
                let s = sums[i]
                acc += s.counts
                expanded += s.expandedRows
            }
        }
        return true
    }
}
