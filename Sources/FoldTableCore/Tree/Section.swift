/// A collapsible group: a key, a header, an optional footer and ordered
/// children (runs of rows, and — for nesting — subsections).
final class Section {
    // Stored in this order, and narrow where the values allow, so that the
    // object takes 152 bytes (a 160-byte block; it was 184 in a 192-byte
    // one): what a snapshot reads of every section (key, header, mark,
    // load state, its list's root) lies in its first 96 bytes, and what a
    // lookup reads passing through it (flags, heights, its list's root
    // and its record, id) in the 68 bytes from offset 52, often one cache
    // line. Measured (callgrind, misses of a 1 MiB cache) against the
    // order before: lookups through 10^4 sections and snapshots of 10^5
    // miss 1-4% less.
    let key: String
    var header: String
    /// While `Table.applySnapshot` matches: the number of the snapshot
    /// section with this key, or below -1 its place in the old order
    /// (`Table.oldMark`). Matching hashes each key at most once. Left as
    /// it is afterwards: every section in the table is marked again when
    /// the next snapshot starts, and clearing it was a cache miss per
    /// section among many. -1 in a section never matched. A reload
    /// (Table+Reload.swift) marks the sections it keeps with their number
    /// too, and confirms a mark against its own list of them.
    /// In 32 bits (`Count32`): `Limits` keeps counts below 2^29.
    @Count32 var snapshotNumber = -1
    /// Whether its children are loaded (Table+Loading.swift); `.loaded` for
    /// an ordinary section. Any other state means no children.
    var load = LoadState.loaded {
        didSet { showsPlaceholder = load.showsPlaceholder }
    }
    /// Whether the header height was given (set, or answered by the height
    /// provider); with a provider, unmeasured headers are asked for.
    var headerMeasured = false
    /// The stored state; it belongs to the key and is kept while the section
    /// has no children, though then it hides nothing.
    var collapsed: Bool
    /// Not collapsible (FOLD_SECTION_FIXED): collapse and toggle refuse.
    var fixed = false
    /// Whether the section has a header item; without one it is a group of
    /// rows only, and always fixed.
    var hasHeader = true
    /// FOLD_SECTION_NO_FOCUS: its header, footer, placeholder and own rows
    /// take no keyboard focus (Table+Focus.swift).
    var noFocus = false
    /// FOLD_SECTION_NO_DROP: dragged items cannot be dropped into it
    /// (Table+Drop.swift).
    var noDrop = false
    /// The filter's state (Table+Filter.swift): the header's own answer;
    /// hidden with everything in it; shown expanded although collapsed
    /// (FOLD_FILTER_EXPAND_MATCHES); collapsed by the user while opened,
    /// so not opened again until the filter is set again.
    var filterMatched = false
    var filterHidden = false
    var filterOpened = false
    var filterClosed = false
    /// Whether it shows the placeholder item (`placeholderItems`). A Bool
    /// among Bools: as an Int it took eight bytes of its own.
    private var showsPlaceholder = false
    /// Selected through its header (Table+Selection.swift); counted in
    /// `contribution`, so changing it needs `propagate()`. Exact only once
    /// the tags above it are settled (`SelectionTag`).
    var selected = false
    /// Effective heights in units (`Units`; the table's defaults unless set
    /// per section). In 32 bits (`Count32`): a height is at most 2^24 units
    /// (`Limits.maxHeight`).
    @Count32 var headerUnits: Int
    @Count32 var footerUnits: Int
    @Count32 var rowUnits: Int
    var list: ChildList
    /// Its list root's record, as a parent keeps a child's
    /// (`TotalsView.record(of:)`: where the root's running totals are,
    /// their shape, whether a selection tag is pending), 0 for an empty
    /// list. Kept by the root (`RunningTotals.owner`), so a descent into
    /// this section reads the totals without first reading the root node:
    /// that was a dependent cache miss per section crossed in a large
    /// table, two with the totals' header (callgrind, item at an offset in
    /// 10^4 sections: 12.8 -> 11.3 misses). The leaf that holds this
    /// section keeps a copy beside its address (`TotalsView.subRecord`),
    /// renewed here.
    var rootRecord = 0 {
        didSet { if rootRecord != oldValue { recordInLeaf() } }
    }
    /// Handed out by the table's `SectionIDs` when the section is inserted
    /// (0 for the root and before insertion).
    var id: SectionID = 0
    /// Both unretained (the parent owns this section, the list its leaves),
    /// for walks up that retain nothing (`ListNode.tagPending(owner:)`).
    private(set) var parentRef: Unmanaged<Section>?
    private(set) var nodeRef: Unmanaged<ListNode>?
    /// The ticket and message of a load (Table+Loading.swift), kept out of
    /// line: most sections never load.
    private var loadRecord: SectionLoad?
    /// Counts the changes of children anywhere in the tree this section
    /// tops (`childrenChanged`; read at the table's root:
    /// `Table.structureVersion`); meaningless below the top.
    var structureVersion: UInt64 = 0

    /// The same in points; setting one rounds it to units (the value must
    /// be checked by `Limits.check(height:)`).
    var headerHeight: Double {
        get { Units.points(headerUnits) }
        set { headerUnits = Units.of(height: newValue) }
    }
    var footerHeight: Double {
        get { Units.points(footerUnits) }
        set { footerUnits = Units.of(height: newValue) }
    }
    var rowHeight: Double {
        get { Units.points(rowUnits) }
        set { rowUnits = Units.of(height: newValue) }
    }
    /// The section whose list holds this one (the table's root for top-level
    /// sections); nil only for the root.
    var parent: Section? {
        get { parentRef?.takeUnretainedValue() }
        set { parentRef = newValue.map { Unmanaged.passUnretained($0) } }
    }
    /// The leaf of `parent.list` that holds this section (kept by the list).
    var node: ListNode? {
        get { nodeRef?.takeUnretainedValue() }
        set { nodeRef = newValue.map { Unmanaged.passUnretained($0) } }
    }
    /// The current load's ticket while loading or failed; 0 otherwise.
    var ticket: UInt64 {
        get { loadRecord?.ticket ?? 0 }
        set { setLoadRecord(ticket: newValue, error: loadError) }
    }
    /// The message of a failed load.
    var loadError: String {
        get { loadRecord?.error ?? "" }
        set { setLoadRecord(ticket: ticket, error: newValue) }
    }

    private func setLoadRecord(ticket: UInt64, error: String) {
        if ticket == 0 && error.isEmpty {
            loadRecord = nil
        } else if let r = loadRecord {
            r.ticket = ticket
            r.error = error
        } else {
            loadRecord = SectionLoad(ticket: ticket, error: error)
        }
    }

    init(key: String, header: String, headerHeight: Double, footerHeight: Double,
         rowHeight: Double, collapsed: Bool) {
        self.key = key
        self.header = header
        headerUnits = Units.of(height: headerHeight)
        footerUnits = Units.of(height: footerHeight)
        rowUnits = Units.of(height: rowHeight)
        self.collapsed = collapsed
        self.list = ChildList()
        list.owner = self
    }

    /// Its list's root, unretained (`ChildList.rootRef`), for the read paths
    /// (`ChildList.descend(from:)`).
    var listRoot: Unmanaged<ListNode>? {
        @inline(__always) get { list.rootRef }
    }

    var hasFooter: Bool { footerUnits > 0 }
    var childCount: Int { list.sum.children }
    var rowCount: Int { list.sum.rows }
    /// Collapsed in a way that hides something.
    var hidesChildren: Bool { collapsed && childCount > 0 }
    /// Whether its children are shown (when it is shown itself): expanded,
    /// or opened by a filter. Geometry reads this; `collapsed` stays the
    /// stored state.
    @inline(__always)
    var showsChildren: Bool { !collapsed || filterOpened }
    /// Collapsible now: not fixed, and something to collapse or children
    /// still to load (a header shows an indicator).
    var collapsible: Bool { !fixed && (childCount > 0 || load != .loaded) }
    /// The placeholder item that stands for children that are loading or
    /// failed to load (only while expanded: collapsing ends the load): 1 or 0.
    /// Stored, as a footer's height is: `contribution` reads it like one.
    var placeholderItems: Int {
        @inline(__always) get { showsPlaceholder ? 1 : 0 }
    }
    /// The header's items (1, or 0 without a header item) and its height in units.
    var headerItems: Int { hasHeader ? 1 : 0 }
    var shownHeaderUnits: Int { hasHeader ? headerUnits : 0 }

    /// What this section adds to its parent's list: header, children (or
    /// the placeholder) while expanded, footer. O(1). Inlined: descents
    /// read two of its fields.
    @inline(__always)
    var contribution: Summary {
        let inner = list.sum
        var s: Summary
        if filterHidden {
            s = hiddenContribution(inner)
        } else {
            // From `inner`, read once: reading `list` again retains its root.
            s = Summary(children: 1, rows: 0, items: shownItems(inner), defaultRows: 0, fixedHeight: shownUnits(inner),
                        expandedRows: 0, expandedDeep: inner.expandedDeep, nesting: 1 + inner.nesting,
                       rowsDeep: inner.rowsDeep, matchedDeep: inner.matchedDeep)
        }
        s.selectedRows = inner.selectedRows
        s.selectedSections = inner.selectedSections &+ (selected ? 1 : 0)
        if !filterHidden {
            let open = showsChildren
            s.shownHeaders = headerItems &+ (open ? inner.shownHeaders : 0)
            s.selectedShownHeaders = (hasHeader && selected ? 1 : 0) &+ (open ? inner.selectedShownHeaders : 0)
            s.shownRows = open ? inner.shownRows : 0
            s.selectedShownRows = open ? inner.selectedShownRows : 0
        }
        return s
    }

    /// The items it shows in its parent's list when the filter does not
    /// hide it, `inner` being its list's summary: header, children (or the
    /// placeholder) while expanded, footer. O(1).
    @inline(__always)
    func shownItems(_ inner: Summary) -> Int { shownItems(listItems: inner.items) }

    /// `shownItems`, its list holding `listItems` items. O(1).
    @inline(__always)
    func shownItems(listItems: Int) -> Int {
        headerItems &+ shownChildrenItems(listItems: listItems) &+ (hasFooter ? 1 : 0)
    }

    /// Their height in units. O(1).
    @inline(__always)
    func shownUnits(_ inner: Summary) -> Int { shownUnits(listUnits: inner.height(rowUnits)) }

    /// `shownUnits`, its list `listUnits` tall. O(1).
    @inline(__always)
    func shownUnits(listUnits: Int) -> Int {
        shownHeaderUnits &+ shownChildrenUnits(listUnits: listUnits) &+ footerUnits
    }

    /// Its list's items and height in units (`list.sum`'s), read where its
    /// root's running totals end, not from the root's summary: a descent
    /// into the list scans those columns next, while the summary lies in
    /// other cache lines of the node (a miss each in a large table). O(1).
    @inline(__always)
    var listItemsAndUnits: (items: Int, units: Int) { listItemsAndUnits(record: rootRecord) }

    /// The same from `record`, its list root's record as its leaf keeps it
    /// (`PieceRef.subRecord`). O(1).
    @inline(__always)
    func listItemsAndUnits(record: Int) -> (items: Int, units: Int) {
        guard record != 0 else { return (0, 0) }
        let v = TotalsView(tagged: record)
        var total = ItemsAndHeights()
        total.add(v, v.count &- 1)
        return (total.items, total.height(rowUnits))
    }

    /// Its list's items alone, read the same way. O(1).
    @inline(__always)
    var listItems: Int { Section.listItems(record: rootRecord) }

    /// The same from `record` (see `listItemsAndUnits(record:)`). O(1).
    @inline(__always)
    static func listItems(record: Int) -> Int { record == 0 ? 0 : TotalsView(tagged: record).total(.items) ?? 0 }

    /// Asks for the section object's lines (152 bytes; `Prefetch`). O(1).
    @inline(__always)
    static func prefetch(_ s: Unmanaged<Section>) {
        Prefetch.forWrite(Int(bitPattern: s.toOpaque()), lines: 3)
    }

    /// Asks for its list's root node and the first lines of the root's
    /// totals (`Prefetch`), read from this object. O(1).
    @inline(__always)
    func prefetchList() {
        guard let (node, record) = listStart else { return }
        ListNode.prefetch(node)
        Prefetch.forWrite(record & TotalsView.addressMask, lines: 2)
    }

    /// Its list's root and the root's record, both read from this object
    /// (`rootRecord`): where a descent into the section starts. O(1).
    var listStart: ListStart? {
        @inline(__always) get {
            guard let node = list.rootRef, rootRecord != 0 else { return nil }
            return (node, rootRecord)
        }
    }

    /// The contribution of a section the filter hides: no item, no height.
    private func hiddenContribution(_ inner: Summary) -> Summary {
        Summary(children: 1, expandedDeep: inner.expandedDeep, nesting: 1 + inner.nesting,
                rowsDeep: inner.rowsDeep, matchedDeep: inner.matchedDeep, hiddenSections: 1)
    }

    /// Height of the children (or the placeholder, a default row) as shown
    /// now (0 while collapsed), in units.
    var shownChildrenHeight: Int { shownChildrenUnits(listUnits: list.sum.height(rowUnits)) }
    var shownChildrenItems: Int { shownChildrenItems(listItems: list.sum.items) }

    /// The same, its list holding `listItems` items, `listUnits` tall. O(1).
    @inline(__always)
    func shownChildrenUnits(listUnits: Int) -> Int {
        !showsChildren ? 0 : listUnits &+ placeholderItems &* rowUnits
    }
    @inline(__always)
    func shownChildrenItems(listItems: Int) -> Int { !showsChildren ? 0 : listItems &+ placeholderItems }

    /// After this section's list or flags changed: refresh the summaries of
    /// every list above it. O(depth · log n).
    func propagate() {
        // Unretained: the walk changes summaries, never a link (a retain and
        // a release per level were most of a collapse's reference counting).
        var s = Unmanaged.passUnretained(self)
        while let (up, place) = s._withUnsafeGuaranteedRef({ $0.parentAndPlace }) {
            place.leafRef._withUnsafeGuaranteedRef { $0.refreshUpward(slot: place.slot) }
            s = up
        }
    }

    /// The parent, unretained, and where this section is in its list; nil
    /// for the root or a detached section. For walks up that retain
    /// nothing. O(fanout).
    var parentAndPlace: (parent: Unmanaged<Section>, place: PieceRef)? {
        guard let p = parentRef, let place else { return nil }
        return (p, place)
    }

    /// `list.replace`, after bringing down the selection tags pending in
    /// the lists above (`SelectionTag`), which that call cannot reach.
    /// O(depth · log n + pieces added + pieces removed).
    @discardableResult
    func replaceChildren(_ range: Range<Int>, with pieces: [Piece], unlinking: Bool = false) -> [Piece] {
        list.settleAbove()
        return list.replace(range, with: pieces, unlinking: unlinking)
    }

    /// Cuts the row run holding child `c` before it (`ChildList.cut`),
    /// after bringing down the selection tags pending in the lists above
    /// (as `replaceChildren`). O(depth · log n).
    func cutChildren(at c: Int) {
        list.settleAbove()
        list.cut(at: c)
    }

    /// `list.replaceRuns`, after bringing down the selection tags pending
    /// in the lists above (as `replaceChildren`). O(depth · log n + n).
    func replaceChildRuns(_ edits: [(range: Range<Int>, pieces: [Piece])], unlinking: Bool,
                          removed: (Int, Piece) -> Void) -> [(before: Int, items: Int)]? {
        list.settleAbove()
        return list.replaceRuns(edits, unlinking: unlinking, removed: removed)
    }

    /// Counts a change of this section's children in the top section's
    /// `structureVersion` (the child lists call it). O(depth).
    func childrenChanged() {
        var top = Unmanaged.passUnretained(self)
        while let p = top._withUnsafeGuaranteedRef({ $0.parentRef }) { top = p }
        top._withUnsafeGuaranteedRef { $0.structureVersion &+= 1 }
    }

    /// Brings down the selection tags pending above this section, so that
    /// its `selected` flag is exact and its list's root holds what applies
    /// below (`SelectionTag`). O(depth · log n).
    func settlePlace() {
        if let node, let parent { node.settle(owner: parent) }
    }

    /// Where this section is in its parent's list.
    /// O(fanout).
    var place: PieceRef? {
        guard let nodeRef else { return nil }
        let me = Unmanaged.passUnretained(self).toOpaque()
        // In place: a copy of each piece would retain its section or run.
        let slot = nodeRef._withUnsafeGuaranteedRef { node in
            node.pieces.withUnsafeBufferPointer { p in p.firstIndex { Piece.isSection($0, at: me) } }
        }
        return slot.map { PieceRef(leaf: nodeRef.takeUnretainedValue(), slot: $0) }
    }

    /// This section's slot in `leaf`'s lookup column; nil where the leaf
    /// does not record its address (not 16-aligned) or does not hold it.
    /// O(fanout), one column.
    func recordedSlot(in leaf: ListNode) -> Int? {
        let entry = LookupTag.entry(Int(bitPattern: Unmanaged.passUnretained(self).toOpaque()), LookupTag.section,
                                    else: LookupTag.none)
        guard entry != LookupTag.none else { return nil }
        let v = leaf.totals.view
        let column = v.wide(TotalsView.lookup)
        for j in 0..<(v.count - 1) where column[j] == entry { return j }
        return nil
    }

    /// Renews the leaf's copy of `rootRecord` (`TotalsView.subRecord`).
    /// Where the leaf does not list this section yet, whoever puts it
    /// there reads the record then. O(fanout).
    func recordInLeaf() {
        guard let nodeRef else { return }
        nodeRef._withUnsafeGuaranteedRef { leaf in
            guard let j = recordedSlot(in: leaf) else { return }
            leaf.totals.view.set(j, TotalsView.subRecord, rootRecord)
        }
    }

    /// Index of this section among its parent's children. O(log n).
    var indexInParent: Int { place?.prefix().children ?? 0 }

    /// Levels above this section (0 for a top-level section). O(depth).
    var depth: Int {
        var d = -1
        var s: Section? = parent
        while let p = s { d += 1; s = p.parent }
        return d
    }

    /// Whether `other` is this section or lies inside it. O(depth).
    func contains(_ other: Section) -> Bool {
        var s: Section? = other
        while let c = s {
            if c === self { return true }
            s = c.parent
        }
        return false
    }
}

/// A section's load in progress or failed (`Section.ticket`, `loadError`).
final class SectionLoad {
    var ticket: UInt64
    var error: String

    init(ticket: UInt64, error: String) {
        self.ticket = ticket
        self.error = error
    }
}
