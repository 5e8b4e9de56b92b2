/// The input of `Table.applySnapshot` (what the app's data says the table
/// should hold), the report it returns, and the checked plan it works from.

/// One entry of a snapshot: a flat pre-order list of the tree, each entry at
/// its depth. A section entry is followed by its children (depth + 1): rows
/// entries and subsection entries in child order.
struct SnapshotEntry: Equatable, Sendable {
    enum Kind: Int32, Sendable {
        case section = 0
        case rows = 1
    }

    var kind: Kind
    /// 0 for a top-level section; a section's children are one deeper.
    var depth: Int
    /// A section's key (non-empty, unique in the snapshot). Ignored for rows.
    var key: String
    /// A section's header text. Ignored for rows.
    var header: String
    /// How many rows a rows entry stands for (>= 0). Ignored for sections.
    var rows: Int
    /// `.collapsed`, `.expanded`, `.fixed`, `.noHeader`, as `insertSection`
    /// takes them: used only when the section is new.
    var flags: SectionFlags
    /// `Table.keepHeight` (a kept section keeps its height; a new one gets
    /// the table's default), `Table.defaultHeight` (the table's default) or
    /// a height in points.
    var headerHeight: Double
    var footerHeight: Double
    var rowHeight: Double

    init(kind: Kind, depth: Int, key: String = "", header: String = "", rows: Int = 0,
                flags: SectionFlags = [], headerHeight: Double = Table.keepHeight,
                footerHeight: Double = Table.keepHeight, rowHeight: Double = Table.keepHeight) {
        self.kind = kind
        self.depth = depth
        self.key = key
        self.header = header
        self.rows = rows
        self.flags = flags
        self.headerHeight = headerHeight
        self.footerHeight = footerHeight
        self.rowHeight = rowHeight
    }

    /// A section entry.
    static func section(_ key: String, depth: Int = 0, header: String = "", flags: SectionFlags = [],
                               headerHeight: Double = Table.keepHeight, footerHeight: Double = Table.keepHeight,
                               rowHeight: Double = Table.keepHeight) -> SnapshotEntry {
        SnapshotEntry(kind: .section, depth: depth, key: key, header: header, flags: flags,
                      headerHeight: headerHeight, footerHeight: footerHeight, rowHeight: rowHeight)
    }

    /// A run of `count` rows in the section above it.
    static func rows(_ count: Int, depth: Int = 1) -> SnapshotEntry {
        SnapshotEntry(kind: .rows, depth: depth, rows: count)
    }
}

/// What `Table.applySnapshot` did. Sections are counted at every depth.
public struct SnapshotReport: Equatable, Sendable {
    /// Sections the table did not have.
    public var sectionsInserted = 0
    /// Sections the snapshot does not have (subsections included).
    public var sectionsRemoved = 0
    /// Kept sections that changed parent or were moved among their siblings
    /// (not those that only travelled inside a moved section).
    public var sectionsMoved = 0
    /// Sections in both (the moved ones included): their state is kept.
    public var sectionsKept = 0
    /// Kept sections whose header text changed.
    public var headersChanged = 0
    /// Rows added (in kept and in new sections).
    public var rowsInserted = 0
    /// Rows removed (in kept and in removed sections).
    public var rowsRemoved = 0

    init() {}
}

extension Table {
    /// In a snapshot's heights: a kept section keeps its height; a new
    /// section gets the table's default.
    public static let keepHeight: Double = -2
}

/// A checked snapshot: its sections numbered in pre-order, each with its
/// children linked through the entries (no array per section: a snapshot
/// of 10^5 sections allocates two flat arrays).
struct SnapshotPlan {
    enum Child {
        case rows(Int)
        case section(Int)
    }

    /// One section of the snapshot, with the fields of its entry read
    /// after the plan is made (the entries themselves are not read again:
    /// a callback during the call cannot change what the call does).
    struct Node {
        /// Its entry index.
        var entry: Int
        var flags: SectionFlags
        var headerHeight: Double
        var footerHeight: Double
        var rowHeight: Double
        /// Its first and last child entries (-1: none).
        var firstChild = -1
        var lastChild = -1
        /// Whether a subsection is among its children.
        var hasSubsections = false

        var unloaded: Bool { flags.contains(.unloaded) }
        /// Whether its entry gives no height (a kept section keeps its own).
        var keepsHeights: Bool {
            headerHeight == Table.keepHeight && footerHeight == Table.keepHeight && rowHeight == Table.keepHeight
        }
    }

    /// One entry: the next child entry of the same parent (-1: none), its
    /// section number (-1 for rows), and its rows (for rows).
    struct Link {
        var next = -1
        var section = -1
        var rows = 0
    }

    private(set) var nodes: [Node] = []
    private(set) var links: [Link]
    /// The rows of all rows entries.
    private(set) var rowCount = 0
    /// The top level's first child entry, and whether it has a section.
    private var topFirst = -1
    private var topHasSubsections = false

    /// Checks every entry before anything changes: a failure names the
    /// entry ("snapshot entry 3: ...", or `label` for another use).
    /// `claim(i, n)` records that entry `i` is section `n` (and checks its
    /// key and header as text) and returns the number of an earlier
    /// section with the same key, if any (or throws, for a key that may
    /// not be used). `scope` says where depth 0 is: the top level of a
    /// whole snapshot, or the children of a section being loaded (rows
    /// allowed at depth 0, deeper levels and the table's room for sections
    /// and rows counted).
    /// O(entries), plus the claims.
    init<S: SnapshotSource>(_ entries: S, label: String = "snapshot entry", scope: Scope = .table,
                            claim: (Int, Int) throws -> Int?) throws {
        var open: [Int] = []  // the sections above the next entry; open.count is its deepest allowed depth
        open.reserveCapacity(Limits.maxDepth)
        var topLast = -1
        var rows = 0
        links = [Link](repeating: Link(), count: entries.count)
        // At most one section per entry: no regrowth while appending.
        nodes.reserveCapacity(entries.count)
        func fail(_ i: Int, _ code: FoldError.Code, _ why: String) -> FoldError {
            FoldError(code, "\(label) \(i): \(why)")
        }
        for i in 0..<entries.count {
            let depth = entries.depth(i)
            guard depth >= 0, depth <= open.count else {
                throw fail(i, .outOfRange, "depth \(depth) is out of range (0 to \(open.count) here: "
                           + "an entry is at most one level below the section before it)")
            }
            if depth < open.count { open.removeLast(open.count - depth) }
            let owner = depth == 0 ? -1 : open[depth - 1]
            switch entries.kind(i) {
            case .rows:
                let count = entries.rows(i)
                guard !open.isEmpty || scope.rowsAtTop else {
                    throw fail(i, .invalidArgument, "rows belong in a section: a rows entry needs depth 1 or more")
                }
                guard count >= 0 else { throw fail(i, .outOfRange, "row count \(count) is negative") }
                guard count <= scope.rowRoom - rows else {
                    throw fail(i, .outOfRange, "\(scope.whole) holds more than \(Limits.maxRows) rows")
                }
                rows += count
                links[i].rows = count
            case .section:
                let empty: Bool
                do { empty = try entries.keyIsEmpty(i) } catch let e as FoldError { throw fail(i, e.code, e.message) }
                guard !empty else { throw fail(i, .invalidArgument, "a section key must not be empty") }
                guard depth < Limits.maxDepth - scope.levelsAbove else {
                    throw fail(i, .outOfRange, "sections nest at most \(Limits.maxDepth) levels deep")
                }
                guard nodes.count < scope.sectionRoom else {
                    throw fail(i, .outOfRange, "\(scope.whole) holds more than \(Limits.maxSections) sections")
                }
                let flags = entries.flags(i)
                if !flags.isEmpty, let why = Table.problem(newSectionFlags: flags, key: (try? entries.key(i)) ?? "") {
                    throw fail(i, .invalidArgument, why)
                }
                let heights = (entries.headerHeight(i), entries.footerHeight(i), entries.rowHeight(i))
                if heights != (Table.keepHeight, Table.keepHeight, Table.keepHeight) {
                    func checkHeight(_ h: Double, _ what: String) throws {
                        guard h == Table.keepHeight || h == Table.defaultHeight
                            || (h.isFinite && h >= 0 && h <= Limits.maxHeight) else {
                            throw fail(i, .invalidArgument, "\(what) \(h) is not a height (a finite number from 0 to "
                                       + "\(Int(Limits.maxHeight)), or -1 for the default)")
                        }
                    }
                    try checkHeight(heights.0, "header height")
                    try checkHeight(heights.1, "footer height")
                    try checkHeight(heights.2, "row height")
                }
                let n = nodes.count
                let other: Int?
                do { other = try claim(i, n) } catch let e as FoldError { throw fail(i, e.code, e.message) }
                if let other {
                    throw fail(i, .duplicateKey, "the key \"\((try? entries.key(i)) ?? "")\" is also the key of "
                               + "entry \(nodes[other].entry)")
                }
                nodes.append(Node(entry: i, flags: flags, headerHeight: heights.0, footerHeight: heights.1,
                                  rowHeight: heights.2))
                links[i].section = n
                open.append(n)
                if owner >= 0 { nodes[owner].hasSubsections = true } else { topHasSubsections = true }
            }
            // Link the entry as the last child of its parent.
            guard owner >= 0 else {
                if topLast >= 0 { links[topLast].next = i } else { topFirst = i }
                topLast = i
                continue
            }
            if nodes[owner].unloaded {
                let e = nodes[owner].entry
                throw fail(i, .invalidArgument, "section \"\((try? entries.key(e)) ?? "")\" (entry \(e)) "
                           + "is unloaded: its children arrive when it loads")
            }
            let last = nodes[owner].lastChild
            if last >= 0 { links[last].next = i } else { nodes[owner].firstChild = i }
            nodes[owner].lastChild = i
        }
        rowCount = rows
    }

    var sectionCount: Int { nodes.count }

    /// Where a plan's depth 0 is.
    struct Scope {
        /// Rows may stand at depth 0 (the children of a section).
        var rowsAtTop = false
        /// Section levels above depth 0.
        var levelsAbove = 0
        /// How many sections and rows the entries may add.
        var sectionRoom = Limits.maxSections
        var rowRoom = Limits.maxRows
        /// What the limits' messages name.
        var whole = "the snapshot"

        /// A whole snapshot.
        static let table = Scope()
    }

    /// Whether section `n` has child entries (rows entries of 0 rows count).
    func hasChildEntries(_ n: Int) -> Bool { nodes[n].firstChild >= 0 }

    /// Whether section `n` (-1: the top level) has a subsection.
    func hasSubsections(_ n: Int) -> Bool { n < 0 ? topHasSubsections : nodes[n].hasSubsections }

    /// The number of rows of section `n` (-1: the top level) when all its
    /// children are rows; nil when it has a subsection. O(children entries).
    func onlyRows(of n: Int) -> Int? {
        guard !hasSubsections(n) else { return nil }
        var k = n < 0 ? topFirst : nodes[n].firstChild
        var rows = 0
        while k >= 0 {
            rows += links[k].rows
            k = links[k].next
        }
        return rows
    }

    /// Whether section `n` (-1: the top level) has a rows entry of at
    /// least one row. O(children entries).
    func hasRowEntries(_ n: Int) -> Bool {
        var k = n < 0 ? topFirst : nodes[n].firstChild
        while k >= 0 {
            if links[k].section < 0, links[k].rows > 0 { return true }
            k = links[k].next
        }
        return false
    }

    /// Calls `body` with the children of section `n` (-1: the top level) in
    /// order, adjacent rows entries as one run, empty runs left out.
    /// O(children entries).
    func forEachChild(of n: Int, _ body: (Child) throws -> Void) rethrows {
        var k = n < 0 ? topFirst : nodes[n].firstChild
        var rows = 0
        while k >= 0 {
            let s = links[k].section
            if s < 0 {
                rows += links[k].rows
            } else {
                if rows > 0 { try body(.rows(rows)) }
                rows = 0
                try body(.section(s))
            }
            k = links[k].next
        }
        if rows > 0 { try body(.rows(rows)) }
    }
}

/// Which elements of `values` form a longest strictly increasing
/// subsequence (the siblings that stay; the others move).
/// O(k log k) for k values.
func longestIncreasing(_ values: [Int]) -> [Bool] {
    // Usually nothing moved: one pass proves it, without the search's arrays.
    if zip(values, values.dropFirst()).allSatisfy({ $0 < $1 }) {
        return [Bool](repeating: true, count: values.count)
    }
    var tails: [Int] = []       // index into values of the smallest tail of each length
    var tailValues: [Int] = []  // and that tail's value (no indirection in the search)
    var previous = [Int](repeating: -1, count: values.count)
    for (i, v) in values.enumerated() {
        // Mostly in order: a value that extends the longest run needs no search.
        var low = tails.count
        if let last = tailValues.last, v <= last {
            var high = tails.count - 1
            low = 0
            while low < high {
                let mid = (low + high) / 2
                if tailValues[mid] < v { low = mid + 1 } else { high = mid }
            }
        }
        if low > 0 { previous[i] = tails[low - 1] }
        if low == tails.count {
            tails.append(i)
            tailValues.append(v)
        } else {
            tails[low] = i
            tailValues[low] = v
        }
    }
    var keep = [Bool](repeating: false, count: values.count)
    var i = tails.last ?? -1
    while i >= 0 {
        keep[i] = true
        i = previous[i]
    }
    return keep
}
