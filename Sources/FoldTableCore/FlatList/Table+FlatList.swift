extension Table {
    /// The item at `position`.
    /// - Complexity: O(depth · log n)
    public func item(at position: Int) throws -> Item {
        // Without geometry: no row heights are read.
        var item = try locateItem(position, measure: false, onSection: nil).item
        markFocus(&item)
        return item
    }

    /// The item at `position` with its top and height.
    /// - Complexity: O(depth · log n)
    func placedItem(at position: Int) throws -> PlacedItem {
        var placed = try locateItem(position, measure: true, onSection: nil)
        markFocus(&placed.item)
        return placed
    }

    /// `descend` in `sec`'s list from `start` (`sec.listStart`, or the
    /// copy the leaf that holds `sec` keeps), after settling the selection
    /// tags on the way when any are pending (`SelectionTag`), so that the
    /// piece found tells its selection exactly; the lists above are
    /// settled already by the descent that found `sec`.
    /// O(fanout · log n); `Sum` as in `ChildList.descend`.
    @inline(__always)
    func settledDescent<Sum: DescentSum>(_ sec: Section, from start: ListStart?, _ metric: Metric, _ index: Int,
                                         adding: Sum.Type) -> (ref: PieceRef, within: Int, above: Sum)? {
        var tagSeen = false
        guard let found = ChildList.descend(from: start, metric, index, tagSeen: &tagSeen,
                                            adding: Sum.self) else { return nil }
        // Most reads find no tag on the path, and so settle nothing.
        guard tagSeen else { return found }
        let pending = Unmanaged.passUnretained(found.ref.leaf)._withUnsafeGuaranteedRef { $0.tagPendingInList }
        guard pending, found.ref.leaf.settleInList() else { return found }
        // Settling rewrote records on the path: start again from the section's.
        return ChildList.descend(from: sec.listStart, metric, index, tagSeen: &tagSeen, adding: Sum.self)
    }

    /// The top in units of the item at `position`: `locateItem`'s way
    /// down, reading only heights (two columns of each node's totals, not
    /// five; no item built; no selection tag settled, since tags change no
    /// height). O(depth · log n).
    func itemTopUnits(at position: Int) throws -> Int {
        try checkPosition(position)
        // Unretained on the way down, as in `firstItem(bottomBeyond:)`.
        var sec = Unmanaged.passUnretained(root)
        var start = root.listStart
        var local = position
        var top = paddingTopUnits
        while true {
            let step = sec._withUnsafeGuaranteedRef { sec -> (Unmanaged<Section>, ListStart?)?? in
                var tagSeen = false  // (not settled: see above)
                guard let (node, within, above) = ChildList.descend(from: start, .items, local,
                                                                    tagSeen: &tagSeen, adding: Heights.self) else {
                    // A loading or failed section's placeholder (as in locateItem).
                    return sec.placeholderItems > 0 ? .some(nil) : nil
                }
                let rowHeight = sec.rowUnits
                var before = above
                before.add(node.totals, node.slot)
                top += before.height(rowHeight)
                if let row = node.row(within, rowHeight: rowHeight, measure: true) {
                    top += row.top
                    return .some(nil)
                }
                guard let subRef = node.sectionRef else { return nil }
                return subRef._withUnsafeGuaranteedRef { sub -> (Unmanaged<Section>, ListStart?)?? in
                    if within == 0, sub.hasHeader { return .some(nil) }
                    top += sub.shownHeaderUnits
                    let inner = within - sub.headerItems
                    // (Its list's items from the totals the next round
                    // descends, through the leaf's record of them.)
                    let subStart = node.start(into: sub)
                    if inner < sub.shownChildrenItems(listItems: Section.listItems(record: subStart?.record ?? 0)) {
                        local = inner
                        return .some((subRef, subStart))
                    }
                    top += sub.shownChildrenHeight  // its footer
                    return .some(nil)
                }
            }
            // nil: not found; .some(nil): `top` is the answer; else one level down.
            guard let step else { break }
            guard let next = step else { return top }
            (sec, start) = next
        }
        throw FoldError(.internalError, "position \(position) was not found in the item tree")
    }

    /// Finds the item at `position`, calling `onSection` for each section on
    /// the way down (outermost first, ending with the item's own section)
    /// with the section, its child index, its header's position and top (in
    /// units). Without `measure`, no height is read: every top is 0, and
    /// so is a row's height. O(depth · log n).
    func locateItem(_ position: Int, measure: Bool = true,
                    onSection: ((Section, Int, Int, Int) -> Void)?) throws -> PlacedItem {
        measure ? try locateItem(position, adding: Counts.self, onSection: onSection)
            : try locateItem(position, adding: Indices.self, onSection: onSection)
    }

    /// `locateItem`, adding up on the way down what `Sum` reads of the
    /// totals before the path (`Indices`: two columns of each node's five),
    /// measuring when `Sum.measures`.
    private func locateItem<Sum: PlaceSum>(_ position: Int, adding: Sum.Type,
                                           onSection: ((Section, Int, Int, Int) -> Void)?) throws -> PlacedItem {
        let measure = Sum.measures
        try checkPosition(position)
        // Unretained on the way down, as in `firstItem(bottomBeyond:)`.
        var sec = Unmanaged.passUnretained(root)
        var start = root.listStart
        var sectionIndex = -1
        var depth = 0  // depth of the sections found in `sec`'s list
        var local = position
        var top = measure ? paddingTopUnits : 0  // in units, converted once at the end
        while true {
            let step = sec._withUnsafeGuaranteedRef { sec -> LocateStep in
                guard let (node, within, above) = settledDescent(sec, from: start, .items, local,
                                                                 adding: Sum.self) else {
                    // A loading or failed section's list is empty: its
                    // placeholder is all it shows.
                    guard sec.placeholderItems > 0 else { return .missing }
                    return .found(PlacedItem(position: position,
                                             item: .placeholder(of: sec, index: sectionIndex, depth: depth - 1),
                                             top: Units.points(top), height: sec.rowHeight))
                }
                if !measure, LookupTag.tag(node.lookup) == LookupTag.plainRows, node.totals.holdsRowsOnly {
                    // A plain row in a leaf of rows: the items before its run are
                    // its rows, already read by the descent; nothing else of the
                    // leaf is needed (a cache miss in a large table).
                    // (Items are rows there unless a filter hides some.)
                    let row = above.rows + node.totals.get(node.slot, filter == nil ? TotalsView.items : TotalsView.rows)
                        + within
                    let item = Item(kind: .row, depth: depth - 1, section: sectionIndex, row: row, sectionID: sec.id)
                    return .found(PlacedItem(position: position, item: item, top: 0, height: 0))
                }
                var before = above
                before.add(node.totals, node.slot)
                top += before.height(sec.rowUnits)
                if let row = node.row(within, rowHeight: sec.rowUnits, measure: measure) {
                    var item = Item(kind: .row, depth: depth - 1, section: sectionIndex, row: before.rows + row.index,
                                    expanded: row.expanded, expandable: row.expandable, sectionID: sec.id)
                    item.matched = row.matched
                    item.selected = row.selected
                    return .found(PlacedItem(position: position, item: item,
                                             top: measure ? Units.points(top + row.top) : 0,
                                             height: Units.points(row.height)))
                }
                guard let subRef = node.sectionRef else { return .missing }
                let index = before.children
                return subRef._withUnsafeGuaranteedRef { sub -> LocateStep in
                    onSection?(sub, index, position - within, top)
                    if within == 0, sub.hasHeader {
                        var item = Item(kind: .header, depth: depth, section: index, collapsed: !sub.showsChildren,
                                        collapsible: sub.collapsible, sectionID: sub.id)
                        item.matched = sub.filterMatched
                        item.selected = sub.selected
                        return .found(PlacedItem(position: position, item: item, top: Units.points(top),
                                                 height: sub.headerHeight))
                    }
                    if measure { top += sub.shownHeaderUnits }
                    let inner = within - sub.headerItems
                    // (Its list's items from the totals the next round
                    // descends, through the leaf's record of them.)
                    let subStart = node.start(into: sub)
                    if inner < sub.shownChildrenItems(listItems: Section.listItems(record: subStart?.record ?? 0)) {
                        sectionIndex = index
                        depth += 1
                        local = inner
                        return .down(subRef, subStart)
                    }
                    let footer = Item(kind: .footer, depth: depth, section: index, collapsed: !sub.showsChildren,
                                      collapsible: sub.collapsible, sectionID: sub.id)
                    return .found(PlacedItem(position: position, item: footer,
                                             top: measure ? Units.points(top + sub.shownChildrenHeight) : 0,
                                             height: sub.footerHeight))
                }
            }
            switch step {
            case .found(let placed): return placed
            case .down(let sub, let subStart): (sec, start) = (sub, subStart)
            case .missing: throw FoldError(.internalError, "position \(position) was not found in the item tree")
            }
        }
    }

    /// Position of a section's header.
    /// - Complexity: O(log n)
    public func headerPosition(section ref: SectionRef) throws -> Int {
        let s = try section(ref)
        guard s.hasHeader else { throw FoldError(.notFound, "section \"\(s.key)\" has no header item") }
        return try headerPosition(of: s)
    }

    /// Position of a row; `.notVisible` while its section is collapsed.
    /// - Complexity: O(log n)
    public func rowPosition(section ref: SectionRef, row: Int) throws -> Int {
        let s = try section(ref)
        try checkRowRange(row, 1, in: s)
        return try rowPosition(of: s, row: row)
    }

    /// Position of a section's footer; `.notFound` when it has none.
    /// - Complexity: O(log n)
    public func footerPosition(section ref: SectionRef) throws -> Int {
        let s = try section(ref)
        guard s.hasFooter else {
            throw FoldError(.notFound, "section \"\(s.key)\" has no footer")
        }
        return try headerPosition(of: s) + s.headerItems + s.shownChildrenItems
    }

    // MARK: Internals

    /// Position and top (in units) of a section's header (without a header
    /// item: of where it would be, its first item); `.notVisible` inside a
    /// collapsed section, or while a filter hides it. Without `measure`,
    /// the position only (top 0): one column of totals read per level.
    /// O(depth · fanout · log n).
    func headerPlace(of s: Section, measure: Bool = true) throws -> (position: Int, top: Int) {
        if s.filterHidden {
            throw FoldError(.notVisible, "section \"\(s.key)\" is hidden by the filter")
        }
        var position = 0
        var top = measure ? paddingTopUnits : 0
        // Unretained: the walk changes nothing, and every change a view is
        // told of asks for a position.
        var current = Unmanaged.passUnretained(s)
        while let (up, place) = current._withUnsafeGuaranteedRef({ $0.parentAndPlace }) {
            try up._withUnsafeGuaranteedRef { parent in
                if measure {
                    let before = place.prefix()
                    position &+= before.items
                    top &+= before.height(parent.rowUnits)
                } else {
                    position &+= place.prefix(TotalsView.items)
                }
                if parent !== root {
                    if !parent.showsChildren {
                        throw FoldError(.notVisible, "section \"\(s.key)\" is inside collapsed section \"\(parent.key)\"")
                    }
                    position &+= parent.headerItems
                    if measure { top &+= parent.shownHeaderUnits }
                }
            }
            current = up
        }
        return (position, top)
    }

    /// `headerPlace(of:)`'s position alone.
    func headerPosition(of s: Section) throws -> Int {
        try headerPlace(of: s, measure: false).position
    }

    /// Position of row `row` of `s`; reads no row heights (a cache miss
    /// per chunk in a large table). O(depth · log n).
    func rowPosition(of s: Section, row: Int) throws -> Int {
        let header = try headerPosition(of: s)
        guard s.showsChildren else {
            throw FoldError(.notVisible, "row \(row) of section \"\(s.key)\" is hidden: the section is collapsed")
        }
        let (node, within, before) = try rowNode(row, in: s)
        guard let item = shownItem(node, within) else {
            throw FoldError(.notVisible, "row \(row) of section \"\(s.key)\" is hidden by the filter")
        }
        return header + s.headerItems + before.items + item
    }
}

/// What one level of `Table.locateItem` found.
private enum LocateStep {
    case found(PlacedItem)
    /// The item is inside this subsection.
    case down(Unmanaged<Section>, ListStart?)
    case missing
}
