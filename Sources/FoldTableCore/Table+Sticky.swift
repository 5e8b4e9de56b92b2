/// A section header drawn stuck to the top of the viewport.
public struct StickyHeader: Equatable, Sendable {
    /// The header's position in the flat list.
    public var position: Int
    /// Its section's nesting depth (0 for top-level sections).
    public var depth: Int
    /// Its section's key.
    public var key: String
    /// Where it is drawn (its natural top at the latest).
    public var top: Double
    public var height: Double

    public init(position: Int, depth: Int, key: String, top: Double, height: Double) {
        self.position = position
        self.depth = depth
        self.key = key
        self.top = top
        self.height = height
    }
}

extension Table {
    /// The headers that stick at the top of a viewport scrolled to `offset`:
    /// one per nesting level, the sections enclosing the item at `offset`
    /// (outermost first), at most `stickyLevels` of them when that is set.
    /// Each is drawn just below the one above it (the first at `offset`),
    /// but no lower than its natural place and no lower than the end of its
    /// section minus its height — so the next header of the same level
    /// pushes it up as it arrives, sliding behind the headers above it.
    /// Headers pushed entirely behind the ones above them (or, for the
    /// first, above `offset`) are left out.
    /// - Complexity: O(depth · log n)
    public func stickyHeaders(offset y: Double) throws -> [StickyHeader] {
        guard y.isFinite else { throw FoldError(.invalidArgument, "offset \(y) is not finite") }
        let count = itemCount
        guard count > 0 else { return [] }
        let probe = y < options.paddingTop ? 0 : min(count - 1, firstPosition(bottomBeyond: y, inclusive: false))
        var chain: [(section: Section, position: Int, top: Double)] = []
        _ = try locateItem(probe) { sub, _, position, top in chain.append((sub, position, top)) }
        if stickyLevels > 0, chain.count > stickyLevels { chain.removeLast(chain.count - stickyLevels) }
        var out: [StickyHeader] = []
        var stackTop = y
        for (depth, level) in chain.enumerated() {
            let h = level.section.headerHeight
            let end = level.top + level.section.contribution.fixedHeight
            let drawn = max(level.top, min(stackTop, end - h))
            // Pushed entirely behind the headers above it: hidden, and so is every deeper one.
            guard drawn + h > stackTop || (h == 0 && drawn >= stackTop) else { break }
            out.append(StickyHeader(position: level.position, depth: depth, key: level.section.key,
                                    top: drawn, height: h))
            stackTop = drawn + h
        }
        return out
    }
}
