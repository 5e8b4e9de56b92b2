/// A chunk's stored row heights in units, `RowRun.none` meaning the
/// section's default: two bytes a row while every height is below 65535
/// units (256 pt, taller than rows of text), four once one is not. A
/// height that does not fit widens the whole chunk (at most
/// `RowRun.chunkSize` rows) once; a chunk built anew is narrow again when
/// its heights fit. Half the bytes per row is half the memory of a table of
/// measured rows and half the cache lines a scan of a chunk reads.
enum RowHeights {
    case narrow([UInt16])
    case wide([UInt32])

    /// `RowRun.none` in a narrow chunk.
    static let narrowNone = UInt16.max

    /// Whether `h` (a stored height or `RowRun.none`) fits two bytes.
    @inline(__always)
    static func fitsNarrow(_ h: UInt32) -> Bool { h < UInt32(narrowNone) || h == RowRun.none }

    @inline(__always)
    static func narrowed(_ h: UInt32) -> UInt16 { h == RowRun.none ? narrowNone : UInt16(truncatingIfNeeded: h) }

    @inline(__always)
    static func widened(_ h: UInt16) -> UInt32 { h == narrowNone ? RowRun.none : UInt32(h) }

    /// `values`, narrow when they all fit.
    init(_ values: ArraySlice<UInt32>) {
        if values.allSatisfy(RowHeights.fitsNarrow) {
            self = .narrow(values.map(RowHeights.narrowed))
        } else {
            self = .wide(Array(values))
        }
    }

    /// Rows `range`, narrow when they fit (a wide chunk's part may).
    func slice(_ range: Range<Int>) -> RowHeights {
        switch self {
        case .narrow(let h): return .narrow(Array(h[range]))
        case .wide(let h): return RowHeights(h[range])
        }
    }

    /// `count` rows of the default height.
    init(defaults count: Int) {
        self = .narrow([UInt16](repeating: RowHeights.narrowNone, count: count))
    }

    var count: Int {
        switch self {
        case .narrow(let h): return h.count
        case .wide(let h): return h.count
        }
    }

    /// Row `i`'s stored height (`RowRun.none` for the default). Setting one
    /// that does not fit two bytes widens the chunk.
    subscript(i: Int) -> UInt32 {
        @inline(__always) get {
            switch self {
            case .narrow(let h): return RowHeights.widened(h[i])
            case .wide(let h): return h[i]
            }
        }
        set {
            switch self {
            case .narrow(var h) where RowHeights.fitsNarrow(newValue):
                self = .wide([])  // (drops the reference, so `h` is written in place)
                h[i] = RowHeights.narrowed(newValue)
                self = .narrow(h)
            case .narrow(let h):
                var w = h.map(RowHeights.widened)
                w[i] = newValue
                self = .wide(w)
            case .wide(var h):
                self = .wide([])
                h[i] = newValue
                self = .wide(h)
            }
        }
    }

    mutating func insert(contentsOf values: [UInt32], at i: Int) {
        switch self {
        case .narrow(var h) where values.allSatisfy(RowHeights.fitsNarrow):
            self = .wide([])
            h.insert(contentsOf: values.lazy.map(RowHeights.narrowed), at: i)
            self = .narrow(h)
        case .narrow(let h):
            var w = h.map(RowHeights.widened)
            w.insert(contentsOf: values, at: i)
            self = .wide(w)
        case .wide(var h):
            self = .wide([])
            h.insert(contentsOf: values, at: i)
            self = .wide(h)
        }
    }

    mutating func removeSubrange(_ range: Range<Int>) {
        switch self {
        case .narrow(var h):
            self = .wide([])
            h.removeSubrange(range)
            self = .narrow(h)
        case .wide(var h):
            self = .wide([])
            h.removeSubrange(range)
            self = .wide(h)
        }
    }

    /// Whether every row has the default height. O(count).
    var allDefault: Bool {
        switch self {
        case .narrow(let h): return h.allSatisfy { $0 == RowHeights.narrowNone }
        case .wide(let h): return h.allSatisfy { $0 == RowRun.none }
        }
    }

    /// The rows as `PlainRows`, read in place.
    @inline(__always)
    func withPlainRows<R>(_ body: (PlainRows) -> R) -> R {
        switch self {
        case .narrow(let h):
            return h.withUnsafeBufferPointer { body(PlainRows(heights: UnsafeRawPointer($0.baseAddress), narrow: true, count: $0.count)) }
        case .wide(let h):
            return h.withUnsafeBufferPointer { body(PlainRows(heights: UnsafeRawPointer($0.baseAddress), narrow: false, count: $0.count)) }
        }
    }

    /// The sum of the rows' own heights and the number of default rows.
    /// O(count), without branches.
    func sums() -> (fixed: Int, defaults: Int) {
        @inline(__always) func add<T: FixedWidthInteger>(_ h: [T], _ none: T) -> (fixed: Int, defaults: Int) {
            var sum = 0, defaults = 0
            h.withUnsafeBufferPointer { h in
                for v in h {
                    let isDefault = v == none
                    defaults &+= isDefault ? 1 : 0
                    sum &+= isDefault ? 0 : Int(v)
                }
            }
            return (sum, defaults)
        }
        switch self {
        case .narrow(let h): return add(h, RowHeights.narrowNone)
        case .wide(let h): return add(h, RowRun.none)
        }
    }
}
