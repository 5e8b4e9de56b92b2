/// How `Table.findText` searches (FOLD_FIND_*).
public struct FindFlags: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// `start` itself may match (typing more letters of the same word keeps the item).
    public static let includeStart = FindFlags(rawValue: 1)
    /// Search upward.
    public static let backward = FindFlags(rawValue: 2)
    public static let all: FindFlags = [.includeStart, .backward]
}

extension Table {
    /// Type-ahead: the first item shown after `start` (-1: from the top, or
    /// with `.backward` from the bottom) whose text starts with `prefix`,
    /// compared with Unicode case folding, going round past the end (`start`
    /// itself comes last, or first with `.includeStart`). Only items that can
    /// take focus are candidates. The text is a header's title (before its
    /// first '|') unless `text` is given, which is then asked for every
    /// candidate (nil: no text); without it rows are passed over a section
    /// at a time. Leading whitespace of the text is ignored. `text` runs
    /// inside the call: the table refuses changes from it (`.busy`).
    /// Throws `.notFound` when nothing matches. Nothing changes.
    /// - Complexity: O(k · depth · log n) for k candidates looked at.
    public func findText(prefix: String, start: Int, flags: FindFlags = [],
                         text: ((Item, Int) -> String?)? = nil) throws -> Int {
        guard flags.isSubset(of: .all) else {
            throw FoldError(.invalidArgument, "find flags \(flags.rawValue) have unknown bits (FOLD_FIND_INCLUDE_START 1, FOLD_FIND_BACKWARD 2)")
        }
        guard !prefix.isEmpty else { throw FoldError(.invalidArgument, "the prefix is empty") }
        let count = itemCount
        guard start >= -1, start < count else {
            throw FoldError.range("start", start, count == 0 ? "the list is empty: use -1"
                                  : "use -1 or a position 0 to \(count - 1)")
        }
        let folded = TypeAhead.fold(prefix)
        let matches: (Item, Int) throws -> Bool = { item, position in
            let candidate: String?
            if let text {
                let was = self.notifying
                self.notifying = true
                candidate = text(item, position)
                self.notifying = was
                if self.loads.closed {
                    throw FoldError(.cancelled, "the table was freed inside the text function; the search stopped")
                }
            } else {
                candidate = self.ids.section(item.sectionID).map { HeaderText($0.header).title }
            }
            guard let candidate else { return false }
            return TypeAhead.fold(candidate.drop(while: \.isWhitespace)).hasPrefix(folded)
        }
        let backward = flags.contains(.backward)
        let include = flags.contains(.includeStart)
        // Two spans of positions, in search order: from the start to the end
        // of the list, then round from the other end back to the start.
        var spans: [(Int, Int)]  // first, last (inclusive), in search order
        if start == -1 {
            spans = backward ? [(count - 1, 0)] : [(0, count - 1)]
        } else if backward {
            spans = [(include ? start : start - 1, 0), (count - 1, include ? start + 1 : start)]
        } else {
            spans = [(include ? start : start + 1, count - 1), (0, include ? start - 1 : start)]
        }
        for (first, last) in spans where backward ? first >= last : first <= last {
            if let found = try search(from: first, to: last, forward: !backward, headersOnly: text == nil, matches) {
                return found
            }
        }
        throw FoldError(.notFound, "no item's text starts with \"\(prefix)\"")
    }

    /// The first candidate from `first` to `last` (either way round,
    /// inclusive) that `matches`. O(k · depth · log n) for k candidates.
    private func search(from first: Int, to last: Int, forward: Bool, headersOnly: Bool,
                        _ matches: (Item, Int) throws -> Bool) throws -> Int? {
        if headersOnly, !focusState.kinds.contains(.headers) { return nil }
        var q = first
        while forward ? q <= last : q >= last {
            if headersOnly {
                // Straight to the next header: rows never are candidates.
                guard let h = TypeAhead.header(in: root, from: q, forward: forward),
                      forward ? h <= last : h >= last else { return nil }
                q = h
            }
            var own: (section: Section, header: Int)?
            let placed = try locateItem(q, measure: !headersOnly) { sub, _, header, _ in own = (sub, header) }
            if canTakeFocus(placed.item) {
                if try matches(placed.item, q) { return q }
            } else if placed.item.kind == .row, let own {
                // A section whose rows cannot take focus: past its own rows at once.
                let inner = own.header + own.section.headerItems
                let r = TypeAhead.sectionPiece(in: own.section, from: q - inner, forward: forward)
                q = inner + (r ?? (forward ? own.section.shownChildrenItems : -1))
                continue
            }
            q += forward ? 1 : -1
        }
        return nil
    }
}

/// The walks over child lists that type-ahead uses to pass over rows.
enum TypeAhead {
    /// Unicode case folding as the standard library gives it: uppercasing
    /// first maps "ß" to "SS" and every sigma to one, then lowercasing.
    static func fold<S: StringProtocol>(_ s: S) -> String { s.uppercased().lowercased() }

    /// The position (relative to `sec`'s list) of the first shown header at
    /// or after `k` (forward) or the last at or before it. O(depth · log n).
    static func header(in sec: Section, from k: Int, forward: Bool) -> Int? {
        scan(sec.list, from: k, forward: forward, { $0.shownHeaders > 0 }) { sub, base in
            let inner = base + sub.headerItems + sub.placeholderItems
            if forward, sub.hasHeader, base >= k { return base }
            if sub.showsChildren, forward ? true : k >= inner,
               let r = header(in: sub, from: max(0, k - inner), forward: forward) {
                return inner + r
            }
            if !forward, sub.hasHeader, base <= k { return base }
            return nil
        }
    }

    /// The first item of the first subsection with items at or after `k`
    /// (forward), or the last item of the last one ending at or before it,
    /// in `sec`'s list: what follows or precedes a run of its own rows.
    /// O(log n).
    static func sectionPiece(in sec: Section, from k: Int, forward: Bool) -> Int? {
        scan(sec.list, from: k, forward: forward, { $0.children > $0.rows && $0.items > 0 }) { sub, base in
            let items = sub.contribution.items
            guard items > 0 else { return nil }
            if forward { return base >= k ? base : nil }
            return base + items - 1 <= k ? base + items - 1 : nil
        }
    }

    /// Walks `list` from item `k` on (or back), entering only entries whose
    /// summary is `wanted`, and asks `visit` about each subsection there
    /// (with its first item's index in the list) until it answers. Entries
    /// wholly before `k` (after it, going back) are skipped by their sums,
    /// so one path is partly read per level and the first entry past it
    /// that is wanted answers.
    static func scan(_ list: ChildList, from k: Int, forward: Bool, _ wanted: (Summary) -> Bool,
                     _ visit: (Section, Int) -> Int?) -> Int? {
        guard let root = list.root else { return nil }
        return scan(root, base: 0, from: k, forward: forward, wanted, visit)
    }

    private static func scan(_ n: ListNode, base: Int, from k: Int, forward: Bool, _ wanted: (Summary) -> Bool,
                             _ visit: (Section, Int) -> Int?) -> Int? {
        let sums = (0..<n.count).map(n.entrySum)
        var starts: [Int] = []
        starts.reserveCapacity(sums.count)
        var b = base
        for s in sums {
            starts.append(b)
            b += s.items
        }
        for i in forward ? Array(sums.indices) : sums.indices.reversed() {
            let s = sums[i], start = starts[i]
            if forward ? start + s.items <= k : start > k { continue }
            guard wanted(s) else { continue }
            if !n.isLeaf {
                if let r = scan(n.children[i], base: start, from: k, forward: forward, wanted, visit) { return r }
            } else if case .section(let sub) = n.pieces[i], let r = visit(sub, start) {
                return r
            }
        }
        return nil
    }
}
