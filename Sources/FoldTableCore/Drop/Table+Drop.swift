/// A dragged item: a row of a section, or the whole section (`row` -1).
public struct DragItem: Hashable, Sendable {
    var section: SectionID
    var row: Int

    public init(section: SectionID, row: Int = -1) {
        self.section = section
        self.row = row
    }
}

/// What a drop at a place would do (FOLD_DROP_*).
public enum DropKind: Int32, Sendable {
    /// The items cannot be dropped here.
    case none = 0
    /// Between items: draw a line.
    case before = 1
    /// Onto a section: highlight it.
    case into = 2
}

/// Where dragged items would land, with the indicator to draw
/// (`Table.dropTarget`). For `.none` every other field is 0, `index` and
/// `position` -1.
public struct DropTarget: Equatable, Sendable {
    public var kind: DropKind
    /// The depth the items would have (0: the top level).
    public var depth: Int
    /// The section that gets them (0: the top level).
    public var parent: SectionID
    /// The child index they go before, counting the parent's children as
    /// they are now (dragged ones included); the child count: at the end.
    public var index: Int
    /// `.before`: the position of the item below the line (the item count
    /// at the very end); `.into`: the section's header.
    public var position: Int
    /// `.before`: the line's offset and where it starts (depth * indent width).
    public var lineY: Double
    public var lineX: Double
    /// `.into`: from the section's header top to the bottom of the last item it shows.
    public var highlightTop: Double
    public var highlightHeight: Double

    static let none = DropTarget(kind: .none, depth: 0, parent: 0, index: -1, position: -1,
                                 lineY: 0, lineX: 0, highlightTop: 0, highlightHeight: 0)
}

/// The dragged items, checked and resolved.
struct Dragged {
    enum Moving {
        case section(Section)
        case row(Section, Int)
    }

    /// Every dragged section (a place inside one cannot take the items).
    var sections = Set<ObjectIdentifier>()
    /// What moves, in the order given: without the rows and sections that
    /// lie inside a dragged section (they go with it).
    var moving: [Moving] = []
    var hasRows = false
    /// The deepest nesting below a moving section, -1 without one.
    var nesting = -1
}

extension Table {
    /// Where `dragged` items (none: a drag from elsewhere) would land if
    /// dropped at (`x`, `y`) in content coordinates, with `indentWidth`
    /// points per nesting level (foldtable.h, "Drag and drop", gives the
    /// rule). Nothing changes.
    /// - Complexity: O(d · depth · log n) for d dragged items.
    public func dropTarget(x: Double, y: Double, indentWidth: Double, dragged items: [DragItem]) throws -> DropTarget {
        guard x.isFinite, y.isFinite else {
            throw FoldError(.invalidArgument, "the pointer (\(x), \(y)) must be finite")
        }
        guard indentWidth.isFinite, indentWidth > 0 else {
            throw FoldError(.invalidArgument, "indent width \(indentWidth) must be finite and > 0")
        }
        let d = try dragged(items)
        // The level x points at, as a Double: a huge x / indentWidth must not trap.
        let level = (x / indentWidth).rounded(.down)
        let count = itemCount
        guard count > 0 else {
            return target(d, .before, root, 0, position: 0, lineY: paddingTopUnits, indent: indentWidth)
        }
        let (p, place) = try item(atOffset: y)
        if place == .below {
            return try gap(d, after: count - 1, innermost: innermostLevel(below: count - 1), level: level, indent: indentWidth)
        }
        var chain: [(section: Section, index: Int, header: Int, top: Int)] = []
        let placed = try locateItem(p) { chain.append(($0, $1, $2, $3)) }
        guard let own = chain.last else { throw FoldError(.internalError, "item \(p) has no section") }
        let s = own.section
        if place == .above {
            // Before the first top-level child that shows an item.
            return target(d, .before, root, chain[0].index, position: 0, lineY: paddingTopUnits, indent: indentWidth)
        }
        let top = Units.floor(offset: placed.top), height = Units.floor(offset: placed.height)
        let local = Units.floor(offset: y) - top
        switch placed.item.kind {
        case .header:
            guard let parent = s.parent else { throw FoldError(.internalError, "a header without a parent") }
            let before = { self.target(d, .before, parent, own.index, position: p, lineY: top, indent: indentWidth) }
            let after = { try self.gap(d, after: p + s.contribution.items - 1, innermost: (parent, own.index + 1),
                                       level: level, indent: indentWidth) }
            guard refusal(into: s, d) == nil else { return 2 * local < height ? before() : try after() }
            if 4 * local < height { return before() }
            if 4 * local < 3 * height { return into(d, s, own.header, own.top, indent: indentWidth) }
            guard s.showsChildren, s.placeholderItems == 0, s.shownChildrenItems > 0 else { return try after() }
            return target(d, .before, s, try firstShownChild(of: s, at: p + 1), position: p + 1,
                          lineY: top + height, indent: indentWidth)
        case .row:
            let child = childIndex(ofRow: placed.item.row, in: s)
            if 2 * local < height {
                return target(d, .before, s, child, position: p, lineY: top, indent: indentWidth)
            }
            return try gap(d, after: p, innermost: (s, child + 1), level: level, indent: indentWidth)
        case .footer:
            return target(d, .before, s, s.childCount, position: p, lineY: top, indent: indentWidth)
        case .placeholder:
            return into(d, s, own.header, own.top, indent: indentWidth)
        }
    }

    /// Moves `items` (rows, or sections with row -1) to `parent` (nil: the
    /// top level) before child `index` (counted before the move, dragged
    /// items included; `childCount`: at the end), in the order given, as one
    /// change set whose moves list them. Rows and sections inside a dragged
    /// section go with it and are skipped. Everything is checked first: on
    /// failure nothing changes.
    /// - Complexity: O(d · depth · log n) for d items, plus O(d²) bookkeeping.
    public func drop(parent ref: SectionRef?, at index: Int, items: [DragItem]) throws {
        let x = try parent(ref)
        guard index >= 0, index <= x.childCount else {
            let c = FoldError.children(of: x)
            throw FoldError.insertion("target " + c.index, index, c.has, count: x.childCount, verb: "drop at")
        }
        let d = try dragged(items)
        if let refused = refusal(into: x, d) { throw refused }
        guard !d.moving.isEmpty else { return }
        // Where the first item lands once every moving item has left; and
        // whether they already are consecutive children of the target, in
        // order, around the index (then nothing changes: nothing is reported).
        var before = 0
        var inPlace = true
        var last: Int?
        for m in d.moving {
            var child: Int?
            switch m {
            case .section(let s): if s.parent === x { child = s.indexInParent }
            case .row(let s, let r): if s === x { child = childIndex(ofRow: r, in: s) }
            }
            if let c = child, c < index { before += 1 }
            inPlace = inPlace && child != nil && (last.map { child == $0 + 1 } ?? true)
            last = child
        }
        if inPlace, let last, last - d.moving.count + 1 <= index, index <= last + 1 { return }
        let j0 = index - before
        let target: SectionRef? = x === root ? nil : .id(x.id)
        try batch {
            // 1. Each item, in order, to the end of the target: they end there
            // in the order given, after the children that stay.
            var movedRows: [ObjectIdentifier: [Int]] = [:]
            for m in d.moving {
                switch m {
                case .section(let s):
                    try moveSection(.id(s.id), to: target, at: x.childCount - (s.parent === x ? 1 : 0))
                case .row(let s, let r):
                    // Rows of its section moved before it were above it: it moved up by as many.
                    let shift = movedRows[ObjectIdentifier(s)]?.reduce(0) { $0 + ($1 < r ? 1 : 0) } ?? 0
                    try moveRow(section: .id(s.id), row: r - shift, to: .id(x.id),
                                atChild: x.childCount - (s === x ? 1 : 0))
                    movedRows[ObjectIdentifier(s), default: []].append(r)
                }
            }
            // 2. Item k from (stay + k) to (j0 + k): items 0..<k are already in place.
            let stay = x.childCount - d.moving.count
            guard stay != j0 else { return }
            let base = try x === root ? [] : path(.id(x.id))
            for k in 0..<d.moving.count {
                try moveChild(from: base + [stay + k], to: base + [j0 + k])
            }
        }
    }

    // MARK: Internals

    /// The dragged items checked (each exists, none named twice) and
    /// resolved. O(d · depth).
    func dragged(_ items: [DragItem]) throws -> Dragged {
        var d = Dragged()
        var seen = Set<DragItem>()
        var resolved: [Section] = []
        resolved.reserveCapacity(items.count)
        for item in items {
            guard let s = ids.section(item.section) else {
                throw FoldError(.notFound, item.section == 0 ? "a dragged item names id 0, the top level, not a section"
                                : "no section has the id \(item.section) (a dragged item names it)")
            }
            if item.row == -1 {
                d.sections.insert(ObjectIdentifier(s))
            } else if item.row < 0 || item.row >= s.rowCount {
                throw FoldError(.notFound, "dragged row \(item.row) of section \"\(s.key)\" does not exist "
                                + "(it has \(FoldError.counted(s.rowCount, "row", "rows")))")
            }
            guard seen.insert(item).inserted else {
                throw FoldError(.invalidArgument, item.row == -1 ? "section \"\(s.key)\" is dragged twice"
                                : "row \(item.row) of section \"\(s.key)\" is dragged twice")
            }
            resolved.append(s)
        }
        for (item, s) in zip(items, resolved) {
            // Inside a dragged section (a row: in its own section or below one): it goes along.
            var above: Section? = item.row == -1 ? s.parent : s
            var inside = false
            while let a = above, !inside {
                inside = d.sections.contains(ObjectIdentifier(a))
                above = a.parent
            }
            if inside { continue }
            if item.row == -1 {
                d.moving.append(.section(s))
                d.nesting = max(d.nesting, s.list.sum.nesting)
            } else {
                d.moving.append(.row(s, item.row))
                d.hasRows = true
            }
        }
        return d
    }

    /// Why `x` (the root: the top level) cannot take the dragged items as
    /// children, nil if it can. O(depth).
    func refusal(into x: Section, _ d: Dragged) -> FoldError? {
        if x === root {
            if d.hasRows { return FoldError(.invalidArgument, "rows cannot be dropped at the top level: only sections can be there") }
        } else {
            if x.noDrop { return FoldError(.notAllowed, "section \"\(x.key)\" takes no drops (FOLD_SECTION_NO_DROP)") }
            if x.load != .loaded { return FoldError.notLoaded(x, "dropped items") }
        }
        if !d.sections.isEmpty {
            var a: Section? = x
            while let s = a {
                if d.sections.contains(ObjectIdentifier(s)) {
                    return FoldError(.invalidArgument, "section \"\(s.key)\" cannot be dropped into itself or its own subsections")
                }
                a = s.parent
            }
        }
        if d.nesting >= 0 {
            let depth = x === root ? -1 : x.depth
            if depth + 1 + d.nesting >= Limits.maxDepth {
                return FoldError(.outOfRange, "sections nest at most \(Limits.maxDepth) levels deep")
            }
        }
        return nil
    }

    /// A line before child `index` of `x`, or `.none` where `x` cannot take the items.
    private func target(_ d: Dragged, _ kind: DropKind, _ x: Section, _ index: Int, position: Int, lineY: Int,
                        indent: Double) -> DropTarget {
        guard refusal(into: x, d) == nil else { return .none }
        let depth = x === root ? 0 : x.depth + 1
        return DropTarget(kind: kind, depth: depth, parent: x === root ? 0 : x.id, index: index, position: position,
                          lineY: Units.points(lineY), lineX: Double(depth) * indent, highlightTop: 0, highlightHeight: 0)
    }

    /// Into section `s` (its header at `header`, `top` units): after its last child.
    private func into(_ d: Dragged, _ s: Section, _ header: Int, _ top: Int, indent: Double) -> DropTarget {
        guard refusal(into: s, d) == nil else { return .none }
        return DropTarget(kind: .into, depth: s.depth + 1, parent: s.id, index: s.childCount, position: header,
                          lineY: 0, lineX: 0, highlightTop: Units.points(top),
                          highlightHeight: Units.points(s.contribution.fixedHeight))
    }

    /// The line under item `last`, shared by every level that ends there:
    /// `innermost` (a parent and the child index after the item), then each
    /// enclosing section that the next item is not inside. `level` (x in
    /// indents) picks one, clamped to those levels. O(depth · log n).
    private func gap(_ d: Dragged, after last: Int, innermost: (Section, Int), level: Double,
                     indent: Double) throws -> DropTarget {
        let next = last + 1
        var nextSection: Section?
        var lineY = contentUnits - paddingBottomUnits
        if next < itemCount {
            let placed = try locateItem(next) { sub, _, _, _ in nextSection = sub }
            lineY = Units.floor(offset: placed.top)
        }
        var levels = [innermost]
        var x = innermost.0
        while x !== root, !(nextSection.map(x.contains) ?? false), let parent = x.parent {
            levels.append((parent, x.indexInParent + 1))
            x = parent
        }
        // Levels run from the innermost (deepest) outward, one depth apart.
        let deepest = innermost.0 === root ? 0 : innermost.0.depth + 1
        let k = Int(min(max(Double(deepest) - level, 0), Double(levels.count - 1)))
        return target(d, .before, levels[k].0, levels[k].1, position: next, lineY: lineY, indent: indent)
    }

    /// The level that ends under item `p` first: after a row, after the
    /// last child of a placeholder's section, after a header's or footer's section.
    private func innermostLevel(below p: Int) throws -> (Section, Int) {
        var own: (section: Section, index: Int)?
        let placed = try locateItem(p) { sub, index, _, _ in own = (sub, index) }
        guard let own else { throw FoldError(.internalError, "item \(p) has no section") }
        switch placed.item.kind {
        case .row: return (own.section, childIndex(ofRow: placed.item.row, in: own.section) + 1)
        case .placeholder: return (own.section, own.section.childCount)
        case .header, .footer:
            guard let parent = own.section.parent else { throw FoldError(.internalError, "a section without a parent") }
            return (parent, own.index + 1)
        }
    }

    /// The child index of `s` that holds item `p` (the first item below its header).
    private func firstShownChild(of s: Section, at p: Int) throws -> Int {
        var chain: [(Section, Int)] = []
        let placed = try locateItem(p) { sub, index, _, _ in chain.append((sub, index)) }
        guard let k = chain.firstIndex(where: { $0.0 === s }) else {
            throw FoldError(.internalError, "item \(p) is not inside section \"\(s.key)\"")
        }
        if k + 1 < chain.count { return chain[k + 1].1 }
        return childIndex(ofRow: placed.item.row, in: s)
    }
}
