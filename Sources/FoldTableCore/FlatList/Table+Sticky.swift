/// A section header drawn stuck to the top of the viewport. Made by the
/// engine only: the synthesized (internal) memberwise initializer is enough.
public struct StickyHeader: Equatable, Sendable {
    /// The header's position in the flat list.
    public var position: Int
    /// Its section's nesting depth (0 for top-level sections).
    public var depth: Int
    /// Its section's key.
    var key: String
    /// Where it is drawn (its natural top at the latest).
    public var top: Double
    public var height: Double
    /// Its section's id.
    public var sectionID: SectionID = 0
}

extension Table {
    /// The headers that stick at the top of a viewport scrolled to `offset`,
    /// stacked the way CSS `position: sticky` headers stack: one per nesting
    /// level that has a header item (sections without one are looked
    /// through), outermost first, at most `stickyLevels` of them when that is set.
    ///
    /// The first is the top-level section whose range (header to footer)
    /// holds `offset`; it is drawn at `offset`. Each next one is the
    /// subsection of the previous one whose range holds the bottom of the
    /// headers drawn so far (the stack), drawn at that bottom: a subsection's
    /// header sticks as soon as its top reaches the stack, not the viewport's
    /// top. No header is drawn below its natural place, nor lower than its
    /// section's end minus its height: the next header of its own level (or
    /// whatever follows its section) pushes it up, sliding behind the headers
    /// above it; once an outer header is pushed, its stack bottom leaves the
    /// inner section, which drops out. Tops are in points: natural places
    /// and section ends exact (see `Units`), the stack from `offset` on.
    /// - Complexity: O(depth · log n)
    public func stickyHeaders(offset y: Double) throws -> [StickyHeader] {
        guard y.isFinite else { throw FoldError(.invalidArgument, "offset \(y) is not finite") }
        var out: [StickyHeader] = []
        var sec = root
        var top = paddingTopUnits  // top of `sec`'s children, in units
        var base = 0               // position of `sec`'s first child
        var stackTop = y           // where the next header sticks
        var depth = 0              // nesting depth of `sec`'s subsections
        while stickyLevels == 0 || out.count < stickyLevels {
            // The child of `sec` whose range holds the stack's bottom (the
            // first one ending below it); a row there ends the stack.
            let probe = Units.floor(offset: stackTop)
            guard let (ref, before) = ChildList.locate(from: sec.listStart, endingBeyond: probe &- top,
                                                       inclusive: false, rowHeight: sec.rowUnits),
                  let sub = ref.section else { break }
            let headerTop = top + before.height(sec.rowUnits)
            let position = base + before.items
            guard sub.hasHeader else {
                // No header item (so never collapsed): look through it.
                sec = sub
                top = headerTop
                base = position
                depth += 1
                continue
            }
            let h = sub.headerHeight
            let natural = Units.points(headerTop)
            let end = Units.points(headerTop + sub.contribution.fixedHeight)
            let drawn = max(natural, min(stackTop, end - h))
            out.append(StickyHeader(position: position, depth: depth, key: sub.key, top: drawn, height: h,
                                    sectionID: sub.id))
            stackTop = drawn + h
            guard sub.showsChildren else { break }
            sec = sub
            top = headerTop + sub.headerUnits
            base = position + 1
            depth += 1
        }
        return out
    }
}
