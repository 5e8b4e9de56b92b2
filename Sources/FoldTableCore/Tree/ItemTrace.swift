/// Items that one step of a change set removes and a later step (or the
/// same one) adds back: the same items, moved. Offsets count from the
/// step's position (inside its removed part, then inside its added part).
struct MoveLink: Equatable, Sendable {
    var outStep: Int
    var outOffset: Int
    var inStep: Int
    var inOffset: Int
    var count: Int
}

/// Follows the items of a flat list through the steps of a change set, to
/// tell where moved items came from and went (in the list before and after
/// the whole change set) and to coalesce many steps into the fewest.
///
/// The list is a sequence of segments: items kept from the old list (a run
/// of old positions, flagged when a move carried them), or fresh items. A
/// step splits the segments at its two ends; what it removes is dropped,
/// except the parts its links hold until the step that adds them back.
/// Segments live in an implicit treap (sizes in the nodes, one array of
/// structs, as `RangeTree`), so each step and link is O(log s) for s
/// segments (s = O(steps + links)), whatever the length of the list.
/// Steps that come in list order (each at or after the end of what the one
/// before it added, as a snapshot's removals and then its additions do)
/// are applied instead in one pass over a plain array of segments per such
/// run (ItemTrace+Passes.swift) when the runs are few.
struct ItemTrace {
    /// How the steps are applied: chosen by their order, or forced (tests).
    enum Path { case chosen, treap, passes }

    /// A segment in list order: a run of `length` old items from `oldStart`
    /// (-1: fresh items), `moved` when a move carried it.
    struct Segment {
        var length: Int
        var oldStart: Int
        var moved: Bool
    }

    private struct Node {
        var length: Int
        /// The old position of the segment's first item; -1 for fresh items.
        var oldStart: Int
        var moved = false
        /// Every segment below was moved (not yet pushed to the children).
        var movedBelow = false
        var size: Int
        var left: Int32 = -1
        var right: Int32 = -1
    }

    private var nodes: [Node] = []
    private var root: Int32 = -1
    /// The segments in order when the passes built them (the treap is then empty).
    private var flat: [Segment]?

    /// Applies `changes` in order, carrying the items `links` name from the
    /// step that removes them to the step that adds them.
    /// - Complexity: O((c + l) · log s) for c steps and l links: O(log s)
    ///   per step and link in the treap, or O(s) per pass when the steps
    ///   come in at most O(log s) runs in list order.
    init(count: Int, changes: [FlatChange], links: [MoveLink], path: Path = .chosen) {
        let outs = Self.order(links) { ($0.outStep, $0.outOffset) }
        let ins = Self.order(links) { ($0.inStep, $0.inOffset) }
        let passes = path == .passes || (path == .chosen && Self.passesPay(changes, links: links.count))
        if passes {
            flat = Self.inPasses(count: count, changes: changes, links: links, outs: outs, ins: ins)
            return
        }
        if count > 0 { root = make(length: count, oldStart: 0) }
        var held = [Int32](repeating: -1, count: links.count)
        var o = 0, i = 0
        var spine: [Int32] = []
        for (k, c) in changes.enumerated() {
            var (before, rest) = split(root, c.position)
            var (removed, after) = split(rest, c.removed)
            var end = o
            while end < outs.count, links[outs[end]].outStep == k { end += 1 }
            if end - o > 1, removed >= 0, nodes[Int(removed)].left < 0, nodes[Int(removed)].right < 0 {
                // Many parts of one removed segment (a run of old items
                // taken out to be put back in another order): each is a
                // piece of it, made directly. (One part is split out: when
                // it is the whole segment, that is no cut at all.)
                let seg = nodes[Int(removed)]
                for j in o..<end {
                    let l = links[outs[j]]
                    guard l.outOffset >= 0, l.count > 0, l.outOffset + l.count <= seg.length else { continue }
                    held[outs[j]] = make(length: l.count, oldStart: seg.oldStart < 0 ? -1 : seg.oldStart + l.outOffset,
                                         moved: seg.moved)
                }
            } else {
                // Cut the held parts out of the removed ones, last first, so
                // the offsets of the ones before stay.
                for j in stride(from: end - 1, through: o, by: -1) {
                    let l = links[outs[j]]
                    let (head, tail) = split(removed, l.outOffset)
                    let (part, rest) = split(tail, l.count)
                    held[outs[j]] = part
                    removed = merge(head, rest)
                }
            }
            o = end
            // The added items: fresh ones around the held parts that return,
            // appended at the right end of a treap built as it goes.
            spine.removeAll(keepingCapacity: true)
            var filled = 0
            while i < ins.count, links[ins[i]].inStep == k {
                let l = links[ins[i]]
                if l.inOffset > filled { append(make(length: l.inOffset - filled, oldStart: -1), to: &spine) }
                let part = held[ins[i]]
                markMoved(part)
                append(part, to: &spine)
                filled = l.inOffset + l.count
                i += 1
            }
            if c.added > filled { append(make(length: c.added - filled, oldStart: -1), to: &spine) }
            before = merge(before, finish(spine))
            root = merge(before, after)
            _ = removed  // dropped: its nodes stay in the pool until the trace goes
        }
    }

    /// The indices of `links` in the order of `key`: as they are when
    /// already in order (links are recorded in the order they return).
    /// O(l), or O(l log l) to sort.
    private static func order(_ links: [MoveLink], by key: (MoveLink) -> (Int, Int)) -> [Int] {
        var inOrder = true
        for j in links.indices.dropFirst() where key(links[j]) < key(links[j - 1]) {
            inOrder = false
            break
        }
        if inOrder { return Array(links.indices) }
        return links.indices.sorted { key(links[$0]) < key(links[$1]) }
    }

    /// Where moved items were (in the old list) and are (in the new list),
    /// in new-list order; adjacent blocks that stay adjacent are one move.
    /// With `fewest`, the items kept in place are the most that keep their
    /// order (`keptSegments`), and only the others are moves, as
    /// `coalesced` reports them.
    /// - Complexity: O(s log s)
    func moves(fewest: Bool = false) -> [FlatMove] {
        let segments = self.segments()
        let kept = keptSegments(segments, fewest: fewest)
        var out: [FlatMove] = []
        var position = 0
        for (i, seg) in segments.enumerated() {
            defer { position += seg.length }
            guard !kept[i], seg.oldStart >= 0 else { continue }
            if var last = out.last, last.from + last.count == seg.oldStart, last.to + last.count == position {
                last.count += seg.length
                out[out.count - 1] = last
            } else {
                out.append(FlatMove(from: seg.oldStart, to: position, count: seg.length))
            }
        }
        return out
    }

    /// The fewest steps that turn the old list of `count` items into this
    /// one, keeping in place the most old items that keep their order (the
    /// others are removed and added back: moves): one step per stretch
    /// between two kept items. Each step applies to the list the steps
    /// before it left: new items before its position, old items from it on.
    /// - Complexity: O(s log s)
    func coalesced(count: Int) -> [FlatChange] {
        let segments = self.segments()
        let kept = keptSegments(segments, fewest: true)
        var out: [FlatChange] = []
        var nextOld = 0, position = 0, pending = 0
        for (i, seg) in segments.enumerated() {
            defer { position += seg.length }
            guard kept[i] else {
                pending += seg.length
                continue
            }
            if seg.oldStart > nextOld || pending > 0 {
                out.append(FlatChange(position: position - pending, removed: seg.oldStart - nextOld, added: pending))
            }
            nextOld = seg.oldStart + seg.length
            pending = 0
        }
        if nextOld < count || pending > 0 {
            out.append(FlatChange(position: position - pending, removed: count - nextOld, added: pending))
        }
        return out
    }

    /// Where the items a move carried are now (whether they end up moves or
    /// kept in place), in order, adjacent ones merged: a step removed them,
    /// and with them the redraws recorded for them, so they are redrawn.
    /// - Complexity: O(s)
    func carried() -> [Range<Int>] {
        var out: [Range<Int>] = []
        var position = 0
        walk { length, oldStart, moved in
            defer { position += length }
            guard moved, oldStart >= 0 else { return }
            if let last = out.last, last.upperBound == position {
                out[out.count - 1] = last.lowerBound..<(position + length)
            } else {
                out.append(position..<(position + length))
            }
        }
        return out
    }

    /// The segments in new-list order.
    private func segments() -> [Segment] {
        if let flat { return flat }
        var out: [Segment] = []
        walk { out.append(Segment(length: $0, oldStart: $1, moved: $2)) }
        return out
    }

    /// Which segments stay in place. Without `fewest`: the old ones no move
    /// carried (they are in old order: only moves reorder). With it: the
    /// old segments of greatest total length whose old positions increase
    /// in new order (a weighted longest increasing run, as diff libraries
    /// find the fewest moves), preferring, among equals, those no move
    /// carried. O(s log s) with a Fenwick tree of prefix maxima over the
    /// segments' old ranks.
    private func keptSegments(_ segments: [Segment], fewest: Bool) -> [Bool] {
        guard fewest else { return segments.map { $0.oldStart >= 0 && !$0.moved } }
        let old = segments.indices.filter { segments[$0].oldStart >= 0 }
        var rank = [Int](repeating: 0, count: segments.count)
        for (r, i) in old.sorted(by: { segments[$0].oldStart < segments[$1].oldStart }).enumerated() { rank[i] = r + 1 }
        // best[i]: the heaviest increasing run ending at segment i, and the
        // segment before it. A run's weight: the items it keeps, then (among
        // equals) the items in it that no move carried.
        typealias Weight = (items: Int, unmoved: Int)
        func heavier(_ a: Weight, _ b: Weight) -> Bool { a.items != b.items ? a.items > b.items : a.unmoved > b.unmoved }
        var tree = [(weight: Weight, at: Int)](repeating: ((0, 0), -1), count: old.count + 1)
        var best = [(weight: Weight, before: Int)](repeating: ((0, 0), -1), count: segments.count)
        for i in old {
            var (weight, before): (Weight, Int) = ((0, 0), -1)
            var r = rank[i] - 1
            while r > 0 {
                if heavier(tree[r].weight, weight) { (weight, before) = tree[r] }
                r -= r & -r
            }
            weight.items += segments[i].length
            if !segments[i].moved { weight.unmoved += segments[i].length }
            best[i] = (weight, before)
            r = rank[i]
            while r <= old.count {
                if heavier(weight, tree[r].weight) { tree[r] = (weight, i) }
                r += r & -r
            }
        }
        var kept = [Bool](repeating: false, count: segments.count)
        var i = -1
        for j in old where i < 0 || heavier(best[j].weight, best[i].weight) { i = j }
        while i >= 0 {
            kept[i] = true
            i = best[i].before
        }
        return kept
    }

    /// Calls `body` with each segment in order (length, old start, moved).
    private func walk(_ body: (Int, Int, Bool) -> Void) {
        if let flat {
            for s in flat { body(s.length, s.oldStart, s.moved) }
            return
        }
        var stack: [(node: Int32, moved: Bool)] = []
        var n = root, movedAbove = false
        while n >= 0 || !stack.isEmpty {
            while n >= 0 {
                stack.append((n, movedAbove))
                movedAbove = movedAbove || nodes[Int(n)].movedBelow
                n = nodes[Int(n)].left
            }
            let (top, above) = stack.removeLast()
            let node = nodes[Int(top)]
            body(node.length, node.oldStart, node.moved || above)
            movedAbove = above || node.movedBelow
            n = node.right
        }
    }

    // MARK: Treap

    private mutating func make(length: Int, oldStart: Int, moved: Bool = false) -> Int32 {
        nodes.append(Node(length: length, oldStart: oldStart, moved: moved, size: length))
        return Int32(nodes.count - 1)
    }

    private func size(_ t: Int32) -> Int { t < 0 ? 0 : nodes[Int(t)].size }

    private mutating func update(_ t: Int32) {
        let i = Int(t)
        nodes[i].size = nodes[i].length + size(nodes[i].left) + size(nodes[i].right)
    }

    private mutating func markMoved(_ t: Int32) {
        guard t >= 0 else { return }
        nodes[Int(t)].moved = true
        nodes[Int(t)].movedBelow = true
    }

    private mutating func push(_ t: Int32) {
        let i = Int(t)
        guard nodes[i].movedBelow else { return }
        markMoved(nodes[i].left)
        markMoved(nodes[i].right)
        nodes[i].movedBelow = false
    }

    /// (the first `k` items, the rest); a segment across `k` is cut in two.
    private mutating func split(_ t: Int32, _ k: Int) -> (Int32, Int32) {
        guard t >= 0 else { return (-1, -1) }
        guard k > 0 else { return (-1, t) }
        guard k < nodes[Int(t)].size else { return (t, -1) }
        push(t)
        let i = Int(t)
        let leftSize = size(nodes[i].left)
        if k <= leftSize {
            let (a, b) = split(nodes[i].left, k)
            nodes[i].left = b
            update(t)
            return (a, t)
        }
        if k < leftSize + nodes[i].length {
            // Cut this segment: its tail becomes a node of its own, to the right.
            let cut = k - leftSize
            let n = nodes[i]
            let tail = make(length: n.length - cut, oldStart: n.oldStart < 0 ? -1 : n.oldStart + cut, moved: n.moved)
            nodes[i].length = cut
            let right = nodes[i].right
            nodes[i].right = -1
            update(t)
            update(tail)
            return (t, merge(tail, right))
        }
        let (a, b) = split(nodes[i].right, k - leftSize - nodes[i].length)
        nodes[i].right = a
        update(t)
        return (t, b)
    }

    /// Appends treap `t` at the right end of the treap whose right spine
    /// is `spine` (root first; its last node's own right spine is not on
    /// it yet). The spine's nodes whose priority is below `t`'s go under
    /// it, their sizes settled as they leave the spine; those that stay
    /// are sized by `finish`. O(1) amortized for a node of its own, where
    /// a merge from the root walked the whole spine.
    private mutating func append(_ t: Int32, to spine: inout [Int32]) {
        guard t >= 0 else { return }
        // The spine ends at the last treap appended; its own right spine is
        // walked only now that something follows it (a step that adds back
        // one part, the common case, walks none).
        while let b = spine.last, nodes[Int(b)].right >= 0 {
            push(b)
            spine.append(nodes[Int(b)].right)
        }
        var below: Int32 = -1
        while let top = spine.last, treapPriority(top) < treapPriority(t) {
            spine.removeLast()
            update(top)  // its right child, the node popped before, is sized
            below = top
        }
        // Everything in `below` has a lower priority than `t`: it goes
        // before `t`'s own items, under its left side.
        push(t)
        nodes[Int(t)].left = merge(below, nodes[Int(t)].left)
        update(t)
        if let top = spine.last {
            push(top)
            nodes[Int(top)].right = t
        }
        spine.append(t)
    }

    /// The root of the treap built by `append`, with the spine's sizes
    /// settled from the bottom up. O(spine).
    private mutating func finish(_ spine: [Int32]) -> Int32 {
        for n in spine.reversed() { update(n) }
        return spine.first ?? -1
    }

    private mutating func merge(_ a: Int32, _ b: Int32) -> Int32 {
        guard a >= 0 else { return b }
        guard b >= 0 else { return a }
        if treapPriority(a) > treapPriority(b) {
            push(a)
            nodes[Int(a)].right = merge(nodes[Int(a)].right, b)
            update(a)
            return a
        }
        push(b)
        nodes[Int(b)].left = merge(a, nodes[Int(b)].left)
        update(b)
        return b
    }
}
