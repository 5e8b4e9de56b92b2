/// Sorted, disjoint, coalesced ranges of positions under the two edits a
/// change set records: add a range (merging what it overlaps or touches),
/// and replace `removed` positions at `p` by `added` ones (ranges after
/// the step move, the removed part is gone). Each edit is O(log r)
/// amortized for r ranges, in any order of edits: a treap keyed by the
/// ranges' starts whose nodes carry a pending shift for their subtrees,
/// so moving every range after `p` is one split, one tag and one merge.
///
/// Nodes live in one array of structs (no per-node objects, no reference
/// counting; a change set's first range is one allocation, where parallel
/// arrays made five); freed nodes are reused. Priorities are a hash of the
/// node's slot, independent of the positions, so the tree is balanced in
/// expectation whatever order the edits come in.
///
/// Edits recorded from the end of the list backwards (a snapshot's
/// sections, last first) add each range before every other one and move
/// all of them: those ranges wait in `front`, an array, and enter the
/// treap together, built in one pass (O(1) each, where a merge down the
/// left spine took a few hundred instructions per range).
struct RangeTree: Sendable {
    private struct Node {
        var lower: Int
        var upper: Int
        /// Pending shift of the node's children (its own bounds are current).
        var shift = 0
        var left: Int32 = -1
        var right: Int32 = -1
    }

    private var nodes: [Node] = []
    private var freed: [Int32] = []
    private var root: Int32 = -1
    /// Ranges before every range of the treap, not touching, the first
    /// last (so adding one before all is an append), each stored less
    /// `frontShift`: moving them all is one add.
    private var front: [(lower: Int, upper: Int)] = []
    private var frontShift = 0
    /// The first range's start and the last one's end, once found: the
    /// common edits (before or after every range) read them instead of
    /// walking a spine. Nil after an edit that may move them otherwise.
    private var span: (lower: Int, upper: Int)?
    /// The only range, while there is one and no other: most change sets
    /// record one (a row redrawn, a header restyled), and keeping it here
    /// costs no allocation (the treap's first node cost an array, about
    /// 700 instructions with its release). Nil once the treap holds any.
    private var solo: (lower: Int, upper: Int)?

    var isEmpty: Bool { root < 0 && front.isEmpty && solo == nil }

    /// Empties it, keeping the treap's arrays' storage while their
    /// capacity is at most `kept` (a change set's record is reused:
    /// `ChangeRecord.emptied`). Touches only what holds anything. O(1)
    /// unless it held a treap.
    mutating func clear(keepingUpTo kept: Int) {
        solo = nil
        span = nil
        guard root >= 0 || !front.isEmpty || !freed.isEmpty else { return }
        let keep = nodes.capacity <= kept
        nodes.removeAll(keepingCapacity: keep)
        freed.removeAll(keepingCapacity: keep)
        front.removeAll(keepingCapacity: keep)
        root = -1
        frontShift = 0
    }

    /// Adds `range` (not empty), merging the ranges it overlaps or touches.
    mutating func insert(_ range: Range<Int>) {
        var a = range.lowerBound, b = range.upperBound
        if root < 0, front.isEmpty {
            guard let only = solo else {
                solo = (a, b)
                return
            }
            if a <= only.upper, b >= only.lower {
                solo = (min(a, only.lower), max(b, only.upper))
                return
            }
            spill()
        }
        // Before every range or after, touching none: an append or one
        // merge (change sets are mostly recorded in order, or in reverse).
        if let (lower, upper) = bounds() {
            if b < lower {
                front.append((a &- frontShift, b &- frontShift))
                span = (a, upper)
                return
            }
            // (After every range: `front` stays before the treap's.)
            if upper < a {
                root = merge(root, make(a, b))
                span = (lower, b)
                return
            }
        }
        flushFront()
        span = nil
        var (l, r) = split(root, a)
        if let x = last(l), nodes[Int(x)].upper >= a {
            let (rest, node) = split(l, nodes[Int(x)].lower)
            a = nodes[Int(x)].lower
            b = max(b, nodes[Int(x)].upper)
            release(node)
            l = rest
        }
        if b < Int.max {
            let (touching, after) = split(r, b + 1)
            if let y = last(touching) { b = max(b, nodes[Int(y)].upper) }
            release(touching)
            r = after
        }
        root = merge(merge(l, make(a, b)), r)
    }

    /// Positions `p..<p+removed` became `added` positions: ranges before
    /// `p` stay, the removed part is cut out, ranges after it move by
    /// `added - removed`.
    mutating func replace(at p: Int, removed: Int, added: Int) {
        guard !isEmpty else { return }
        let end = p + removed, d = added - removed
        if let only = solo {
            // As below, for one range: before the step it stays, after it
            // it moves; across it, it keeps its head before `p` and its tail
            // after the removed part, which touch when nothing was added.
            if only.upper <= p { return }
            if only.lower >= end {
                solo = (only.lower + d, only.upper + d)
                return
            }
            let head = only.lower < p ? (only.lower, p) : nil
            let tail = only.upper > end ? (p + added, only.upper + d) : nil
            switch (head, tail) {
            case (nil, nil): solo = nil
            case (let h?, nil): solo = h
            case (nil, let t?): solo = t
            case (let h?, let t?):
                if added == 0 {
                    solo = (h.0, t.1)
                } else {
                    solo = nil
                    root = merge(make(h.0, h.1), make(t.0, t.1))
                    span = (h.0, t.1)
                }
            }
            return
        }
        // Every range before the step (nothing moves), or every one after
        // it (all move by one tag and one add).
        if let (lower, upper) = bounds() {
            if upper <= p { return }
            if lower >= end {
                move(root, by: d)
                frontShift &+= d
                span = (lower + d, upper + d)
                return
            }
        }
        flushFront()
        span = nil
        var tail: (Int, Int)?
        var (l, r) = split(root, p)
        if let x = last(l), nodes[Int(x)].upper > p {
            // The range that straddles p keeps its head, and its tail if
            // it reaches past the removed part.
            if nodes[Int(x)].upper > end { tail = (p + added, nodes[Int(x)].upper + d) }
            nodes[Int(x)].upper = p
        }
        let (inside, after) = split(r, end)
        if let y = last(inside), nodes[Int(y)].upper > end { tail = (p + added, nodes[Int(y)].upper + d) }
        release(inside)
        move(after, by: d)
        l = merge(l, tail.map { make($0.0, $0.1) } ?? -1)
        root = merge(l, after)
        // With nothing added, a range ending at p may now touch the next.
        if added == 0 { coalesce(at: p) }
    }

    /// The ranges in order. O(r)
    func all() -> [Range<Int>] {
        if let only = solo { return [only.lower..<only.upper] }
        var out: [Range<Int>] = []
        out.reserveCapacity(front.count)
        for f in front.reversed() { out.append((f.lower &+ frontShift)..<(f.upper &+ frontShift)) }
        var stack: [(node: Int32, offset: Int)] = []
        var n = root, offset = 0
        while n >= 0 || !stack.isEmpty {
            while n >= 0 {
                stack.append((n, offset))
                offset += nodes[Int(n)].shift
                n = nodes[Int(n)].left
            }
            let (top, o) = stack.removeLast()
            let i = Int(top)
            out.append((nodes[i].lower + o)..<(nodes[i].upper + o))
            offset = o + nodes[i].shift
            n = nodes[i].right
        }
        return out
    }

    /// Moves `solo` into the treap, before a second range joins it.
    private mutating func spill() {
        guard let only = solo else { return }
        solo = nil
        root = make(only.lower, only.upper)
        span = only
    }

    /// `span`, found when unknown. O(log r) then, O(1) after.
    private mutating func bounds() -> (lower: Int, upper: Int)? {
        if let span { return span }
        flushFront()
        guard let f = first(root), let l = last(root) else { return nil }
        span = (nodes[Int(f)].lower, nodes[Int(l)].upper)
        return span
    }

    /// Puts the ranges waiting in `front` into the treap: built in one
    /// pass over them in order (each node's parent is found on a stack of
    /// the right spine, by the same priorities `merge` keeps), then one
    /// merge, since they all lie before it. O(f) for f of them.
    private mutating func flushFront() {
        guard !front.isEmpty else { return }
        var spine: [Int32] = []
        spine.reserveCapacity(32)
        for f in front.reversed() {
            let x = make(f.lower &+ frontShift, f.upper &+ frontShift)
            var below: Int32 = -1
            while let top = spine.last, treapPriority(top) < treapPriority(x) {
                below = top
                spine.removeLast()
            }
            nodes[Int(x)].left = below
            if let top = spine.last { nodes[Int(top)].right = x }
            spine.append(x)
        }
        front.removeAll(keepingCapacity: true)
        frontShift = 0
        root = merge(spine.first ?? -1, root)
    }

    // MARK: Treap

    private mutating func make(_ a: Int, _ b: Int) -> Int32 {
        if let n = freed.popLast() {
            let i = Int(n)
            nodes[i] = Node(lower: a, upper: b)
            return n
        }
        nodes.append(Node(lower: a, upper: b))
        return Int32(nodes.count - 1)
    }

    /// Frees a subtree's nodes. Each node is freed once after being made
    /// once, so this is amortized O(1) per node.
    private mutating func release(_ t: Int32) {
        guard t >= 0 else { return }
        if nodes[Int(t)].left < 0, nodes[Int(t)].right < 0 {
            freed.append(t)
            return
        }
        var stack = [t]
        while let n = stack.popLast() {
            if nodes[Int(n)].left >= 0 { stack.append(nodes[Int(n)].left) }
            if nodes[Int(n)].right >= 0 { stack.append(nodes[Int(n)].right) }
            freed.append(n)
        }
    }

    private mutating func move(_ t: Int32, by d: Int) {
        guard t >= 0, d != 0 else { return }
        let i = Int(t)
        nodes[i].lower += d; nodes[i].upper += d; nodes[i].shift += d
    }

    private mutating func push(_ t: Int32) {
        let i = Int(t)
        let d = nodes[i].shift
        guard d != 0 else { return }
        move(nodes[i].left, by: d)
        move(nodes[i].right, by: d)
        nodes[i].shift = 0
    }

    /// (ranges starting before `key`, the others)
    private mutating func split(_ t: Int32, _ key: Int) -> (Int32, Int32) {
        guard t >= 0 else { return (-1, -1) }
        push(t)
        let i = Int(t)
        if nodes[i].lower < key {
            let (a, b) = split(nodes[i].right, key)
            nodes[i].right = a
            return (t, b)
        }
        let (a, b) = split(nodes[i].left, key)
        nodes[i].left = b
        return (a, t)
    }

    private mutating func merge(_ a: Int32, _ b: Int32) -> Int32 {
        guard a >= 0 else { return b }
        guard b >= 0 else { return a }
        if treapPriority(a) > treapPriority(b) {
            push(a)
            nodes[Int(a)].right = merge(nodes[Int(a)].right, b)
            return a
        }
        push(b)
        nodes[Int(b)].left = merge(a, nodes[Int(b)].left)
        return b
    }

    /// The last node of `t`, with the shifts on its path applied.
    private mutating func last(_ t: Int32) -> Int32? { end(t, last: true) }

    /// The first node of `t`, likewise.
    private mutating func first(_ t: Int32) -> Int32? { end(t, last: false) }

    /// The last (or first) node of `t`: right (or left) links followed to
    /// the end, with the shifts on the path applied.
    private mutating func end(_ t: Int32, last: Bool) -> Int32? {
        guard t >= 0 else { return nil }
        var n = t
        while true {
            push(n)
            let next = last ? nodes[Int(n)].right : nodes[Int(n)].left
            guard next >= 0 else { return n }
            n = next
        }
    }

    /// Merges the range ending at `p` with the one starting there.
    private mutating func coalesce(at p: Int) {
        let (l, r) = split(root, p)
        guard let x = last(l), nodes[Int(x)].upper == p, let y = first(r), nodes[Int(y)].lower == p else {
            root = merge(l, r)
            return
        }
        nodes[Int(x)].upper = nodes[Int(y)].upper
        let (node, rest) = split(r, p + 1)
        release(node)
        root = merge(l, rest)
    }
}
