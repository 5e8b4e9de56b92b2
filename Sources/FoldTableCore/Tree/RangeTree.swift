/// Sorted, disjoint, coalesced ranges of positions under the two edits a
/// change set records: add a range (merging what it overlaps or touches),
/// and replace `removed` positions at `p` by `added` ones (ranges after
/// the step move, the removed part is gone). Each edit is O(log r)
/// amortized for r ranges, in any order of edits: a treap keyed by the
/// ranges' starts whose nodes carry a pending shift for their subtrees,
/// so moving every range after `p` is one split, one tag and one merge.
///
/// Nodes live in parallel arrays (no per-node objects, no reference
/// counting); freed nodes are reused. Priorities are a hash of the node's
/// slot, independent of the positions, so the tree is balanced in
/// expectation whatever order the edits come in.
struct RangeTree: Sendable {
    private var lower: [Int] = []
    private var upper: [Int] = []
    /// Pending shift of the node's children (its own bounds are current).
    private var shift: [Int] = []
    private var left: [Int32] = []
    private var right: [Int32] = []
    private var freed: [Int32] = []
    private var root: Int32 = -1

    var isEmpty: Bool { root < 0 }

    /// Adds `range` (not empty), merging the ranges it overlaps or touches.
    mutating func insert(_ range: Range<Int>) {
        var a = range.lowerBound, b = range.upperBound
        var (l, r) = split(root, a)
        if let x = last(l), upper[Int(x)] >= a {
            let (rest, node) = split(l, lower[Int(x)])
            a = lower[Int(x)]
            b = max(b, upper[Int(x)])
            release(node)
            l = rest
        }
        if b < Int.max {
            let (touching, after) = split(r, b + 1)
            if let y = last(touching) { b = max(b, upper[Int(y)]) }
            release(touching)
            r = after
        }
        root = merge(merge(l, make(a, b)), r)
    }

    /// Positions `p..<p+removed` became `added` positions: ranges before
    /// `p` stay, the removed part is cut out, ranges after it move by
    /// `added - removed`.
    mutating func replace(at p: Int, removed: Int, added: Int) {
        guard root >= 0 else { return }
        let end = p + removed, d = added - removed
        var tail: (Int, Int)?
        var (l, r) = split(root, p)
        if let x = last(l), upper[Int(x)] > p {
            // The range that straddles p keeps its head, and its tail if
            // it reaches past the removed part.
            if upper[Int(x)] > end { tail = (p + added, upper[Int(x)] + d) }
            upper[Int(x)] = p
        }
        let (inside, after) = split(r, end)
        if let y = last(inside), upper[Int(y)] > end { tail = (p + added, upper[Int(y)] + d) }
        release(inside)
        move(after, by: d)
        l = merge(l, tail.map { make($0.0, $0.1) } ?? -1)
        root = merge(l, after)
        // With nothing added, a range ending at p may now touch the next.
        if added == 0 { coalesce(at: p) }
    }

    /// The ranges in order. O(r)
    func all() -> [Range<Int>] {
        var out: [Range<Int>] = []
        var stack: [(node: Int32, offset: Int)] = []
        var n = root, offset = 0
        while n >= 0 || !stack.isEmpty {
            while n >= 0 {
                stack.append((n, offset))
                offset += shift[Int(n)]
                n = left[Int(n)]
            }
            let (top, o) = stack.removeLast()
            let i = Int(top)
            out.append((lower[i] + o)..<(upper[i] + o))
            offset = o + shift[i]
            n = right[i]
        }
        return out
    }

    // MARK: Treap

    private static func priority(_ n: Int32) -> UInt32 {
        // murmur3's finalizer: slots in order get unrelated priorities.
        var h = UInt32(bitPattern: n)
        h ^= h >> 16; h &*= 0x85eb_ca6b
        h ^= h >> 13; h &*= 0xc2b2_ae35
        h ^= h >> 16
        return h
    }

    private mutating func make(_ a: Int, _ b: Int) -> Int32 {
        if let n = freed.popLast() {
            let i = Int(n)
            lower[i] = a; upper[i] = b; shift[i] = 0; left[i] = -1; right[i] = -1
            return n
        }
        lower.append(a); upper.append(b); shift.append(0); left.append(-1); right.append(-1)
        return Int32(lower.count - 1)
    }

    /// Frees a subtree's nodes. Each node is freed once after being made
    /// once, so this is amortized O(1) per node.
    private mutating func release(_ t: Int32) {
        guard t >= 0 else { return }
        var stack = [t]
        while let n = stack.popLast() {
            if left[Int(n)] >= 0 { stack.append(left[Int(n)]) }
            if right[Int(n)] >= 0 { stack.append(right[Int(n)]) }
            freed.append(n)
        }
    }

    private mutating func move(_ t: Int32, by d: Int) {
        guard t >= 0, d != 0 else { return }
        let i = Int(t)
        lower[i] += d; upper[i] += d; shift[i] += d
    }

    private mutating func push(_ t: Int32) {
        let i = Int(t)
        let d = shift[i]
        guard d != 0 else { return }
        move(left[i], by: d)
        move(right[i], by: d)
        shift[i] = 0
    }

    /// (ranges starting before `key`, the others)
    private mutating func split(_ t: Int32, _ key: Int) -> (Int32, Int32) {
        guard t >= 0 else { return (-1, -1) }
        push(t)
        let i = Int(t)
        if lower[i] < key {
            let (a, b) = split(right[i], key)
            right[i] = a
            return (t, b)
        }
        let (a, b) = split(left[i], key)
        left[i] = b
        return (a, t)
    }

    private mutating func merge(_ a: Int32, _ b: Int32) -> Int32 {
        guard a >= 0 else { return b }
        guard b >= 0 else { return a }
        if RangeTree.priority(a) > RangeTree.priority(b) {
            push(a)
            right[Int(a)] = merge(right[Int(a)], b)
            return a
        }
        push(b)
        left[Int(b)] = merge(a, left[Int(b)])
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
            let next = last ? right[Int(n)] : left[Int(n)]
            guard next >= 0 else { return n }
            n = next
        }
    }

    /// Merges the range ending at `p` with the one starting there.
    private mutating func coalesce(at p: Int) {
        let (l, r) = split(root, p)
        guard let x = last(l), upper[Int(x)] == p, let y = first(r), lower[Int(y)] == p else {
            root = merge(l, r)
            return
        }
        upper[Int(x)] = upper[Int(y)]
        let (node, rest) = split(r, p + 1)
        release(node)
        root = merge(l, rest)
    }
}
