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
    /// How many rows may be expanded at once.
    public var accordion: Accordion = .multiple
    /// The most header levels that stick at the top (0: no limit).
    public var stickyLevels = 0
    /// Whether a viewport that shows the end of the content keeps showing
    /// it (`Table.followEnd`).
    public var followEnd = false

    public init() {}

    func validate() throws {
        guard stickyLevels >= 0 else {
            throw FoldError(.invalidArgument, "sticky levels \(stickyLevels) must be >= 0")
        }
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
    /// As given, with heights rounded to whole units (`Units`), as kept.
    public let options: TableOptions
    /// The invisible top of the tree: its children are the top-level sections.
    let root: Section
    var sectionsByKey = SectionKeys()
    var ids = SectionIDs()
    var totalRows = 0
    var collapsedIndicator = "+"
    var expandedIndicator = "\u{2013}"
    /// How many rows may be expanded at once; applies to later expansions.
    public var accordion: Accordion = .multiple
    /// The most header levels that stick at the top (0: no limit).
    public var stickyLevels = 0 {
        didSet { if stickyLevels < 0 { stickyLevels = 0 } }
    }
    /// Stick to the end, for chat and log views: while a viewport is set
    /// and shows the end of the content, a mutation other than expanding
    /// or collapsing moves it to the new end (`followsEnd()`, Table+Scrolling.swift).
    public var followEnd = false
    /// What `applySnapshot`, `finishLoad` and `importState` check their
    /// memory needs against before they build anything (Table+Memory.swift).
    var memoryHeadroom = MemoryHeadroom.system
    /// Whether a snapshot edits a list of subsections in many places in
    /// one pass over its leaves (Table+BulkRuns.swift); tests force either way.
    var bulkEdits = BulkEdits.chosen
    /// The paddings in units.
    let paddingTopUnits: Int
    let paddingBottomUnits: Int
    /// The host's viewport, for scroll anchoring (nil: not anchoring).
    public internal(set) var viewport: Viewport?

    /// The change set being recorded, the open batch, and whether a
    /// mutation or a callback is running (Table+Events.swift, Table+Batch.swift).
    var eventState = EventState()
    var listeners = Listeners()
    /// Lazily loaded children: tickets, loads under way, loader calls (Table+Loading.swift).
    var loads = Loads()
    /// The selection's mode and anchor (Table+Selection.swift).
    var selectionState = SelectionState()
    /// The focused item and which items can take focus (Table+Focus.swift).
    var focusState = FocusState()
    /// Measure rows and headers whose height is unknown (Table+LazyHeights.swift).
    var heightProviders = HeightProviders()
    /// Transitions on or off, the current one, and the capture of the
    /// running change set (Table+Transitions.swift).
    var transitionState = TransitionState()
    /// The active filter, and the match function while it is being asked
    /// (Table+Filter.swift).
    var filter: Filter?
    var matchBeingAsked: MatchFunction?
    #if FOLDTABLE_INTERNAL_CHECKS
    /// Mutations until the next structure check (Table+Invariants.swift).
    var mutationsUntilCheck = 0
    #endif

    /// - Complexity: O(1)
    public init(options: TableOptions = TableOptions()) throws {
        try options.validate()
        // Heights are kept in units (`Units`): the options read back as kept.
        var options = options
        options.rowHeight = Units.quantized(options.rowHeight)
        options.headerHeight = Units.quantized(options.headerHeight)
        options.footerHeight = Units.quantized(options.footerHeight)
        options.paddingTop = Units.quantized(options.paddingTop)
        options.paddingBottom = Units.quantized(options.paddingBottom)
        self.options = options
        paddingTopUnits = Units.of(height: options.paddingTop)
        paddingBottomUnits = Units.of(height: options.paddingBottom)
        accordion = options.accordion
        stickyLevels = options.stickyLevels
        followEnd = options.followEnd
        root = Section(key: "", header: "", headerHeight: 0, footerHeight: 0, rowHeight: 0,
                       collapsed: false)
    }

    /// Number of top-level sections.
    /// - Complexity: O(1)
    var sectionCount: Int { root.list.sum.children }

    /// Number of items in the flat list.
    /// - Complexity: O(1)
    public var itemCount: Int { root.list.sum.items }

    /// A number that changes whenever some section's children change:
    /// rows or sections inserted, removed or moved, by any call (a
    /// snapshot and a finished load too). While it stays the same, every
    /// section's index among its siblings and every child count stay the
    /// same, so a binding can cache them under it. It may also change when
    /// rows were only re-marked (rows selected, several row heights set at
    /// once, a filter set or cleared). It only grows, so no value is handed
    /// out twice: a call that fails leaves it if it edited no child list and
    /// otherwise moves it once more, past any value its callbacks saw.
    /// - Complexity: O(1)
    public var structureVersion: UInt64 { root.structureVersion }

    /// Total content height: padding plus every item.
    /// - Complexity: O(1)
    public var contentHeight: Double { Units.points(contentUnits) }

    /// Total content height in units.
    var contentUnits: Int { paddingTopUnits &+ root.list.sum.fixedHeight &+ paddingBottomUnits }

    // MARK: Resolving sections

    /// The section `ref` names.
    func section(_ ref: SectionRef) throws -> Section {
        switch ref {
        case .index(let index):
            return try child(of: root, at: index)
        case .key(let key):
            guard let s = sectionsByKey[key] else {
                throw FoldError(.notFound, "no section has the key \"\(key)\"")
            }
            return s
        case .id(let id):
            guard let s = ids.section(id) else {
                throw FoldError(.notFound, id == 0 ? "id 0 names the top level, not a section"
                                : "no section has the id \(id) (it was removed, or belongs to another table)")
            }
            return s
        case .path(let path):
            guard !path.isEmpty, path.count <= Limits.maxDepth else {
                throw FoldError(.invalidArgument, "a section path has 1 to \(Limits.maxDepth) indices, not \(path.count)")
            }
            var s = root
            for index in path { s = try child(of: s, at: index) }
            return s
        }
    }

    /// Calls `body` with the section `ref` names. Found by id (the C ABI's
    /// way), it is held unretained for the call: the table holds it, and
    /// nothing that `body` may do removes it before `body` is done with it
    /// (a listener cannot change the table; `body` must not use it after
    /// calling what could). O(1) by id.
    @inline(__always)
    func withSection<R>(_ ref: SectionRef, _ body: (Section) throws -> R) throws -> R {
        if case .id(let id) = ref, let s = ids.sectionRef(id) { return try s._withUnsafeGuaranteedRef(body) }
        return try body(section(ref))
    }

    /// The parent `ref` names; nil names the top level.
    func parent(_ ref: SectionRef?) throws -> Section {
        try ref.map(section) ?? root
    }

    /// The subsection at child index `index` of `parent`.
    func child(of parent: Section, at index: Int) throws -> Section {
        guard index >= 0, index < parent.childCount else {
            throw FoldError.child(index, of: parent)
        }
        guard let (node, _, _) = parent.list.locate(.children, index), case .section(let s) = node.piece else {
            throw FoldError(.invalidArgument, "child \(index) of section \"\(parent.key)\" is a row, not a section")
        }
        return s
    }

    /// Index of the section with `key` among its parent's children.
    /// - Complexity: O(log n)
    func sectionIndex(forKey key: String) throws -> Int {
        try section(.key(key)).indexInParent
    }

    /// The id of the section with `key`, or nil.
    /// - Complexity: O(1)
    public func sectionID(forKey key: String) -> SectionID? {
        sectionsByKey[key]?.id
    }

    /// The id of a section.
    /// - Complexity: O(1) for a key or id, O(log n) for an index, O(depth · log n) for a path
    public func sectionID(_ ref: SectionRef) throws -> SectionID {
        try section(ref).id
    }

    /// Key of a section.
    /// - Complexity: O(log n) (O(depth · log n) for a path)
    public func sectionKey(_ ref: SectionRef) throws -> String {
        try section(ref).key
    }
}

/// Names a section: by top-level index, by key, or by path (child indices
/// from the top, every one naming a section).
public enum SectionRef: Hashable, Sendable, ExpressibleByIntegerLiteral, ExpressibleByStringLiteral {
    case index(Int)
    case key(String)
    case path([Int])
    /// The id the table handed out when the section was inserted.
    case id(SectionID)

    public init(integerLiteral value: Int) { self = .index(value) }
    public init(stringLiteral value: String) { self = .key(value) }
}

/// How many rows may be expanded at once.
public enum Accordion: Int32, Sendable {
    /// Any number of rows (the default).
    case multiple = 0
    /// At most one row in the whole table: expanding one collapses the other.
    case single = 1
    /// At most one row per section.
    case singlePerSection = 2
}
