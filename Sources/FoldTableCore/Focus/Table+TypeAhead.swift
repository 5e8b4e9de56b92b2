/// How `Table.findText` searches (FOLD_FIND_*).
public struct FindFlags: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// `start` itself may match (typing more letters of the same word keeps the item).
    static let includeStart = FindFlags(rawValue: 1)
    /// Search upward.
    static let backward = FindFlags(rawValue: 2)
    static let all: FindFlags = [.includeStart, .backward]
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
            let found = try text.map { try search(from: first, to: last, forward: !backward, folded, $0) }
                ?? searchHeaders(from: first, to: last, forward: !backward, folded)
            if let found { return found }
        }
        throw FoldError(.notFound, "no item's text starts with \"\(prefix)\"")
    }

    /// The first header from `first` to `last` (either way round, inclusive)
    /// that can take focus and whose title starts with `folded`, jumping
    /// from header to header. O(k · depth · log n) for k headers.
    private func searchHeaders(from first: Int, to last: Int, forward: Bool, _ folded: String) -> Int? {
        guard focusState.kinds.contains(.headers) else { return nil }
        var q = first
        while forward ? q <= last : q >= last {
            guard let (h, s) = TypeAhead.header(in: root, from: q, forward: forward),
                  forward ? h <= last : h >= last else { return nil }
            // The title: the header text before its first '|'.
            if !s.noFocus, TypeAhead.starts(s.header.prefix { $0 != "|" }, with: folded) { return h }
            q = h + (forward ? 1 : -1)
        }
        return nil
    }

    /// The first item from `first` to `last` (either way round, inclusive)
    /// that can take focus and whose text, as `text` gives it, starts with
    /// `folded`; the rows of a section whose rows cannot take focus are
    /// passed over at once. `text` runs with changes refused (`.busy`).
    /// O(k · depth · log n) for k items looked at.
    private func search(from first: Int, to last: Int, forward: Bool, _ folded: String,
                        _ text: (Item, Int) -> String?) throws -> Int? {
        var q = first
        while forward ? q <= last : q >= last {
            var own: (section: Section, header: Int)?
            let placed = try locateItem(q) { sub, _, header, _ in own = (sub, header) }
            if canTakeFocus(placed.item) {
                let was = eventState.notifying
                eventState.notifying = true
                let answer = text(placed.item, q)
                eventState.notifying = was
                if loads.closed {
                    throw FoldError(.cancelled, "the table was freed inside the text function; the search stopped")
                }
                if let answer, TypeAhead.starts(answer, with: folded) { return q }
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

    /// Whether `text`, without its leading whitespace and folded, starts with `folded`.
    static func starts<S: StringProtocol>(_ text: S, with folded: String) -> Bool {
        fold(text.drop(while: \.isWhitespace)).hasPrefix(folded)
    }

    /// The position (relative to `sec`'s list) of the first shown header at
    /// or after `k` (forward) or the last at or before it, with its section.
    /// O(depth · log n).
    static func header(in sec: Section, from k: Int, forward: Bool) -> (Int, Section)? {
        scan(sec.list, from: k, forward: forward, { $0.shownHeaders > 0 }) { sub, base in
            let inner = base + sub.headerItems + sub.placeholderItems
            if forward, sub.hasHeader, base >= k { return (base, sub) }
            if sub.showsChildren, forward ? true : k >= inner,
               let (r, s) = header(in: sub, from: max(0, k - inner), forward: forward) {
                return (inner + r, s)
            }
            if !forward, sub.hasHeader, base <= k { return (base, sub) }
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
    static func scan<R>(_ list: ChildList, from k: Int, forward: Bool, _ wanted: (Summary) -> Bool,
                        _ visit: (Section, Int) -> R?) -> R? {
        guard let root = list.root else { return nil }
        return scan(root, base: 0, from: k, forward: forward, wanted, visit)
    }

    private static func scan<R>(_ n: ListNode, base: Int, from k: Int, forward: Bool, _ wanted: (Summary) -> Bool,
                                _ visit: (Section, Int) -> R?) -> R? {
        let count = n.count
        // Forward, `edge` is the start of entry i; backward, its end.
        var edge = forward ? base : base + n.sum.items
        for step in 0..<count {
            let i = forward ? step : count - 1 - step
            let s = n.entrySum(i)
            let start = forward ? edge : edge - s.items
            edge = forward ? edge + s.items : start
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
