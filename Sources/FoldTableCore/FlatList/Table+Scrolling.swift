/// The visible window of the host's scroll view.
public struct Viewport: Equatable, Sendable {
    public var offset: Double
    public var height: Double

    public init(offset: Double, height: Double) {
        self.offset = offset
        self.height = height
    }
}

/// Where scrolling to an item puts it.
public enum ScrollAlignment: Int32, Sendable {
    /// The least movement that shows the item (none if it is fully visible).
    case auto = 0
    /// Its top at the viewport's top.
    case start = 1
    /// Its middle at the viewport's middle.
    case center = 2
    /// Its bottom at the viewport's bottom.
    case end = 3
    /// No movement if visible; `auto` if it is within one viewport of being
    /// visible; else `center`.
    case smart = 4
}

extension Table {
    /// Tells the table the host's viewport. From then on every mutation
    /// moves the viewport's offset so that the first visible item stays at
    /// the same place on screen (reported as `ChangeSet.anchoredOffset`).
    /// With `followEnd`, a viewport that shows the end keeps showing it
    /// through every mutation but expanding and collapsing (`followsEnd()`;
    /// the rule in full is in foldtable.h under "Scrolling").
    /// nil stops anchoring.
    /// - Complexity: O(1)
    public func setViewport(_ viewport: Viewport?) throws {
        if let v = viewport {
            guard v.offset.isFinite, v.height.isFinite, v.height >= 0 else {
                throw FoldError(.invalidArgument, "viewport offset \(v.offset) and height \(v.height) must be finite, height >= 0")
            }
        }
        self.viewport = viewport
    }

    /// The offset that shows the item at `position` with `alignment`,
    /// clamped to the content, for a viewport of `viewportHeight` currently
    /// at `offset`.
    /// - Complexity: O(depth · log n)
    public func scrollOffset(toItem position: Int, alignment: ScrollAlignment, offset: Double,
                             viewportHeight: Double) throws -> Double {
        guard offset.isFinite, viewportHeight.isFinite, viewportHeight >= 0 else {
            throw FoldError(.invalidArgument, "offset \(offset) and viewport height \(viewportHeight) must be finite, height >= 0")
        }
        let item = try placedItem(at: position)
        return scrollOffset(showing: item.top, item.top + item.height, alignment: alignment,
                            offset: offset, viewportHeight: viewportHeight)
    }

    /// The offset that shows the span [top, bottom) as `alignment` says.
    func scrollOffset(showing top: Double, _ bottom: Double, alignment: ScrollAlignment,
                      offset: Double, viewportHeight: Double) -> Double {
        let maxOffset = max(0, contentHeight - viewportHeight)
        func clamp(_ y: Double) -> Double { min(max(0, y), maxOffset) }
        func least() -> Double {
            if top < offset { return top }
            // Below: bring its bottom up, unless it is taller than the viewport.
            if bottom > offset + viewportHeight { return bottom - top > viewportHeight ? top : bottom - viewportHeight }
            return offset
        }
        let target: Double
        switch alignment {
        case .start: target = top
        case .end: target = bottom - viewportHeight
        case .center: target = (top + bottom) / 2 - viewportHeight / 2
        case .auto: target = least()
        case .smart:
            let visible = top >= offset && bottom <= offset + viewportHeight
            let near = bottom > offset - viewportHeight && top < offset + 2 * viewportHeight
            target = visible ? offset : near ? least() : (top + bottom) / 2 - viewportHeight / 2
        }
        return clamp(target)
    }

    /// After expanding a section: the offset that shows its header and up to
    /// its first `rows` children, scrolling as little as possible (the header
    /// wins when both do not fit).
    /// - Complexity: O(depth · log n)
    public func revealOffset(section ref: SectionRef, rows: Int = 5, offset: Double,
                             viewportHeight: Double) throws -> Double {
        guard offset.isFinite, viewportHeight.isFinite, viewportHeight >= 0 else {
            throw FoldError(.invalidArgument, "offset \(offset) and viewport height \(viewportHeight) must be finite, height >= 0")
        }
        let s = try section(ref)
        let header = try headerPlace(of: s)
        // Exact points (see `Units`): the same bits `item_top` reports.
        // Without a header item: from its first item.
        let top = Units.points(header.top)
        var bottom = Units.points(header.top + s.shownHeaderUnits)
        let shown = min(max(0, rows), s.shownChildrenItems)
        if shown > 0 {
            let last = try placedItem(at: header.position + s.headerItems + shown - 1)
            bottom = last.top + last.height
        }
        if bottom - top > viewportHeight {
            return scrollOffset(showing: top, top + viewportHeight, alignment: .start,
                                offset: offset, viewportHeight: viewportHeight)
        }
        return scrollOffset(showing: top, bottom, alignment: .auto, offset: offset, viewportHeight: viewportHeight)
    }

    /// The position of a row, expanding the sections that hide it first when
    /// `expandAncestors` (else `.notVisible` for a hidden row). All or
    /// nothing: every "will expand" event of the collapsed sections on the
    /// way (outermost first) is asked before any of them expands; if one is
    /// refused, nothing changes and the row is `.notVisible`.
    /// - Complexity: O(depth · log n)
    public func revealRow(section ref: SectionRef, row: Int, expandAncestors: Bool) throws -> Int {
        let s = try section(ref)
        try checkRowRange(row, 1, in: s)
        if expandAncestors {
            // Expanding cannot show a row the filter hides: refuse before changing anything.
            try checkNotFiltered(s, row: row)
            var chain: [Section] = []
            var c: Section? = s
            while let x = c, x !== root {
                if !x.showsChildren { chain.append(x) }
                c = x.parent
            }
            if !chain.isEmpty {
                try mutate {
                    guard setCollapsedRecording(false, chain.reversed(), allOrNothing: true) != nil else {
                        throw FoldError(.notVisible, "row \(row) of section \"\(s.key)\" stays hidden: a listener refused to expand a section that contains it")
                    }
                }
            }
        }
        return try rowPosition(of: s, row: row)
    }

    /// Throws `.notVisible` when the filter hides row `row` of `s` (or a
    /// section that holds it). O(depth · log n).
    private func checkNotFiltered(_ s: Section, row: Int) throws {
        var c: Section? = s
        while let x = c, x !== root {
            if x.filterHidden {
                throw FoldError(.notVisible, "row \(row) of section \"\(s.key)\" is hidden by the filter")
            }
            c = x.parent
        }
        let (node, within, _) = try rowNode(row, in: s)
        if case .rows(let run) = node.piece, run.isHidden(within) {
            throw FoldError(.notVisible, "row \(row) of section \"\(s.key)\" is hidden by the filter")
        }
    }

    // MARK: Anchoring

    /// The first visible item and how far the viewport's top is below its top.
    func captureAnchor() -> (position: Int, delta: Double)? {
        guard let v = viewport, itemCount > 0, v.offset >= options.paddingTop else { return nil }
        // The item under the offset and its top, on one path down.
        if let (p, top) = firstItemTop(bottomBeyond: Units.floor(offset: v.offset), inclusive: false) {
            return (p, v.offset - Units.points(top))
        }
        // Below the last item: anchored to it.
        let p = itemCount - 1
        guard let top = try? itemTop(at: p) else { return nil }
        return (p, v.offset - top)
    }

    /// Moves the viewport so the anchor (or the item that took its place)
    /// keeps its screen position; returns the new offset.
    func reanchor(_ anchor: (position: Int, delta: Double), after set: ChangeSet) -> Double? {
        guard let v = viewport else { return nil }
        var offset = v.offset
        if let p = set.map(anchor.position, count: itemCount), let top = try? itemTop(at: p) {
            offset = top + anchor.delta
        }
        return placeViewport(at: offset)
    }

    /// Offsets below which a one-row height edit is anchored by
    /// `offsetAfterEdit` (2^44 points, where the viewport's offset stops
    /// holding every 1/256 of a point); above it, the general way.
    static let editAnchoredBelow: Double = 0x1p44

    /// The offset `reanchor` gives after a mutation whose only change was
    /// the height of one item (`edited`: none when its row shows no item),
    /// from the viewport's `offset` before it (below `editAnchoredBelow`),
    /// without the anchor found before (`captureAnchor`). The anchor is the
    /// first item whose bottom was below the offset (else the last item).
    /// When that is the edited item or one above it, its top t stays; else
    /// it moved as much as the edited item's height, to t'. `reanchor`
    /// gives t' + (o - t), where o - t is exact (t, a multiple of 1/256
    /// from 0 to o, and o below 2^44): the exact o + (t' - t) rounded once,
    /// as o + (t' - t) is. So no item is looked for. O(1).
    func offsetAfterEdit(_ edited: EditedItem?, offset o: Double) -> Double {
        guard let e = edited, e.after != e.before, o >= options.paddingTop else { return o }
        // The edited item's bottom was below the offset, or it is the last
        // item: the anchor is it or one above it.
        if e.bottomBelowOffset || e.position >= itemCount - 1 { return o }
        return o + Units.points(e.after &- e.before)
    }

    /// For a mutation anchored `.beforeChange` (or `.beforeToggle`), before
    /// it changes anything: it adds items at flat position `position`, or
    /// with `removing` takes out items there (of known heights, or not),
    /// `top` (in units) being where they start; nil position or top: it
    /// changes no item shown.
    /// Decides where the anchor goes (`EventState.lateAnchor`), with the
    /// arithmetic of `offsetAfterEdit`: below the offset nothing above it
    /// moves; at or above it, the anchor is the first old item at or after
    /// `position` (or the last item) and moves with what comes in. With
    /// items out and an item after them, the anchor is one after them,
    /// moved up by their height, when they all end at or above the offset;
    /// or the first of them, when the offset is inside it (the next item
    /// takes its place, at its top). Else (the offset inside a later one,
    /// the last item out, heights not read) the anchor is found the general
    /// way. Acts once a mutation: O(1), or O(depth · log n) when it reads
    /// `top` or finds the anchor.
    func anchorBeforeChange(at position: Int?, top: @autoclosure () -> Int?, removing: ItemsOut? = nil) {
        guard eventState.anchorPending else { return }
        eventState.anchorPending = false
        eventState.lateAnchor = .stays
        guard let q = position, let v = viewport, let top = top() else { return }
        let y = Units.floor(offset: v.offset)
        if top > y { return }
        guard let removing else {
            // Items in before an old item: it and all after it move down.
            if q < itemCount { eventState.lateAnchor = .movesWithContent }
            return
        }
        if case .items(let n, let h, let first) = removing, q &+ n < itemCount {
            if top &+ h <= y {
                eventState.lateAnchor = .movesWithContent
                return
            }
            if top &+ first > y { return }
        }
        eventState.lateAnchor = .found(captureAnchor())
    }

    /// Where the children of `s` start in the flat list: the position and
    /// top in units below its header, `header` being `headerPlace(of: s)`
    /// (nil for the root). Nil when they are not shown. O(1).
    func childrenPlace(_ s: Section, header: (position: Int, top: Int)?) -> (position: Int, top: Int)? {
        guard s !== root else { return (0, paddingTopUnits) }
        guard s.showsChildren, let header else { return nil }
        return (header.position + s.headerItems, header.top &+ s.shownHeaderUnits)
    }

    /// `headerPlace(of: s)` for `childPlace`: nil for the root, or when `s`
    /// is not shown.
    func headerPlaceIfShown(_ s: Section) -> (position: Int, top: Int)? {
        s === root ? nil : try? headerPlace(of: s)
    }

    /// The position and top in units of child `c` of `s` in the flat list
    /// (for `c == childCount`, where the item after its children starts),
    /// as `childPosition` on the same path; `header` is `headerPlace(of: s)`
    /// (nil for the root). Nil when the children are not shown. Without a
    /// filter (hidden rows take no height). O(depth · log n).
    func childPlace(_ s: Section, _ c: Int, header: (position: Int, top: Int)?) -> (position: Int, top: Int)? {
        guard let start = childrenPlace(s, header: header) else { return nil }
        let (items, at) = itemsBeforeChild(s, c)
        guard let (node, within, before) = at else {
            return (start.position + items, start.top &+ s.list.sum.height(s.rowUnits))
        }
        return (start.position + items, childTop(s, start.top, before, node, within))
    }

    /// The top in units of child `within` of piece `node` of `s`'s list,
    /// the list's children starting at `top` (`childrenPlace`), with the
    /// totals `before` of the pieces before it. Without a filter. O(1), or
    /// O(within) in a run with rows expanded.
    func childTop(_ s: Section, _ top: Int, _ before: Counts, _ node: PieceRef, _ within: Int) -> Int {
        let rowHeight = s.rowUnits
        let inRun = within > 0 ? node.withRun { $0.prefixHeight(within, rowHeight: rowHeight) } ?? 0 : 0
        return top &+ before.height(rowHeight) &+ inRun
    }

    /// Moves the viewport's top to `offset`, clamped to the content; returns
    /// the new offset (nil without a viewport). With the viewport's own
    /// offset, for a mutation that found no item under it to anchor to (an
    /// empty list, or an offset inside the top padding, which does not move).
    /// - Complexity: O(1)
    @discardableResult
    func placeViewport(at offset: Double) -> Double? {
        guard var v = viewport else { return nil }
        v.offset = min(max(0, offset), max(0, contentHeight - v.height))
        viewport = v
        return v.offset
    }

    // MARK: Following the end

    /// Whether the next mutation keeps the end in view: `followEnd` is on, a
    /// viewport is set and it shows the end of the content now — offset +
    /// height (one double sum, as `visibleRange` takes it) at or past the
    /// content height, compared exactly in units (`Units.floor`), or the
    /// content no taller than the viewport (whatever the offset). Asked
    /// before the mutation changes anything.
    /// - Complexity: O(1)
    func followsEnd() -> Bool {
        guard followEnd, let v = viewport else { return false }
        return Units.floor(offset: v.offset + v.height) >= contentUnits
            || Units.floor(offset: v.height) >= contentUnits
    }

    /// Moves the viewport to the end of the content, max(0, content height −
    /// viewport height); returns the new offset (nil without a viewport).
    /// - Complexity: O(1)
    func moveViewportToEnd() -> Double? {
        guard var v = viewport else { return nil }
        var offset = max(0, contentHeight - v.height)
        // The difference may round down (a height with bits below the
        // content's last unit); step up so the end still counts as shown
        // by `followsEnd` and following goes on. Bounded: one step suffices
        // when the sum rounds, the rest is a guard.
        for _ in 0..<4 where Units.floor(offset: offset + v.height) < contentUnits {
            offset = offset.nextUp
        }
        v.offset = offset
        viewport = v
        return offset
    }
}
