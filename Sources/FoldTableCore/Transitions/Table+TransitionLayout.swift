/// Old and new positions through a change set: its moves first, then its
/// steps in order. O(c + log m) per position for c steps and m moves.
struct PositionMap {
    let changes: [FlatChange]
    let byTo: [FlatMove]
    let byFrom: [FlatMove]

    init(_ set: ChangeSet) {
        changes = set.changes
        byTo = set.moves.sorted { $0.to < $1.to }
        byFrom = set.moves.sorted { $0.from < $1.from }
    }

    /// The last move whose start (`key`) is at or before `p`, if `p` is in it.
    private static func move(_ moves: [FlatMove], _ p: Int, _ key: (FlatMove) -> Int) -> FlatMove? {
        var low = 0, high = moves.count
        while low < high {
            let mid = (low + high) / 2
            if key(moves[mid]) <= p { low = mid + 1 } else { high = mid }
        }
        guard low > 0 else { return nil }
        let m = moves[low - 1]
        return p < key(m) + m.count ? m : nil
    }

    /// Where the item at old position `p` is after; nil when it is gone.
    func forward(_ p: Int) -> Int? {
        if let m = Self.move(byFrom, p, { $0.from }) { return m.to + p - m.from }
        var q = p
        for c in changes where q >= c.position {
            if q < c.position + c.removed { return nil }
            q += c.added - c.removed
        }
        return q
    }

    /// Where the item at new position `q` was before; nil when it is new.
    func backward(_ q: Int) -> Int? {
        if let m = Self.move(byTo, q, { $0.to }) { return m.from + q - m.to }
        var p = q
        for c in changes.reversed() where p >= c.position {
            if p < c.position + c.added { return nil }
            p -= c.added - c.removed
        }
        return p
    }
}

/// One item of the transition being built: what is known of it before and after.
private struct Entry {
    var item: Item
    var before: Int?
    var after: Int?
    var topBefore: Double?
    var heightBefore = 0.0
    var naturalBefore = 0.0
    var topAfter: Double?
    var heightAfter = 0.0
    var naturalAfter = 0.0
    var stuckBefore = false
    var stuckAfter = false
    var anchorBefore = false
    var anchorAfter = false
    var folds = false
    var clipSection: SectionID?
    /// Sort key: the position after (for one that disappears: that of
    /// the survivor it followed), then 1 for one that disappears, then its
    /// place before (in the list, or among what a running frame drew).
    var order = (0, 0, 0)

    var survives: Bool { before != nil && after != nil }

    mutating func drawnBefore(_ d: Drawn) {
        topBefore = d.top
        heightBefore = d.height
        naturalBefore = d.natural
        stuckBefore = d.stuck
        anchorBefore = d.anchor
    }
}

extension Table {
    /// The transition from what was drawn before to what is drawn after
    /// (the rules: foldtable.h, "Transitions").
    /// O(k · (depth · log n + c + log m)) for k items, c steps and m moves.
    func buildTransition(before: Screen, after: Screen, set: ChangeSet) -> Transition {
        let map = PositionMap(set)
        var entries: [Entry] = []
        var byAfter: [Int: Int] = [:]
        for d in after.items {
            guard let q = d.position else { continue }
            var e = Entry(item: d.item, before: map.backward(q), after: q)
            e.topAfter = d.top
            e.heightAfter = d.height
            e.naturalAfter = d.natural
            e.stuckAfter = d.stuck
            e.anchorAfter = d.anchor
            byAfter[q] = entries.count
            entries.append(e)
        }
        var lastAfter = -1  // the last survivor met in `before`'s order, for one that disappears
        var sequence = 0
        for d in before.items {
            sequence += 1
            guard let p = d.position else {
                // Already disappearing in a running transition: one that
                // comes back starts where it is drawn.
                if let i = entries.firstIndex(where: {
                    $0.before == nil && $0.topBefore == nil && $0.item.sectionID == d.item.sectionID
                        && $0.item.kind == d.item.kind && $0.item.row == d.item.row
                }) {
                    entries[i].drawnBefore(d)
                    entries[i].anchorBefore = false
                } else {
                    var e = Entry(item: d.item)
                    e.drawnBefore(d)
                    e.anchorBefore = false
                    e.topAfter = d.top
                    e.order = (lastAfter, 1, sequence)
                    entries.append(e)
                }
                continue
            }
            if let q = map.forward(p) {
                lastAfter = q
                if let i = byAfter[q] {
                    entries[i].before = p
                    entries[i].drawnBefore(d)
                } else if let placed = try? placedItem(at: q) {
                    var e = Entry(item: placed.item, before: p, after: q)
                    e.drawnBefore(d)
                    e.heightAfter = placed.height
                    byAfter[q] = entries.count
                    entries.append(e)
                }
            } else {
                var e = Entry(item: d.item, before: p)
                e.drawnBefore(d)
                entries.append(e)
            }
        }
        // Items that scroll in or out: laid out from the viewport's edge.
        stack(&entries, before: true)
        stack(&entries, before: false)
        closeUp(&entries)
        openUp(&entries)
        // One that disappears comes after the survivor it followed before.
        let kept = entries.filter(\.survives).map { ($0.before!, $0.after!) }.sorted { $0.0 < $1.0 }
        for i in entries.indices {
            if let q = entries[i].after {
                entries[i].order = (q, 0, 0)
            } else if let p = entries[i].before {
                var low = 0, high = kept.count
                while low < high {
                    let mid = (low + high) / 2
                    if kept[mid].0 < p { low = mid + 1 } else { high = mid }
                }
                entries[i].order = (low > 0 ? kept[low - 1].1 : -1, 1, p)
            }
        }
        entries.sort { $0.order < $1.order }
        var headers: [SectionID: Int] = [:]
        for (i, e) in entries.enumerated() where e.item.kind == .header && e.after != nil {
            headers[e.item.sectionID] = i
        }
        let items = entries.map { e -> TransitionItem in
            let change: TransitionChange
            let (tb, ta) = (e.topBefore ?? 0, e.topAfter ?? 0)
            if e.before == nil {
                change = .appears
            } else if e.after == nil {
                change = .disappears
            } else {
                change = tb == ta && e.heightBefore == e.heightAfter ? .stays : .moves
            }
            return TransitionItem(positionBefore: e.before, positionAfter: e.after, item: e.item, change: change,
                                  stuckBefore: e.stuckBefore, stuckAfter: e.stuckAfter, folds: e.folds,
                                  clip: e.folds ? e.clipSection.flatMap { headers[$0] } : nil,
                                  topBefore: tb, heightBefore: e.heightBefore, topAfter: ta, heightAfter: e.heightAfter)
        }
        return Transition(items: items, offsetBefore: before.offset, offsetAfter: after.offset,
                          contentHeightBefore: before.content, contentHeightAfter: after.content,
                          viewportHeight: after.height, serial: 0)
    }

    /// Gives the items in both lists that are drawn on one side only their
    /// rect on the other (`before`: the side before): right after the
    /// nearest item drawn there (from the viewport or a frame) that comes
    /// before them in that list, else right above the first one, with their
    /// height after; items drawn on neither side take no room. O(k log k).
    private func stack(_ entries: inout [Entry], before: Bool) {
        func position(_ e: Entry) -> Int? { before ? e.before : e.after }
        func placed(_ e: Entry) -> Bool { (before ? e.topBefore : e.topAfter) != nil }
        let anchors = entries.indices.filter {
            position(entries[$0]) != nil && placed(entries[$0]) && (before ? entries[$0].anchorBefore : entries[$0].anchorAfter)
        }.sorted { position(entries[$0])! < position(entries[$1])! }
        let loose = entries.indices.filter { entries[$0].survives && !placed(entries[$0]) }
            .sorted { position(entries[$0])! < position(entries[$1])! }
        guard !loose.isEmpty else { return }
        func natural(_ i: Int) -> (top: Double, height: Double) {
            before ? (entries[i].naturalBefore, entries[i].heightBefore) : (entries[i].naturalAfter, entries[i].heightAfter)
        }
        func put(_ i: Int, _ top: Double) {
            if before {
                entries[i].topBefore = top
                entries[i].heightBefore = entries[i].heightAfter
                entries[i].naturalBefore = top
            } else {
                entries[i].topAfter = top
                entries[i].naturalAfter = top
            }
        }
        var a = 0
        var cursor: Double? = anchors.isEmpty ? 0 : nil
        var above: [Int] = []
        for i in loose {
            let p = position(entries[i])!
            while a < anchors.count, position(entries[anchors[a]])! < p {
                let n = natural(anchors[a])
                cursor = n.top + n.height
                a += 1
            }
            guard let c = cursor else {
                above.append(i)
                continue
            }
            put(i, c)
            cursor = c + entries[i].heightAfter
        }
        if let first = anchors.first {
            var c = natural(first).top
            for i in above.reversed() {
                c -= entries[i].heightAfter
                put(i, c)
            }
        }
    }

    /// Items that disappear: one that a collapse hides folds under its
    /// header, moving up with the item that follows it; any other shrinks
    /// to 0 where the next item of the transition is after (else at the
    /// bottom of the one before). O(k log k + k · depth).
    private func closeUp(_ entries: inout [Entry]) {
        let order = entries.indices.filter { entries[$0].before != nil }.sorted { entries[$0].before! > entries[$1].before! }
        var cursor = 0.0
        if let last = order.first(where: { entries[$0].survives }) {
            cursor = entries[last].topAfter! + entries[last].heightAfter
        }
        for i in order {
            if entries[i].survives {
                cursor = entries[i].topAfter!
                continue
            }
            if let header = foldingSection(entries[i].item) {
                entries[i].folds = true
                entries[i].clipSection = header.id
                entries[i].heightAfter = entries[i].heightBefore
                cursor -= entries[i].heightBefore
                entries[i].topAfter = cursor
            } else {
                entries[i].topAfter = cursor
                entries[i].heightAfter = 0
            }
        }
    }

    /// Items that appear: one that an expansion shows unfolds from under
    /// its header; any other grows from 0 where it will be (an item of a
    /// running transition that comes back starts where it is drawn).
    /// O(k log k + k · depth).
    private func openUp(_ entries: inout [Entry]) {
        let order = entries.indices.filter { entries[$0].after != nil }.sorted { entries[$0].after! > entries[$1].after! }
        var cursor = 0.0
        if let last = order.first(where: { entries[$0].survives }) {
            cursor = entries[last].topBefore! + entries[last].heightBefore
        }
        for i in order {
            let header = entries[i].before == nil ? unfoldingSection(entries[i].item) : nil
            if let header {
                entries[i].folds = true
                entries[i].clipSection = header.id
            }
            if let top = entries[i].topBefore {
                cursor = top
                continue
            }
            if header != nil {
                entries[i].heightBefore = entries[i].heightAfter
                cursor -= entries[i].heightAfter
                entries[i].topBefore = cursor
            } else {
                entries[i].topBefore = cursor
                entries[i].heightBefore = 0
            }
        }
    }

    /// The sections that hold an item's place: its own for a row or
    /// placeholder, its parent's for a header or footer (a collapsed
    /// section keeps those), and their ancestors, innermost first.
    private func holders(of item: Item) -> [Section] {
        guard var s = ids.section(item.sectionID) else { return [] }
        if item.kind == .header || item.kind == .footer {
            guard let p = s.parent else { return [] }
            s = p
        }
        var out: [Section] = []
        var c: Section? = s
        while let sec = c, sec !== root {
            out.append(sec)
            c = sec.parent
        }
        return out
    }

    /// The outermost section that hides a disappearing item because it is
    /// collapsed now: the item folds under its header. O(depth).
    private func foldingSection(_ item: Item) -> Section? {
        holders(of: item).last { !$0.showsChildren }
    }

    /// The outermost section that the change set expanded and that shows
    /// an appearing item: the item unfolds from under its header. O(depth).
    private func unfoldingSection(_ item: Item) -> Section? {
        guard !transitionState.expanded.isEmpty else { return nil }
        return holders(of: item).last { transitionState.expanded.contains(ObjectIdentifier($0)) }
    }
}
