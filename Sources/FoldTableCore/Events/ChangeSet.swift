/// One step of what a mutation did to the flat list: at `position`,
/// `removed` items were replaced by `added` items (GTK's `items-changed`).
public struct FlatChange: Equatable, Sendable {
    public var position: Int
    public var removed: Int
    public var added: Int

    init(position: Int, removed: Int, added: Int) {
        self.position = position
        self.removed = removed
        self.added = added
    }
}

/// Items that a change set moved: the `count` items at `from..<from+count`
/// in the list before it are the ones at `to..<to+count` in the list after
/// it. Its steps remove them (`from`'s range lies inside what they remove)
/// and add them back (`to`'s range lies inside what they add): a view that
/// replays the steps keeps the items' widgets by taking these from the old
/// list and putting them at `to` instead of new ones.
public struct FlatMove: Equatable, Sendable {
    public var from: Int
    public var to: Int
    public var count: Int

    init(from: Int, to: Int, count: Int) {
        self.from = from
        self.to = to
        self.count = count
    }
}

/// Everything one mutation (or one batch of them) did to the flat list.
public struct ChangeSet: Equatable, Sendable {
    /// Steps to apply in order to the old list to get the new one.
    public var changes: [FlatChange] = []
    /// Items the steps remove and add back, moved: in new-list order, not
    /// overlapping. Empty unless a section or row moved (a move, a
    /// snapshot, a batch). Reading it costs O(1).
    public var moves: [FlatMove] = []
    /// Ranges of positions in the new list of items that stayed but must be
    /// redrawn: their height or their state (indicator, expanded) changed.
    /// Sorted, disjoint, and coalesced (ranges that touch are merged).
    /// Reading it costs O(r) for r ranges.
    public var redraw: [Range<Int>] {
        get { ranges.all() }
        set {
            ranges = RangeTree()
            for r in newValue { ranges.insert(r) }
        }
    }
    /// New content height minus old.
    public var contentHeightDelta: Double = 0
    /// With a viewport set: the offset that keeps the first visible item
    /// where it was on screen (the viewport's offset is already moved there),
    /// or the saved anchor's offset that `importState` restored.
    public var anchoredOffset: Double?
    /// The redraw ranges while they are recorded: kept in final coordinates
    /// under every step, in O(log r) per step whatever the order of steps.
    private var ranges = RangeTree()
    /// Set when the mutation placed the viewport itself (a restored scroll
    /// anchor): reported as `anchoredOffset` instead of re-anchoring, and
    /// worth notifying even when the flat list did not change.
    var placedOffset: Double?
    /// Whether the mutation moved the viewport itself (see `placedOffset`).
    var movedViewport = false
    /// Whether the selection changed (Table+Selection.swift): worth
    /// notifying even when only hidden rows changed, so nothing is redrawn.
    var selectionChanged = false
    /// Set when a section collapsed or expanded or a row expanded or
    /// collapsed: such a mutation keeps the first visible item in place even
    /// while following the end (`Table.followEnd`).
    var expandedOrCollapsed = false
    /// Moves while they are recorded: blocks of one step's removed items
    /// that a later step adds back (`finishMoves` turns them into `moves`).
    var links: [MoveLink] = []
    /// Sections a step removed to add back later (a move), waiting for the
    /// step that adds them: where they were in their step and how many
    /// items they had; `changed` when their children changed in between,
    /// so only their header is the same item; `restyled` when a text or
    /// height inside them changed, so their items are redrawn. (`.init()`:
    /// an empty `[:]` literal was built at run time, 40 instructions a
    /// change set.)
    var movingOut: [ObjectIdentifier: (step: Int, offset: Int, count: Int, changed: Bool, restyled: Bool)] = .init()
    /// Items in the list before the first step (set when recording starts).
    var itemsBefore = 0

    init() {}

    /// True when the flat list did not change at all.
    var isEmpty: Bool { changes.isEmpty && ranges.isEmpty && contentHeightDelta == 0 }

    public static func == (a: ChangeSet, b: ChangeSet) -> Bool {
        a.changes == b.changes && a.moves == b.moves && a.redraw == b.redraw
            && a.contentHeightDelta == b.contentHeightDelta && a.anchoredOffset == b.anchoredOffset
    }

    /// Records a step. Redraw ranges after `p` move with the items; the
    /// part that was removed is gone. O(log r) amortized for r redraw
    /// ranges, in any order of steps.
    mutating func replace(at p: Int, removed: Int, added: Int) {
        guard removed > 0 || added > 0 else { return }
        changes.append(FlatChange(position: p, removed: removed, added: added))
        ranges.replace(at: p, removed: removed, added: added)
    }

    /// Records that the last step removed `count` items at `offset` of its
    /// removed part that belong to section `id`, to be added back later.
    mutating func moveOut(_ id: ObjectIdentifier, offset: Int, count: Int) {
        guard count > 0, let step = changes.indices.last else { return }
        movingOut[id] = (step, offset, count, false, false)
    }

    /// Makes room for `count` more sections in `movingOut` at once (a
    /// reversal takes out 10^5 of them in two steps). O(sections held).
    mutating func reserveMovingOut(_ count: Int) {
        movingOut.reserveCapacity(movingOut.count + count)
    }

    /// Records that the last step added back section `id` (`count` items at
    /// `offset` of its added part) that an earlier step removed: all its
    /// items moved when it has as many and nothing inside changed, else
    /// only its header (`header`: it has one, first). O(1)
    mutating func moveIn(_ id: ObjectIdentifier, offset: Int, count: Int, header: Bool) {
        guard let out = movingOut.removeValue(forKey: id), count > 0, let step = changes.indices.last else { return }
        let same = out.count == count && !out.changed
        guard same || header else { return }
        links.append(MoveLink(outStep: out.step, outOffset: out.offset, inStep: step, inOffset: offset,
                              count: same ? count : 1))
        // What changed inside while it was out is redrawn where it lands
        // (its header shows a row count).
        let at = changes[step].position + offset
        if out.restyled { redraw(at..<(at + (same ? count : 1))) } else if !same { redraw(at..<(at + 1)) }
    }

    /// Records that the step before the last removed one item at `from` of
    /// its removed part that the last step added back at `to` (a row moved).
    mutating func moveItem(outStep: Int, from: Int, to: Int) {
        guard let step = changes.indices.last, outStep < step else { return }
        links.append(MoveLink(outStep: outStep, outOffset: from, inStep: step, inOffset: to, count: 1))
    }

    /// Notes that something inside section `id`, removed to be added back,
    /// changed meanwhile: its children (`structure`), else a text or a
    /// height (see `movingOut`). False when `id` is not moving.
    mutating func movingChanged(_ id: ObjectIdentifier, structure: Bool) -> Bool {
        guard movingOut[id] != nil else { return false }
        if structure { movingOut[id]?.changed = true } else { movingOut[id]?.restyled = true }
        return true
    }

    /// Turns the recorded links into `moves` (and, for a batch, the steps
    /// into the fewest: `coalesce`). O((c + l) · log(c + l)) for c steps and
    /// l links; nothing without links or coalescing.
    mutating func finishMoves(coalesce: Bool) {
        // (Only when it holds any: a new empty dictionary costs every change set.)
        if !movingOut.isEmpty { movingOut = .init() }
        guard !links.isEmpty || (coalesce && changes.count > 1) else { return }
        let trace = ItemTrace(count: itemsBefore, changes: changes, links: links)
        moves = trace.moves(fewest: coalesce)
        if coalesce { changes = trace.coalesced(count: itemsBefore) }
        // A moved item may look different where it lands (a new row index,
        // depth, height), and the steps that moved it dropped what was
        // recorded for it: it is redrawn, also when it ends up in place.
        for r in trace.carried() { redraw(r) }
        // Moves are in new-list order: those that touch are one range.
        var run: Range<Int>?
        for m in moves {
            let r = m.to..<(m.to + m.count)
            if let last = run, last.upperBound == r.lowerBound {
                run = last.lowerBound..<r.upperBound
            } else {
                if let last = run { redraw(last) }
                run = r
            }
        }
        if let run { redraw(run) }
        links = []
    }

    /// Records items to redraw, keeping the ranges sorted, disjoint and
    /// coalesced. O(log r) amortized.
    mutating func redraw(_ range: Range<Int>) {
        guard !range.isEmpty else { return }
        ranges.insert(range)
    }

    /// Where an item at old position `p` is after the changes; an item that
    /// was removed maps to the next surviving item (`nil` when none is left).
    func map(_ p: Int, count: Int) -> Int? {
        var q = p
        for c in changes {
            if q < c.position { continue }
            if q < c.position + c.removed {
                q = c.position + c.added
            } else {
                q += c.added - c.removed
            }
        }
        return q < count ? q : (count > 0 ? count - 1 : nil)
    }
}
