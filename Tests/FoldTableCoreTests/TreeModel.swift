@testable import FoldTableCore

/// A deliberately simple model of a nested table: a tree of classes, flattened
/// from scratch for every question.
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
    var collapsible: Bool { !fixed && !children.isEmpty }
    var shownHeaderHeight: Double { hasHeader ? headerHeight : 0 }

    var sections: [TreeSection] {
        children.compactMap { if case .section(let s) = $0 { return s } else { return nil } }
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
    /// Which item this is, whatever its position ("H:key", "F:key", "R:id").
    var identity = ""
    /// Everything that changes how the item is drawn.
    var look = ""
}

struct TreeModel {
    var options: TableOptions
    let root: TreeSection
    /// The rows (by id) the expanded-height provider should have been asked for, in order.
    final class Asks { var ids: [Int] = [] }
    let expectedAsks = Asks()

    init(options: TableOptions) {
        self.options = options
        root = TreeSection(key: "", collapsed: false, options: options)
    }

    func flat() -> [TreeItem] {
        var out: [TreeItem] = []
        var y = options.paddingTop
        func walk(_ s: TreeSection, path: [Int], depth: Int, chain: [(section: TreeSection, position: Int, top: Double)]) {
            var rowIndex = 0
            for (i, child) in s.children.enumerated() {
                switch child {
                case .row(let r):
                    let h = s.height(of: r)
                    out.append(TreeItem(item: Item(kind: .row, depth: depth - 1, section: path.last ?? -1, row: rowIndex,
                                                   expanded: r.expanded, expandable: s.isExpandable(r)),
                                        top: y, height: h, key: s.key, path: path + [i], chain: chain,
                                        identity: "R:\(r.id)", look: "\(h) \(r.expanded) \(s.isExpandable(r))"))
                    y += h
                    rowIndex += 1
                case .section(let sub):
                    let inner = chain + [(sub, out.count, y)]
                    let indicator = !sub.collapsible ? "" : sub.collapsed ? "+" : "-"
                    if sub.hasHeader {
                        // A header that shows its row count stays current: the count is part of its look.
                        out.append(TreeItem(item: Item(kind: .header, depth: depth, section: i, collapsed: sub.collapsed,
                                                       collapsible: sub.collapsible),
                                            top: y, height: sub.headerHeight, key: sub.key, path: path + [i], chain: inner,
                                            identity: "H:\(sub.key)",
                                            look: "\(sub.headerHeight) \(indicator) \(sub.collapsed) rows \(sub.rowCount)"))
                        y += sub.headerHeight
                    }
                    if !sub.collapsed { walk(sub, path: path + [i], depth: depth + 1, chain: inner) }
                    if sub.footerHeight > 0 {
                        out.append(TreeItem(item: Item(kind: .footer, depth: depth, section: i, collapsed: sub.collapsed,
                                                       collapsible: sub.collapsible),
                                            top: y, height: sub.footerHeight, key: sub.key, path: path + [i], chain: inner,
                                            identity: "F:\(sub.key)",
                                            look: "\(sub.footerHeight) \(sub.collapsed) \(sub.collapsible)"))
                        y += sub.footerHeight
                    }
                }
            }
        }
        walk(root, path: [], depth: 0, chain: [])
        return out
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
        func shown(_ s: TreeSection) -> Double {
            var h = s.shownHeaderHeight + s.footerHeight
            if !s.collapsed {
                for c in s.children {
                    switch c {
                    case .row(let r): h += s.height(of: r)
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
