/// Rows at their normal heights, none expanded: a run's heights as a bare
/// buffer (nil: every row is the default height), which lookups can read
/// straight from the address a leaf records (`RowRun.lookup`). One, two or
/// four bytes a row (`RowHeights`): whole points, or units.
struct PlainRows {
    let heights: UnsafeRawPointer?
    /// Bytes a row: 1 (`RowHeights.points`), 2 (`narrow`) or 4 (`wide`).
    let width: Int
    let count: Int

    /// From a leaf's `lookup` entry and the run's row count; nil when the
    /// entry says to ask the piece (or is not a row run).
    @inline(__always)
    init?(lookup: Int, count: Int) {
        guard LookupTag.tag(lookup) == LookupTag.plainRows else { return nil }
        // The chunk's address (`RowHeights.address`), 0 for default rows.
        let chunk = LookupTag.address(lookup)
        heights = UnsafeRawPointer(bitPattern: chunk == 0 ? 0 : chunk &+ HeightChunk.rowsOffset)
        width = LookupTag.width(lookup)
        self.count = count
    }

    @inline(__always)
    init(heights: UnsafeRawPointer?, width: Int, count: Int) {
        self.heights = heights
        self.width = width
        self.count = count
    }

    @inline(__always)
    func height(_ i: Int, rowHeight: Int) -> Int { height(i, width: width, rowHeight: rowHeight) }

    /// `height(_:rowHeight:)` for a caller that knows the width (a loop
    /// over a run's rows, one loop per width).
    @inline(__always)
    func height(_ i: Int, width: Int, rowHeight: Int) -> Int {
        guard let heights else { return rowHeight }
        let v = RowHeights.load(heights, i, width: width)
        return v == RowRun.none ? rowHeight : Int(v)
    }

    /// One-byte rows as lanes of two 64-bit words (integer steps, which
    /// every target runs well; the vector forms of these widenings were
    /// library calls here): their bytes, defaults (0xFF) included, summed
    /// in 16-bit lanes, and a 1 in the byte of each default. Lanes of up to
    /// 64 rows (a chunk) add up without carries; `height` then totals them.
    private struct PointLanes {
        var bytes = SIMD2<UInt64>()
        var defaults = SIMD2<UInt64>()

        init() {}

        /// The eight rows at byte `offset`; `first` < 8: only the first
        /// `first` of them (the word is read whole: callers make sure it
        /// lies inside the chunk).
        @inline(__always)
        init(_ h: UnsafeRawPointer, _ offset: Int, first: Int = 8) {
            let keep: UInt64 = first >= 8 ? ~0 : (1 &<< UInt64(truncatingIfNeeded: first &* 8)) &- 1
            self.init(SIMD2(UInt64(littleEndian: h.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) & keep, 0))
        }

        /// The sixteen rows at byte `offset`, two words at a time (the
        /// order of the bytes does not matter to a sum).
        @inline(__always)
        init(sixteen h: UnsafeRawPointer, _ offset: Int) {
            self.init(h.loadUnaligned(fromByteOffset: offset, as: SIMD2<UInt64>.self))
        }

        @inline(__always)
        private init(_ x: SIMD2<UInt64>) {
            let low7 = SIMD2<UInt64>(repeating: 0x7F7F_7F7F_7F7F_7F7F)
            let pair = SIMD2<UInt64>(repeating: 0x00FF_00FF_00FF_00FF)
            // A default (0xFF) is the only byte `~x` has zero (a byte masked
            // off is 0xFF there); a byte's top bit here says it is not zero
            // (no carry crosses a byte).
            let y = ~x
            let nonzero = ((y & low7) &+ low7) | y
            bytes = (x & pair) &+ ((x &>> 8) & pair)
            defaults = (~nonzero & ~low7) &>> 7
        }

        @inline(__always)
        mutating func add(_ other: PointLanes) {
            bytes &+= other.bytes
            defaults &+= other.defaults
        }

        /// The rows' height: the lanes added into the top bits by one
        /// multiplication each, and each default's 255 swapped for
        /// `rowHeight`.
        @inline(__always)
        func height(rowHeight: Int) -> Int {
            let sum = Int(truncatingIfNeeded: ((bytes[0] &+ bytes[1]) &* 0x0001_0001_0001_0001) >> 48)
            let count = Int(truncatingIfNeeded: ((defaults[0] &+ defaults[1]) &* 0x0101_0101_0101_0101) >> 56)
            return (sum &- count &* Int(RowHeights.pointsNone)) &<< RowHeights.pointShift &+ count &* rowHeight
        }
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
        @inline(__always) func sum<T: FixedWidthInteger>(_ h: UnsafePointer<T>, _ none: T, from start: Int,
                                                         shift: Int = 0) -> Int {
            var sum = 0
            for k in start..<i {
                let v = h[k]
                sum &+= v == none ? rowHeight : Int(v) &<< shift
            }
            return sum
        }
        switch width {
        case 1:
            // One byte a row: sixteen rows a step, then eight (`PointLanes`).
            var lanes = PointLanes()
            var start = 0
            while start &+ 16 <= i {
                lanes.add(PointLanes(sixteen: h, start))
                start &+= 16
            }
            if start &+ 8 <= i {
                lanes.add(PointLanes(h, start))
                start &+= 8
            }
            // The last rows with the word they start, masked, where it lies
            // inside the chunk (always in a full one: the word is in the
            // cache line of its first row); else row by row.
            if start < i, start &+ 8 <= count {
                lanes.add(PointLanes(h, start, first: i &- start))
                start = i
            }
            return lanes.height(rowHeight: rowHeight)
                &+ sum(h.assumingMemoryBound(to: UInt8.self), RowHeights.pointsNone, from: start,
                       shift: RowHeights.pointShift)
        case 2:
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
            return Int(stored.wrappedSum())
                &+ Int(SIMD8<UInt32>(truncatingIfNeeded: defaults).wrappedSum()) &* rowHeight
                &+ sum(h.assumingMemoryBound(to: UInt16.self), RowHeights.narrowNone, from: start)
        default:
            return sum(h.assumingMemoryBound(to: UInt32.self), RowRun.none, from: 0)
        }
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
                                                          bottom: Int, shift: Int = 0) -> Int? {
            var bottom = bottom
            for i in start..<count {
                let v = h[i]
                bottom &+= v == none ? rowHeight : Int(v) &<< shift
                if bottom >= limit { return i }
            }
            return nil
        }
        // One or two bytes a row: sixteen rows, then eight (`PointLanes`),
        // or eight (`narrowBlock`) at a time up to the block that reaches
        // the limit, then row by row in it.
        var bottom = 0
        var start = 0
        switch width {
        case 1:
            while start &+ 16 <= count {
                let block = PointLanes(sixteen: h, start).height(rowHeight: rowHeight)
                if bottom &+ block >= limit { break }
                bottom &+= block
                start &+= 16
            }
            if start &+ 8 <= count {
                let block = PointLanes(h, start).height(rowHeight: rowHeight)
                if bottom &+ block < limit {
                    bottom &+= block
                    start &+= 8
                }
            }
            return scan(h.assumingMemoryBound(to: UInt8.self), RowHeights.pointsNone, from: start, bottom: bottom,
                        shift: RowHeights.pointShift)
        case 2:
            let h16 = h.assumingMemoryBound(to: UInt16.self)
            while start &+ 8 <= count {
                let block = PlainRows.narrowBlock(h16 + start, rowHeight: rowHeight)
                if bottom &+ block >= limit { break }
                bottom &+= block
                start &+= 8
            }
            return scan(h16, RowHeights.narrowNone, from: start, bottom: bottom)
        default:
            return scan(h.assumingMemoryBound(to: UInt32.self), RowRun.none, from: 0, bottom: 0)
        }
    }
}
