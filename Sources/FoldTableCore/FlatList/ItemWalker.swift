/// What a walk of the flat list (`ItemWalker`) hands each item to. Generic
/// rather than a closure so the walk is specialized for each visitor and
/// hands an item over without a call through a closure context.
protocol ItemVisitor {
    /// `top` and `height` are the item's, in units. Returns false to stop.
    mutating func visit(_ placed: PlacedItem, top: Int, height: Int) -> Bool
}

/// The focused item as the walk compares items with it (`Table.markFocus`).
struct FocusMark {
    let kind: ItemKind
    let sectionID: SectionID
    let row: Int

    init(_ f: FocusedItem) {
        kind = f.kind
        sectionID = f.item.section.id
        row = f.item.row
    }

    /// Sets `item.focused` when it is this item. O(1).
    @inline(__always)
    func mark(_ item: inout Item) {
        item.focused = kind == item.kind && sectionID == item.sectionID && (item.kind != .row || row == item.row)
    }
}

/// Where a walk of the flat list starts.
enum WalkStart {
    /// At this position.
    case position(Int)
    /// At the first item whose bottom in units is beyond `y` (`> y`, or
    /// `>= y` when `inclusive`): `Table.firstPosition(bottomBeyond:)`'s
    /// item, found by the walk itself, so walking from an offset costs one
    /// descent, not two.
    case bottom(beyond: Int, inclusive: Bool)
}

/// Walks the flat list in order from its start, skipping whole subtrees
/// before it, so a viewport costs O(log n + k). A value, not an object: a
/// walk allocates nothing.
struct ItemWalker<Visitor: ItemVisitor> {
    let start: WalkStart
    /// Whether an item was handed out: the start is behind.
    private var started = false
    var position = 0
    /// In units.
    var top: Int
    let focus: FocusMark?
    var visitor: Visitor

    init(start: WalkStart, top: Int, focus: FocusMark?, visitor: Visitor) {
        self.start = start
        self.top = top
        self.focus = focus
        self.visitor = visitor
    }

    /// Whether items from here on that end one before position `end` and
    /// at `bottom` (units) all come before the start. Once it is false it
    /// stays false for every later item: positions and bottoms never
    /// decrease along the list.
    @inline(__always)
    private func before(end: Int, bottom: Int) -> Bool {
        switch start {
        case .position(let p): return end <= p
        case .bottom(let y, let inclusive): return inclusive ? bottom < y : bottom <= y
        }
    }

    /// Hands `item` to the visitor and advances past it.
    @inline(__always)
    private mutating func hand(_ item: Item, _ h: Int) -> Bool {
        started = true
        var item = item
        focus?.mark(&item)
        let go = visitor.visit(PlacedItem(position: position, item: item, top: Units.points(top),
                                          height: Units.points(h)), top: top, height: h)
        top &+= h
        position &+= 1
        return go
    }

    /// Walks the children of `sec` (whose index in its parent is `sectionIndex`;
    /// its subsections are at `depth`). Returns false once the visitor said stop.
    mutating func walkList(_ sec: Section, sectionIndex: Int, depth: Int) -> Bool {
        var rows = 0
        var children = 0
        guard let root = sec.listRoot else { return true }
        return root._withUnsafeGuaranteedRef { walk($0, sec, sectionIndex, depth, &rows, &children) }
    }

    // Nodes and subsections are held unretained on the way (`_withUnsafeGuaranteedRef`):
    // the table holds them while it reads, and a retain apiece was most of
    // what a viewport's walk spent besides its items.
    private mutating func walk(_ n: ListNode, _ sec: Section, _ sectionIndex: Int, _ depth: Int,
                               _ rows: inout Int, _ children: inout Int) -> Bool {
        let rowHeight = sec.rowUnits
        var first = 0
        if !started {
            // Skip the entries before the start by the running totals,
            // without reading them.
            let sum = n.sum
            guard !before(end: position &+ sum.items, bottom: top &+ sum.height(rowHeight)) else {
                position += sum.items
                top += sum.height(rowHeight)
                rows += sum.rows
                children += sum.children
                return true
            }
            n.pushTag()  // before reading slots: a leaf's may change
            let view = n.totals.view
            switch start {
            case .position(let p):
                var k = p - position
                first = k > 0 ? view.find(.items, &k)?.entry ?? 0 : 0  // .items always has a column
            case .bottom(let y, let inclusive):
                first = view.firstEntry(endingBeyond: y &- top, inclusive: inclusive, rowHeight: rowHeight)?.entry ?? 0
            }
            let before = view.prefix(first)
            position += before.items
            top += before.height(rowHeight)
            rows += before.rows
            children += before.children
        }
        n.pushTag()  // what it holds is read: its selection must be exact
        if !n.isLeaf {
            let count = n.children.count
            for i in first..<count {
                let child = n.children.withUnsafeBufferPointer { Unmanaged.passUnretained($0[i]) }
                guard child._withUnsafeGuaranteedRef({ walk($0, sec, sectionIndex, depth, &rows, &children) }) else {
                    return false
                }
            }
            return true
        }
        // What the leaf records of each piece (`TotalsView.lookup`) tells a
        // plain run's heights and a subsection's address: most pieces are
        // walked without reading (or copying) the piece.
        let view = n.totals.view
        for slot in first..<n.pieces.count {
            let lookup = view.get(slot, TotalsView.lookup)
            switch LookupTag.tag(lookup) {
            case LookupTag.plainRows:
                let count = view.get(slot &+ 1, TotalsView.rows) &- view.get(slot, TotalsView.rows)
                guard walkPlain(PlainRows(lookup: lookup, count: count).unsafelyUnwrapped, sec, sectionIndex,
                                depth, rows) else { return false }
                rows += count
                children += count
                continue
            case LookupTag.section:
                let p = UnsafeRawPointer(bitPattern: LookupTag.address(lookup)).unsafelyUnwrapped
                let index = children
                children += 1
                guard Unmanaged<Section>.fromOpaque(p)._withUnsafeGuaranteedRef({
                    walkSection($0, index, depth)
                }) else { return false }
                continue
            default:
                break
            }
            switch n.pieces[slot] {
            case .rows(let run):
                guard walkRun(run, sec, sectionIndex, depth, rows) else { return false }
                rows += run.count
                children += run.count
            case .section(let sub):
                let index = children
                children += 1
                guard walkSection(sub, index, depth) else { return false }
            }
        }
        return true
    }

    /// A subsection (child `index` of its parent, at `depth`): its header,
    /// placeholder or children, and footer, from the start on.
    private mutating func walkSection(_ sub: Section, _ index: Int, _ depth: Int) -> Bool {
        if sub.filterHidden { return true }
        if sub.hasHeader {
            guard emit(.header, sub, index, depth, sub.headerUnits) else { return false }
        }
        if sub.placeholderItems > 0 {
            guard emit(.placeholder, sub, index, depth, sub.rowUnits) else { return false }
        } else if sub.showsChildren {
            let inner = sub.list.sum
            if before(end: position &+ inner.items, bottom: top &+ inner.height(sub.rowUnits)) {
                position += inner.items
                top += inner.height(sub.rowUnits)
            } else if !walkList(sub, sectionIndex: index, depth: depth + 1) {
                return false
            }
        }
        if sub.hasFooter {
            guard emit(.footer, sub, index, depth, sub.footerUnits) else { return false }
        }
        return true
    }

    /// The first of a run's `count` rows to hand out: 0 once the walk has
    /// started, else the first at or after the start, with `top` and
    /// `position` moved past the rows before it. `firstRow(y, inclusive)`
    /// and `height(i)` (of rows 0..<i) read the run's heights.
    @inline(__always)
    private mutating func skipToStart(count: Int, firstRow: (Int, Bool) -> Int?, height: (Int) -> Int) -> Int {
        guard !started else { return 0 }
        let i: Int
        switch start {
        case .position(let p): i = max(0, min(count, p - position))
        case .bottom(let y, let inclusive): i = firstRow(y &- top, inclusive) ?? count
        }
        top += height(i)
        position += i
        return i
    }

    /// The rows of a run without marks or expanded heights, read from its
    /// leaf's record (`PlainRows`), from the start on (`rows`: the rows of
    /// the section before it); advances past the run.
    private mutating func walkPlain(_ plain: PlainRows, _ sec: Section, _ sectionIndex: Int, _ depth: Int,
                                    _ rows: Int) -> Bool {
        let rowHeight = sec.rowUnits
        let i = skipToStart(count: plain.count) {
            plain.firstRow(bottomBeyond: $0, inclusive: $1, rowHeight: rowHeight)
        } height: {
            plain.prefixHeight($0, rowHeight: rowHeight)
        }
        guard i < plain.count else { return true }
        let item = Item(kind: .row, depth: depth - 1, section: sectionIndex, row: 0, sectionID: sec.id)
        return handRows(plain, from: i, item, rows, rowHeight: rowHeight, marks: nil)
    }

    /// Hands on rows `start..<plain.count` of `plain` as `item` (`rows`:
    /// the rows of the section before them), each selected as its bit of
    /// `marks.selected` says (unselected without marks). One loop per
    /// width, so that no row asks which it is.
    @inline(__always)
    private mutating func handRows(_ plain: PlainRows, from start: Int, _ item: Item, _ rows: Int, rowHeight: Int,
                                   marks: RowMarks?) -> Bool {
        var i = start, item = item
        @inline(__always) func handRows(width: Int) -> Bool {
            while i < plain.count {
                item.row = rows &+ i
                if let marks { item.selected = marks.bit(marks.selected, i) }
                guard hand(item, plain.height(i, width: width, rowHeight: rowHeight)) else { return false }
                i &+= 1
            }
            return true
        }
        switch plain.width {
        case 1: return handRows(width: 1)
        case 2: return handRows(width: 2)
        default: return handRows(width: 4)
        }
    }

    /// The rows of a run from the start on (`rows`: the rows of the section
    /// before it); advances past the run.
    private mutating func walkRun(_ run: RowRun, _ sec: Section, _ sectionIndex: Int, _ depth: Int,
                                  _ rows: Int) -> Bool {
        let rowHeight = sec.rowUnits
        if run.marks.hidden != 0 { return walkFiltered(run, sec, sectionIndex, depth, rows) }
        var i = skipToStart(count: run.count) {
            run.firstRow(bottomBeyond: $0, inclusive: $1, rowHeight: rowHeight)
        } height: {
            $0 == run.count ? run.height(rowHeight: rowHeight) : run.prefixHeight($0, rowHeight: rowHeight)
        }
        guard i < run.count else { return true }
        // What all the run's rows share, set once; each row sets the rest.
        var item = Item(kind: .row, depth: depth - 1, section: sectionIndex, row: 0, sectionID: sec.id)
        let marks = run.marks
        // The plain case (no row expanded, none expandable): a row is its
        // height and its selection bit.
        if run.expandedBits == 0, run.expandedHeights == nil, marks.matched == 0 {
            guard run.isExplicit else {
                let all = marks.selected != 0
                item.selected = all
                while i < run.count {
                    item.row = rows &+ i
                    guard hand(item, rowHeight) else { return false }
                    i &+= 1
                }
                return true
            }
            return run.withPlainRows { handRows($0, from: i, item, rows, rowHeight: rowHeight, marks: marks) }
        }
        while i < run.count {
            item.row = rows &+ i
            item.expanded = run.isExpanded(i)
            item.expandable = run.isExpandable(i, rowHeight: rowHeight)
            item.matched = run.isMatched(i)
            item.selected = marks.bit(marks.selected, i)
            guard hand(item, run.height(i, rowHeight: rowHeight)) else { return false }
            i &+= 1
        }
        return true
    }

    /// The shown rows of a run the filter hides rows of (`rows`: the rows
    /// of the section before it); advances past the run.
    private mutating func walkFiltered(_ run: RowRun, _ sec: Section, _ sectionIndex: Int, _ depth: Int,
                                       _ rows: Int) -> Bool {
        let rowHeight = sec.rowUnits
        guard run.isExplicit else { return true }  // a hidden default run shows nothing
        for i in 0..<run.count where !run.isHidden(i) {
            let h = run.height(i, rowHeight: rowHeight)
            guard started || !before(end: position &+ 1, bottom: top &+ h) else {
                top += h
                position += 1
                continue
            }
            var item = Item(kind: .row, depth: depth - 1, section: sectionIndex, row: rows + i,
                            expanded: run.isExpanded(i), expandable: run.isExpandable(i, rowHeight: rowHeight),
                            sectionID: sec.id)
            item.matched = run.isMatched(i)
            item.selected = run.marks.bit(run.marks.selected, i)
            guard hand(item, h) else { return false }
        }
        return true
    }

    /// Reports a header, footer or placeholder if it is at or after the start; always advances.
    private mutating func emit(_ kind: ItemKind, _ sub: Section, _ index: Int, _ depth: Int, _ h: Int) -> Bool {
        guard started || !before(end: position &+ 1, bottom: top &+ h) else {
            top += h
            position += 1
            return true
        }
        var item = kind == .placeholder ? Item.placeholder(of: sub, index: index, depth: depth)
            : Item(kind: kind, depth: depth, section: index, collapsed: !sub.showsChildren,
                   collapsible: sub.collapsible, sectionID: sub.id)
        if kind == .header {
            item.matched = sub.filterMatched
            item.selected = sub.selected
        }
        return hand(item, h)
    }
}
