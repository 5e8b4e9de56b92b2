/// A chunk's stored row heights in units, `RowRun.none` meaning the
/// section's default, in the fewest bytes that hold them all: one byte a
/// row while every height is a whole number of points below 255 (what a
/// toolkit that measures in pixels gives), two while every one is below
/// 65535 units (256 pt, taller than rows of text), four once one is not. A
/// height that does not fit widens the whole chunk (at most
/// `RowRun.chunkSize` rows) once; a chunk built anew is as narrow as its
/// heights allow. Fewer bytes a row is less memory for a table of measured
/// rows and fewer cache lines for a scan of a chunk.
///
/// The rows live in one allocation (`HeightChunk`) shared between copies
/// until one changes them.
struct RowHeights {
    private var chunk: HeightChunk

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
    static func inPoints(_ h: UInt32) -> UInt8 {
        h == RowRun.none ? pointsNone : UInt8(truncatingIfNeeded: h >> pointShift)
    }

    @inline(__always)
    static func fromPoints(_ p: UInt8) -> UInt32 { p == pointsNone ? RowRun.none : UInt32(p) << pointShift }

    /// Whether `h` (a stored height or `RowRun.none`) fits two bytes.
    @inline(__always)
    static func fitsNarrow(_ h: UInt32) -> Bool { h < UInt32(narrowNone) || h == RowRun.none }

    @inline(__always)
    static func narrowed(_ h: UInt32) -> UInt16 { h == RowRun.none ? narrowNone : UInt16(truncatingIfNeeded: h) }

    @inline(__always)
    static func widened(_ h: UInt16) -> UInt32 { h == narrowNone ? RowRun.none : UInt32(h) }

    /// Row `i`'s stored height (`RowRun.none` for the default) in rows of
    /// `width` bytes at `rows`: the one decoding of a stored row, for a
    /// chunk (`HeightChunk.load`) and for lookups (`PlainRows.height`).
    @inline(__always)
    static func load(_ rows: UnsafeRawPointer, _ i: Int, width: Int) -> UInt32 {
        switch width {
        case 1: return fromPoints(rows.load(fromByteOffset: i, as: UInt8.self))
        case 2: return widened(rows.load(fromByteOffset: i &* 2, as: UInt16.self))
        default: return rows.load(fromByteOffset: i &* 4, as: UInt32.self)
        }
    }

    /// The fewest bytes a row that hold every one of `values`: 1 (whole
    /// points), 2 or 4.
    @inline(__always)
    static func width(of values: some Sequence<UInt32>) -> Int {
        values.allSatisfy(RowHeights.fitsPoints) ? 1 : values.allSatisfy(RowHeights.fitsNarrow) ? 2 : 4
    }

    /// `values`, in the fewest bytes a row that hold them all.
    init(_ values: ArraySlice<UInt32>) {
        let width = RowHeights.width(of: values)
        chunk = .make(count: values.count, width: width)
        for (i, v) in values.enumerated() { chunk.store(i, v, width: width) }
    }

    /// `count` rows of the default height.
    init(defaults count: Int) {
        chunk = .make(count: count, width: 1)
        chunk.rows.initializeMemory(as: UInt8.self, repeating: RowHeights.pointsNone, count: count)
    }

    /// Bytes a row: 1, 2 or 4.
    @inline(__always)
    var width: Int { Int(chunk.header.width) }

    @inline(__always)
    var count: Int { Int(chunk.header.count) }

    /// Every row's stored height, four bytes each. O(count).
    var values: [UInt32] {
        let width = self.width
        return (0..<count).map { chunk.load($0, width: width) }
    }

    /// Rows `range`, as narrow as they allow (a part of a wider chunk may
    /// fit fewer bytes).
    func slice(_ range: Range<Int>) -> RowHeights {
        let width = self.width
        guard width != 1 else {
            let part = RowHeights(chunk: .make(count: range.count, width: 1))
            part.chunk.rows.copyMemory(from: chunk.rows + range.lowerBound, byteCount: range.count)
            return part
        }
        return RowHeights(range.map { chunk.load($0, width: width) }[...])
    }

    private init(chunk: HeightChunk) { self.chunk = chunk }

    /// Row `i`'s stored height (`RowRun.none` for the default). Setting one
    /// that does not fit the chunk's bytes a row widens the chunk.
    subscript(i: Int) -> UInt32 {
        @inline(__always) get { chunk.load(i, width: width) }
        set {
            let width = self.width
            guard RowHeights.fits(newValue, width) else { return rewrite { $0[i] = newValue } }
            if !isKnownUniquelyReferenced(&chunk) { chunk = chunk.copy() }
            chunk.store(i, newValue, width: width)
        }
    }

    /// Whether `h` fits `width` bytes a row.
    @inline(__always)
    static func fits(_ h: UInt32, _ width: Int) -> Bool {
        width == 4 || (width == 2 ? fitsNarrow(h) : fitsPoints(h))
    }

    /// Applies `edit` to the chunk's heights read out four bytes each (a
    /// height that does not fit its bytes a row), then writes it again as
    /// narrow as its heights allow. O(count).
    private mutating func rewrite(_ edit: (inout [UInt32]) -> Void) {
        var v = values
        edit(&v)
        self = RowHeights(v[...])
    }

    /// Inserts `values` before row `i`, widening the chunk if one does
    /// not fit. O(count).
    mutating func insert(contentsOf values: [UInt32], at i: Int) {
        let width = self.width
        guard values.allSatisfy({ RowHeights.fits($0, width) }) else {
            return rewrite { $0.insert(contentsOf: values, at: i) }
        }
        let n = count, k = values.count
        if n + k <= Int(chunk.header.capacity), isKnownUniquelyReferenced(&chunk) {
            // In place: rows appended one at a time (a log) take no allocation each.
            let rows = chunk.rows
            (rows + (i + k) * width).copyMemory(from: rows + i * width, byteCount: (n - i) * width)
        } else {
            // Room for twice the rows, up to a full chunk, as an array
            // would grow (a chunk built at once has none to spare).
            let grown = HeightChunk.make(count: n + k, width: width,
                                         capacity: max(n + k, min(2 * n, RowRun.chunkSize)))
            grown.rows.copyMemory(from: chunk.rows, byteCount: i * width)
            (grown.rows + (i + k) * width).copyMemory(from: chunk.rows + i * width, byteCount: (n - i) * width)
            chunk = grown
        }
        chunk.header.count = Int32(truncatingIfNeeded: n + k)
        for (j, v) in values.enumerated() { chunk.store(i + j, v, width: width) }
    }

    /// Removes rows `range`, in place when the rows are not shared. O(count).
    mutating func removeSubrange(_ range: Range<Int>) {
        let width = self.width, n = count
        if !isKnownUniquelyReferenced(&chunk) { chunk = chunk.copy() }
        let rows = chunk.rows
        (rows + range.lowerBound * width).copyMemory(from: rows + range.upperBound * width,
                                                     byteCount: (n - range.upperBound) * width)
        chunk.header.count = Int32(n - range.count)
    }

    /// Whether every row has the default height. O(count).
    var allDefault: Bool {
        let width = self.width
        return (0..<count).allSatisfy { chunk.load($0, width: width) == RowRun.none }
    }

    /// The rows as `PlainRows`, read in place.
    @inline(__always)
    func withPlainRows<R>(_ body: (PlainRows) -> R) -> R {
        withExtendedLifetime(chunk) {
            body(PlainRows(heights: UnsafeRawPointer(chunk.rows), width: width, count: count))
        }
    }

    /// What a leaf records of these rows (`PlainRows(lookup:)`): the
    /// chunk's address, whose rows start `HeightChunk.rowsOffset` bytes in;
    /// 0 if they do not (none is expected: ask the piece).
    var address: Int {
        let object = Int(bitPattern: Unmanaged.passUnretained(chunk).toOpaque())
        return Int(bitPattern: chunk.rows) == object &+ HeightChunk.rowsOffset ? object : 0
    }

    /// The sum of the rows' own heights and the number of default rows.
    /// O(count), without branches.
    func sums() -> (fixed: Int, defaults: Int) {
        @inline(__always) func add<T: FixedWidthInteger>(_ h: UnsafeMutableRawPointer, _ n: Int,
                                                         _ none: T) -> (fixed: Int, defaults: Int) {
            var sum = 0, defaults = 0
            for v in UnsafeBufferPointer(start: h.assumingMemoryBound(to: T.self), count: n) {
                let isDefault = v == none
                defaults &+= isDefault ? 1 : 0
                sum &+= isDefault ? 0 : Int(v)
            }
            return (sum, defaults)
        }
        return withExtendedLifetime(chunk) {
            switch width {
            case 1:
                let (sum, defaults) = add(chunk.rows, count, RowHeights.pointsNone)
                return (sum &<< RowHeights.pointShift, defaults)
            case 2: return add(chunk.rows, count, RowHeights.narrowNone)
            default: return add(chunk.rows, count, RowRun.none)
            }
        }
    }
}

/// A chunk's heights in one allocation: its shape, then the rows, 1, 2 or
/// 4 bytes each (`RowHeights`). An array per width carried a 32-byte header
/// where this has 24: 16 bytes less a chunk once malloc rounds.
final class HeightChunk: ManagedBuffer<HeightChunk.Shape, UInt8> {
    struct Shape {
        var count: Int32
        /// Rows there is room for (at most `Int16.max` recorded: it only
        /// lets an insert stay in place).
        var capacity: Int16
        /// Bytes a row.
        var width: Int16
    }

    /// Bytes from the object's address to its first row: the object's
    /// header and the shape. Checked where it is relied on
    /// (`RowHeights.address`).
    static let rowsOffset = 24

    static func make(count: Int, width: Int, capacity: Int = 0) -> HeightChunk {
        let capacity = max(count, capacity)
        let b = HeightChunk.create(minimumCapacity: capacity * width) { _ in
            Shape(count: Int32(truncatingIfNeeded: count), capacity: Int16(min(capacity, Int(Int16.max))),
                  width: Int16(truncatingIfNeeded: width))
        }
        return unsafeDowncast(b, to: HeightChunk.self)
    }

    /// The rows. Valid while the chunk lives.
    @inline(__always)
    var rows: UnsafeMutableRawPointer { withUnsafeMutablePointerToElements { UnsafeMutableRawPointer($0) } }

    func copy() -> HeightChunk {
        let c = HeightChunk.make(count: Int(header.count), width: Int(header.width))
        c.rows.copyMemory(from: rows, byteCount: Int(header.count) * Int(header.width))
        return c
    }

    /// Row `i`'s stored height, the chunk `width` bytes a row.
    @inline(__always)
    func load(_ i: Int, width: Int) -> UInt32 { RowHeights.load(rows, i, width: width) }

    /// Stores row `i`'s height, which must fit `width` bytes.
    @inline(__always)
    func store(_ i: Int, _ h: UInt32, width: Int) {
        switch width {
        case 1: rows.storeBytes(of: RowHeights.inPoints(h), toByteOffset: i, as: UInt8.self)
        case 2: rows.storeBytes(of: RowHeights.narrowed(h), toByteOffset: i &* 2, as: UInt16.self)
        default: rows.storeBytes(of: h, toByteOffset: i &* 4, as: UInt32.self)
        }
    }
}
