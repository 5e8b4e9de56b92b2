/// A run of consecutive rows inside a section: either any number of rows that
/// all use the section's default height and cannot expand (no storage at
/// all), or a chunk of at most `RowRun.chunkSize` rows with stored heights.
struct RowRun {
    /// The most rows an explicit chunk holds: small enough that scanning a
    /// chunk is cheap and its expanded flags fit one UInt64, large enough
    /// that per-chunk overhead is small per row.
    static let chunkSize = 64

    /// Stored height meaning "none": the default height, or no expanded
    /// height. Heights are at most 2^24 units (`Limits.maxHeight`), so 4
    /// bytes per row hold any height and this value (a chunk keeps 1 or 2
    /// while its heights fit: `RowHeights`).
    static let none = UInt32.max

    /// A checked height (see `Limits.check(height:)`) as a row stores it.
    @inline(__always)
    static func stored(_ h: Double) -> UInt32 { UInt32(truncatingIfNeeded: Units.of(height: h)) }

    /// A stored height in points; nil for `none`.
    @inline(__always)
    static func points(_ stored: UInt32) -> Double? { stored == none ? nil : Units.points(Int(stored)) }

    // Fields ordered and sized so that a piece takes 32 bytes of its
    // leaf's array, not 88: counts and the sum in 32 bits (`Limits`: counts
    // below 2^29, a chunk's sum below 2^30 units), the sum last so that
    // no padding follows the counts, and what only expanding or marked
    // rows need kept out of line (`RowRunExtras`).
    @Count32 private(set) var count = 0
    /// (Set by `recount` with `fixedSum`, here and in RowRun+Filter.swift.)
    @Count32 var defaultCount = 0
    /// nil: every row uses the default height. Otherwise `count` entries.
    private(set) var heights: RowHeights?
    /// nil: no row has an expanded height, is expanded, was answered or
    /// is marked.
    private(set) var extras: RowRunExtras?
    /// The shown rows' own heights, in units: at most `chunkSize` rows of
    /// at most 2^24 units (`Limits.maxHeight`), so 32 bits hold it.
    @Count32 var fixedSum = 0

    /// Selection and filter marks (`RowMarks`): bits of an explicit chunk's
    /// rows, or one value for all rows of a default run. Changing `hidden`
    /// changes what the run shows; `recount()` after it.
    var marks: RowMarks {
        @inline(__always) get { extras?.marks ?? .none }
        set {
            if extras == nil, newValue.isNone { return }
            store(marks: newValue)
        }
        _modify {
            if extras == nil {
                // No box made for an edit that leaves the run unmarked.
                var m = RowMarks.none
                yield &m
                if !m.isNone { extras = RowRunExtras.holding(m) }
            } else if extras.unsafelyUnwrapped.expansion == nil {
                var m = extras.unsafelyUnwrapped.marks
                yield &m
                self.marks = m
            } else {
                let box = uniqueExtras()
                yield &box.marks
                dropEmptyExtras()
            }
        }
    }

    /// Sets the marks of a run that has or gets some. Out of line: most
    /// runs have none and get none, which `marks` answers itself.
    @inline(never)
    private mutating func store(marks m: RowMarks) {
        if extras == nil {
            extras = RowRunExtras.holding(m)
        } else if extras.unsafelyUnwrapped.expansion == nil {
            // Marks alone: none, a shared box (a whole run marked alike), or
            // a box of the run's own, written in place while it has one.
            if m.isNone {
                extras = nil
            } else if let box = RowRunExtras.shared(m) {
                extras = box
            } else if isKnownUniquelyReferenced(&extras) {
                extras.unsafelyUnwrapped.marks = m
            } else {
                extras = RowRunExtras(marks: m)
            }
        } else {
            uniqueExtras().marks = m
            dropEmptyExtras()
        }
    }

    /// nil: no row of the chunk has an expanded height.
    private(set) var expandedHeights: [UInt32]? {
        @inline(__always) get { extras?.expansion?.heights }
        set {
            // (Nothing stored in a run without an expansion makes one:
            // inserts and removals set the bits of every run they touch.)
            if extras?.expansion?.heights == nil, newValue == nil { return }
            uniqueExpansion().heights = newValue
            dropEmptyExtras()
        }
        _modify {
            if extras?.expansion?.heights == nil {
                var heights: [UInt32]? = nil
                yield &heights
                if heights != nil { uniqueExpansion().heights = heights }
            } else {
                // In the box: an element set in place copies nothing.
                let box = uniqueExpansion()
                yield &box.heights
                dropEmptyExtras()
            }
        }
    }

    /// Bit i: row i is expanded (explicit chunks only). Read and stored
    /// (a compound assignment reads, then sets): a bit cleared in a run
    /// that expands nothing makes no box.
    private(set) var expandedBits: UInt64 {
        @inline(__always) get { extras?.expansion?.expanded ?? 0 }
        set {
            if newValue == expandedBits { return }  // nothing to store or copy
            uniqueExpansion().expanded = newValue
            dropEmptyExtras()
        }
    }

    /// Bit i: row i's expanded height is the provider's answer
    /// (`RowRecord.expandedProvided`; explicit chunks only).
    private(set) var providedBits: UInt64 {
        @inline(__always) get { extras?.expansion?.provided ?? 0 }
        set {
            if newValue == providedBits { return }
            uniqueExpansion().provided = newValue
            dropEmptyExtras()
        }
    }

    /// The run's own `extras`, made for it (empty) or copied from the
    /// runs that share them, so that changing them changes no other run.
    private mutating func uniqueExtras() -> RowRunExtras {
        if !isKnownUniquelyReferenced(&extras) {
            extras = extras?.copy() ?? RowRunExtras()
        }
        return extras.unsafelyUnwrapped
    }

    /// The same, as an expansion: a box of marks alone is replaced by
    /// one that also holds expanded rows.
    @inline(__always)
    private mutating func uniqueExpansion() -> RowRunExpansion {
        if !isKnownUniquelyReferenced(&extras) || extras.unsafelyUnwrapped.expansion == nil {
            extras = extras?.expansionCopy() ?? RowRunExpansion()
        }
        return unsafeDowncast(extras.unsafelyUnwrapped, to: RowRunExpansion.self)
    }

    /// Drops extras left holding nothing, and the expansion part of a box
    /// whose rows no longer expand (marks alone take a smaller block):
    /// `nil` is what the fast paths test (`lookup`, the viewport walk).
    @inline(__always)
    private mutating func dropEmptyExtras() {
        if extras?.isEmpty == true {
            extras = nil
        } else if extras?.expansion?.expandsNothing == true {
            extras = RowRunExtras.holding(extras.unsafelyUnwrapped.marks)
        }
    }

    /// `count` rows of the default height, all marked alike with `marks`
    /// (each field 0 or `RowMarks.all`).
    init(defaultRows count: Int, marks: RowMarks = .none) {
        self.count = count
        heights = nil
        defaultCount = count
        self.marks = marks
    }

    /// An explicit chunk of 1...chunkSize rows.
    /// (Concrete collection types here and below: generic ones were not
    /// specialized across files without whole-module builds, and were slow.)
    init(records: ArraySlice<RowRecord>) {
        count = records.count
        var h: [UInt32] = []
        h.reserveCapacity(records.count)
        var anyExpandedHeight = false
        var i = 0
        for r in records {
            h.append(r.height)
            if r.expandedHeight != RowRun.none { anyExpandedHeight = true }
            if r.expanded { expandedBits |= 1 << UInt64(i) }
            if r.expandedProvided { providedBits |= 1 << UInt64(i) }
            RowMarks.set(&marks.selected, i, r.selected)
            RowMarks.set(&marks.hidden, i, r.hidden)
            RowMarks.set(&marks.matched, i, r.matched)
            i += 1
        }
        heights = RowHeights(h[...])
        if anyExpandedHeight { expandedHeights = records.map { $0.expandedHeight } }
        defaultCount = 0
        recount()
    }

    init(records: [RowRecord]) {
        self.init(records: records[...])
    }

    /// `count` rows (at most `chunkSize`), each with the section's default
    /// height, stored explicitly; marked alike with a default run's `marks`.
    init(explicitDefaults count: Int, marks: RowMarks = .none) {
        self.count = count
        heights = RowHeights(defaults: count)
        defaultCount = count
        self.marks = RowMarks.uniform(marks, count: count)
        if marks.hidden != 0 { recount() }  // hidden rows count no height
    }

    var isExplicit: Bool { heights != nil }
    var expandedCount: Int { RowMarks.count(expandedBits) }

    /// What `summary` reads of an explicit run besides its two height sums
    /// (`fixedSum`, `defaultCount`, which are its `fixedHeight` and
    /// `defaultRows`): an edit that leaves it equal changed heights only,
    /// and the summary moved by the sums' differences. O(1).
    struct Shape: Equatable {
        let count: Int
        let marks: RowMarks
        let expandedBits: UInt64
    }

    @inline(__always)
    var shape: Shape { Shape(count: count, marks: marks, expandedBits: expandedBits) }

    @inline(__always)
    var summary: Summary {
        // A hidden row (`marks.hidden`) shows no item and no height; it
        // still counts as a row and a child.
        var s: Summary
        if marks.hidden != 0 || marks.matched != 0 {
            s = filteredSummary
        } else {
            let expanded = expandedCount
            s = Summary(children: count, rows: count, items: count, defaultRows: defaultCount,
                        fixedHeight: fixedSum, expandedRows: expanded, expandedDeep: expanded)
        }
        s.selectedRows = selectedCount
        s.shownRows = s.items  // a row shows one item unless hidden
        s.selectedShownRows = selectedShownCount
        return s
    }

    /// Selected rows: the bits of a chunk, or all or none of a default run.
    @inline(__always)
    var selectedCount: Int {
        heights != nil ? RowMarks.count(marks.selected) : (marks.selected != 0 ? count : 0)
    }

    /// Selected rows that a filter does not hide.
    @inline(__always)
    var selectedShownCount: Int {
        heights != nil ? RowMarks.count(marks.selected & ~marks.hidden)
            : (marks.selected != 0 && marks.hidden == 0 ? count : 0)
    }

    /// Sums from scratch (at most `chunkSize` entries) so repeated edits never drift.
    /// Hidden rows (`RowRun+Filter.swift`) count no height.
    mutating func recount() {
        guard let heights else { fixedSum = 0; defaultCount = count; return }
        if extras?.expansion?.expanded ?? 0 == 0, marks.hidden == 0 {
            (fixedSum, defaultCount) = heights.sums()
            return
        }
        (fixedSum, defaultCount) = sums(of: 0..<count, heights)
    }

    /// What rows `range` of an explicit run add to its sums: their shown
    /// stored heights (expanded where expanded) and how many show at the
    /// default height; hidden rows add nothing. `heights` is the run's
    /// own, passed in (bound once, not retained again). O(range.count).
    @inline(__always)
    private func sums(of range: Range<Int>, _ heights: RowHeights) -> (fixed: Int, defaults: Int) {
        var sum = 0
        var defaults = 0
        // The box read once, not per row.
        let marks = self.marks, expansion = extras?.expansion
        let expanded = expansion?.expanded ?? 0
        let expandedHeights = expansion?.heights
        for i in range where !marks.bit(marks.hidden, i) {
            if marks.bit(expanded, i), let e = expandedHeights?[i], e != RowRun.none {
                sum += Int(e)
            } else if heights[i] == RowRun.none {
                defaults += 1
            } else {
                sum += Int(heights[i])
            }
        }
        return (sum, defaults)
    }

    @inline(__always)
    func isExpanded(_ i: Int) -> Bool { expandedBits & (1 << UInt64(i)) != 0 }

    /// Whether row `i`'s expanded height is the provider's answer.
    @inline(__always)
    func isProvided(_ i: Int) -> Bool { providedBits & (1 << UInt64(i)) != 0 }

    /// Row `i`'s expanded height as stored, in units (`RowRun.none`: none). O(1).
    @inline(__always)
    func expandedHeight(_ i: Int) -> UInt32 {
        guard let heights = extras?.expansion?.heights else { return RowRun.none }
        return heights[i]
    }

    /// Whether row `i`'s expanded height is unknown: none set, none asked.
    func expandedHeightUnknown(_ i: Int) -> Bool {
        !isProvided(i) && expandedHeight(i) == RowRun.none
    }

    func record(_ i: Int) -> RowRecord {
        guard let heights else {
            return RowRecord(selected: marks.selected != 0, hidden: marks.hidden != 0, matched: marks.matched != 0)
        }
        return RowRecord(height: heights[i], expandedHeight: expandedHeight(i),
                         expanded: isExpanded(i), expandedProvided: isProvided(i),
                         selected: marks.bit(marks.selected, i), hidden: marks.bit(marks.hidden, i),
                         matched: marks.bit(marks.matched, i))
    }

    /// Whether row `i` can expand: its expanded height exceeds its normal height.
    func isExpandable(_ i: Int, rowHeight: Int) -> Bool {
        let e = expandedHeight(i)
        return e != RowRun.none && Int(e) > normalHeight(i, rowHeight: rowHeight)
    }

    /// Collapses expanded rows that are no longer expandable (after a height
    /// change), keeping "expanded implies expandable" true.
    mutating func dropUnexpandable(rowHeight: Int) {
        guard expandedBits != 0 else { return }
        for i in 0..<count where isExpanded(i) && !isExpandable(i, rowHeight: rowHeight) {
            expandedBits &= ~(1 << UInt64(i))
        }
        recount()
    }

    /// Every row's record, for rebuilding a span.
    func records() -> [RowRecord] { (0..<count).map(record) }

    /// Whether row `i` has a height of its own (not the section's default).
    @inline(__always)
    func hasOwnHeight(_ i: Int) -> Bool {
        guard let heights else { return false }
        return heights[i] != RowRun.none
    }

    /// Row `i`'s normal height in units (its own or the default).
    @inline(__always)
    func normalHeight(_ i: Int, rowHeight: Int) -> Int {
        guard let heights, heights[i] != RowRun.none else { return rowHeight }
        return Int(heights[i])
    }

    /// Row `i`'s height as shown, in units: the expanded height while expanded.
    @inline(__always)
    func height(_ i: Int, rowHeight: Int) -> Int {
        if expandedBits != 0, isExpanded(i), let e = expandedHeights?[i], e != RowRun.none { return Int(e) }
        return normalHeight(i, rowHeight: rowHeight)
    }

    /// The shown height of rows 0..<i, in units.
    func prefixHeight(_ i: Int, rowHeight: Int) -> Int {
        if marks.hidden != 0 { return shownPrefixHeight(i, rowHeight: rowHeight) }
        if expandedBits == 0 {
            // The common case: every row at its normal height.
            return withPlainRows { $0.prefixHeight(i, rowHeight: rowHeight) }
        }
        var sum = 0
        for k in 0..<i { sum += height(k, rowHeight: rowHeight) }
        return sum
    }

    func height(rowHeight: Int) -> Int { fixedSum &+ shownDefaults &* rowHeight }

    /// The first row whose bottom in units, measured from the run's top, is
    /// beyond `y` (`> y`, or `>= y` when `inclusive`); nil if none is. With
    /// hidden rows: the first such shown row's item index in the run.
    func firstRow(bottomBeyond y: Int, inclusive: Bool, rowHeight: Int) -> Int? {
        if marks.hidden != 0 { return firstShownRow(bottomBeyond: y, inclusive: inclusive, rowHeight: rowHeight) }
        if expandedBits == 0 {
            return withPlainRows { $0.firstRow(bottomBeyond: y, inclusive: inclusive, rowHeight: rowHeight) }
        }
        var bottom = 0
        for i in 0..<count {
            bottom += height(i, rowHeight: rowHeight)
            if inclusive ? bottom >= y : bottom > y { return i }
        }
        return nil
    }

    /// Calls `body` with the rows at their normal heights (what they show
    /// while none is expanded), read in place.
    @inline(__always)
    func withPlainRows<R>(_ body: (PlainRows) -> R) -> R {
        guard let heights else { return body(PlainRows(heights: nil, width: 4, count: count)) }
        return heights.withPlainRows(body)
    }

    /// What a leaf's running totals record of this run (`TotalsView.lookup`):
    /// `LookupTag.plainRows` and the address of its heights (0 for a default
    /// run) when no row has an expanded height or a mark, so lookups read the heights
    /// without touching the piece; `LookupTag.askPiece` otherwise. Valid until the run's
    /// heights are next changed, after which the leaf records it again.
    var lookup: Int {
        // Marked rows (selected, filtered) are read from the piece too: the
        // fast paths know nothing of marks.
        if let e = extras {
            if !e.marks.isNone { return LookupTag.askPiece }
            if let x = e.expansion, x.heights != nil || x.expanded != 0 { return LookupTag.askPiece }
        }
        guard let heights else { return LookupTag.plainRows }
        let address = heights.address
        guard address != 0 else { return LookupTag.askPiece }
        return LookupTag.entry(address, LookupTag.plainRows, width: heights.width, else: LookupTag.askPiece)
    }

    /// The index of the `k`-th expanded row (0-based).
    func expandedRow(_ k: Int) -> Int? {
        var bits = expandedBits
        for _ in 0..<k where bits != 0 { bits &= bits - 1 }
        return bits == 0 ? nil : bits.trailingZeroBitCount
    }

    // MARK: Editing (explicit chunks; callers materialize default runs first)

    /// Sets row `i`'s stored height (`none` for the default).
    /// O(1): the sums move by what row `i` adds to them before and after,
    /// as `recount` counts it (exact: they are integers). Recounting read
    /// the whole chunk, four cache lines of which an edit touches one.
    mutating func setHeight(_ i: Int, _ h: UInt32) {
        guard heights != nil else { return }
        let old = heights![i]
        heights![i] = h
        // A hidden row, or an expanded one showing its expanded height,
        // adds nothing of its normal height.
        if marks.bit(marks.hidden, i) { return }
        if expandedBits != 0, isExpanded(i), let e = expandedHeights?[i], e != RowRun.none { return }
        if old == RowRun.none { defaultCount -= 1 } else { fixedSum -= Int(old) }
        if h == RowRun.none { defaultCount += 1 } else { fixedSum += Int(h) }
    }

    /// Overwrites the heights of rows start..<start+values.count.
    mutating func setHeights(_ start: Int, _ values: [UInt32]) {
        guard heights != nil else { return }
        var i = start
        for v in values { heights![i] = v; i += 1 }
        recount()
    }

    /// Sets row `i`'s expanded height (`none` for none); `provided`: it is
    /// the provider's answer (else it was set explicitly).
    mutating func setExpandedHeight(_ i: Int, _ h: UInt32, provided: Bool = false) {
        guard heights != nil else { return }
        if provided { providedBits |= 1 << UInt64(i) } else { providedBits &= ~(1 << UInt64(i)) }
        if expandedHeights == nil {
            if h == RowRun.none { return }
            expandedHeights = Array(repeating: RowRun.none, count: count)
        }
        expandedHeights![i] = h
        // The last expanded height gone: no array of nothing (lookups then
        // read the run's heights directly, and marks alone keep a small box).
        if h == RowRun.none, expandedHeights?.allSatisfy({ $0 == RowRun.none }) == true { expandedHeights = nil }
        recount()
    }

    mutating func setExpanded(_ i: Int, _ expanded: Bool) {
        guard heights != nil else { return }
        if expanded { expandedBits |= 1 << UInt64(i) } else { expandedBits &= ~(1 << UInt64(i)) }
        recount()
    }

    /// Inserts `k` default rows at `i` (explicit chunks must stay within
    /// chunkSize). In a default run they take the run's marks: callers that
    /// want unmarked rows next to a marked default run insert a run of their own.
    mutating func insert(at i: Int, defaultRows k: Int) {
        // A default run only counts: k may be huge, so nothing per row.
        guard heights != nil else { count += k; defaultCount += k; return }
        insert(at: i, heights: [UInt32](repeating: RowRun.none, count: k))
    }

    /// Forgets every stored height (expanded heights and states stay).
    mutating func clearHeights() {
        guard heights != nil else { return }
        heights = RowHeights(defaults: count)
        recount()
    }

    /// Forgets the expanded heights the provider answered (those set
    /// explicitly stay); rows that are no longer expandable collapse.
    /// Returns whether anything was forgotten.
    @discardableResult
    mutating func clearProvidedExpandedHeights(rowHeight: Int) -> Bool {
        guard providedBits != 0 else { return false }
        for i in 0..<count where isProvided(i) { expandedHeights?[i] = RowRun.none }
        providedBits = 0
        if expandedHeights?.allSatisfy({ $0 == RowRun.none }) == true { expandedHeights = nil }
        dropUnexpandable(rowHeight: rowHeight)
        recount()
        return true
    }

    mutating func insert(at i: Int, records: [RowRecord]) {
        let k = records.count
        guard heights != nil else { count += k; defaultCount += k; return }
        heights!.insert(contentsOf: records.map(\.height), at: i)
        if expandedHeights != nil || records.contains(where: { $0.expandedHeight != RowRun.none }) {
            var e = expandedHeights ?? Array(repeating: RowRun.none, count: count)
            e.insert(contentsOf: records.map(\.expandedHeight), at: i)
            expandedHeights = e
        }
        expandedBits = RowMarks.inserting(expandedBits, at: i, count: k)
        providedBits = RowMarks.inserting(providedBits, at: i, count: k)
        marks = marks.inserting(at: i, count: k)
        for (j, r) in records.enumerated() {
            if r.expanded { expandedBits |= 1 << UInt64(i + j) }
            if r.expandedProvided { providedBits |= 1 << UInt64(i + j) }
            if r.selected { marks.selected |= 1 << UInt64(i + j) }
            if r.hidden { marks.hidden |= 1 << UInt64(i + j) }
            if r.matched { marks.matched |= 1 << UInt64(i + j) }
        }
        count += k
        recount()
    }

    /// Inserts unmarked, collapsed rows with stored heights `values` (each
    /// a stored height or `none`) at `i`: `insert(at:records:)` for new
    /// rows, without a record per row, and the sums moved by what the rows
    /// add (exact: integers) instead of counted again. A default run takes
    /// them as default rows. Explicit chunks must stay within chunkSize.
    /// O(count).
    mutating func insert(at i: Int, heights values: [UInt32]) {
        let k = values.count
        guard heights != nil else { count += k; defaultCount += k; return }
        heights!.insert(contentsOf: values, at: i)
        if expandedHeights != nil { expandedHeights!.insert(contentsOf: repeatElement(RowRun.none, count: k), at: i) }
        if expandedBits | providedBits != 0 {
            expandedBits = RowMarks.inserting(expandedBits, at: i, count: k)
            providedBits = RowMarks.inserting(providedBits, at: i, count: k)
        }
        if !marks.isNone { marks = marks.inserting(at: i, count: k) }
        count += k
        // New rows show (unmarked) at their normal height (collapsed).
        for v in values {
            if v == RowRun.none { defaultCount += 1 } else { fixedSum += Int(v) }
        }
    }

    /// Removes rows in `range`, the sums moved by what those rows added
    /// (exact: integers) instead of counted again. O(count) to move the
    /// rows after them; the sums O(range.count).
    mutating func remove(_ range: Range<Int>) {
        guard heights != nil else { count -= range.count; defaultCount -= range.count; return }
        let (fixed, defaults) = sums(of: range, heights!)
        heights!.removeSubrange(range)
        // (Extras touched only when there are some: a box made for nothing
        // and freed again cost a malloc and a free.)
        if expandedHeights != nil { expandedHeights!.removeSubrange(range) }
        func removed(_ bits: UInt64) -> UInt64 {
            let low = bits & ((1 << UInt64(range.lowerBound)) &- 1)
            let high = range.upperBound < 64 ? bits >> UInt64(range.upperBound) : 0
            return low | (high << UInt64(range.lowerBound))
        }
        if expandedBits | providedBits != 0 {
            expandedBits = removed(expandedBits)
            providedBits = removed(providedBits)
        }
        if !marks.isNone { marks = marks.removing(range) }
        count -= range.count
        fixedSum -= fixed
        defaultCount -= defaults
    }

    /// The rows in `range` as a run of the same kind: what `RowRun(records:)`
    /// of their records gives (heights as narrow as they fit, expanded
    /// heights only when one is set), copied column by column instead of
    /// row by row through records. O(range.count).
    func slice(_ range: Range<Int>) -> RowRun {
        guard let heights else { return RowRun(defaultRows: range.count, marks: marks) }
        var r = RowRun(defaultRows: 0)
        r.count = range.count
        r.heights = heights.slice(range)
        @inline(__always) func bits(_ b: UInt64) -> UInt64 {
            let low = range.lowerBound < 64 ? b >> UInt64(range.lowerBound) : 0
            return range.count >= 64 ? low : low & ((1 << UInt64(range.count)) &- 1)
        }
        if extras != nil {  // (a run that neither expands nor is marked has nothing more to copy)
            r.marks = RowMarks(selected: bits(marks.selected), hidden: bits(marks.hidden), matched: bits(marks.matched))
            r.expandedBits = bits(expandedBits)
            r.providedBits = bits(providedBits)
            if let e = expandedHeights?[range], e.contains(where: { $0 != RowRun.none }) { r.expandedHeights = Array(e) }
        }
        r.defaultCount = 0
        r.recount()
        return r
    }

    /// An explicit chunk of 1...chunkSize rows with plain heights.
    init(heights values: ArraySlice<UInt32>) {
        count = values.count
        heights = RowHeights(values)
        defaultCount = 0
        recount()
    }

    /// Explicit chunks holding plain `heights` in order.
    static func chunks(heights: [UInt32]) -> [RowRun] {
        stride(from: 0, to: heights.count, by: chunkSize).map {
            RowRun(heights: heights[$0..<min($0 + chunkSize, heights.count)])
        }
    }

    /// Explicit chunks holding `records` in order.
    static func chunks(_ records: [RowRecord]) -> [RowRun] {
        stride(from: 0, to: records.count, by: chunkSize).map {
            RowRun(records: records[$0..<min($0 + chunkSize, records.count)])
        }
    }
}
