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
    /// The section whose list this node tops, told where the totals are
    /// (`Section.rootRecord`) each time their address or entry count
    /// changes; nil below the root. Set through `ListNode.owner`.
    var owner: Unmanaged<Section>? {
        didSet { publish() }
    }
    /// In Ints; in 32 bits (a node holds at most 33 entries), so that the
    /// owner above and the flag below cost the node no bytes (ListNode
    /// stays 152).
    private var capacity: Int32
    /// Whether a selection tag is pending on the node (`ListNode.tag`,
    /// kept in step by it), for the owner's record.
    var tagPending = false {
        didSet { if tagPending != oldValue { publish() } }
    }

    init() {
        // Room for one entry already: a node gets one at once (every new
        // section's first leaf did a second allocation for it).
        let size = TotalsView.size(entries: 2, columns: TotalsView.columns(kind: TotalsView.leafKind))
        capacity = Int32(size)
        storage = .allocate(capacity: size)
        storage.initialize(repeating: 0, count: size)
        storage[0] = 1
        storage[1] = TotalsView.leafKind
    }

    /// Tells the owner (the root's section) this buffer's address and
    /// shape, and whether a tag is pending, as a parent records a child's
    /// (`TotalsView.record(of:)`): so a descent into a section goes from
    /// the section object to its totals without reading the root node (a
    /// dependent cache miss in a large table). O(1).
    @inline(__always)
    private func publish() {
        guard let owner else { return }
        let record = TotalsView.record(of: view, tagPending: tagPending)
        owner._withUnsafeGuaranteedRef { $0.rootRecord = record }
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
    /// Returns the entries' total. With `inPlace` the buffer stays where it
    /// is when it has room (the parent's record of its address stays
    /// true). O(entries).
    @discardableResult
    mutating func rebuild(count entries: Int, children nodes: [ListNode], inPlace: Bool = false,
                          _ sum: (Int) -> Summary, lookup: (Int) -> Int) -> Summary {
        let isInternal = !nodes.isEmpty && nodes.count == entries
        // A leaf that holds a subsection has room for its root's record.
        let kind = isInternal ? TotalsView.internalKind
            : (0..<entries).contains { LookupTag.tag(lookup($0)) == LookupTag.section }
            ? TotalsView.leafKind | TotalsView.sectionsFlag : TotalsView.leafKind
        let columns = TotalsView.columns(kind: kind)
        let n = entries + 1
        let need = TotalsView.size(entries: n, columns: columns)
        // Exactly what is needed: most nodes are built once (a section of a
        // thousand rows has one leaf of 16 entries, and room for a full node
        // cost 0.9 bytes per row in a table of such sections). A move is
        // safe: whoever rebuilds a node refreshes its parent next, which
        // records the new address — except when a tag is pushed down
        // (`ListNode.pushTag`, `inPlace`), which refreshes no parent.
        // A buffer a quarter too large is made exact too: the half a split
        // leaves in place kept the room its inserts grew (38 of a leaf's
        // 77 bytes per entry in a table of small sections).
        // The records of the subsections this leaf lists already, copied
        // out before the columns are written: kept, not read again from
        // each section (a cache miss apiece where a pass rewrites many
        // leaves of a list of sections).
        let known = kind == TotalsView.leafKind | TotalsView.sectionsFlag
            && storage[1] == kind ? storage[0] - 1 : 0
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: 2 * known) { old in
            if known > 0 {
                let v = view
                for j in 0..<known {
                    old[j] = v.get(j, TotalsView.lookup)
                    old[known + j] = v.get(j, TotalsView.subRecord)
                }
            }
            // Looked for a few places on from where the last one was found:
            // a rebuilt leaf mostly keeps its entries' order. A section
            // new to the leaf, or far from its old place, is asked.
            var cursor = 0
            func record(_ entry: Int) -> Int {
                for j in cursor..<min(cursor &+ 4, known) where old[j] == entry {
                    cursor = j &+ 1
                    return old[known &+ j]
                }
                return TotalsView.subRecord(of: entry)
            }
            if need > Int(capacity) || (!inPlace && need * 4 < Int(capacity) * 3) {
                storage.deallocate()
                storage = .allocate(capacity: need)
                capacity = Int32(need)
            }
            storage[0] = n
            storage[1] = kind
            let v = view
            let records = v.mayHoldSections
            var acc = Counts()
            var expanded = 0
            var total = Summary.zero
            for i in 0..<entries {
                let s = sum(i)
                total += s
                v.writeTotals(i, acc, expanded: expanded)
                if isInternal {
                    v.setChild(i, nodes[i])
                } else {
                    let entry = lookup(i)
                    v.setLookup(i, entry, record: record(entry))
                    // (Another entry's copy is never read; zeroed, not left as it was.)
                    if records, LookupTag.tag(entry) != LookupTag.section { v.set(i, TotalsView.subRecord, 0) }
                }
                acc += s.counts
                expanded &+= s.expandedRows
            }
            v.writeTotals(entries, acc, expanded: expanded)
            if isInternal {
                v.set(entries, TotalsView.child, 0)
                v.set(entries, TotalsView.childTotals, 0)
            } else {
                v.set(entries, TotalsView.lookup, 0)
                if records { v.set(entries, TotalsView.subRecord, 0) }
            }
            publish()
            return total
        }
    }

    /// After child `slot` of an internal node changed from `old` to `new`
    /// (and its buffer may have moved): moves the totals after it and
    /// rewrites the child's fields, without touching the other children
    /// (each would be a cache miss in a large table). The columns end
    /// exactly as `rebuild` leaves them. O(entries).
    mutating func update(slot: Int, from old: Summary, to new: Summary, child: ListNode) {
        guard storage[1] == TotalsView.internalKind, slot >= 0, slot < view.count - 1 else { return }
        view.setChild(slot, child)
        shift(after: slot, from: old, to: new)
    }

    /// The same for piece `slot` of a leaf that keeps its pieces'
    /// summaries, with the piece's `lookup`. O(entries).
    mutating func update(slot: Int, from old: Summary, to new: Summary, lookup: Int) {
        guard storage[1] & TotalsView.leafKind != 0, slot >= 0, slot < view.count - 1 else { return }
        view.setLookup(slot, lookup)
        shift(after: slot, from: old, to: new)
    }

    /// Entry `slot` went from `old` to `new`: every total after it moves
    /// by the difference, column by column (contiguous adds; no other
    /// entry's summary is read). O(entries - slot).
    private func shift(after slot: Int, from old: Summary, to new: Summary) {
        var d = new
        d -= old
        view.moveTotals(after: slot, by: d)
    }

    /// After entry `slot` of a leaf that holds rows only became `s` (with
    /// `lookup`): the entry's old values are read from the columns (the
    /// totals before and after it), and only the
    /// totals columns that it changed move after it, by the difference —
    /// reading no other piece (reading one would retain its height storage:
    /// a cache miss per piece in a large table), and for a height change
    /// one column (rewriting them all touched every line of the buffer).
    /// The columns and the returned total are exactly what `rebuild` gives:
    /// integer sums, moved by exact differences. O(entries) over this buffer.
    mutating func update(slot: Int, to s: Summary, lookup: Int) -> Summary {
        let v = view
        let entries = v.count - 1
        v.setLookup(slot, lookup)
        let before = v.prefix(slot), after = v.prefix(slot + 1)
        let expanded = v.get(slot + 1, TotalsView.expandedRows) &- v.get(slot, TotalsView.expandedRows)
        let old = Counts(children: after.children &- before.children, rows: after.rows &- before.rows,
                         items: after.items &- before.items, defaultRows: after.defaultRows &- before.defaultRows,
                         fixedHeight: after.fixedHeight &- before.fixedHeight)
        shift(after: slot, from: Summary(counts: old, expandedRows: expanded, expandedDeep: expanded, nesting: 0), to: s)
        let total = v.prefix(entries), totalExpanded = v.get(entries, TotalsView.expandedRows)
        return Summary(counts: total, expandedRows: totalExpanded, expandedDeep: totalExpanded, nesting: 0)
    }

    /// Takes entries `slot..<slot+count` out of a leaf's columns: the
    /// totals after them drop by what they held, and the entries' own
    /// columns move up. Reads no piece and no summary. The columns end
    /// exactly as `rebuild` would leave them. O(entries), in place.
    mutating func remove(at slot: Int, count k: Int) {
        let n = storage[0], columns = TotalsView.columns(kind: storage[1])
        let m = n - k
        guard storage[1] & TotalsView.leafKind != 0, k > 0, slot >= 0, slot + k < n else { return }
        let src = TotalsView(base: storage, count: n, isLeaf: true)
        let dst = TotalsView(base: storage, count: m, isLeaf: true)
        // Each column's new place starts no later than its old one, and
        // every entry moves up or stays: copying forward, column by column
        // in the buffer's order, reads each value before anything is
        // written over it.
        for c in 0..<columns {
            let delta = TotalsView.totalsColumns.contains(c) ? src.get(slot + k, c) &- src.get(slot, c) : 0
            if c < TotalsView.narrowColumns {
                RunningTotals.remove(slot, k, from: src.narrow(c), to: dst.narrow(c), count: m, less: delta)
            } else {
                RunningTotals.remove(slot, k, from: src.wide(c), to: dst.wide(c), count: m, less: delta)
            }
        }
        storage[0] = m
        publish()
    }

    /// One column of `remove`: entries `slot..<slot+k` out, the later ones
    /// `delta` less.
    @inline(__always)
    private static func remove<T>(_ slot: Int, _ k: Int, from src: TotalsView.Column<T>, to dst: TotalsView.Column<T>,
                                  count m: Int, less delta: Int) {
        if dst.raw != src.raw { dst.copy(slot, from: src, at: 0, to: 0) }
        if delta != 0 {
            for i in slot..<m { dst[i] = src[i + k] &- delta }
        } else {
            dst.copy(m - slot, from: src, at: slot + k, to: slot)
        }
    }

    /// Puts `sums.count` entries into a leaf's columns at `slot`, with
    /// their `lookups`, in the place of the `replacing` entries there (no
    /// more than it puts in): the totals after them move by the
    /// difference, and the later entries' own columns move down. Reads no
    /// other piece or summary. The columns end exactly as `rebuild` would
    /// leave them. O(entries), in place when the buffer has room.
    mutating func insert(at slot: Int, _ sums: [Summary], lookups: [Int], replacing r: Int) {
        put(at: slot, sums, lookups: lookups, replacing: r)
    }

    /// `insert(at:_:lookups:replacing:)` replacing none: its own copy, so
    /// that what replaces nothing is folded away (150 instructions a call).
    mutating func insert(at slot: Int, _ sums: [Summary], lookups: [Int]) {
        put(at: slot, sums, lookups: lookups, replacing: 0)
    }

    @inline(__always)
    private mutating func put(at slot: Int, _ sums: [Summary], lookups: [Int], replacing r: Int) {
        let k = sums.count
        guard storage[1] & TotalsView.leafKind != 0, k > 0, k == lookups.count, r >= 0, r <= k, slot >= 0,
              slot + r < storage[0] else { return }
        if storage[1] & TotalsView.sectionsFlag == 0,
           lookups.contains(where: { LookupTag.tag($0) == LookupTag.section }) {
            addRecordColumn()
        }
        let n = storage[0], kind = storage[1], columns = TotalsView.columns(kind: kind)
        let m = n + k - r
        let old = storage
        let need = TotalsView.size(entries: m, columns: columns)
        if need > Int(capacity) {
            // Room for a few more: a leaf that grew by an insert mostly
            // grows again (a full node splits at maxFill + 1 entries).
            let entries = min(max(m + 4, m + m / 2), ChildList.maxFill + 2)
            let size = max(need, TotalsView.size(entries: entries, columns: columns))
            capacity = Int32(size)
            storage = .allocate(capacity: size)
            storage[1] = kind
        }
        // The new entries' columns, from the totals before `slot`, and
        // after them what they add to each totals column.
        withUnsafeTemporaryAllocation(of: Int.self, capacity: k * columns + TotalsView.totalsColumns.count) { fresh in
            let src = TotalsView(base: old, count: n, isLeaf: true)
            let dst = TotalsView(base: storage, count: m, isLeaf: true)
            let before = src.prefix(slot), beforeExpanded = src.get(slot, TotalsView.expandedRows)
            var acc = before
            var expanded = beforeExpanded
            for j in 0..<k {
                let s = sums[j]
                for c in TotalsView.totalsColumns { fresh[c * k + j] = TotalsView.total(c, acc, expanded: expanded) }
                let lookup = lookups[j]
                fresh[TotalsView.lookup * k + j] = lookup
                if kind & TotalsView.sectionsFlag != 0 {
                    let isSection = LookupTag.tag(lookup) == LookupTag.section
                    fresh[TotalsView.subRecord * k + j] = isSection ? TotalsView.subRecord(of: lookup) : 0
                }
                acc += s.counts
                expanded &+= s.expandedRows
            }
            let added = fresh.baseAddress.unsafelyUnwrapped + k * columns
            for c in TotalsView.totalsColumns {
                // What the new entries hold, less what the replaced ones held.
                added[c] = TotalsView.total(c, acc, expanded: expanded)
                    &- TotalsView.total(c, before, expanded: beforeExpanded)
                    &- (src.get(slot &+ r, c) &- src.get(slot, c))
            }
            // Each column's new place starts no earlier than its old one,
            // and every entry moves down or stays: going backward (last
            // column first, and in a column its tail, the new entries,
            // then its head) reads each value before anything is written
            // over it (`Column.copy` copies as memmove does).
            for c in stride(from: columns - 1, through: 0, by: -1) {
                let delta = TotalsView.totalsColumns.contains(c) ? added[c] : 0
                let new = UnsafePointer(fresh.baseAddress.unsafelyUnwrapped + c * k)
                if c < TotalsView.narrowColumns {
                    RunningTotals.insert(new, k, at: slot, replacing: r, from: src.narrow(c), to: dst.narrow(c),
                                         count: n, plus: delta)
                } else {
                    RunningTotals.insert(new, k, at: slot, replacing: r, from: src.wide(c), to: dst.wide(c),
                                         count: n, plus: delta)
                }
            }
        }
        storage[0] = m
        if old != storage { old.deallocate() }
        publish()
    }

    /// Gives a leaf of rows the `subRecord` column (all 0: no entry is a
    /// subsection yet) and the sections flag, in a new buffer. O(entries).
    private mutating func addRecordColumn() {
        let n = storage[0]
        let kind = storage[1] | TotalsView.sectionsFlag
        let old = storage
        let need = TotalsView.size(entries: n, columns: TotalsView.columns(kind: kind))
        storage = .allocate(capacity: need)
        capacity = Int32(need)
        // The columns before it stay where they are: a column's place
        // depends on the entry count, not on how many follow it.
        let kept = TotalsView.size(entries: n, columns: TotalsView.columns(kind: TotalsView.leafKind))
        storage.initialize(from: old, count: kept)
        (storage + kept).initialize(repeating: 0, count: need - kept)
        storage[1] = kind
        old.deallocate()
    }

    /// One column of `insert`: `fresh`'s k values in at `slot` in the
    /// place of r, the later entries `delta` more.
    @inline(__always)
    private static func insert<T>(_ fresh: UnsafePointer<Int>, _ k: Int, at slot: Int, replacing r: Int,
                                  from src: TotalsView.Column<T>, to dst: TotalsView.Column<T>, count n: Int,
                                  plus delta: Int) {
        let shift = k - r
        if delta != 0 {
            var i = n + shift - 1
            while i >= slot + k { dst[i] = src[i - shift] &+ delta; i -= 1 }
        } else {
            dst.copy(n - slot - r, from: src, at: slot + r, to: slot + k)
        }
        for j in 0..<k { dst[slot + j] = fresh[j] }
        if dst.raw != src.raw { dst.copy(slot, from: src, at: 0, to: 0) }
    }
}

extension TotalsView {
    /// Every total after entry `slot` moves by `d`'s columns, column by
    /// column (contiguous adds; no other entry's summary is read).
    /// O(entries - slot).
    @inline(__always)
    func moveTotals(after slot: Int, by d: Summary) {
        let end = count
        for c in TotalsView.totalsColumns {
            let x = TotalsView.total(c, d.counts, expanded: d.expandedRows)
            guard x != 0 else { continue }
            let after = (slot + 1)..<end
            if c < TotalsView.narrowColumns { narrow(c).add(x, after) } else { wide(c).add(x, after) }
        }
    }
}
