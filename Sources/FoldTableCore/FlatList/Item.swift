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

extension Item {
    /// The item's facts as one word. Rows have no collapsed or collapsible
    /// fact; a placeholder is loading or failed. O(1).
    @inline(__always)
    public var flags: ItemFlags {
        // Bools as bits without a branch each: a viewport reads this per item.
        @inline(__always) func bit(_ b: Bool, _ f: ItemFlags) -> UInt32 { b ? f.rawValue : 0 }
        var f = bit(expanded, .expanded) | bit(expandable, .expandable) | bit(matched, .matched)
            | bit(selected, .selected) | bit(focused, .focused)
        if kind != .row {
            f |= bit(collapsed, .collapsed) | bit(collapsible, .collapsible)
            if kind == .placeholder { f |= loadFailed ? ItemFlags.failed.rawValue : ItemFlags.loading.rawValue }
        }
        return ItemFlags(rawValue: f)
    }
}

/// An item's facts as one word. The bits are the C header's
/// FOLD_ITEM_FLAG_* values (the ABI passes `rawValue` through), so they
/// never change.
public struct ItemFlags: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// A header or footer whose section shows collapsed.
    public static let collapsed = ItemFlags(rawValue: 1)
    /// A row that is expanded.
    public static let expanded = ItemFlags(rawValue: 2)
    /// A row whose expanded height exceeds its height.
    public static let expandable = ItemFlags(rawValue: 4)
    /// A header or footer whose section is collapsible now.
    public static let collapsible = ItemFlags(rawValue: 8)
    /// A placeholder whose children are loading.
    public static let loading = ItemFlags(rawValue: 16)
    /// A placeholder whose load failed.
    public static let failed = ItemFlags(rawValue: 32)
    /// A header whose section, or a row, is selected.
    public static let selected = ItemFlags(rawValue: 64)
    /// A header or row that matches the active filter itself.
    public static let matched = ItemFlags(rawValue: 128)
    /// The focused item.
    public static let focused = ItemFlags(rawValue: 256)
}

/// An item as a view draws it: position, geometry and facts, flat, field
/// for field as the C header's `fold_visible_item` (the records
/// `forEachVisibleItem(offset:height:overscan:into:capacity:)` writes), so
/// the walk can write a C caller's array itself. The ABI layer checks that
/// the two layouts match before it hands its array over.
public struct VisibleRecord: Equatable, Sendable {
    public var position: Int64
    /// An `ItemKind`'s raw value.
    public var kind: Int32
    public var depth: Int32
    public var section: SectionID
    /// -1 for headers, footers and placeholders.
    public var row: Int64
    public var top: Double
    public var height: Double
    /// `ItemFlags`' raw value.
    public var flags: UInt32
    public var reserved: UInt32 = 0

    @inline(__always)
    init(_ placed: PlacedItem) {
        position = Int64(placed.position)
        kind = placed.item.kind.rawValue
        depth = Int32(clamping: placed.item.depth)
        section = placed.item.sectionID
        row = Int64(placed.item.row)
        top = placed.top
        height = placed.height
        flags = placed.item.flags.rawValue
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
