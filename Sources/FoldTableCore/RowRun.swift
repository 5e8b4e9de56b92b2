/// A run of consecutive rows inside a section: either any number of rows that
/// all use the section's default height (no storage at all), or a chunk of at
/// most `RowRun.chunkSize` rows with one stored height each.
struct RowRun {
    /// The most rows an explicit chunk holds; small enough that scanning a
    /// chunk is cheap, large enough that per-chunk overhead is small per row.
    static let chunkSize = 64

    /// Stored height meaning "the section's default".
    static let defaultMark = Float.nan

    private(set) var count: Int
    /// nil: every row uses the default height. Otherwise `count` entries,
    /// `defaultMark` for rows that use the default.
    private(set) var heights: [Float]?
    private(set) var fixedSum: Double
    private(set) var defaultCount: Int

    /// `count` rows of the default height.
    init(defaultRows count: Int) {
        self.count = count
        heights = nil
        fixedSum = 0
        defaultCount = count
    }

    /// An explicit chunk; `heights.count` must be 1...chunkSize.
    init<C: Collection>(heights: C) where C.Element == Float {
        self.count = heights.count
        self.heights = Array(heights)
        fixedSum = 0
        defaultCount = 0
        recount()
    }

    var isExplicit: Bool { heights != nil }

    var summary: Summary {
        Summary(children: count, rows: count, items: count, defaultRows: defaultCount,
                fixedHeight: fixedSum)
    }

    /// Sums from scratch (at most `chunkSize` entries) so repeated edits never drift.
    private mutating func recount() {
        guard let heights else { fixedSum = 0; defaultCount = count; return }
        var sum = 0.0
        var defaults = 0
        for h in heights {
            if h.isNaN { defaults += 1 } else { sum += Double(h) }
        }
        fixedSum = sum
        defaultCount = defaults
    }

    /// The stored height of row `i`, nil for the default.
    @inline(__always)
    func storedHeight(_ i: Int) -> Float? {
        guard let heights else { return nil }
        let h = heights[i]
        return h.isNaN ? nil : h
    }

    @inline(__always)
    func height(_ i: Int, rowHeight: Double) -> Double {
        storedHeight(i).map(Double.init) ?? rowHeight
    }

    /// The height of rows 0..<i.
    func prefixHeight(_ i: Int, rowHeight: Double) -> Double {
        guard let heights else { return Double(i) * rowHeight }
        var sum = 0.0
        for k in 0..<i {
            let h = heights[k]
            sum += h.isNaN ? rowHeight : Double(h)
        }
        return sum
    }

    func height(rowHeight: Double) -> Double { fixedSum + Double(defaultCount) * rowHeight }

    /// The first row whose bottom, measured from the run's top, is beyond `y`
    /// (`> y`, or `>= y` when `inclusive`); nil if none is.
    func firstRow(bottomBeyond y: Double, inclusive: Bool, rowHeight: Double) -> Int? {
        @inline(__always) func beyond(_ a: Double) -> Bool { inclusive ? a >= y : a > y }
        guard let heights else {
            if rowHeight <= 0 { return beyond(0) ? 0 : nil }
            // Estimate arithmetically, then correct for rounding; the estimate
            // is clamped in Double so a huge y cannot overflow Int.
            let estimate = (y / rowHeight).rounded(.down)
            var i = Int(min(Double(count), max(0, estimate)))
            while i > 0 && beyond(Double(i) * rowHeight) { i -= 1 }
            while i < count && !beyond(Double(i + 1) * rowHeight) { i += 1 }
            return i < count ? i : nil
        }
        var bottom = 0.0
        for (i, h) in heights.enumerated() {
            bottom += h.isNaN ? rowHeight : Double(h)
            if beyond(bottom) { return i }
        }
        return nil
    }

    /// Sets row `i`'s stored height (nil for the default). Explicit runs only.
    mutating func setHeight(_ i: Int, _ h: Float?) {
        guard heights != nil else { return }
        heights![i] = h ?? RowRun.defaultMark
        recount()
    }

    /// Overwrites rows start..<start+values.count (explicit runs only).
    mutating func setHeights(_ start: Int, _ values: some Collection<Float>) {
        guard heights != nil else { return }
        var i = start
        for v in values { heights![i] = v; i += 1 }
        recount()
    }

    /// Inserts rows at `i`: `values` stored heights, or `k` default rows.
    mutating func insert(at i: Int, defaultRows k: Int) {
        if heights == nil {
            count += k
            defaultCount += k
        } else {
            heights!.insert(contentsOf: repeatElement(RowRun.defaultMark, count: k), at: i)
            count += k
            recount()
        }
    }

    mutating func insert(at i: Int, heights values: some Collection<Float>) {
        guard heights != nil else { return }
        heights!.insert(contentsOf: values, at: i)
        count += values.count
        recount()
    }

    /// Removes rows in `range`.
    mutating func remove(_ range: Range<Int>) {
        if heights == nil {
            count -= range.count
            defaultCount -= range.count
        } else {
            heights!.removeSubrange(range)
            count -= range.count
            recount()
        }
    }

    /// The rows in `range` as a run of the same kind.
    func slice(_ range: Range<Int>) -> RowRun {
        guard let heights else { return RowRun(defaultRows: range.count) }
        return RowRun(heights: heights[range])
    }

    /// Every row's stored height (nil entries for defaults), for rebuilding.
    func storedHeights() -> [Float] {
        heights ?? Array(repeating: RowRun.defaultMark, count: count)
    }

    /// Explicit chunks holding `values` in order.
    static func chunks(_ values: [Float]) -> [RowRun] {
        stride(from: 0, to: values.count, by: chunkSize).map {
            RowRun(heights: values[$0..<min($0 + chunkSize, values.count)])
        }
    }
}
