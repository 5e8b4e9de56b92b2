/// What an item of the flat list is.
public enum ItemKind: Int32, Sendable {
    case header = 0
    case row = 1
    case footer = 2
    /// Under the header of a section whose children are loading or failed
    /// to load (row -1; Table+Loading.swift).
    case placeholder = 3
}

/// One item of the flat list.
public struct Item: Equatable, Sendable {
    public var kind: ItemKind
    /// Nesting depth of the item's section (0 for top-level sections).
    public var depth: Int
    /// Index of the item's section among its parent's children (what the
    /// bindings call an item's section; fold_table_item_at_with_index).
    public var section: Int
    /// Row index within the section for rows, -1 for headers and footers.
    public var row: Int
    /// The section's stored collapsed state (headers and footers only).
    public var collapsed: Bool
    /// Rows only: whether the row is expanded, and whether it can expand.
    public var expanded: Bool
    public var expandable: Bool
    /// Headers and footers only: whether the section is collapsible now (not
    /// fixed, and has children), so its header shows an indicator.
    public var collapsible: Bool
    /// The id of the item's section.
    public var sectionID: SectionID
    /// Placeholders only: the load failed (else it is loading).
    public var loadFailed: Bool
    /// Headers and rows: matches the active filter itself (Table+Filter.swift).
    public var matched = false
    /// Headers and rows: the section or row is selected (Table+Selection.swift).
    public var selected = false
    /// The focused item (Table+Focus.swift).
    public var focused = false

    init(kind: ItemKind, depth: Int = 0, section: Int, row: Int = -1, collapsed: Bool = false,
                expanded: Bool = false, expandable: Bool = false, collapsible: Bool = false,
                sectionID: SectionID = 0, loadFailed: Bool = false) {
        self.kind = kind
        self.depth = depth
        self.section = section
        self.row = row
        self.collapsed = collapsed
        self.expanded = expanded
        self.expandable = expandable
        self.collapsible = collapsible
        self.sectionID = sectionID
        self.loadFailed = loadFailed
    }

    /// The placeholder of section `s` (whose child index is `index`, at `depth`).
    static func placeholder(of s: Section, index: Int, depth: Int) -> Item {
        Item(kind: .placeholder, depth: depth, section: index, sectionID: s.id, loadFailed: s.load == .failed)
    }
}

/// An item with its position and geometry. Made by the engine only (the ABI
/// layer reads it), so the memberwise initializer Swift synthesizes, which
/// is internal, is the one it needs.
public struct PlacedItem: Equatable, Sendable {
    public var position: Int
    public var item: Item
    public var top: Double
    public var height: Double
}

/// Where an offset falls relative to the items.
public enum OffsetPlace: Int32, Sendable {
    /// Inside the reported item.
    case inItem = 0
    /// Above the first item (negative, or in the top padding).
    case above = 1
    /// At or past the end of the last item.
    case below = 2
}
