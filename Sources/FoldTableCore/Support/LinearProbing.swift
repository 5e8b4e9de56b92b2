/// The rules the open-addressing tables share (`IdentityTable`,
/// `SectionKeys`): linear probing over a power of two of slots, at most
/// 3/4 full, and deletion by moving back the rest of a probe run.
enum LinearProbing {
    /// Whether a table of `count` entries in `slots` slots must grow
    /// before it takes one more.
    @inline(__always)
    static func mustGrow(count: Int, slots: Int) -> Bool { (count + 1) * 4 > slots * 3 }

    /// Whether the entry in slot `j`, whose home slot is `home`, stays
    /// where it is when slot `hole` (before it in its probe run) empties:
    /// when its home lies cyclically in (hole, j]. Else it fills the hole.
    @inline(__always)
    static func stays(at j: Int, home: Int, after hole: Int) -> Bool {
        hole <= j ? (hole < home && home <= j) : (hole < home || home <= j)
    }
}
