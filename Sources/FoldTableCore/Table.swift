/// Options fixed when a table is created.
public struct TableOptions: Equatable, Sendable {
    /// Height of rows that have no height of their own.
    public var rowHeight: Double = 44
    /// Height of section headers.
    public var headerHeight: Double = 28
    /// Height of section footers; 0 means sections have no footer item.
    public var footerHeight: Double = 0
    /// Content padding above the first and below the last item.
    public var paddingTop: Double = 0
    public var paddingBottom: Double = 0
    /// Whether new sections start collapsed.
    public var startCollapsed = false

    public init() {}

    func validate() throws {
        try Limits.check(height: rowHeight, "row height")
        try Limits.check(height: headerHeight, "header height")
        try Limits.check(height: footerHeight, "footer height")
        try Limits.check(height: paddingTop, "top padding")
        try Limits.check(height: paddingBottom, "bottom padding")
    }
}

/// The engine: sections keyed by stable strings, their rows, collapsed state,
/// and the flat list of items with its geometry.
///
/// Not thread-safe by itself; the C ABI serializes calls per table.
public final class Table {
    public let options: TableOptions
    /// The invisible top of the tree: its children are the top-level sections.
    let root: Section
    var sectionsByKey: [String: Section] = [:]
    var totalRows = 0
    var nextSeed: UInt64 = 0x5EED_F01D
    public internal(set) var collapsedIndicator = "+"
    public internal(set) var expandedIndicator = "\u{2013}"

    /// - Complexity: O(1)
    public init(options: TableOptions = TableOptions()) throws {
        try options.validate()
        self.options = options
        root = Section(key: "", header: "", headerHeight: 0, footerHeight: 0, rowHeight: 0,
                       collapsed: false, seed: nextSeed)
    }

    func makeSeed() -> UInt64 {
        nextSeed &+= 0xD1B5_4A32_D192_ED03
        return nextSeed
    }

    /// Number of top-level sections.
    /// - Complexity: O(1)
    public var sectionCount: Int { root.list.sum.children }

    /// Number of items in the flat list.
    /// - Complexity: O(1)
    public var itemCount: Int { root.list.sum.items }

    /// Total content height: padding plus every item.
    /// - Complexity: O(1)
    public var contentHeight: Double {
        options.paddingTop + root.list.sum.fixedHeight + options.paddingBottom
    }

    // MARK: Resolving sections

    func section(at index: Int) throws -> Section {
        guard index >= 0, index < sectionCount,
              let (node, _, _) = root.list.locate(.children, index),
              case .section(let s) = node.piece
        else {
            throw FoldError.range("section index", index, "0..<\(sectionCount)")
        }
        return s
    }

    func section(key: String) throws -> Section {
        guard let s = sectionsByKey[key] else {
            throw FoldError(.notFound, "no section has the key \"\(key)\"")
        }
        return s
    }

    /// Index of the section with `key`.
    /// - Complexity: O(log n)
    public func sectionIndex(forKey key: String) throws -> Int {
        try section(key: key).indexInParent
    }

    /// Key of the section at `index`.
    /// - Complexity: O(log n)
    public func sectionKey(at index: Int) throws -> String {
        try section(at: index).key
    }
}
