/// One step of what a mutation did to the flat list: at `position`,
/// `removed` items were replaced by `added` items (GTK's `items-changed`).
public struct FlatChange: Equatable, Sendable {
    public var position: Int
    public var removed: Int
    public var added: Int

    public init(position: Int, removed: Int, added: Int) {
        self.position = position
        self.removed = removed
        self.added = added
    }
}

/// Everything one mutation did to the flat list.
public struct ChangeSet: Equatable, Sendable {
    /// Steps to apply in order to the old list to get the new one.
    public var changes: [FlatChange] = []
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

    public init() {}

    /// True when the flat list did not change at all.
    public var isEmpty: Bool { changes.isEmpty && ranges.isEmpty && contentHeightDelta == 0 }

    public static func == (a: ChangeSet, b: ChangeSet) -> Bool {
        a.changes == b.changes && a.redraw == b.redraw && a.contentHeightDelta == b.contentHeightDelta
            && a.anchoredOffset == b.anchoredOffset
    }

    /// Records a step. Redraw ranges after `p` move with the items; the
    /// part that was removed is gone. O(log r) amortized for r redraw
    /// ranges, in any order of steps.
    mutating func replace(at p: Int, removed: Int, added: Int) {
        guard removed > 0 || added > 0 else { return }
        changes.append(FlatChange(position: p, removed: removed, added: added))
        ranges.replace(at: p, removed: removed, added: added)
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
