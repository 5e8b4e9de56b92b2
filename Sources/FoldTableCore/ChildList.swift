/// One child entry of a list node: a run of rows or a subsection.
enum Piece {
    case rows(RowRun)
    case section(Section)

    @inline(__always)
    var summary: Summary {
        switch self {
        case .rows(let run): return run.summary
        case .section(let s): return s.contribution
        }
    }
}

/// A node of a child list: one piece plus the summary of its subtree.
final class ListNode {
    var left: ListNode?
    var right: ListNode?
    /// Kept in step by `update`; `unowned(unsafe)` because the parent owns the
    /// child and the pointer is only followed while the tree is intact.
    unowned(unsafe) var parent: ListNode?
    let priority: UInt64
    var piece: Piece
    var sum: Summary

    init(_ piece: Piece, priority: UInt64) {
        self.piece = piece
        self.priority = priority
        self.sum = piece.summary
    }

    /// Re-links the children and recomputes the summary from them.
    @inline(__always)
    func update() {
        var s = piece.summary
        if let l = left { l.parent = self; s = l.sum + s }
        if let r = right { r.parent = self; s = s + r.sum }
        sum = s
    }

    /// Recomputes summaries from this node up to the root of its list.
    func refreshUpward() {
        var n: ListNode? = self
        while let node = n { node.update(); n = node.parent }
    }

    /// The summary of everything before this node's piece in its list.
    func prefix() -> Summary {
        var acc = left?.sum ?? .zero
        var n = self
        while let p = n.parent {
            if p.right === n {
                acc = (p.left?.sum ?? .zero) + p.piece.summary + acc
            }
            n = p
        }
        return acc
    }
}

/// The ordered children of a section — runs of rows and subsections — as a
/// treap with implicit keys. Every node carries its subtree's `Summary`, so
/// finding the child at an index, the item at a flat position or the item at
/// an offset descends one path: O(log n) expected. Priorities come from a
/// per-list SplitMix64 stream, so shapes (and timings) replay exactly.
struct ChildList {
    private(set) var root: ListNode?
    private var seed: UInt64

    init(seed: UInt64) { self.seed = seed }

    var sum: Summary { root?.sum ?? .zero }

    mutating func makeNode(_ piece: Piece) -> ListNode {
        seed &+= 0x9E37_79B9_7F4A_7C15
        var z = seed
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return ListNode(piece, priority: z ^ (z >> 31))
    }

    // MARK: Finding

    /// The node holding the child `index` (by `metric`), the offset of that
    /// child inside the node's piece, and the summary of everything before the
    /// piece. nil if `index` is not below the metric's total.
    func locate(_ metric: Metric, _ index: Int) -> (node: ListNode, within: Int, before: Summary)? {
        var n = root
        var k = index
        var before = Summary.zero
        while let node = n {
            if let l = node.left {
                let lc = metric.of(l.sum)
                if k < lc { n = l; continue }
                k -= lc
                before += l.sum
            }
            let own = node.piece.summary
            let pc = metric.of(own)
            if k < pc { return (node, k, before) }
            k -= pc
            before += own
            n = node.right
        }
        return nil
    }

    /// Calls `body` with each subsection in order, skipping subtrees that
    /// hold only rows: O(s · log n) for s subsections, whatever the rows.
    func forEachSection(_ body: (Section) -> Void) {
        func walk(_ n: ListNode?) {
            guard let n, n.sum.children > n.sum.rows else { return }
            walk(n.left)
            if case .section(let s) = n.piece { body(s) }
            walk(n.right)
        }
        walk(root)
    }

    /// Calls `body` with each piece in order until it returns false.
    func forEachPiece(_ body: (Piece) -> Bool) {
        func walk(_ n: ListNode?) -> Bool {
            guard let n else { return true }
            return walk(n.left) && body(n.piece) && walk(n.right)
        }
        _ = walk(root)
    }

    // MARK: Restructuring

    /// Splits into the first `k` children and the rest, cutting a row run in
    /// two when `k` falls inside it.
    private mutating func split(_ n: ListNode?, _ k: Int) -> (ListNode?, ListNode?) {
        guard let n else { return (nil, nil) }
        let lc = n.left?.sum.children ?? 0
        let pc = n.piece.summary.children
        if k <= lc {
            let (a, b) = split(n.left, k)
            n.left = b
            n.update()
            a?.parent = nil
            return (a, n)
        }
        if k >= lc + pc {
            let (a, b) = split(n.right, k - lc - pc)
            n.right = a
            n.update()
            b?.parent = nil
            return (n, b)
        }
        // k falls strictly inside this piece, which only a row run can span.
        guard case .rows(let run) = n.piece else { return (n, nil) }
        let cut = k - lc
        n.piece = .rows(run.slice(0..<cut))
        let tail = makeNode(.rows(run.slice(cut..<run.count)))
        let right = merge(tail, n.right)
        n.right = nil
        n.update()
        right?.parent = nil
        return (n, right)
    }

    private func merge(_ a: ListNode?, _ b: ListNode?) -> ListNode? {
        guard let a else { return b }
        guard let b else { return a }
        if a.priority > b.priority {
            a.right = merge(a.right, b)
            a.update()
            return a
        } else {
            b.left = merge(a, b.left)
            b.update()
            return b
        }
    }

    /// Builds a treap of `nodes` in order in O(count) (a Cartesian tree by priority).
    private static func build(_ nodes: [ListNode]) -> ListNode? {
        var stack: [ListNode] = []
        stack.reserveCapacity(64)
        for node in nodes {
            var last: ListNode?
            while let top = stack.last, top.priority < node.priority {
                last = stack.removeLast()
            }
            node.left = last
            node.right = nil
            stack.last?.right = node
            stack.append(node)
        }
        guard let root = stack.first else { return nil }
        func fix(_ n: ListNode) {
            if let l = n.left { fix(l) }
            if let r = n.right { fix(r) }
            n.update()
        }
        fix(root)
        root.parent = nil
        return root
    }

    /// Replaces children `range` with `pieces` (in order) and returns the
    /// nodes created for them plus the removed subtree. O(log n + pieces).
    @discardableResult
    mutating func replace(_ range: Range<Int>, with pieces: [Piece]) -> (added: [ListNode], removed: ListNode?) {
        let (head, rest) = split(root, range.lowerBound)
        let (removed, tail) = split(rest, range.count)
        var nodes: [ListNode] = []
        nodes.reserveCapacity(pieces.count)
        for p in pieces { nodes.append(makeNode(p)) }
        let middle = ChildList.build(nodes)
        root = merge(merge(head, middle), tail)
        root?.parent = nil
        removed?.parent = nil
        return (nodes, removed)
    }

    /// The pieces of a detached subtree, in order.
    static func pieces(of n: ListNode?) -> [Piece] {
        var out: [Piece] = []
        func walk(_ n: ListNode?) {
            guard let n else { return }
            walk(n.left); out.append(n.piece); walk(n.right)
        }
        walk(n)
        return out
    }

    /// Applies `change` to the piece of `node` (a node of this list) and
    /// refreshes the summaries above it. O(log n).
    func modify(_ node: ListNode, _ change: (inout Piece) -> Void) {
        change(&node.piece)
        node.refreshUpward()
    }
}
