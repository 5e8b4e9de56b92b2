/// `ItemTrace` for steps that come in list order. A snapshot takes out the
/// sections that go or move front to back, then puts the moved and new
/// ones in front to back: two runs of steps, each step at or after the end
/// of what the one before it added. Such a run is applied in one pass that
/// copies the segments into a new array, where the treap paid a few
/// descents per step (a quarter of a snapshot that edits 10^4 places).
extension ItemTrace {
    /// Whether the passes cost less than the treap: they read every segment
    /// once per run of steps in list order, so they are taken while the
    /// runs are at most about twice the log of the steps and links, which
    /// keeps them within the treap's O((c + l) · log s). O(c)
    static func passesPay(_ changes: [FlatChange], links: Int) -> Bool {
        let limit = 2 * (Int.bitWidth - (changes.count + links).leadingZeroBitCount) + 2
        var runs = 1
        for k in changes.indices.dropFirst() where !follows(changes[k], changes[k - 1]) {
            runs += 1
            if runs > limit { return false }
        }
        return true
    }

    /// Whether step `c` applies at or after the end of what `before` added:
    /// then both are done in one pass.
    private static func follows(_ c: FlatChange, _ before: FlatChange) -> Bool {
        c.position >= before.position + before.added
    }

    /// The segments after `changes`, applied to `count` old items a run of
    /// steps in list order at a time; `outs` and `ins` order `links` as the
    /// treap's init does. The same segments as the treap's (cut at the same
    /// places), so every reading of the trace is the same.
    /// - Complexity: O(s) per run, plus O(c + l).
    static func inPasses(count: Int, changes: [FlatChange], links: [MoveLink],
                         outs: [Int], ins: [Int]) -> [Segment] {
        var list: [Segment] = count > 0 ? [Segment(length: count, oldStart: 0, moved: false)] : []
        // The parts links hold between the step that removes them and the one that adds them back.
        var pool: [Segment] = []
        var held = [Range<Int>](repeating: 0..<0, count: links.count)
        var o = 0, i = 0, k = 0
        while k < changes.count {
            var reader = SegmentReader(list)
            var next: [Segment] = []
            next.reserveCapacity(list.count + 8)
            // Items the run's steps so far added less those they removed:
            // a later step's position less this is where it is in `list`.
            var delta = 0
            repeat {
                let c = changes[k]
                reader.take(c.position - delta - reader.position, into: &next)
                // What it removes: the parts links hold go to the pool, the rest is dropped.
                var done = 0
                while o < outs.count, links[outs[o]].outStep == k {
                    let l = links[outs[o]]
                    let at = min(max(l.outOffset, done), c.removed)
                    reader.skip(at - done)
                    let start = pool.count
                    done = at + reader.take(min(max(l.count, 0), c.removed - at), into: &pool)
                    held[outs[o]] = start..<pool.count
                    o += 1
                }
                reader.skip(c.removed - done)
                // What it adds: fresh items around the held parts that return.
                var filled = 0
                while i < ins.count, links[ins[i]].inStep == k {
                    let l = links[ins[i]]
                    if l.inOffset > filled { next.append(Segment(length: l.inOffset - filled, oldStart: -1, moved: false)) }
                    for var s in pool[held[ins[i]]] {
                        s.moved = true
                        next.append(s)
                    }
                    filled = l.inOffset + l.count
                    i += 1
                }
                if c.added > filled { next.append(Segment(length: c.added - filled, oldStart: -1, moved: false)) }
                delta += c.added - c.removed
                k += 1
            } while k < changes.count && follows(changes[k], changes[k - 1])
            reader.take(Int.max, into: &next)
            list = next
        }
        return list
    }
}

/// Reads a list of segments front to back, cutting one where a read ends
/// inside it (the rest of it is read next).
private struct SegmentReader {
    private let list: [ItemTrace.Segment]
    private var index = 0
    /// Items of `list[index]` already read.
    private var offset = 0
    /// Items read so far.
    private(set) var position = 0

    init(_ list: [ItemTrace.Segment]) { self.list = list }

    /// Appends the next `n` items (as many as are left) to `out`; nothing
    /// when n <= 0. Returns how many it appended.
    @discardableResult
    mutating func take(_ n: Int, into out: inout [ItemTrace.Segment]) -> Int {
        var left = n
        while left > 0, index < list.count {
            let s = list[index]
            let m = min(left, s.length - offset)
            out.append(ItemTrace.Segment(length: m, oldStart: s.oldStart < 0 ? -1 : s.oldStart + offset, moved: s.moved))
            advance(m, s.length)
            left -= m
        }
        return max(n, 0) - max(left, 0)
    }

    /// Passes over the next `n` items (as many as are left).
    mutating func skip(_ n: Int) {
        var n = n
        while n > 0, index < list.count {
            let length = list[index].length
            let m = min(n, length - offset)
            advance(m, length)
            n -= m
        }
    }

    private mutating func advance(_ m: Int, _ length: Int) {
        offset += m
        position += m
        if offset == length {
            index += 1
            offset = 0
        }
    }
}
