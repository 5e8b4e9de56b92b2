import Testing
@testable import FoldTableCore

/// A deliberately simple model of a table: a tree of classes, flattened from
/// scratch for every question. The one reference model of the Swift tests; a
/// flat table is a tree of depth 1 (`sections`, `rowHeights`).
final class TreeSection {
    var key: String
    var collapsed: Bool
    var headerHeight: Double
    var footerHeight: Double
    var rowHeight: Double
    var children: [TreeChild] = []
    weak var parent: TreeSection?
    /// Not collapsible (`SectionFlags.fixed`, or no header item).
    var fixed = false
    var hasHeader = true
    /// Lazily loaded children: while loading or failed (and so expanded) a
    /// placeholder stands for them.
    var load = LoadState.loaded
    var ticket: UInt64 = 0
    /// Filtering: the header's answer; collapsed by the user while a
    /// filter is on (so not opened by it until it is set again).
    var matched = false
    var closed = false
    /// Selected through its header (TreeSelectionModel.swift).
    var selected = false

    init(key: String, collapsed: Bool, options: TableOptions) {
        self.key = key
        self.collapsed = collapsed
        headerHeight = options.headerHeight
        footerHeight = options.footerHeight
        rowHeight = options.rowHeight
    }

    var rowIndices: [Int] { children.indices.filter { if case .row = children[$0] { return true } else { return false } } }
    var rowCount: Int { rowIndices.count }

    func height(of row: TreeRow) -> Double {
        let normal = row.height ?? rowHeight
        return row.expanded ? (row.expandedHeight ?? normal) : normal
    }

    func isExpandable(_ row: TreeRow) -> Bool {
        row.expandedHeight.map { $0 > (row.height ?? rowHeight) } ?? false
    }

    /// Collapsible now: shows an indicator.
    var collapsible: Bool { !fixed && (!children.isEmpty || load != .loaded) }
    var showsPlaceholder: Bool { load == .loading || load == .failed }
    var shownHeaderHeight: Double { hasHeader ? headerHeight : 0 }

    var sections: [TreeSection] {
        children.compactMap { if case .section(let s) = $0 { return s } else { return nil } }
    }

    /// A flat section's rows, by their own heights (nil: the section's
    /// default). Setting them replaces every child, so only for sections
    /// without subsections whose rows are never expanded.
    var rowHeights: [Double?] {
        get { children.compactMap { if case .row(let r) = $0 { return r.height } else { return nil } } }
        set {
            precondition(sections.isEmpty, "rowHeights is for flat sections")
            children = newValue.map { .row(TreeRow(height: $0)) }
        }
    }
}

struct TreeRow {
    /// A stable identity, to follow the row through change events.
    var id = 0
    var height: Double?
    var expandedHeight: Double?
    /// Whether `expandedHeight` is the expanded-height provider's answer
    /// (then it is known even when nil).
    var asked = false
    var expanded = false
    /// The filter's answer for the row.
    var matched = false
    var selected = false
}

enum TreeChild {
    case row(TreeRow)
    case section(TreeSection)
}

struct TreeItem {
    var item: Item
    var top: Double
    var height: Double
    var key: String
    var path: [Int]
    /// The sections enclosing the item, outermost first, with header position and top.
    var chain: [(section: TreeSection, position: Int, top: Double)]
    /// Which item this is, whatever its position ("H:key", "F:key", "R:id", "P:key").
    var identity = ""
    /// Everything that changes how the item is drawn.
    var look = ""
}

extension TableOptions {
    /// Options varied by a randomized test's seed: footers of `footer` on
    /// even seeds, a top padding of 0, 1 or 2 `paddingStep`s.
    static func seeded(_ seed: UInt64, footer: Double, paddingStep: Double) -> TableOptions {
        var options = TableOptions()
        options.footerHeight = seed % 2 == 0 ? footer : 0
        options.paddingTop = Double(seed % 3) * paddingStep
        return options
    }
}

struct TreeModel {
    var options: TableOptions
    let root: TreeSection
    /// The rows (by id) the expanded-height provider should have been asked for, in order.
    final class Asks { var ids: [Int] = [] }
    let expectedAsks = Asks()
    /// The active filter's options (nil: none) and the salt of its rule (`FilterModel.rule`).
    final class FilterModel {
        var options: FilterOptions?
        var salt = 0
        /// The answer of the fuzz's match function: about 2 in 5 match.
        static func rule(_ key: String, _ row: Int, _ salt: Int) -> Bool {
            var h = salt
            for u in key.unicodeScalars { h = h &* 31 &+ Int(u.value) }
            h = h &* 31 &+ row &+ 7
            return (h % 5 + 5) % 5 < 2
        }
    }
    let filter = FilterModel()

    /// What the filter makes of a section: hidden, opened, and whether
    /// everything below it is shown (`FilterOptions.showChildren`).
    struct Shown { var hidden = false; var opened = false; var forceChildren = false }

    /// Every section's `Shown`, from scratch (empty without a filter).
    func shownStates() -> [ObjectIdentifier: Shown] {
        var out: [ObjectIdentifier: Shown] = [:]
        guard let options = filter.options else { return out }
        func visit(_ s: TreeSection, forced: Bool) -> Bool {
            let forceKids = forced || (options.contains(.showChildren) && s.matched)
            var below = false
            for c in s.children {
                switch c {
                case .row(let r): if forceKids || r.matched { below = true }
                case .section(let sub): if visit(sub, forced: forceKids) { below = true }
                }
            }
            let hidden = !(forced || s.matched || below)
            out[ObjectIdentifier(s)] = Shown(hidden: hidden, opened: options.contains(.expandMatches) && s.collapsed
                                                 && !s.closed && below && !hidden,
                                             forceChildren: forceKids)
            return !hidden
        }
        for sub in root.sections { _ = visit(sub, forced: false) }
        return out
    }

    /// Whether a section shows its children (expanded, or opened by the filter).
    func shows(_ s: TreeSection, _ states: [ObjectIdentifier: Shown]) -> Bool {
        !s.collapsed || states[ObjectIdentifier(s)]?.opened == true
    }

    init(options: TableOptions) {
        self.options = options
        root = TreeSection(key: "", collapsed: false, options: options)
    }

    func flat() -> [TreeItem] {
        var out: [TreeItem] = []
        var y = options.paddingTop
        let states = shownStates()
        let filtering = filter.options != nil
        func walk(_ s: TreeSection, path: [Int], depth: Int, chain: [(section: TreeSection, position: Int, top: Double)]) {
            var rowIndex = 0
            let forced = states[ObjectIdentifier(s)]?.forceChildren ?? false
            for (i, child) in s.children.enumerated() {
                switch child {
                case .row(let r):
                    defer { rowIndex += 1 }
                    if filtering, !forced, !r.matched { continue }
                    let h = s.height(of: r)
                    var item = Item(kind: .row, depth: depth - 1, section: path.last ?? -1, row: rowIndex,
                                    expanded: r.expanded, expandable: s.isExpandable(r))
                    item.matched = filtering && r.matched
                    item.selected = r.selected
                    out.append(TreeItem(item: item,
                                        top: y, height: h, key: s.key, path: path + [i], chain: chain,
                                        identity: "R:\(r.id)",
                                        look: "\(h) \(r.expanded) \(s.isExpandable(r)) \(item.matched) \(r.selected)"))
                    y += h
                case .section(let sub):
                    if states[ObjectIdentifier(sub)]?.hidden == true { continue }
                    let open = shows(sub, states)
                    let inner = chain + [(sub, out.count, y)]
                    // Headers and footers: the same fields, their own height and look.
                    func edge(_ kind: ItemKind, _ height: Double, _ look: String) {
                        var item = Item(kind: kind, depth: depth, section: i, collapsed: !open, collapsible: sub.collapsible)
                        if kind == .header {
                            item.matched = filtering && sub.matched
                            item.selected = sub.selected
                        }
                        out.append(TreeItem(item: item,
                                            top: y, height: height, key: sub.key, path: path + [i], chain: inner,
                                            identity: "\(kind == .header ? "H" : "F"):\(sub.key)", look: look))
                        y += height
                    }
                    let indicator = !sub.collapsible ? "" : !open ? "+" : "-"
                    if sub.hasHeader {
                        // A header that shows its row count stays current: the count is part of its look.
                        edge(.header, sub.headerHeight,
                             "\(sub.headerHeight) \(indicator) \(!open) rows \(sub.rowCount) \(filtering && sub.matched) \(sub.selected)")
                    }
                    if open, sub.showsPlaceholder {
                        out.append(TreeItem(item: Item(kind: .placeholder, depth: depth, section: i,
                                                       loadFailed: sub.load == .failed),
                                            top: y, height: sub.rowHeight, key: sub.key, path: path + [i], chain: inner,
                                            identity: "P:\(sub.key)", look: "\(sub.rowHeight) \(sub.load)"))
                        y += sub.rowHeight
                    } else if open {
                        walk(sub, path: path + [i], depth: depth + 1, chain: inner)
                    }
                    if sub.footerHeight > 0 {
                        edge(.footer, sub.footerHeight, "\(sub.footerHeight) \(!open) \(sub.collapsible)")
                    }
                }
            }
        }
        walk(root, path: [], depth: 0, chain: [])
        return out
    }

    /// The top-level sections: all of them in a flat table.
    var sections: [TreeSection] { root.sections }

    /// A new top-level section with rows of these heights (nil: the default),
    /// inserted at `index` (nil: appended), collapsed as the options say.
    @discardableResult
    func insertSection(_ key: String, rows: [Double?], at index: Int? = nil) -> TreeSection {
        let s = TreeSection(key: key, collapsed: options.startCollapsed, options: options)
        s.parent = root
        s.rowHeights = rows
        root.children.insert(.section(s), at: index ?? root.children.count)
        return s
    }

    /// The bottom of the content: the last item's bottom (or the top
    /// padding) plus the bottom padding.
    func contentHeight(_ items: [TreeItem]) -> Double {
        (items.last.map { $0.top + $0.height } ?? options.paddingTop) + options.paddingBottom
    }

    /// The item at offset `y` and where `y` falls: above the first item, in
    /// one, or below the last.
    func itemAt(offset y: Double, in items: [TreeItem]) -> (Int, OffsetPlace) {
        if y < options.paddingTop { return (items.isEmpty ? -1 : 0, .above) }
        if let p = items.firstIndex(where: { $0.top + $0.height > y }) { return (p, .inItem) }
        return (items.count - 1, .below)
    }

    /// The positions a viewport shows (an empty item counts where its top
    /// is), widened by `overscan` on each side.
    func visibleRange(offset: Double, height: Double, overscan: Int, in items: [TreeItem]) -> Range<Int> {
        let end = offset + height
        let hits = items.indices.filter {
            let it = items[$0]
            return it.height > 0 ? (it.top < end && it.top + it.height > offset)
                                 : (it.top >= offset && it.top < end)
        }
        guard let first = hits.first, let last = hits.last else { return 0..<0 }
        return max(0, first - overscan)..<min(items.count, last + 1 + overscan)
    }

    /// The position of a section's header item.
    func headerPosition(_ key: String, in items: [TreeItem]) -> Int? {
        items.firstIndex { $0.item.kind == .header && $0.key == key }
    }

    /// The checks of the whole list every randomized test makes: the trees'
    /// invariants, the item count, and every item, asked by position and
    /// walked, against `items`. Then `each` for every position.
    func checkItems(_ table: Table, _ items: [TreeItem], _ context: String,
                    each: (Int, TreeItem) throws -> Void = { _, _ in }) throws {
        #expect(table.invariantViolations() == [], "\(context)")
        try #require(table.itemCount == items.count, "\(context)")
        var walked: [PlacedItem] = []
        table.forEachItem(from: 0) { walked.append($0); return true }
        #expect(walked.count == items.count)
        // The model knows no focus: the flag is expected on the focused position only.
        let focus = table.focusPosition
        for (p, m) in items.enumerated() {
            var placed = PlacedItem(position: p, item: m.item.with(id: table.sectionID(forKey: m.key)), top: m.top,
                                    height: m.height)
            placed.item.focused = p == focus
            #expect(try table.placedItem(at: p) == placed, "position \(p) \(context)")
            #expect(try table.itemTop(at: p) == placed.top, "top of \(p) \(context)")  // its own way down
            #expect(p < walked.count && walked[p] == placed, "walk \(p) \(context)")
            try each(p, m)
        }
        #expect(table.contentHeight == contentHeight(items), "\(context)")
        try checkViewports(table, walked, context)
    }

    /// Viewports at a few items' edges: the walk that finds its own start
    /// (overscan 0) hands out, as items and as records, what visibleRange's
    /// descents and the walk from position 0 say.
    func checkViewports(_ table: Table, _ walked: [PlacedItem], _ context: String) throws {
        for p in stride(from: 0, to: walked.count, by: max(1, walked.count / 5)) {
            let w = walked[p]
            for (offset, height) in [(w.top, 0.0), (w.top + w.height, 30), (w.top + w.height / 2, 1), (w.top - 0.5, 0.5)] {
                let range = try table.visibleRange(offset: offset, height: height)
                var got: [PlacedItem] = []
                let total = try table.forEachVisibleItem(offset: offset, height: height, overscan: 0, limit: .max) {
                    got.append($0)
                }
                // As records, into an array one larger than the range: the
                // walk writes exactly the range and leaves the rest alone.
                let spare = VisibleRecord(PlacedItem(position: -7, item: Item(kind: .row, section: 0), top: -1, height: -1))
                var records = [VisibleRecord](repeating: spare, count: range.count + 1)
                let (recorded, written) = try records.withUnsafeMutableBufferPointer {
                    try table.forEachVisibleItem(offset: offset, height: height, overscan: 0,
                                                 into: $0.baseAddress, capacity: $0.count)
                }
                let want = Array(walked[range])
                #expect(total == range.count && got == want, "viewport \(offset) +\(height): \(context)")
                #expect(recorded == range.count && written == range.count, "records \(offset): \(context)")
                #expect(records == want.map(VisibleRecord.init) + [spare], "records \(offset): \(context)")
                // Cut short: the first half written, the whole range counted.
                let cut = range.count / 2
                var part = [VisibleRecord](repeating: spare, count: cut + 1)
                let (partTotal, partWritten) = try part.withUnsafeMutableBufferPointer {
                    try table.forEachVisibleItem(offset: offset, height: height, overscan: 0,
                                                 into: $0.baseAddress, capacity: cut)
                }
                #expect(partTotal == range.count && partWritten == cut, "records cut \(offset): \(context)")
                #expect(part == want.prefix(cut).map(VisibleRecord.init) + [spare], "records cut \(offset): \(context)")
            }
        }
    }

    /// Every section, depth first in list order.
    func allSections() -> [TreeSection] {
        var out: [TreeSection] = []
        func walk(_ s: TreeSection) { for sub in s.sections { out.append(sub); walk(sub) } }
        walk(root)
        return out
    }

    func section(_ key: String) -> TreeSection? { allSections().first { $0.key == key } }

    func path(of s: TreeSection) -> [Int] {
        var out: [Int] = []
        var c = s
        while let p = c.parent {
            out.insert(p.children.firstIndex { if case .section(let x) = $0 { return x === c } else { return false } }!, at: 0)
            c = p
        }
        return out
    }

    /// The bottom of a section's last item (its header's top plus everything it shows).
    func end(of s: TreeSection, headerTop: Double) -> Double {
        let states = shownStates()
        let filtering = filter.options != nil
        func shown(_ s: TreeSection) -> Double {
            if states[ObjectIdentifier(s)]?.hidden == true { return 0 }
            let forced = states[ObjectIdentifier(s)]?.forceChildren ?? false
            var h = s.shownHeaderHeight + s.footerHeight
            let open = shows(s, states)
            if open, s.showsPlaceholder { h += s.rowHeight }
            if open {
                for c in s.children {
                    switch c {
                    case .row(let r): if !filtering || forced || r.matched { h += s.height(of: r) }
                    case .section(let sub): h += shown(sub)
                    }
                }
            }
            return h
        }
        return headerTop + shown(s)
    }

    func expandedRows() -> [RowRef] {
        var out: [RowRef] = []
        func walk(_ s: TreeSection) {
            var r = 0
            for c in s.children {
                switch c {
                case .row(let row):
                    if row.expanded { out.append(RowRef(section: s.key, row: r)) }
                    r += 1
                case .section(let sub): walk(sub)
                }
            }
        }
        walk(root)
        return out
    }
}
