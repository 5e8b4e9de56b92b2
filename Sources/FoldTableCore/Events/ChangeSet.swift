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
///
/// A value. What it holds by reference — steps, moves, redraws, and the
/// moves while they are recorded — lives in one object (`ChangeRecord`),
/// made on the first record and shared between copies until one of them
/// changes: a mutation records its change set, takes it back and hands it
/// to each listener, so it moves as one reference and a few scalars
/// instead of 168 bytes with seven reference-counted fields (about 450
/// instructions a recorded mutation in copies and releases; callgrind,
/// 2026-12-01).
public struct ChangeSet: Equatable, Sendable {
    /// Nil until something is recorded: an empty change set allocates nothing.
    private var record: ChangeRecord?

    /// Steps to apply in order to the old list to get the new one.
    public var changes: [FlatChange] {
        get { record?.changes ?? [] }
        _modify { yield &own().changes }
    }
    /// Items the steps remove and add back, moved: in new-list order, not
    /// overlapping. Empty unless a section or row moved (a move, a
    /// snapshot, a batch). Reading it costs O(1).
    public var moves: [FlatMove] {
        get { record?.moves ?? [] }
        _modify { yield &own().moves }
    }
    /// Ranges of positions in the new list of items that stayed but must be
    /// redrawn: their height or their state (indicator, expanded) changed.
    /// Sorted, disjoint, and coalesced (ranges that touch are merged).
    /// Reading it costs O(r) for r ranges.
    public var redraw: [Range<Int>] {
        get { record?.ranges.all() ?? [] }
        set {
            let r = own()
            r.ranges = RangeTree()
            for range in newValue where !range.isEmpty { r.ranges.insert(range) }
        }
    }
    /// New content height minus old.
    public var contentHeightDelta: Double = 0
    /// With a viewport set: the offset that keeps the first visible item
    /// where it was on screen (the viewport's offset is already moved there),
    /// or the saved anchor's offset that `importState` restored.
    public var anchoredOffset: Double?
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
    /// Items in the list before the first step (set when recording starts).
    var itemsBefore = 0
    /// Moves while they are recorded (`ChangeRecord.links`).
    var links: [MoveLink] {
        get { record?.links ?? [] }
        _modify { yield &own().links }
    }
    /// Whether sections taken out wait to be added back (`ChangeRecord.movingOut`).
    var hasMovingOut: Bool { record.map { !$0.movingOut.isEmpty } ?? false }

    init() {}

    /// Records into `record` from now on, an emptied one (`recycledRecord`),
    /// or makes its own when nil. Only for an empty change set.
    mutating func reuse(_ record: ChangeRecord?) {
        assert(isEmpty && self.record == nil)
        self.record = record
    }

    /// Its record, emptied for another change set to record into, when no
    /// other change set shares it and it is small (`ChangeRecord.emptied`);
    /// this change set is left empty. O(1) for a small record.
    mutating func recycledRecord() -> ChangeRecord? {
        guard isKnownUniquelyReferenced(&record), let r = record.take(), r.emptied() else { return nil }
        return r
    }

    /// The record, made when there is none and copied when another change
    /// set shares it, so that writing to it changes this value alone. No
    /// caller may hold the record across a call of this (the copy would be
    /// forced). O(1) unless shared.
    @inline(__always)
    private mutating func own() -> ChangeRecord {
        makeOwned()
        return record.unsafelyUnwrapped
    }

    /// Runs `body` on the record, made this value's own (`own()`), without
    /// retaining it for the call: a step recorded through `own()` retained
    /// and released it around each array it wrote (about 40 instructions a
    /// step; a snapshot records 10^5 of them).
    @inline(__always)
    private mutating func write<R>(_ body: (ChangeRecord) -> R) -> R {
        makeOwned()
        return Unmanaged.passUnretained(record.unsafelyUnwrapped)._withUnsafeGuaranteedRef(body)
    }

    @inline(__always)
    private mutating func makeOwned() {
        if !isKnownUniquelyReferenced(&record) { record = record?.copy() ?? ChangeRecord() }
    }

    /// True when the flat list did not change at all.
    var isEmpty: Bool { (record?.isEmpty ?? true) && contentHeightDelta == 0 }

    public static func == (a: ChangeSet, b: ChangeSet) -> Bool {
        a.changes == b.changes && a.moves == b.moves && a.redraw == b.redraw
            && a.contentHeightDelta == b.contentHeightDelta && a.anchoredOffset == b.anchoredOffset
    }

    /// Records a step. Redraw ranges after `p` move with the items; the
    /// part that was removed is gone. O(log r) amortized for r redraw
    /// ranges, in any order of steps.
    mutating func replace(at p: Int, removed: Int, added: Int) {
        guard removed > 0 || added > 0 else { return }
        write { r in
            r.changes.append(FlatChange(position: p, removed: removed, added: added))
            r.ranges.replace(at: p, removed: removed, added: added)
        }
    }

    /// Records that the last step removed the sections `out` names, to be
    /// added back later: where each lies in the step's removed part and
    /// its items. O(sections).
    mutating func moveOut(_ out: [(id: ObjectIdentifier, offset: Int, count: Int)]) {
        let r = own()  // once for the list: a reversal takes out 10^5 sections in a step
        guard let step = r.changes.indices.last else { return }
        r.movingOut.reserveCapacity(r.movingOut.count + out.count)
        for o in out where o.count > 0 { r.movingOut[o.id] = (step, o.offset, o.count, false, false) }
    }

    /// Records that the last step added back, among `sections` (its added
    /// part from the start; rows are not among them), those an earlier
    /// step removed: all of a section's items moved when it has as many
    /// and nothing inside changed, else only its header. What changed
    /// inside while it was out is redrawn where it lands (its header shows
    /// a row count). O(sections).
    mutating func moveIn(_ sections: [Piece]) {
        guard record?.movingOut.isEmpty == false else { return }
        let r = own()
        guard let step = r.changes.indices.last else { return }
        var offset = 0
        for case .section(let s) in sections {
            let count = s.contribution.items
            defer { offset += count }
            guard let out = r.movingOut.removeValue(forKey: ObjectIdentifier(s)), count > 0 else { continue }
            let same = out.count == count && !out.changed
            guard same || s.hasHeader else { continue }
            r.links.append(MoveLink(outStep: out.step, outOffset: out.offset, inStep: step, inOffset: offset,
                                    count: same ? count : 1))
            let at = r.changes[step].position + offset
            if out.restyled { r.ranges.insert(at..<(at + (same ? count : 1))) } else if !same { r.ranges.insert(at..<(at + 1)) }
        }
    }

    /// Records that the step before the last removed one item at `from` of
    /// its removed part that the last step added back at `to` (a row moved).
    mutating func moveItem(outStep: Int, from: Int, to: Int) {
        guard let step = record?.changes.indices.last, outStep < step else { return }
        own().links.append(MoveLink(outStep: outStep, outOffset: from, inStep: step, inOffset: to, count: 1))
    }

    /// Notes that something inside section `id`, removed to be added back,
    /// changed meanwhile: its children (`structure`), else a text or a
    /// height (see `movingOut`). False when `id` is not moving.
    mutating func movingChanged(_ id: ObjectIdentifier, structure: Bool) -> Bool {
        guard record?.movingOut[id] != nil else { return false }
        let r = own()
        if structure { r.movingOut[id]?.changed = true } else { r.movingOut[id]?.restyled = true }
        return true
    }

    /// Turns the recorded links into `moves` (and, for a batch, the steps
    /// into the fewest: `coalesce`). O((c + l) · log(c + l)) for c steps and
    /// l links; nothing without links or coalescing.
    mutating func finishMoves(coalesce: Bool) {
        // (Read through `record?`, not bound: a reference held here would
        // make `own()` copy the record.)
        guard record?.movingOut.isEmpty == false || record?.links.isEmpty == false
                || (coalesce && (record?.changes.count ?? 0) > 1) else { return }
        let r = own()
        // (Only when it holds any: most change sets move nothing.)
        if !r.movingOut.isEmpty { r.movingOut = IdentityTable() }
        guard !r.links.isEmpty || (coalesce && r.changes.count > 1) else { return }
        let trace = ItemTrace(count: itemsBefore, changes: r.changes, links: r.links)
        r.moves = trace.moves(fewest: coalesce)
        if coalesce { r.changes = trace.coalesced(count: itemsBefore) }
        // A moved item may look different where it lands (a new row index,
        // depth, height), and the steps that moved it dropped what was
        // recorded for it: it is redrawn, also when it ends up in place.
        for c in trace.carried() where !c.isEmpty { r.ranges.insert(c) }
        // Moves are in new-list order: those that touch are one range.
        var run: Range<Int>?
        for m in r.moves {
            let c = m.to..<(m.to + m.count)
            if let last = run, last.upperBound == c.lowerBound {
                run = last.lowerBound..<c.upperBound
            } else {
                if let last = run, !last.isEmpty { r.ranges.insert(last) }
                run = c
            }
        }
        if let run, !run.isEmpty { r.ranges.insert(run) }
        r.links = []
    }

    /// Records items to redraw, keeping the ranges sorted, disjoint and
    /// coalesced. O(log r) amortized.
    mutating func redraw(_ range: Range<Int>) {
        guard !range.isEmpty else { return }
        write { $0.ranges.insert(range) }
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

/// What a change set holds by reference, in one object (`ChangeSet.record`):
/// changed only through a change set that holds it alone, so sharing it
/// between threads is safe, as an array's storage is.
final class ChangeRecord: @unchecked Sendable {
    var changes: [FlatChange] = []
    var moves: [FlatMove] = []
    /// The redraw ranges while they are recorded: kept in final coordinates
    /// under every step, in O(log r) per step whatever the order of steps.
    var ranges = RangeTree()
    /// Moves while they are recorded: blocks of one step's removed items
    /// that a later step adds back (`finishMoves` turns them into `moves`).
    var links: [MoveLink] = []
    /// Sections a step removed to add back later (a move), waiting for the
    /// step that adds them: where they were in their step and how many
    /// items they had; `changed` when their children changed in between,
    /// so only their header is the same item; `restyled` when a text or
    /// height inside them changed, so their items are redrawn.
    var movingOut = IdentityTable<(step: Int, offset: Int, count: Int, changed: Bool, restyled: Bool)>()

    init() {}

    var isEmpty: Bool { changes.isEmpty && ranges.isEmpty }

    /// Capacities up to which an emptied record keeps its arrays: a
    /// mutation's few steps and ranges, not a snapshot's 10^5.
    static let keptCapacity = 64

    /// Empties it for reuse (`ChangeSet.recycledRecord`), keeping small
    /// arrays' storage; false, leaving it as it was, when it holds moves
    /// or big arrays (dropped, not kept). Touches only what holds anything.
    func emptied() -> Bool {
        guard moves.isEmpty, links.isEmpty, movingOut.isEmpty,
              changes.capacity <= ChangeRecord.keptCapacity else { return false }
        if !changes.isEmpty { changes.removeAll(keepingCapacity: true) }
        ranges.clear(keepingUpTo: ChangeRecord.keptCapacity)
        return true
    }

    /// A record of its own for a change set that shared this one. O(size).
    func copy() -> ChangeRecord {
        let c = ChangeRecord()
        c.changes = changes
        c.moves = moves
        c.ranges = ranges
        c.links = links
        c.movingOut = movingOut
        return c
    }
}
