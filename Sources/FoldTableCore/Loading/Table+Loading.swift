/// Lazily loaded children: a section inserted `.unloaded` has no children
/// until the app supplies them. Expanding it starts a load (a ticket, a
/// placeholder item under its header, a START call to the loader);
/// `finishLoad` replaces the placeholder by the children, `failLoad` marks
/// it failed (activating it retries); collapsing or removing the section,
/// or closing the table, cancels the load (a CANCEL call).
///
/// The loader is not called inside a mutation: its calls are queued and
/// delivered after the outermost mutation has made its changes and told
/// its listeners (`deliverLoadCalls`), in a loop, so a loader may change the
/// table (finish the load at once) without nesting.

/// Where a section's children are (`Table.loadInfo(section:)`); the raw
/// values are the C ABI's FOLD_LOAD_* states.
public enum LoadState: Int32, Sendable {
    /// An ordinary section, or its children arrived.
    case loaded = 0
    /// Its children are not loaded; it is collapsed.
    case unloaded = 1
    /// Expanded, showing a placeholder, waiting for its children.
    case loading = 2
    /// Expanded, the placeholder shows that loading failed.
    case failed = 3
    /// Reported only (`loadInfo`): loaded, its children shown, a reload
    /// under way (Table+Reload.swift). A section stores `.loaded` and the
    /// reload's ticket.
    case reloading = 4

    /// Loading or failed: a load with a ticket is under way, and the
    /// section shows a placeholder.
    var showsPlaceholder: Bool { self == .loading || self == .failed }
}

/// What the loader is told; the raw values are FOLD_LOAD_START / _CANCEL.
public enum LoadEvent: Int32, Sendable {
    case start = 0
    case cancel = 1
}

/// One call of the loader.
public struct LoadCall: Equatable, Sendable {
    public var section: SectionID
    public var key: String
    public var ticket: UInt64
    public var event: LoadEvent
}

/// A table's loads: the ticket counter, the loads under way and the queue
/// of loader calls.
struct Loads {
    /// The next ticket: nonzero and unique in the table's life.
    var nextTicket: UInt64 = 1
    /// Sections loading or failed, by id: what closing the table cancels.
    var pending: [SectionID: Section] = [:]
    /// Loader calls not delivered yet: `queue[head...]`.
    var queue: [LoadCall] = []
    var head = 0
    var delivering = false
    /// The table is being freed (`closeLoads`): no load calls the loader
    /// any more, and every ticket is over.
    var closed = false
    var loader: ((LoadCall) -> Void)?

    var hasCalls: Bool { head < queue.count }
}

extension Table {
    /// Sets the loader (nil removes it). It is called with START when a
    /// load begins and CANCEL when one is cancelled, on the thread of the
    /// call that did it, after that call's changes and events; it may change
    /// the table. Once this returns, the old loader is never called again.
    /// While the table is being freed, a loader set (even from inside the
    /// loader) gets the CANCEL calls not delivered yet; it is dropped with
    /// the table.
    /// - Complexity: O(1)
    public func setLoader(_ loader: ((LoadCall) -> Void)?) {
        loads.loader = loader
    }

    /// A section's load state and the current load's ticket (0 unless
    /// loading or failed).
    /// - Complexity: O(1) after resolving the section.
    public func loadInfo(section ref: SectionRef) throws -> (state: LoadState, ticket: UInt64) {
        let s = try section(ref)
        return (s.load == .loaded && s.ticket != 0 ? .reloading : s.load, s.ticket)
    }

    /// The message of a failed load; `.notFound` unless the load failed.
    /// - Complexity: O(1) after resolving the section.
    public func loadError(section ref: SectionRef) throws -> String {
        let s = try section(ref)
        guard s.load == .failed else {
            throw FoldError(.notFound, "section \"\(s.key)\" has no load error: \(describeLoad(s))")
        }
        return s.loadError
    }

    /// Throws what `finishLoad` throws for `ticket` before it reads its
    /// entries: `.notFound`, or `.cancelled` unless `ticket` is the
    /// section's current load (loading, failed or reloading).
    /// - Complexity: O(1) after resolving the section.
    public func checkLoadTicket(section ref: SectionRef, ticket: UInt64) throws {
        try checkTicket(try section(ref), ticket, failedToo: true)
    }

    /// Gives a loading (or failed) section its children: `entries` as in a
    /// snapshot, depth 0 being the section's own children (rows and
    /// subsections, which may be `.unloaded`). The placeholder is replaced
    /// by them in one change set. `.cancelled` for a ticket that is not the
    /// section's current load; `.duplicateKey` for a key the table has; the
    /// entry errors of `applySnapshot`, named "load entry i", and its
    /// `.outOfRange` for memory. A failure changes nothing.
    /// - Complexity: O(e · depth · log n) for e entries (O(e) to build the
    ///   new subtree, one O(depth · log n) step to link it).
    @discardableResult
    func finishLoad(section ref: SectionRef, ticket: UInt64, entries: [SnapshotEntry]) throws -> SnapshotReport {
        try finishLoad(section: ref, ticket: ticket, source: entries)
    }

    /// `finishLoad` for entries read in place (the C ABI's), as
    /// `applySnapshot(_: RawSnapshot)` reads them.
    @discardableResult
    public func finishLoad(section ref: SectionRef, ticket: UInt64, raw: RawSnapshot) throws -> SnapshotReport {
        try finishLoad(section: ref, ticket: ticket, source: raw)
    }

    private func finishLoad<S: SnapshotSource>(section ref: SectionRef, ticket: UInt64,
                                              source entries: S) throws -> SnapshotReport {
        let s = try section(ref)
        // A reload's children are reconciled with those shown (Table+Reload.swift).
        if s.load == .loaded { return try finishReload(s, ticket: ticket, source: entries) }
        return try mutate {
            try checkTicket(s, ticket, failedToo: true)
            try checkMemory(entries: entries.count, whole: false)  // Table+Memory.swift
            var fresh: [String: Int] = [:]
            let scope = SnapshotPlan.Scope(rowsAtTop: true, levelsAbove: s.depth + 1,
                                           sectionRoom: Limits.maxSections - sectionsByKey.count,
                                           rowRoom: Limits.maxRows - totalRows, whole: "the table")
            var texts = SnapshotTexts(capacity: entries.count)
            let plan = try SnapshotPlan(entries, label: "load entry", scope: scope) { i, n in
                let key = try entries.key(i)
                guard sectionsByKey[key] == nil else {
                    throw FoldError(.duplicateKey, "a section with the key \"\(key)\" already exists")
                }
                texts.setKey(n, key)
                texts.setHeader(n, try entries.header(i))
                return fresh.updateValue(n, forKey: key)
            }
            try checkMemory(plan, newSections: plan.sectionCount, whole: false)
            // Bottom-up, so each new section is complete before its parent takes it.
            var report = SnapshotReport()
            var made: [Section] = []
            made.reserveCapacity(plan.sectionCount)
            func children(of n: Int) -> [Piece] {
                var pieces: [Piece] = []
                plan.forEachChild(of: n) { child in
                    switch child {
                    case .rows(let r):
                        pieces.append(.rows(RowRun(defaultRows: r)))
                        report.rowsInserted += r
                    case .section(let j):
                        // Sections were made in reverse order: j's is at count - 1 - j.
                        pieces.append(.section(made[plan.sectionCount - 1 - j]))
                    }
                }
                return pieces
            }
            func link(_ pieces: [Piece], into x: Section) {
                guard !pieces.isEmpty else { return }
                x.replaceChildren(0..<0, with: pieces)  // (which points them at x)
            }
            for n in (0..<plan.sectionCount).reversed() {
                let x = newSection(plan, texts, n)
                link(children(of: n), into: x)
                made.append(x)
            }
            report.sectionsInserted = plan.sectionCount
            let position = childPosition(s, 0)  // the placeholder's, when it is visible
            let loading = (load: s.load, ticket: s.ticket, error: s.loadError, pending: loads.pending[s.id])
            endLoad(s, .loaded, cancel: false)
            link(children(of: -1), into: s)
            totalRows += report.rowsInserted
            s.propagate()
            // While filtering, the new children are asked about (Table+Filter.swift);
            // a stopped filter takes them out again and leaves the load as it was.
            try filterLoaded(s) {
                totalRows -= s.rowCount
                for case .section(let sub) in s.replaceChildren(0..<s.childCount, with: []) {
                    sub.parent = nil
                    sub.node = nil
                    forget(sub)
                }
                s.load = loading.load
                s.ticket = loading.ticket
                s.loadError = loading.error
                if loads.closed {
                    // Freed inside the match function: closing did not see
                    // this load (it had just ended), so it is cancelled here.
                    if loading.pending != nil { queueClosingCancel(s) }
                } else {
                    loads.pending[s.id] = loading.pending
                }
                s.propagate()
            }
            recordReplace(position, removed: 1, added: s.list.sum.items)
            recordFlagsChanged(s)
            refreshFilterAfterChange(s)
            return report
        }
    }

    /// Marks a loading section's load as failed with `message`
    /// (`loadError(section:)`); its placeholder is redrawn. `.cancelled`
    /// for a ticket that is not the section's current load, or a load that
    /// already failed.
    /// - Complexity: O(depth · log n)
    public func failLoad(section ref: SectionRef, ticket: UInt64, message: String) throws {
        let s = try section(ref)
        try mutate {
            try checkTicket(s, ticket, failedToo: false)
            // A failed reload leaves the children as they are (Table+Reload.swift).
            if s.load == .loaded { return endReload(s) }
            s.load = .failed
            s.loadError = message
            recordRedraw(childPosition(s, 0))
        }
    }

    /// Loads a section: retries a failed load (a new ticket, START; what
    /// activating its placeholder does), or expands an unloaded section
    /// (which starts its load). `.notAllowed` for a section that is loaded
    /// or already loading, or whose expansion a listener refused.
    /// - Complexity: O(depth · log n)
    public func load(section ref: SectionRef) throws {
        let s = try section(ref)
        try mutate {
            switch s.load {
            case .loaded, .loading, .reloading:
                throw FoldError(.notAllowed, "section \"\(s.key)\" cannot start a load: \(describeLoad(s))")
            case .failed:
                retryLoad(s)
            case .unloaded:
                guard setCollapsedRecording(false, s) else {
                    throw FoldError(.notAllowed, "section \"\(s.key)\" stays unloaded: a listener refused to expand it")
                }
            }
        }
    }

    /// What freeing the table does first: every load under way is
    /// cancelled (a CANCEL call each, in ticket order; START calls not yet
    /// delivered are dropped), later loads call no loader, every ticket is
    /// over (`.cancelled`), and the loader is dropped once the calls are
    /// delivered (`deliverLoadCalls`). Section states are left as they are.
    /// - Complexity: O(k log k) for k loads under way.
    public func closeLoads() {
        guard !loads.closed else { return }
        loads.closed = true
        var calls = loads.queue[loads.head...].filter { $0.event == .cancel }
        for s in loads.pending.values.sorted(by: { $0.ticket < $1.ticket }) {
            calls.append(LoadCall(section: s.id, key: s.key, ticket: s.ticket, event: .cancel))
        }
        loads.pending = [:]
        loads.queue = calls
        loads.head = 0
    }

    /// Queues CANCEL for a load of `s` that `closeLoads` could not see (it
    /// was ended and is restored by a failed call), in ticket order among
    /// the CANCEL calls not delivered yet.
    /// - Complexity: O(k) for k calls queued.
    func queueClosingCancel(_ s: Section) {
        let call = LoadCall(section: s.id, key: s.key, ticket: s.ticket, event: .cancel)
        let at = loads.queue[loads.head...].firstIndex { $0.ticket > s.ticket } ?? loads.queue.count
        loads.queue.insert(call, at: at)
    }

    /// Calls the loader with every queued call, in order, including calls
    /// queued by what the loader does meanwhile (a loop, not recursion: a
    /// call made while delivering only queues). `mutate` runs it after the
    /// outermost mutation; the C ABI also after a call in which the table
    /// was freed.
    /// - Complexity: O(k) for k calls, plus what the loader does.
    public func deliverLoadCalls() {
        guard !loads.delivering else { return }
        loads.delivering = true
        defer { loads.delivering = false }
        while loads.hasCalls {
            let call = loads.queue[loads.head]
            loads.head += 1
            loads.loader?(call)
        }
        loads.queue.removeAll()
        loads.head = 0
        if loads.closed { loads.loader = nil }
    }

    // MARK: Internals

    /// Starts a load of `s` (inside `mutate`, as it expands): a new ticket,
    /// the placeholder (the caller records it), START queued.
    func beginLoad(_ s: Section) {
        s.load = .loading
        s.loadError = ""
        s.ticket = loads.nextTicket
        loads.nextTicket &+= 1
        guard !loads.closed else { return }
        loads.pending[s.id] = s
        loads.queue.append(LoadCall(section: s.id, key: s.key, ticket: s.ticket, event: .start))
    }

    /// Retries a failed load (inside `mutate`): a new ticket, START, the
    /// placeholder redrawn (loading again).
    func retryLoad(_ s: Section) {
        loads.pending[s.id] = nil
        beginLoad(s)
        recordRedraw(childPosition(s, 0))
    }

    /// Ends the load of `s` (inside `mutate`), leaving it in `state`; a load
    /// under way is cancelled (CANCEL queued) unless `cancel` is false (its
    /// children arrived). The caller records the placeholder's removal and
    /// refreshes the summaries.
    func endLoad(_ s: Section, _ state: LoadState, cancel: Bool = true) {
        // (A ticket: loading, failed, or a reload under way.)
        if s.ticket != 0, loads.pending.removeValue(forKey: s.id) != nil, cancel {
            loads.queue.append(LoadCall(section: s.id, key: s.key, ticket: s.ticket, event: .cancel))
        }
        s.load = state
        s.ticket = 0
        s.loadError = ""
    }

    /// A kept section that a snapshot gives children (inside `mutate`): its
    /// load is over, its placeholder goes, and it is an ordinary section.
    func endLoadForSnapshot(_ s: Section) {
        let placeholder = s.placeholderItems > 0 ? childPosition(s, 0) : nil
        endLoad(s, .loaded)
        s.propagate()
        recordReplace(placeholder, removed: 1, added: 0)
        recordFlagsChanged(s)
    }

    /// Throws `.cancelled` unless `ticket` is the current load of `s`
    /// (loading, or failed when `failedToo`).
    func checkTicket(_ s: Section, _ ticket: UInt64, failedToo: Bool) throws {
        guard !loads.closed else {
            throw FoldError(.cancelled, "ticket \(ticket) is over: the table is being freed")
        }
        guard ticket != 0, s.ticket == ticket, s.load == .loading || s.load == .loaded || (failedToo && s.load == .failed) else {
            throw FoldError(.cancelled, "ticket \(ticket) is not the current load of section \"\(s.key)\": "
                            + describeLoad(s))
        }
    }

    /// "it is loaded", "it is loading (ticket 4)", ... for messages.
    func describeLoad(_ s: Section) -> String {
        switch s.load {
        case .loaded where s.ticket != 0, .reloading: return "it is reloading (ticket \(s.ticket))"
        case .loaded: return "its children are loaded"
        case .unloaded: return "it is not loading (its children are not loaded; expanding it loads them)"
        case .loading: return "it is loading (ticket \(s.ticket))"
        case .failed: return "its load (ticket \(s.ticket)) failed"
        }
    }
}
