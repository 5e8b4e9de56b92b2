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
    /// Sorted, disjoint.
    public var redraw: [Range<Int>] = []
    /// New content height minus old.
    public var contentHeightDelta: Double = 0
    /// With a viewport set: the offset that keeps the first visible item
    /// where it was on screen (the viewport's offset is already moved there).
    public var anchoredOffset: Double?

    public init() {}

    /// True when the flat list did not change at all.
    public var isEmpty: Bool { changes.isEmpty && redraw.isEmpty && contentHeightDelta == 0 }

    /// Records a step. Redraw ranges after `p` move with the items; the
    /// part that was removed is gone. O(log r + ranges at or after p), so a
    /// mutation that records its steps top to bottom (collapse all) stays
    /// O(s log s) for s steps.
    mutating func replace(at p: Int, removed: Int, added: Int) {
        guard removed > 0 || added > 0 else { return }
        changes.append(FlatChange(position: p, removed: removed, added: added))
        // Ranges are sorted and disjoint: those ending at or before p stay.
        var lo = 0, hi = redraw.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if redraw[mid].upperBound <= p { lo = mid + 1 } else { hi = mid }
        }
        guard lo < redraw.count else { return }
        var mapped: [Range<Int>] = []
        for r in redraw[lo...] {
            if r.lowerBound < p { mapped.append(r.lowerBound..<min(r.upperBound, p)) }
            let tailStart = max(r.lowerBound, p + removed)
            if tailStart < r.upperBound {
                mapped.append((tailStart - removed + added)..<(r.upperBound - removed + added))
            }
        }
        redraw.replaceSubrange(lo..., with: mapped)
    }

    /// Records items to redraw, keeping the ranges sorted and disjoint.
    /// O(1) for a range at or after the last one, O(r log r) otherwise.
    mutating func redraw(_ range: Range<Int>) {
        guard !range.isEmpty else { return }
        if let last = redraw.last, last.lowerBound <= range.lowerBound {
            if range.lowerBound <= last.upperBound {
                redraw[redraw.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
            } else {
                redraw.append(range)
            }
            return
        }
        redraw.append(range)
        redraw.sort { $0.lowerBound < $1.lowerBound }
        var merged: [Range<Int>] = []
        for r in redraw {
            if let last = merged.last, r.lowerBound <= last.upperBound {
                merged[merged.count - 1] = last.lowerBound..<max(last.upperBound, r.upperBound)
            } else {
                merged.append(r)
            }
        }
        redraw = merged
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
