/// How an item takes part in a transition.
public enum TransitionChange: Int32, Sendable {
    /// In the list before and after, at the same rect.
    case stays = 0
    /// In both lists, at another rect: it slid, grew or shrank.
    case moves = 1
    /// Not in the list before: inserted, shown by a filter or a load, or
    /// shown by a section that expanded.
    case appears = 2
    /// Not in the list after: removed, hidden by a filter or a collapse.
    case disappears = 3
}

/// One item of a transition: where it is drawn before and after the change
/// set, in viewport coordinates (y from the viewport's top; before for the
/// viewport at `Transition.offsetBefore`, after at `offsetAfter`).
public struct TransitionItem: Equatable, Sendable {
    /// Position in the list before; nil for one that appears.
    public var positionBefore: Int?
    /// Position in the list after; nil for one that disappears.
    public var positionAfter: Int?
    /// The item as it is after (before, for one that disappears).
    public var item: Item
    public var change: TransitionChange
    /// Drawn stuck at the top before / after (its rect is the stuck one).
    public var stuckBefore = false
    public var stuckAfter = false
    /// Folds under (or unfolds from) the header at index `clip`: drawn
    /// only below that header's bottom.
    public var folds = false
    /// With `folds`: the index in the transition of the header it folds
    /// under; nil when that header is not in it (the viewport's top clips).
    public var clip: Int?
    public var topBefore: Double
    public var heightBefore: Double
    public var topAfter: Double
    public var heightAfter: Double
}

/// Where an item of a transition is drawn at some progress.
public struct FrameItem: Equatable, Sendable {
    /// The item's index in the transition.
    public var index: Int
    public var top: Double
    public var height: Double
    /// Draw only below this y; -infinity when nothing clips.
    public var clipTop: Double
}

/// What a view needs to animate one change set (foldtable.h, "Transitions").
public struct Transition: Equatable, Sendable {
    /// In the order of the list after, an item that disappears after the
    /// item it followed before.
    public var items: [TransitionItem]
    public var offsetBefore: Double
    public var offsetAfter: Double
    public var contentHeightBefore: Double
    public var contentHeightAfter: Double
    public var viewportHeight: Double
    /// As the view last reported it (`Table.setTransitionProgress`); 0 when built.
    public var progress: Double = 0
    /// 1 for the table's first transition, then one more for each.
    public var serial: UInt64

    /// Where the items are drawn at progress `t` (0 = before, 1 = after),
    /// interpolated linearly, with the folding header's bottom as the clip.
    /// - Complexity: O(k) for k items
    public func frame(at t: Double) -> [FrameItem] {
        func lerp(_ a: Double, _ b: Double) -> Double { t == 1 ? b : a + t * (b - a) }
        return items.indices.map { i in
            let it = items[i]
            var clip = -Double.infinity
            if it.folds {
                if let c = it.clip {
                    let h = items[c]
                    clip = lerp(h.topBefore + h.heightBefore, h.topAfter + h.heightAfter)
                } else {
                    clip = 0
                }
            }
            return FrameItem(index: i, top: lerp(it.topBefore, it.topAfter),
                             height: lerp(it.heightBefore, it.heightAfter), clipTop: clip)
        }
    }
}
