@testable import FoldTableCore

/// A deliberately simple model of a flat-sectioned table: arrays, and a flat
/// list rebuilt from scratch on every question. Tests compare the engine to it.
struct ModelSection {
    var key: String
    var header: String
    var collapsed: Bool
    var rows: [Double?]  // nil: the section's default row height
    var headerHeight: Double
    var footerHeight: Double
    var rowHeight: Double
}

struct ModelItem: Equatable {
    var item: Item
    var top: Double
    var height: Double
}

struct Model {
    var options: TableOptions
    var sections: [ModelSection] = []

    init(options: TableOptions) { self.options = options }

    func flat() -> [ModelItem] {
        var out: [ModelItem] = []
        var y = options.paddingTop
        for (i, s) in sections.enumerated() {
            out.append(ModelItem(item: Item(kind: .header, section: i, collapsed: s.collapsed, collapsible: !s.rows.isEmpty),
                                 top: y, height: s.headerHeight))
            y += s.headerHeight
            if !s.collapsed {
                for (r, h) in s.rows.enumerated() {
                    let height = h ?? s.rowHeight
                    out.append(ModelItem(item: Item(kind: .row, section: i, row: r), top: y, height: height))
                    y += height
                }
            }
            if s.footerHeight > 0 {
                out.append(ModelItem(item: Item(kind: .footer, section: i, collapsed: s.collapsed, collapsible: !s.rows.isEmpty),
                                     top: y, height: s.footerHeight))
                y += s.footerHeight
            }
        }
        return out
    }

    func itemAt(offset y: Double, in items: [ModelItem]) -> (Int, OffsetPlace) {
        if y < options.paddingTop { return (items.isEmpty ? -1 : 0, .above) }
        if let p = items.firstIndex(where: { $0.top + $0.height > y }) { return (p, .inItem) }
        return (items.count - 1, .below)
    }

    func visibleRange(offset: Double, height: Double, overscan: Int, in items: [ModelItem]) -> Range<Int> {
        let end = offset + height
        let hits = items.indices.filter {
            let it = items[$0]
            return it.height > 0 ? (it.top < end && it.top + it.height > offset)
                                 : (it.top >= offset && it.top < end)
        }
        guard let first = hits.first, let last = hits.last else { return 0..<0 }
        return max(0, first - overscan)..<min(items.count, last + 1 + overscan)
    }

    func headerPosition(_ s: Int, in items: [ModelItem]) -> Int? {
        items.firstIndex { $0.item.kind == .header && $0.item.section == s }
    }
}

extension Item {
    /// This item with the section id the table handed out (models know keys, not ids).
    func with(id: SectionID?) -> Item {
        var item = self
        item.sectionID = id ?? 0
        return item
    }
}
