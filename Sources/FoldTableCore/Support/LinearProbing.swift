/// The rules the open-addressing tables share (`IdentityTable`,
/// `SectionKeys`): linear probing over a power of two of slots, at most
/// 3/4 full, and deletion by moving back the rest of a probe run.
enum LinearProbing {
    /// Whether a table of `count` entries in `slots` slots must grow
    /// before it takes one more.
    @inline(__always)
    static func mustGrow(count: Int, slots: Int) -> Bool { (count + 1) * 4 > slots * 3 }

    /// The slots a table needs to hold `n` entries: the least power of two
    /// from `least` on that they fill at most 3/4 of. O(log n).
    static func slots(for n: Int, least: Int) -> Int {
        var size = least
        while size / 4 * 3 < n { size <<= 1 }
        return size
    }

    /// Whether the entry in slot `j`, whose home slot is `home`, stays
    /// where it is when slot `hole` (before it in its probe run) empties:
    /// when its home lies cyclically in (hole, j]. Else it fills the hole.
    @inline(__always)
    static func stays(at j: Int, home: Int, after hole: Int) -> Bool {
        hole <= j ? (hole < home && home <= j) : (hole < home || home <= j)
    }
}
