/// The engine's one arithmetic for heights and offsets: integers in a fixed
/// unit of 1/256 pt, summed exactly.
///
/// A height given in points is rounded once, to the nearest unit (ties to
/// even), and every height, top and sum is then an integer number of units;
/// a point value handed back is `Double(units) / 256`, which is exact. The
/// bounds in `Limits` keep every sum below 2^53 units, so no sum overflows
/// and every conversion to Double is exact: the geometry queries agree with
/// each other bit for bit, whatever the heights.
enum Units {
    /// Units per point.
    static let perPoint = 256
    /// A bound for offsets converted from points: far beyond any content
    /// (< 2^53 units), and far from Int overflow when a height is added.
    static let offsetBound = 1 << 62

    /// The units of a height already checked by `Limits.check(height:)`
    /// (finite, 0...Limits.maxHeight): `(h * 256)` rounded to the nearest
    /// integer, ties to even. Exact up to the rounding (h * 256 <= 2^24).
    @inline(__always)
    static func of(height h: Double) -> Int {
        Int((h * Double(perPoint)).rounded(.toNearestOrEven))
    }

    /// A checked height as the engine keeps it, in points (17.7 becomes 17.69921875).
    @inline(__always)
    static func quantized(_ h: Double) -> Double { points(of(height: h)) }

    /// Units in points, exactly (|units| < 2^53).
    @inline(__always)
    static func points(_ units: Int) -> Double { Double(units) / Double(perPoint) }

    /// The unit an offset falls in: floor(y * 256), clamped to
    /// ±`offsetBound` (y * 256 is exact in binary; a huge y is clamped, not
    /// trapped). For a finite y and an integer t, t <= y exactly when
    /// t <= floor(y), and y < t exactly when floor(y) < t: comparing units
    /// decides what comparing the points would.
    @inline(__always)
    static func floor(offset y: Double) -> Int { units(offset: y, .down) }

    /// ceil(y * 256), clamped like `floor(offset:)`: for an integer t,
    /// t < y exactly when t < ceil(y).
    @inline(__always)
    static func ceil(offset y: Double) -> Int { units(offset: y, .up) }

    /// y * 256 rounded by `rule` and clamped to ±`offsetBound` (NaN, which
    /// callers have refused, gives `offsetBound`).
    @inline(__always)
    private static func units(offset y: Double, _ rule: FloatingPointRoundingRule) -> Int {
        let scaled = (y * Double(perPoint)).rounded(rule)
        if !(scaled < Double(offsetBound)) { return offsetBound }
        if !(scaled > -Double(offsetBound)) { return -offsetBound }
        return Int(scaled)
    }
}
