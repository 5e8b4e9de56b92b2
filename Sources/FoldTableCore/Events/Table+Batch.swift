/// Edits grouped so that listeners get one change set (`Table.batch`).
struct Batch {
    /// Open `beginBatch` calls not yet ended.
    var depth = 1
    /// What the edits so far did: their steps in order (coalesced when the
    /// batch ends), redraws in current positions, moves as links.
    var set = ChangeSet()
    var heightBefore: Double
    var anchor: (position: Int, delta: Double)?
    var follows: Bool

    /// Adds what one mutation did. O((c + r) · log r) for its c steps and r
    /// redraw ranges, against r redraw ranges so far.
    mutating func absorb(_ s: ChangeSet) {
        let base = set.changes.count
        for c in s.changes { set.replace(at: c.position, removed: c.removed, added: c.added) }
        for r in s.redraw { set.redraw(r) }
        for var l in s.links {
            l.outStep += base
            l.inStep += base
            set.links.append(l)
        }
        if let placed = s.placedOffset { set.placedOffset = placed }
        set.movedViewport = set.movedViewport || s.movedViewport
        set.selectionChanged = set.selectionChanged || s.selectionChanged
        set.expandedOrCollapsed = set.expandedOrCollapsed || s.expandedOrCollapsed
    }
}

extension Table {
    /// Starts grouping edits: until the matching `endBatch`, every change
    /// (insertions, removals, moves, heights, collapse, loads finishing)
    /// is made at once, so queries see it, but listeners are told only
    /// when the outermost batch ends, in one change set, and the viewport
    /// is anchored once then. Batches nest. The loader's calls wait for the
    /// end too. A batch belongs to the table, not to a thread.
    /// - Complexity: O(1)
    public func beginBatch() throws {
        guard !eventState.notifying, eventState.mutationDepth == 0 else {
            throw FoldError(.busy, "the table is notifying a listener; begin the batch after the listener returns")
        }
        if eventState.batch != nil {
            eventState.batch?.depth += 1
            return
        }
        captureTransitionStart()
        var b = Batch(heightBefore: contentHeight, anchor: captureAnchor(), follows: followsEnd())
        b.set.itemsBefore = itemCount
        eventState.batch = b
    }

    /// Ends the innermost open batch; the outermost tells the listeners
    /// what the whole batch did: the fewest moves and steps that turn the
    /// list before it into the list after it (the most items still in the
    /// same order stay in place, the others that are still there are moves,
    /// items added and removed again inside it are not reported), with
    /// every redraw and the content height difference. Then the loader gets
    /// the calls the batch's edits queued.
    /// - Complexity: O((c + l) · log(c + l)) for c steps and l moves
    ///   recorded in the batch, plus the size of the change set.
    public func endBatch() throws {
        guard !eventState.notifying, eventState.mutationDepth == 0 else {
            throw FoldError(.busy, "the table is notifying a listener; end the batch after the listener returns")
        }
        guard var b = eventState.batch else {
            throw FoldError(.invalidArgument, "no batch is open (end_batch without begin_batch)")
        }
        b.depth -= 1
        guard b.depth == 0 else {
            eventState.batch = b
            return
        }
        eventState.batch = nil
        var set = b.set
        set.finishMoves(coalesce: true)
        set.contentHeightDelta = contentHeight - b.heightBefore
        tellChange(&set, anchor: b.anchor, follows: b.follows)
        if loads.hasCalls { deliverLoadCalls() }
    }

    /// How many batches are open (0: none).
    /// - Complexity: O(1)
    public var batchDepth: Int { eventState.batch?.depth ?? 0 }

    /// Runs `body` as one batch (`beginBatch` ... `endBatch`); the batch
    /// ends also when `body` throws, with what it did so far (nothing is
    /// rolled back: each edit in it succeeded or changed nothing).
    func batch<R>(_ body: () throws -> R) throws -> R {
        try beginBatch()
        do {
            let r = try body()
            try endBatch()
            return r
        } catch {
            try? endBatch()
            throw error
        }
    }
}
