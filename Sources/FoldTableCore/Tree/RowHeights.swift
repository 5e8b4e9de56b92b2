/// A chunk's stored row heights in units, `RowRun.none` meaning the
/// section's default, in the fewest bytes that hold them all: one byte a
/// row while every height is a whole number of points below 255 (what a
/// toolkit that measures in pixels gives), two while every one is below
/// 65535 units (256 pt, taller than rows of text), four once one is not. A
/// height that does not fit widens the whole chunk (at most
/// `RowRun.chunkSize` rows) once; a chunk built anew is as narrow as its
/// heights allow. Fewer bytes a row is less memory for a table of measured
/// rows and fewer cache lines for a scan of a chunk.
enum RowHeights {
    case points([UInt8])
    case narrow([UInt16])
    case wide([UInt32])

    /// `RowRun.none` in a chunk of whole points.
    static let pointsNone = UInt8.max
    /// `RowRun.none` in a narrow chunk.
    static let narrowNone = UInt16.max
    /// Units a point is shifted by: `Units.perPoint` is 256.
    static let pointShift = 8

    /// Whether `h` (a stored height or `RowRun.none`) fits one byte: whole
    /// points, 0...254.
    @inline(__always)
    static func fitsPoints(_ h: UInt32) -> Bool {
        h == RowRun.none || (h & (1 << pointShift &- 1) == 0 && h < UInt32(pointsNone) << pointShift)
    }

    @inline(__always)
    static func inPoints(_ h: UInt32) -> UInt8 { h == RowRun.none ? pointsNone : UInt8(truncatingIfNeeded: h >> pointShift) }

    @inline(__always)
    static func fromPoints(_ p: UInt8) -> UInt32 { p == pointsNone ? RowRun.none : UInt32(p) << pointShift }

    /// Whether `h` (a stored height or `RowRun.none`) fits two bytes.
    @inline(__always)
    static func fitsNarrow(_ h: UInt32) -> Bool { h < UInt32(narrowNone) || h == RowRun.none }

    @inline(__always)
    static func narrowed(_ h: UInt32) -> UInt16 { h == RowRun.none ? narrowNone : UInt16(truncatingIfNeeded: h) }

    @inline(__always)
    static func widened(_ h: UInt16) -> UInt32 { h == narrowNone ? RowRun.none : UInt32(h) }

    /// `values`, in the fewest bytes a row that hold them all.
    init(_ values: ArraySlice<UInt32>) {
        if values.allSatisfy(RowHeights.fitsPoints) {
            self = .points(values.map(RowHeights.inPoints))
        } else if values.allSatisfy(RowHeights.fitsNarrow) {
            self = .narrow(values.map(RowHeights.narrowed))
        } else {
            self = .wide(Array(values))
        }
    }

    /// Every row's stored height, four bytes each. O(count).
    var values: [UInt32] {
        switch self {
        case .points(let h): return h.map(RowHeights.fromPoints)
        case .narrow(let h): return h.map(RowHeights.widened)
        case .wide(let h): return h
        }
    }

    /// Rows `range`, as narrow as they allow (a part of a wider chunk may
    /// fit fewer bytes).
    func slice(_ range: Range<Int>) -> RowHeights {
        switch self {
        case .points(let h): return .points(Array(h[range]))
        case .narrow(let h):
            let part = h[range]
            return part.allSatisfy({ RowHeights.fitsPoints(RowHeights.widened($0)) })
                ? .points(part.map { RowHeights.inPoints(RowHeights.widened($0)) }) : .narrow(Array(part))
        case .wide(let h): return RowHeights(h[range])
        }
    }

    /// `count` rows of the default height.
    init(defaults count: Int) {
        self = .points([UInt8](repeating: RowHeights.pointsNone, count: count))
    }

    var count: Int {
        switch self {
        case .points(let h): return h.count
        case .narrow(let h): return h.count
        case .wide(let h): return h.count
        }
    }

    /// Row `i`'s stored height (`RowRun.none` for the default). Setting one
    /// that does not fit the chunk's bytes a row widens the chunk.
    subscript(i: Int) -> UInt32 {
        @inline(__always) get {
            switch self {
            case .points(let h): return RowHeights.fromPoints(h[i])
            case .narrow(let h): return RowHeights.widened(h[i])
            case .wide(let h): return h[i]
            }
        }
        set {
            // Each case drops the enum's reference first (`self = .wide([])`),
            // so that `h` is written in place. (Conditions inside the cases:
            // with them as `where` clauses the array was copied every time.)
            switch self {
            case .points(var h):
                guard RowHeights.fitsPoints(newValue) else { return rewrite { $0[i] = newValue } }
                self = .wide([])
                h[i] = RowHeights.inPoints(newValue)
                self = .points(h)
            case .narrow(var h):
                guard RowHeights.fitsNarrow(newValue) else { return rewrite { $0[i] = newValue } }
                self = .wide([])
                h[i] = RowHeights.narrowed(newValue)
                self = .narrow(h)
            case .wide(var h):
                self = .wide([])
                h[i] = newValue
                self = .wide(h)
            }
        }
    }

    /// Applies `edit` to the chunk's heights read out four bytes each (a
    /// height that does not fit its bytes a row), then writes it again as
    /// narrow as its heights allow. O(count).
    private mutating func rewrite(_ edit: (inout [UInt32]) -> Void) {
        var v = values
        edit(&v)
        self = RowHeights(v[...])
    }

    mutating func insert(contentsOf values: [UInt32], at i: Int) {
        // (As in the subscript's setter: conditions inside the cases.)
        switch self {
        case .points(var h):
            guard values.allSatisfy(RowHeights.fitsPoints) else { return rewrite { $0.insert(contentsOf: values, at: i) } }
            self = .wide([])
            h.insert(contentsOf: values.lazy.map(RowHeights.inPoints), at: i)
            self = .points(h)
        case .narrow(var h):
            guard values.allSatisfy(RowHeights.fitsNarrow) else { return rewrite { $0.insert(contentsOf: values, at: i) } }
            self = .wide([])
            h.insert(contentsOf: values.lazy.map(RowHeights.narrowed), at: i)
            self = .narrow(h)
        case .wide(var h):
            self = .wide([])
            h.insert(contentsOf: values, at: i)
            self = .wide(h)
        }
    }

    mutating func removeSubrange(_ range: Range<Int>) {
        switch self {
        case .points(var h):
            self = .wide([])
            h.removeSubrange(range)
            self = .points(h)
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
        case .points(let h): return h.allSatisfy { $0 == RowHeights.pointsNone }
        case .narrow(let h): return h.allSatisfy { $0 == RowHeights.narrowNone }
        case .wide(let h): return h.allSatisfy { $0 == RowRun.none }
        }
    }

    /// The rows as `PlainRows`, read in place.
    @inline(__always)
    func withPlainRows<R>(_ body: (PlainRows) -> R) -> R {
        switch self {
        case .points(let h):
            return h.withUnsafeBufferPointer { body(PlainRows(heights: UnsafeRawPointer($0.baseAddress), width: 1, count: $0.count)) }
        case .narrow(let h):
            return h.withUnsafeBufferPointer { body(PlainRows(heights: UnsafeRawPointer($0.baseAddress), width: 2, count: $0.count)) }
        case .wide(let h):
            return h.withUnsafeBufferPointer { body(PlainRows(heights: UnsafeRawPointer($0.baseAddress), width: 4, count: $0.count)) }
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
        case .points(let h):
            let (sum, defaults) = add(h, RowHeights.pointsNone)
            return (sum &<< RowHeights.pointShift, defaults)
        case .narrow(let h): return add(h, RowHeights.narrowNone)
        case .wide(let h): return add(h, RowRun.none)
        }
    }
}
