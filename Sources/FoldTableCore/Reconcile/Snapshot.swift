/// The input of `Table.applySnapshot` (what the app's data says the table
/// should hold), the report it returns, and the checked plan it works from.

/// One entry of a snapshot: a flat pre-order list of the tree, each entry at
/// its depth. A section entry is followed by its children (depth + 1): rows
/// entries and subsection entries in child order.
public struct SnapshotEntry: Equatable, Sendable {
    public enum Kind: Int32, Sendable {
        case section = 0
        case rows = 1
    }

    public var kind: Kind
    /// 0 for a top-level section; a section's children are one deeper.
    public var depth: Int
    /// A section's key (non-empty, unique in the snapshot). Ignored for rows.
    public var key: String
    /// A section's header text. Ignored for rows.
    public var header: String
    /// How many rows a rows entry stands for (>= 0). Ignored for sections.
    public var rows: Int
    /// `.collapsed`, `.expanded`, `.fixed`, `.noHeader`, as `insertSection`
    /// takes them: used only when the section is new.
    public var flags: SectionFlags
    /// `Table.keepHeight` (a kept section keeps its height; a new one gets
    /// the table's default), `Table.defaultHeight` (the table's default) or
    /// a height in points.
    public var headerHeight: Double
    public var footerHeight: Double
    public var rowHeight: Double

    public init(kind: Kind, depth: Int, key: String = "", header: String = "", rows: Int = 0,
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
    public static func section(_ key: String, depth: Int = 0, header: String = "", flags: SectionFlags = [],
                               headerHeight: Double = Table.keepHeight, footerHeight: Double = Table.keepHeight,
                               rowHeight: Double = Table.keepHeight) -> SnapshotEntry {
        SnapshotEntry(kind: .section, depth: depth, key: key, header: header, flags: flags,
                      headerHeight: headerHeight, footerHeight: footerHeight, rowHeight: rowHeight)
    }

    /// A run of `count` rows in the section above it.
    public static func rows(_ count: Int, depth: Int = 1) -> SnapshotEntry {
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

    public init() {}
}

extension Table {
    /// In a snapshot's heights: a kept section keeps its height; a new
    /// section gets the table's default.
    public static let keepHeight: Double = -2
}

/// A checked snapshot: its sections numbered in pre-order, each with its
/// parent and its children, linked through the entries (no array per
/// section: a snapshot of 10^5 sections allocates a few flat arrays).
struct SnapshotPlan {
    enum Child {
        case rows(Int)
        case section(Int)
    }

    /// Entry index of each section.
    var entry: [Int] = []
    /// Parent section number of each section (-1: the top level).
    var parent: [Int] = []
    /// First child entry of each section (-1: none), and of the top level.
    var firstChild: [Int] = []
    var topFirst = -1
    /// Per entry: the next child entry of the same parent (-1: none), and
    /// its section number (-1 for rows).
    var nextSibling: [Int] = []
    var sectionOfEntry: [Int] = []

    /// Checks every entry before anything changes: a failure names the
    /// entry ("snapshot entry 3: ...", or `label` for another use).
    /// `claim(key, n)` records that section `n` has `key` and returns the
    /// number of an earlier section with that key, if any (or throws, for
    /// a key that may not be used). `scope` says where depth 0 is: the top
    /// level of a whole snapshot, or the children of a section being
    /// loaded (rows allowed at depth 0, deeper levels and the table's
    /// room for sections and rows counted).
    /// O(entries), plus the claims.
    init(_ entries: [SnapshotEntry], label: String = "snapshot entry", scope: Scope = .table,
         claim: (String, Int) throws -> Int?) throws {
        var open: [Int] = []  // the sections above the next entry; open.count is its deepest allowed depth
        var lastChild: [Int] = []
        var topLast = -1
        var rows = 0
        nextSibling = [Int](repeating: -1, count: entries.count)
        // At most one section per entry: no regrowth while appending.
        entry.reserveCapacity(entries.count)
        parent.reserveCapacity(entries.count)
        firstChild.reserveCapacity(entries.count)
        lastChild.reserveCapacity(entries.count)
        sectionOfEntry = [Int](repeating: -1, count: entries.count)
        func fail(_ i: Int, _ code: FoldError.Code, _ why: String) -> FoldError {
            FoldError(code, "\(label) \(i): \(why)")
        }
        // An unloaded section's children arrive when it loads.
        var unloaded = [Bool]()
        unloaded.reserveCapacity(entries.count)
        for i in entries.indices {
            let depth = entries[i].depth
            guard depth >= 0, depth <= open.count else {
                throw fail(i, .outOfRange, "depth \(depth) is out of range (0 to \(open.count) here: "
                           + "an entry is at most one level below the section before it)")
            }
            open.removeLast(open.count - depth)
            switch entries[i].kind {
            case .rows:
                let count = entries[i].rows
                guard !open.isEmpty || scope.rowsAtTop else {
                    throw fail(i, .invalidArgument, "rows belong in a section: a rows entry needs depth 1 or more")
                }
                guard count >= 0 else { throw fail(i, .outOfRange, "row count \(count) is negative") }
                guard count <= scope.rowRoom - rows else {
                    throw fail(i, .outOfRange, "\(scope.whole) holds more than \(Limits.maxRows) rows")
                }
                rows += count
            case .section:
                // Fields are read in place: copying the entry (two strings)
                // was a tenth of an unchanged snapshot's cost.
                let key = entries[i].key
                guard !key.isEmpty else { throw fail(i, .invalidArgument, "a section key must not be empty") }
                guard depth < Limits.maxDepth - scope.levelsAbove else {
                    throw fail(i, .outOfRange, "sections nest at most \(Limits.maxDepth) levels deep")
                }
                guard entry.count < scope.sectionRoom else {
                    throw fail(i, .outOfRange, "\(scope.whole) holds more than \(Limits.maxSections) sections")
                }
                if let why = Table.problem(newSectionFlags: entries[i].flags, key: key) { throw fail(i, .invalidArgument, why) }
                func checkHeight(_ h: Double, _ what: String) throws {
                    guard h == Table.keepHeight || h == Table.defaultHeight
                        || (h.isFinite && h >= 0 && h <= Limits.maxHeight) else {
                        throw fail(i, .invalidArgument, "\(what) \(h) is not a height (a finite number from 0 to "
                                   + "\(Int(Limits.maxHeight)), or -1 for the default)")
                    }
                }
                try checkHeight(entries[i].headerHeight, "header height")
                try checkHeight(entries[i].footerHeight, "footer height")
                try checkHeight(entries[i].rowHeight, "row height")
                let n = entry.count
                let other: Int?
                do { other = try claim(key, n) } catch let e as FoldError { throw fail(i, e.code, e.message) }
                if let other {
                    throw fail(i, .duplicateKey, "the key \"\(key)\" is also the key of entry \(entry[other])")
                }
                unloaded.append(entries[i].flags.contains(.unloaded))
                entry.append(i)
                parent.append(open.last ?? -1)
                firstChild.append(-1)
                lastChild.append(-1)
                sectionOfEntry[i] = n
                open.append(n)
            }
            // Link the entry as the last child of its parent.
            let owner = depth == 0 ? -1 : open[depth - 1]
            if owner >= 0, unloaded[owner] {
                throw fail(i, .invalidArgument, "section \"\(entries[entry[owner]].key)\" (entry \(entry[owner])) "
                           + "is unloaded: its children arrive when it loads")
            }
            let last = owner < 0 ? topLast : lastChild[owner]
            if last >= 0 { nextSibling[last] = i } else if owner < 0 { topFirst = i } else { firstChild[owner] = i }
            if owner < 0 { topLast = i } else { lastChild[owner] = i }
        }
    }

    var sectionCount: Int { entry.count }

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
    func hasChildEntries(_ n: Int) -> Bool { firstChild[n] >= 0 }

    /// The number of rows of section `n` (-1: the top level) when all its
    /// children are rows; nil when it has a subsection. O(children entries).
    func onlyRows(of n: Int, _ entries: [SnapshotEntry]) -> Int? {
        var k = n < 0 ? topFirst : firstChild[n]
        var rows = 0
        while k >= 0 {
            guard sectionOfEntry[k] < 0 else { return nil }
            rows += entries[k].rows
            k = nextSibling[k]
        }
        return rows
    }

    /// Calls `body` with the children of section `n` (-1: the top level) in
    /// order, adjacent rows entries as one run, empty runs left out.
    /// O(children entries).
    func forEachChild(of n: Int, _ entries: [SnapshotEntry], _ body: (Child) throws -> Void) rethrows {
        var k = n < 0 ? topFirst : firstChild[n]
        var rows = 0
        while k >= 0 {
            let s = sectionOfEntry[k]
            if s < 0 {
                rows += entries[k].rows
            } else {
                if rows > 0 { try body(.rows(rows)) }
                rows = 0
                try body(.section(s))
            }
            k = nextSibling[k]
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
    var previous = [Int](repeating: -1, count: values.count)
    for (i, v) in values.enumerated() {
        var low = 0, high = tails.count
        while low < high {
            let mid = (low + high) / 2
            if values[tails[mid]] < v { low = mid + 1 } else { high = mid }
        }
        if low > 0 { previous[i] = tails[low - 1] }
        if low == tails.count { tails.append(i) } else { tails[low] = i }
    }
    var keep = [Bool](repeating: false, count: values.count)
    var i = tails.last ?? -1
    while i >= 0 {
        keep[i] = true
        i = previous[i]
    }
    return keep
}
