/// Transitions: on or off, the current one, and what the running change
/// set captured before it began.
struct TransitionState {
    var enabled = false
    var current: Transition?
    var serial: UInt64 = 0
    /// What was on screen when the running change set (or batch) began;
    /// nil while nothing is being recorded.
    var before: Screen?
    /// Sections the running change set expanded: what they show unfolds.
    var expanded: Set<ObjectIdentifier> = []
}

/// An item as drawn on screen, in viewport coordinates.
struct Drawn {
    var item: Item
    /// Its position in the list it was drawn from; nil for an item of a
    /// running transition that was already disappearing.
    var position: Int?
    var top: Double
    var height: Double
    /// Where it lies in the list (its top unless stuck).
    var natural: Double
    /// Drawn stuck: its rect is the stuck one, not where it lies.
    var stuck = false
    /// Taken from the viewport or a running frame (not only stuck): the
    /// items that scroll in or out are laid out from these.
    var anchor = true
    /// From a running transition, folding under the header of this section.
    var foldsUnder: SectionID?
}

/// The viewport as drawn: its items, offset, height and content height.
struct Screen {
    var offset: Double
    var height: Double
    var content: Double
    var items: [Drawn]
}

extension Table {
    /// Turns transitions on or off; off drops the current one.
    /// - Complexity: O(1)
    public func setTransitions(_ enabled: Bool) {
        transitionState.enabled = enabled
        if !enabled { transitionState.current = nil }
    }

    /// Whether a transition is built for each change set (with a viewport set).
    /// - Complexity: O(1)
    public var transitionsEnabled: Bool { transitionState.enabled }

    /// The transition of the last change set that reported something while
    /// transitions were on and a viewport was set.
    /// - Complexity: O(1)
    public var transition: Transition? { transitionState.current }

    /// Tells the table how far the view has animated the current transition
    /// (0...1, 1 = done): a change that arrives meanwhile starts from there.
    /// - Complexity: O(1)
    public func setTransitionProgress(_ t: Double) throws {
        try Self.checkProgress(t)
        guard transitionState.current != nil else {
            throw FoldError(.notFound, "there is no transition (turn transitions on and set a viewport; one is built per change set)")
        }
        transitionState.current?.progress = t
    }

    /// A progress must lie in [0, 1] (NaN does not).
    public static func checkProgress(_ t: Double) throws {
        guard t >= 0, t <= 1 else { throw FoldError(.invalidArgument, "progress \(t) must be in [0, 1]") }
    }

    // MARK: Hooks (Table+Events.swift, Table+Batch.swift, Table+Collapse.swift)

    /// Before a change set begins: what is on screen, if a transition will
    /// be built. O(k · depth · log n) for k items drawn; O(1) when off.
    func captureTransitionStart() {
        transitionState.expanded = []
        transitionState.before = nil
        guard transitionState.enabled, let v = viewport else { return }
        var items: [Drawn] = []
        var framed = Set<Int>()
        if let running = transitionState.current, running.progress < 1 {
            // Where the running transition draws its items now, moved by a
            // scroll made since it began.
            let shift = running.offsetAfter - v.offset
            for f in running.frame(at: running.progress) {
                let it = running.items[f.index]
                var d = Drawn(item: it.item, position: it.positionAfter, top: f.top + shift, height: f.height,
                              natural: f.top + shift, stuck: it.stuckAfter)
                if it.folds, it.positionAfter == nil { d.foldsUnder = it.item.sectionID }
                if let p = it.positionAfter { framed.insert(p) }
                items.append(d)
            }
        }
        for d in drawnScreen(offset: v.offset, height: v.height) {
            if let p = d.position, framed.contains(p) { continue }
            items.append(d)
        }
        transitionState.before = Screen(offset: v.offset, height: v.height, content: contentHeight, items: items)
    }

    /// A section expanded in the running change set.
    func noteExpandedForTransition(_ s: Section) {
        if transitionState.before != nil { transitionState.expanded.insert(ObjectIdentifier(s)) }
    }

    /// Inside a mutation that builds no transition (measuring and
    /// invalidating heights replace estimates a view redraws at once); a
    /// batch it belongs to still builds one.
    func skipTransition() {
        if eventState.batch == nil { dropTransitionStart() }
    }

    /// The running change set failed or reported nothing: drop its capture.
    func dropTransitionStart() {
        transitionState.before = nil
        transitionState.expanded = []
    }

    /// After the change set, with the viewport anchored: builds the
    /// transition from the capture (Table+TransitionLayout.swift).
    func finishTransition(_ set: ChangeSet) {
        defer { dropTransitionStart() }
        guard let before = transitionState.before, let v = viewport else { return }
        let after = Screen(offset: v.offset, height: v.height, content: contentHeight,
                           items: drawnScreen(offset: v.offset, height: v.height))
        transitionState.serial &+= 1
        var t = buildTransition(before: before, after: after, set: set)
        t.serial = transitionState.serial
        transitionState.current = t
    }

    /// The items drawn in a viewport: those that intersect it, then the
    /// headers stuck at its top (which take the stuck rect; one stuck
    /// above the viewport is added). O(k · depth · log n).
    func drawnScreen(offset: Double, height: Double) -> [Drawn] {
        guard let placed = try? visibleItems(offset: offset, height: height) else { return [] }
        var items = placed.map { Drawn(item: $0.item, position: $0.position, top: $0.top - offset, height: $0.height,
                                       natural: $0.top - offset) }
        guard let stuck = try? stickyHeaders(offset: offset) else { return items }
        let first = placed.first?.position ?? 0
        for h in stuck {
            let i = h.position - first
            if i >= 0, i < items.count {
                items[i].top = h.top - offset
                items[i].height = h.height
                items[i].stuck = true
            } else if let p = try? placedItem(at: h.position) {
                items.append(Drawn(item: p.item, position: h.position, top: h.top - offset, height: h.height,
                                   natural: p.top - offset, stuck: true, anchor: false))
            }
        }
        return items
    }
}
