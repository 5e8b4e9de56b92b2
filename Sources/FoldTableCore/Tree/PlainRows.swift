/// Rows at their normal heights, none expanded: a run's heights as a bare
/// buffer (nil: every row is the default height), which lookups can read
/// straight from the address a leaf records (`RowRun.lookup`). In units,
/// two or four bytes a row (`RowHeights`).
struct PlainRows {
    let heights: UnsafeRawPointer?
    /// Two bytes a row (else four).
    let narrow: Bool
    let count: Int

    /// From a leaf's `lookup` entry and the run's row count; nil when the
    /// entry says to ask the piece (or is not a row run).
    @inline(__always)
    init?(lookup: Int, count: Int) {
        guard LookupTag.tag(lookup) == LookupTag.plainRows else { return nil }
        heights = UnsafeRawPointer(bitPattern: LookupTag.address(lookup))
        narrow = LookupTag.isNarrow(lookup)
        self.count = count
    }

    @inline(__always)
    init(heights: UnsafeRawPointer?, narrow: Bool, count: Int) {
        self.heights = heights
        self.narrow = narrow
        self.count = count
    }

    @inline(__always)
    func height(_ i: Int, rowHeight: Int) -> Int {
        guard let heights else { return rowHeight }
        if narrow {
            let v = heights.load(fromByteOffset: i &* 2, as: UInt16.self)
            return v == RowHeights.narrowNone ? rowHeight : Int(v)
        }
        let v = heights.load(fromByteOffset: i &* 4, as: UInt32.self)
        return v == RowRun.none ? rowHeight : Int(v)
    }

    /// The height of the eight two-byte rows at `h`: their stored values
    /// summed in one vector step, each "default" then swapped for
    /// `rowHeight` (about a third fewer instructions than row by row).
    @inline(__always)
    private static func narrowBlock(_ h: UnsafePointer<UInt16>, rowHeight: Int) -> Int {
        let v = UnsafeRawPointer(h).loadUnaligned(as: SIMD8<UInt16>.self)
        let raw = Int(SIMD8<UInt32>(truncatingIfNeeded: v).wrappedSum())
        let none = SIMD8<UInt16>(repeating: RowHeights.narrowNone)
        let defaults = Int(SIMD8<UInt16>(repeating: 0).replacing(with: 1, where: v .== none).wrappedSum())
        return raw &- defaults &* Int(RowHeights.narrowNone) &+ defaults &* rowHeight
    }

    /// The height of rows 0..<i. O(i).
    func prefixHeight(_ i: Int, rowHeight: Int) -> Int {
        guard let h = heights else { return i &* rowHeight }
        @inline(__always) func sum<T: FixedWidthInteger>(_ h: UnsafePointer<T>, _ none: T, from start: Int) -> Int {
            var sum = 0
            for k in start..<i {
                let v = h[k]
                sum &+= v == none ? rowHeight : Int(v)
            }
            return sum
        }
        guard narrow else { return sum(h.assumingMemoryBound(to: UInt32.self), RowRun.none, from: 0) }
        // Two bytes a row: eight rows a vector step, the lanes added up
        // once at the end (a chunk holds 64 rows: 8 a lane).
        let none = SIMD8<UInt16>(repeating: RowHeights.narrowNone)
        // (Defaults counted in 16-bit lanes: at most 8 each in a chunk.)
        var stored = SIMD8<UInt32>(), defaults = SIMD8<UInt16>()
        var start = 0
        while start &+ 8 <= i {
            let v = h.loadUnaligned(fromByteOffset: start &* 2, as: SIMD8<UInt16>.self)
            let isDefault = v .== none
            stored &+= SIMD8<UInt32>(truncatingIfNeeded: v.replacing(with: 0, where: isDefault))
            defaults &+= SIMD8<UInt16>(repeating: 0).replacing(with: 1, where: isDefault)
            start &+= 8
        }
        // The rest row by row: a block masked to them would read past row
        // i, a cache line more at times (a miss in a large table).
        return Int(stored.wrappedSum()) &+ Int(SIMD8<UInt32>(truncatingIfNeeded: defaults).wrappedSum()) &* rowHeight
            &+ sum(h.assumingMemoryBound(to: UInt16.self), RowHeights.narrowNone, from: start)
    }

    /// The first row whose bottom, measured from the first row's top, is
    /// beyond `y` (`> y`, or `>= y` when `inclusive`); nil if none is. O(count),
    /// O(1) for default rows.
    func firstRow(bottomBeyond y: Int, inclusive: Bool, rowHeight: Int) -> Int? {
        guard let h = heights else {
            // Row i ends at (i + 1) * rowHeight: the answer is a division.
            if rowHeight <= 0 { return (inclusive ? 0 >= y : 0 > y) && count > 0 ? 0 : nil }
            let i: Int
            if y < 0 {
                i = 0
            } else if inclusive {
                // (i + 1) * rowHeight >= y: i = ceil(y / rowHeight) - 1.
                i = max(0, (y &+ rowHeight &- 1) / rowHeight &- 1)
            } else {
                // (i + 1) * rowHeight > y: i = floor(y / rowHeight).
                i = y / rowHeight
            }
            return i < count ? i : nil
        }
        // "Beyond" is bottom >= limit: bottom > y is bottom >= y + 1.
        let limit = inclusive ? y : y &+ 1
        let count = self.count
        @inline(__always) func scan<T: FixedWidthInteger>(_ h: UnsafePointer<T>, _ none: T, from start: Int,
                                                          bottom: Int) -> Int? {
            var bottom = bottom
            for i in start..<count {
                let v = h[i]
                bottom &+= v == none ? rowHeight : Int(v)
                if bottom >= limit { return i }
            }
            return nil
        }
        guard narrow else { return scan(h.assumingMemoryBound(to: UInt32.self), RowRun.none, from: 0, bottom: 0) }
        // Two bytes a row: eight rows at a time (`narrowBlock`) up to the
        // block that reaches the limit, then row by row in it.
        let h16 = h.assumingMemoryBound(to: UInt16.self)
        var bottom = 0
        var start = 0
        while start &+ 8 <= count {
            let block = PlainRows.narrowBlock(h16 + start, rowHeight: rowHeight)
            if bottom &+ block >= limit { break }
            bottom &+= block
            start &+= 8
        }
        return scan(h16, RowHeights.narrowNone, from: start, bottom: bottom)
    }
}
