/// What happens to a section, told to section listeners.
public enum SectionEvent: Int32, Sendable {
    case willCollapse = 0
    case didCollapse = 1
    case willExpand = 2
    case didExpand = 3
}

/// What happens to a row, told to row listeners.
public enum RowEvent: Int32, Sendable {
    case willExpand = 0
    case didExpand = 1
    case willCollapse = 2
    case didCollapse = 3
}

/// Registered callbacks, in registration order (so in increasing id order).
struct Listeners {
    var nextID = 1
    var changes: [(id: Int, body: (ChangeSet) -> Void)] = []
    var sections: [(id: Int, body: (String, SectionEvent) -> Bool)] = []
    var rows: [(id: Int, body: (RowRef, RowEvent) -> Bool)] = []
}

/// What the table is doing with changes: the change set of the running
/// mutation, the open batch, and whether a mutation or a callback runs.
struct EventState {
    /// What the outermost running mutation did to the flat list; nil
    /// outside one (or while a detached tree is worked on). Set and cleared
    /// only through `startRecording`, `stopRecording` and `swapChanges`,
    /// which keep `recording` in step; edited in place (`changes?.…`) in
    /// between.
    var changes: ChangeSet?
    /// Whether `changes` is not nil, stored: read on every edit, where
    /// testing the Optional went through an outlined copy of the change
    /// set (about 600 instructions a recorded mutation when it was 168
    /// bytes; callgrind, 2026-11-29).
    private(set) var recording = false
    /// The open batch, while edits are grouped into one change set (Table+Batch.swift).
    var batch: Batch?
    /// 1 inside a mutation (`mutate`), so nested calls just run.
    var mutationDepth = 0
    /// Set while a callback of the table runs: calls that change the table
    /// fail with `.busy`.
    var notifying = false
    /// Set while a mutation whose only change is one row's height runs
    /// (`mutate(anchoring: .byEdit)`): `editRowRedrawing` then leaves that
    /// row's item and heights in `editedItem`, which anchor the viewport
    /// afterwards (`Table.offsetAfterEdit`) with no anchor found before.
    var tracksEditedItem = false
    var editedItem: EditedItem?
    /// Set while a mutation anchored `.beforeChange` (or `.beforeToggle`)
    /// has not yet said where it changes the list
    /// (`Table.anchorBeforeChange`); what that found.
    var anchorPending = false
    var lateAnchor = LateAnchor.stays

    /// The record of the last change set told, emptied, for the next
    /// mutation to record into: making one and freeing it cost about 400
    /// instructions a recorded mutation (callgrind, 2026-12-01).
    private var spareRecord: ChangeRecord?

    /// Starts recording into a new change set (on the spare record).
    mutating func startRecording() {
        // The record handed over in place: a change set built with it and
        // assigned was copied and destroyed through outlined value
        // witnesses (70 instructions).
        changes = ChangeSet()
        changes!.reuse(spareRecord.take())
        recording = true
    }

    /// Done with `set` (told or absorbed): keeps its record as the spare
    /// when nothing else holds it (a listener may keep the change set).
    mutating func recycle(_ set: inout ChangeSet) {
        if let r = set.recycledRecord() { spareRecord = r }
    }

    /// Starts recording into `set`.
    mutating func startRecording(_ set: ChangeSet) {
        changes = set
        recording = true
    }

    /// Stops recording; returns what was recorded (moved out, not copied).
    mutating func stopRecording() -> ChangeSet? {
        recording = false
        return changes.take()
    }

    /// Swaps the change set with `other`, keeping `recording` in step:
    /// work on a detached subtree records into none. Cheaper than
    /// `stopRecording` and `startRecording` for a loop that does it once
    /// per section (nothing is moved but the two Optionals).
    mutating func swapChanges(with other: inout ChangeSet?) {
        swap(&changes, &other)
        // (Tested in place: see `recording`.)
        if case .some = changes { recording = true } else { recording = false }
    }

    /// Whether a batch is open (`batch` is not nil), tested in place.
    var batchOpen: Bool {
        if case .some = batch { return true }
        return false
    }
}

/// How a mutation finds the anchor that keeps the viewport's first item in
/// place (`Table.mutate(anchoring:)`).
enum Anchoring {
    /// The first item under the viewport's offset before the mutation,
    /// found again after it (`captureAnchor`, `reanchor`).
    case general
    /// The mutation changes one row's shown height (its height, expanded
    /// height or expanded state), through `editRowRedrawing`, and nothing
    /// else: anchored from that row (`offsetAfterEdit`), with no anchor
    /// found before.
    case byEdit
    /// The mutation expands and collapses nothing and changes the flat list
    /// from one place on, which it tells `anchorBeforeChange` before it
    /// changes anything: below the viewport's offset nothing above the
    /// offset moves, and no anchor is found. While the end is followed
    /// (`followsEnd`) it keeps the end in view, and no anchor is found.
    case beforeChange
    /// As `beforeChange`, for a mutation that collapses or expands one
    /// section: it keeps the first visible item in place also while the end
    /// is followed.
    case beforeToggle
}

/// Where the anchor of a mutation anchored `.beforeChange` (or
/// `.beforeToggle`) goes, as `Table.anchorBeforeChange` found it before the
/// change.
enum LateAnchor {
    /// It does not move: nothing above the offset changes, or the next item
    /// takes its place at its top.
    case stays
    /// It moves with the content's height: it is below every change.
    case movesWithContent
    /// Found the general way (`captureAnchor`).
    case found((position: Int, delta: Double)?)
}

/// What a mutation anchored `.beforeChange` (or `.beforeToggle`) takes out
/// (`anchorBeforeChange`).
enum ItemsOut {
    /// `count` adjacent items, `height` units tall in all, the first of
    /// them `first` units tall (0: not read, or not taken by the next
    /// item). Items among them that stay (subsections between rows out)
    /// move with the content.
    case items(count: Int, height: Int, first: Int)
    /// Items whose heights are not read.
    case several
}

/// The item of a row whose height an edit changed (`EventState.editedItem`):
/// its position, whether its bottom before the edit was below the
/// viewport's offset (floored to units), and its shown height before and
/// after, in units.
struct EditedItem {
    var position: Int
    var bottomBelowOffset: Bool
    var before: Int
    var after: Int
}

extension Array {
    /// The index of the first listener whose id is greater than `id`, in a
    /// list sorted by id.
    /// - Complexity: O(log count)
    func firstListener<Body>(after id: Int) -> Int where Element == (id: Int, body: Body) {
        var low = 0, high = count
        while low < high {
            let mid = (low + high) / 2
            if self[mid].id <= id { low = mid + 1 } else { high = mid }
        }
        return low
    }
}

extension Table {
    /// Calls `body` with what each mutation did to the flat list, after the
    /// mutation, on the thread that made it. Returns an id for `removeListener`.
    /// Listeners run in registration order; one added while listeners are
    /// being told something is first told the next thing (`eachListener`).
    /// - Complexity: O(1)
    @discardableResult
    public func onChange(_ body: @escaping (ChangeSet) -> Void) -> Int {
        let id = nextListenerID()
        listeners.changes.append((id, body))
        return id
    }

    /// Calls `body` before and after a section collapses or expands. For a
    /// "will" event, returning false refuses the change (the return value of
    /// "did" events is ignored).
    /// - Complexity: O(1)
    @discardableResult
    public func onSection(_ body: @escaping (String, SectionEvent) -> Bool) -> Int {
        let id = nextListenerID()
        listeners.sections.append((id, body))
        return id
    }

    /// Calls `body` before and after a row expands or collapses; a "will"
    /// listener returning false refuses the change.
    /// - Complexity: O(1)
    @discardableResult
    public func onRow(_ body: @escaping (RowRef, RowEvent) -> Bool) -> Int {
        let id = nextListenerID()
        listeners.rows.append((id, body))
        return id
    }

    private func nextListenerID() -> Int {
        defer { listeners.nextID += 1 }
        return listeners.nextID
    }

    /// Unregisters a listener; returns whether `id` was registered. From
    /// then on it is never called again, even when it is removed by another
    /// listener of the round that is running: each round reads the live list
    /// before each call (`eachListener`).
    /// - Complexity: O(listeners)
    @discardableResult
    public func removeListener(_ id: Int) -> Bool {
        let before = listeners.changes.count + listeners.sections.count + listeners.rows.count
        listeners.changes.removeAll { $0.id == id }
        listeners.sections.removeAll { $0.id == id }
        listeners.rows.removeAll { $0.id == id }
        return before != listeners.changes.count + listeners.sections.count + listeners.rows.count
    }

    /// Unregisters every listener and every height provider: what freeing
    /// the table inside one of its own callbacks does at once, since the
    /// table itself lives on until the outermost call returns.
    /// - Complexity: O(listeners)
    public func removeAllCallbacks() {
        listeners.changes.removeAll()
        listeners.sections.removeAll()
        listeners.rows.removeAll()
        heightProviders.row = nil
        heightProviders.header = nil
        heightProviders.expanded = nil
        forgetMatchFunction()
    }

    // MARK: Internals

    /// Runs one public mutation: refuses it while listeners are being told
    /// something (they may read the table, not change it), records what it
    /// does to the flat list, keeps the viewport anchored, then tells the
    /// change listeners, and last calls the loader with the loads it
    /// started or cancelled (Table+Loading.swift). Nested calls just run.
    /// Inside a batch (Table+Batch.swift) what it did joins the batch's
    /// change set, told when the batch ends, with the loader's calls.
    ///
    /// `unrecordedIfUnobserved`: the mutation's body needs no change set
    /// of its own — it only records into `eventState.changes` when there is
    /// one (a row's height; the flips of collapse all). When nobody would
    /// read its change set (`changesUnobserved`) it records none
    /// (`eventState.changes` stays nil, so its body can skip finding what
    /// to redraw).
    ///
    /// `anchoring`: how the viewport's anchor is found (`Anchoring`).
    @discardableResult
    func mutate<R>(unrecordedIfUnobserved: Bool = false, anchoring: Anchoring = .general,
                   _ body: () throws -> R) throws -> R {
        guard !eventState.notifying else {
            throw FoldError(.busy, "the table is notifying a listener; change it after the listener returns")
        }
        if eventState.mutationDepth > 0 { return try body() }
        let result = unrecordedIfUnobserved && changesUnobserved
            ? try unrecordedMutation(body) : try recordedMutation(anchoring: anchoring, body)
        if loads.hasCalls, eventState.batch == nil { deliverLoadCalls() }
        return result
    }

    /// Whether, between mutations, nobody would read the next one's change
    /// set: no change listener to tell, no batch to join, no viewport to
    /// anchor (nor a transition, which needs one), no focus to settle, no
    /// loader call waiting. Then `recordedMutation` would only build a
    /// change set and drop it. O(1).
    var changesUnobserved: Bool {
        // Optionals tested in place (`if case`), as `EventState.recording`.
        guard listeners.changes.isEmpty, !eventState.batchOpen, !loads.hasCalls else { return false }
        if case .some = viewport { return false }
        if case .some = focusState.focused { return false }
        return true
    }

    /// The outermost mutation of `mutate` when `changesUnobserved` and its
    /// body needs no change set: what `recordedMutation` does that such a
    /// change can observe (nested calls run; a failure moves the structure version
    /// past any value a callback saw; the invariants are checked), without
    /// the change set.
    private func unrecordedMutation<R>(_ body: () throws -> R) throws -> R {
        eventState.mutationDepth = 1
        defer {
            eventState.mutationDepth = 0
            _invariantCheck()
        }
        let version = root.structureVersion
        do {
            return try body()
        } catch {
            focusState.placed = false
            if root.structureVersion != version { root.structureVersion &+= 1 }
            throw error
        }
    }

    /// The outermost mutation of `mutate`, up to its change listeners.
    private func recordedMutation<R>(anchoring: Anchoring, _ body: () throws -> R) throws -> R {
        eventState.mutationDepth = 1
        defer {
            eventState.mutationDepth = 0
            eventState.tracksEditedItem = false
            eventState.anchorPending = false
            _invariantCheck()
        }
        let batched = eventState.batch != nil
        let heightBefore = contentHeight
        // A one-row height edit anchors from the row it changed: the
        // anchor's descent before it is skipped (with a filter, hidden rows
        // show no item, and the general way is kept).
        var offsetBefore: Double?
        if anchoring == .byEdit, !batched, filter == nil, let v = viewport, v.offset < Table.editAnchoredBelow {
            offsetBefore = v.offset
            eventState.editedItem = nil
            eventState.tracksEditedItem = true
        }
        let follows = !batched && followsEnd()
        // Following the end, a mutation that expands and collapses nothing
        // keeps the end in view (`tellChange`): no anchor is needed.
        let unneeded = follows && anchoring == .beforeChange
        // The same offsets as `offsetAfterEdit`'s: below 2^44 points, an
        // offset with nothing above it changed stays as it is.
        var late = false
        var unitsBefore = 0
        if anchoring == .beforeChange || anchoring == .beforeToggle, !batched, !unneeded, filter == nil, let v = viewport,
           v.offset < Table.editAnchoredBelow {
            offsetBefore = v.offset
            late = true
            unitsBefore = contentUnits
            eventState.lateAnchor = .stays
            eventState.anchorPending = true
        }
        let anchor = batched || offsetBefore != nil || unneeded ? nil : captureAnchor()
        if !batched { captureTransitionStart() }
        eventState.startRecording()
        eventState.changes?.itemsBefore = itemCount
        let version = root.structureVersion
        // Focus follows its item; where it was tells where it goes when its
        // item goes (`settleFocus`). A failure puts the held items back.
        let held = (selectionState.anchor, focusState.focused)
        let focusBefore = held.1 == nil ? nil : focusPosition
        let result: R
        do {
            result = try body()
        } catch {
            (selectionState.anchor, focusState.focused) = held
            focusState.placed = false
            if var dropped = eventState.stopRecording() { eventState.recycle(&dropped) }
            if !batched { dropTransitionStart() }
            // A failed call changes nothing, but a callback may have read a
            // version that belonged to a shape the failure undid (a load or
            // rows stopped by the filter): move past every value it could
            // have seen, so that no value ever names two shapes.
            if root.structureVersion != version { root.structureVersion &+= 1 }
            throw error
        }
        if held.1 != nil || focusState.focused != nil || focusState.placed { settleFocus(before: focusBefore) }
        var set = eventState.stopRecording() ?? ChangeSet()
        defer { eventState.recycle(&set) }
        if batched {
            eventState.batch?.absorb(set)
            return result
        }
        set.finishMoves(coalesce: false)
        set.contentHeightDelta = contentHeight - heightBefore
        assert(!(unneeded && set.expandedOrCollapsed), "a mutation anchored .beforeChange expanded or collapsed")
        assert(!(late && eventState.anchorPending && !set.changes.isEmpty),
               "a mutation anchored .beforeChange or .beforeToggle changed the list without anchorBeforeChange")
        // The offset the anchor leaves, when found without it.
        var anchoredAt: Double?
        if let o = offsetBefore {
            switch late ? eventState.lateAnchor : .stays {
            case .found(let a):
                tellChange(&set, anchor: a, follows: follows)
                return result
            case .movesWithContent: anchoredAt = o + Units.points(contentUnits &- unitsBefore)
            case .stays: anchoredAt = late ? o : offsetAfterEdit(eventState.editedItem, offset: o)
            }
        }
        tellChange(&set, anchor: anchor, follows: follows, anchoredAt: anchoredAt)
        return result
    }

    /// Anchors the viewport after a change (one mutation or a batch) and
    /// tells the change listeners, unless nothing changed. `anchoredAt`:
    /// the offset that keeps the first visible item in place, found
    /// without the anchor (`Anchoring`), in place of `anchor`.
    func tellChange(_ set: inout ChangeSet, anchor: (position: Int, delta: Double)?, follows: Bool,
                    anchoredAt: Double? = nil) {
        if set.isEmpty && !set.movedViewport && !set.selectionChanged {
            dropTransitionStart()  // a change set that reports nothing keeps the current transition
            return
        }
        if let placed = set.placedOffset {
            set.anchoredOffset = placed  // the mutation placed the viewport (a restored anchor)
        } else if follows && !set.expandedOrCollapsed {
            set.anchoredOffset = moveViewportToEnd()  // stick to the end (Table.followEnd)
        } else if let anchoredAt {
            set.anchoredOffset = placeViewport(at: anchoredAt)
        } else if let anchor {
            set.anchoredOffset = reanchor(anchor, after: set)
        } else if let v = viewport {
            set.anchoredOffset = placeViewport(at: v.offset)  // no item under the offset before
        }
        finishTransition(set)  // built before the listeners run, so they may read it
        eventState.notifying = true
        defer { eventState.notifying = false }
        guard !listeners.changes.isEmpty else { return }
        let told = set
        eachListener(\.changes) { $0(told); return true }
    }

    /// One round: calls the listeners of `list` that are registered when it
    /// starts, in order, until `call` returns false. The live list is read
    /// again before each call, because a listener may remove or add
    /// listeners: one removed during the round (even one that has not run
    /// yet) is never called again; one added during the round (its id is
    /// at least the round's first free id) waits for the next round.
    /// - Complexity: O(k · log listeners) for k listeners called.
    func eachListener<Body>(_ list: KeyPath<Listeners, [(id: Int, body: Body)]>,
                            _ call: (Body) -> Bool) {
        let end = listeners.nextID
        var last = 0
        while true {
            let body: Body
            do {
                let live = listeners[keyPath: list]
                let i = live.firstListener(after: last)
                guard i < live.count, live[i].id < end else { return }
                last = live[i].id
                body = live[i].body
            }
            guard call(body) else { return }
        }
    }

    /// Records that items `position..<position+removed` became `added` items.
    func recordReplace(_ position: Int?, removed: Int, added: Int) {
        guard let position else { return }
        eventState.changes?.replace(at: position, removed: removed, added: added)
    }

    /// While filtering, rows inserted, removed or moved before child `c` of
    /// `s` may show no item, yet the shown rows from `c` on change their row
    /// index: they are redrawn (one range, to the end of `s`). O(depth · log n).
    func recordRowIndicesShifted(_ s: Section, fromChild c: Int) {
        guard filter != nil, let from = childPosition(s, c), let end = childPosition(s, s.childCount) else { return }
        recordRedraw(from, count: end - from)
    }

    /// Records that items `range` (current positions) must be redrawn.
    func recordRedraw(_ position: Int?, count: Int = 1) {
        guard let position, count > 0 else { return }
        eventState.changes?.redraw(position..<(position + count))
    }

    /// Asks the "will" section listeners; false if one refuses.
    func sectionWill(_ s: Section, _ event: SectionEvent) -> Bool {
        guard !listeners.sections.isEmpty else { return true }
        eventState.notifying = true
        defer { eventState.notifying = false }
        var allowed = true
        eachListener(\.sections) { body in
            allowed = body(s.key, event)
            return allowed
        }
        return allowed
    }

    func sectionDid(_ s: Section, _ event: SectionEvent) {
        guard !listeners.sections.isEmpty else { return }
        eventState.notifying = true
        defer { eventState.notifying = false }
        eachListener(\.sections) { _ = $0(s.key, event); return true }
    }

    func rowWill(_ s: Section, _ row: Int, _ event: RowEvent) -> Bool {
        guard !listeners.rows.isEmpty else { return true }
        eventState.notifying = true
        defer { eventState.notifying = false }
        let ref = RowRef(section: s.key, row: row)
        var allowed = true
        eachListener(\.rows) { body in
            allowed = body(ref, event)
            return allowed
        }
        return allowed
    }

    func rowDid(_ s: Section, _ row: Int, _ event: RowEvent) {
        guard !listeners.rows.isEmpty else { return }
        eventState.notifying = true
        defer { eventState.notifying = false }
        let ref = RowRef(section: s.key, row: row)
        eachListener(\.rows) { _ = $0(ref, event); return true }
    }

    /// The flat position of child `child` of `s` (or where it would be, for
    /// `child == childCount`); nil when `s`'s children are not shown.
    func childPosition(_ s: Section, _ child: Int) -> Int? {
        childPosition(s, child, start: s === root || !s.showsChildren ? nil : sectionStart(s))
    }

    /// The same, `start` being `sectionStart(s)` (nil for the root),
    /// found by the caller. O(log n) within `s`.
    func childPosition(_ s: Section, _ child: Int, start: Int?) -> Int? {
        var base = 0
        if s !== root {
            guard s.showsChildren, let start else { return nil }
            base = start + s.headerItems
        }
        return base + itemsBeforeChild(s, child).items
    }

    /// `childPosition(s, c)`, with the top there (in units) while an anchor
    /// waits for where the list changes (`childPlace`, on the same path):
    /// one descent either way. O(depth · log n).
    func childPositionAndTop(_ s: Section, _ c: Int) -> (position: Int?, top: Int?) {
        guard eventState.anchorPending else { return (childPosition(s, c), nil) }
        let place = childPlace(s, c, header: headerPlaceIfShown(s))
        return (place?.position, place?.top)
    }

    /// Items of the children of `s` before child `c` as shown when `s` is
    /// expanded (all of them for `c == childCount`), with where child `c`
    /// is in the list (nil for `childCount`). O(log n) within `s`.
    @inline(__always)
    func itemsBeforeChild(_ s: Section, _ c: Int) -> (items: Int, at: (node: PieceRef, within: Int, before: Counts)?) {
        guard c < s.childCount, let at = s.list.locate(.children, c) else { return (s.list.sum.items, nil) }
        return (at.before.items + itemsBefore(at.node, at.within), at)
    }

    /// Items of children `range` of `s` as shown when `s` is expanded.
    func childItems(_ s: Section, _ range: Range<Int>) -> Int {
        itemsBeforeChild(s, range.upperBound).items - itemsBeforeChild(s, range.lowerBound).items
    }

    /// A section's header position when visible (nil without a header item).
    func visibleHeader(_ s: Section) -> Int? {
        guard s !== root, s.hasHeader else { return nil }
        return try? headerPosition(of: s)
    }

    /// Where a section's items start (its header, or its first item without
    /// one) when they are visible.
    func sectionStart(_ s: Section) -> Int? {
        guard s !== root else { return nil }
        return try? headerPosition(of: s)
    }

    /// A section's footer position when visible.
    func visibleFooter(_ s: Section) -> Int? {
        visibleFooter(s, start: sectionStart(s))
    }

    /// The same, `start` being `sectionStart(s)`, asked for only with a footer.
    func visibleFooter(_ s: Section, start: @autoclosure () -> Int?) -> Int? {
        guard s.hasFooter else { return nil }
        return start().map { $0 + s.headerItems + s.shownChildrenItems }
    }

    /// Records the redraws of a section whose children changed (inside
    /// `mutate`, after the change): its header when its row count changed
    /// (a header that shows a count stays current, also while collapsed) or
    /// it got its first child or lost its last (the indicator); its footer
    /// too when that changed whether it is collapsible.
    func recordChildrenChanged(_ s: Section, hadChildren: Bool, rowsChanged: Bool) {
        recordChildrenChanged(s, hadChildren: hadChildren, rowsChanged: rowsChanged, start: sectionStart(s))
    }

    /// The same, `start` being `sectionStart(s)` (which a change of its
    /// children does not move), asked for only when something is redrawn.
    func recordChildrenChanged(_ s: Section, hadChildren: Bool, rowsChanged: Bool, start: @autoclosure () -> Int?) {
        let hasChildren = s.childCount > 0
        let changed = hadChildren != hasChildren
        guard rowsChanged || changed else { return }
        let start = start()
        if s.hasHeader { recordRedraw(start) }
        if changed, !s.fixed { recordRedraw(visibleFooter(s, start: start)) }
    }

    /// Records the redraw of a section's header and footer (their flags or
    /// indicator changed).
    func recordFlagsChanged(_ s: Section) {
        recordRedraw(visibleHeader(s))
        recordRedraw(visibleFooter(s))
    }
}
