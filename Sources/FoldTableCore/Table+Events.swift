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

/// Registered callbacks, in registration order.
struct Listeners {
    var nextID = 1
    var changes: [(id: Int, body: (ChangeSet) -> Void)] = []
    var sections: [(id: Int, body: (String, SectionEvent) -> Bool)] = []
    var rows: [(id: Int, body: (RowRef, RowEvent) -> Bool)] = []
}

extension Table {
    /// Calls `body` with what each mutation did to the flat list, after the
    /// mutation, on the thread that made it. Returns an id for `removeListener`.
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

    /// Unregisters a listener; returns whether `id` was registered.
    /// - Complexity: O(listeners)
    @discardableResult
    public func removeListener(_ id: Int) -> Bool {
        let before = listeners.changes.count + listeners.sections.count + listeners.rows.count
        listeners.changes.removeAll { $0.id == id }
        listeners.sections.removeAll { $0.id == id }
        listeners.rows.removeAll { $0.id == id }
        return before != listeners.changes.count + listeners.sections.count + listeners.rows.count
    }

    // MARK: Internals

    /// Runs one public mutation: refuses it while listeners are being told
    /// something (they may read the table, not change it), records what it
    /// does to the flat list, keeps the viewport anchored, then tells the
    /// change listeners. Nested calls just run.
    @discardableResult
    func mutate<R>(_ body: () throws -> R) throws -> R {
        guard !notifying else {
            throw FoldError(.busy, "the table is notifying a listener; change it after the listener returns")
        }
        if mutationDepth > 0 { return try body() }
        mutationDepth = 1
        defer { mutationDepth = 0 }
        let heightBefore = contentHeight
        let anchor = captureAnchor()
        recording = ChangeSet()
        let result: R
        do {
            result = try body()
        } catch {
            recording = nil
            throw error
        }
        var set = recording ?? ChangeSet()
        recording = nil
        set.contentHeightDelta = contentHeight - heightBefore
        if set.isEmpty && !set.movedViewport { return result }
        if let placed = set.placedOffset {
            set.anchoredOffset = placed  // the mutation placed the viewport (a restored anchor)
        } else if let anchor {
            set.anchoredOffset = reanchor(anchor, after: set)
        }
        notifying = true
        defer { notifying = false }
        for listener in listeners.changes { listener.body(set) }
        return result
    }

    /// Records that items `position..<position+removed` became `added` items.
    func recordReplace(_ position: Int?, removed: Int, added: Int) {
        guard let position else { return }
        recording?.replace(at: position, removed: removed, added: added)
    }

    /// Records that items `range` (current positions) must be redrawn.
    func recordRedraw(_ position: Int?, count: Int = 1) {
        guard let position, count > 0 else { return }
        recording?.redraw(position..<(position + count))
    }

    /// Asks the "will" section listeners; false if one refuses.
    func sectionWill(_ s: Section, _ event: SectionEvent) -> Bool {
        guard !listeners.sections.isEmpty else { return true }
        notifying = true
        defer { notifying = false }
        return listeners.sections.allSatisfy { $0.body(s.key, event) }
    }

    func sectionDid(_ s: Section, _ event: SectionEvent) {
        guard !listeners.sections.isEmpty else { return }
        notifying = true
        defer { notifying = false }
        for l in listeners.sections { _ = l.body(s.key, event) }
    }

    func rowWill(_ s: Section, _ row: Int, _ event: RowEvent) -> Bool {
        guard !listeners.rows.isEmpty else { return true }
        notifying = true
        defer { notifying = false }
        let ref = RowRef(section: s.key, row: row)
        return listeners.rows.allSatisfy { $0.body(ref, event) }
    }

    func rowDid(_ s: Section, _ row: Int, _ event: RowEvent) {
        guard !listeners.rows.isEmpty else { return }
        notifying = true
        defer { notifying = false }
        let ref = RowRef(section: s.key, row: row)
        for l in listeners.rows { _ = l.body(ref, event) }
    }

    /// The flat position of child `child` of `s` (or where it would be, for
    /// `child == childCount`); nil when `s`'s children are not shown.
    func childPosition(_ s: Section, _ child: Int) -> Int? {
        var base = 0
        if s !== root {
            guard !s.collapsed, let header = try? headerPlace(of: s) else { return nil }
            base = header.position + 1
        }
        guard child < s.childCount, let (_, within, before) = s.list.locate(.children, child) else {
            return base + s.list.sum.items
        }
        return base + before.items + within
    }

    /// Items of children `range` of `s` as shown when `s` is expanded.
    func childItems(_ s: Section, _ range: Range<Int>) -> Int {
        func prefix(_ c: Int) -> Int {
            guard c < s.childCount, let (_, within, before) = s.list.locate(.children, c) else { return s.list.sum.items }
            return before.items + within
        }
        return prefix(range.upperBound) - prefix(range.lowerBound)
    }

    /// A section's header position when visible.
    func visibleHeader(_ s: Section) -> Int? {
        guard s !== root else { return nil }
        return try? headerPlace(of: s).position
    }
}
