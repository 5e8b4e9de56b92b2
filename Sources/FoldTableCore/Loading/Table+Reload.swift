/// Reloading a loaded section's children (`reload`): the loader is asked
/// again while the old children stay shown, and the children it gives are
/// reconciled by key with them (the snapshot reconcile, Table+Reconcile.swift,
/// run on one section), so the children that persist keep their state.
///
/// Why the old children stay shown (VS Code's AsyncDataTree `updateChildren`
/// does the same, and shows a loading indicator on first load only): a
/// placeholder would remove every child item and add them back, so a view
/// would lose their widgets, focus, selection highlight and the scroll
/// position inside the section, and the list would jump twice. GTK's
/// GtkTreeListModel has no reload at all: an app replaces the child model,
/// which is that remove-all + add-all. Here a reload is one change set, of
/// what changed, when the children arrive.
extension Table {
    /// Reloads the children of `section`: the loader is called with START
    /// and a new ticket, and `finishLoad` with that ticket reconciles the
    /// children it gives with those the section holds then (see
    /// `finishReload`). Until then the section stays as it is (its children
    /// shown; `loadInfo` reports `.reloading`) and its header is redrawn, so
    /// a view can show that it reloads; `failLoad` ends the reload and keeps
    /// the children. Collapsing does not cancel a reload; removing the
    /// section or freeing the table does (CANCEL). Reloading again while a
    /// reload or a load is under way replaces it (CANCEL for the old ticket,
    /// START for the new one); a failed load is retried (as `load`).
    /// `.notAllowed` for an unloaded section: it has no children to reload
    /// (expanding it loads them).
    /// - Complexity: O(depth · log n)
    public func reload(section ref: SectionRef) throws {
        let s = try section(ref)
        try mutate {
            switch s.load {
            case .unloaded, .reloading:  // (`.reloading` is reported, never stored)
                throw FoldError(.notAllowed, "section \"\(s.key)\" cannot be reloaded: its children are not "
                                + "loaded yet (expanding it, or fold_table_load, loads them)")
            case .failed:
                retryLoad(s)
            case .loading:
                endLoad(s, .loading)  // CANCEL for the old ticket
                beginLoad(s)
            case .loaded:
                endLoad(s, .loaded)  // a reload under way: CANCEL for its ticket
                s.ticket = loads.nextTicket
                loads.nextTicket &+= 1
                if !loads.closed {
                    loads.pending[s.id] = s
                    loads.queue.append(LoadCall(section: s.id, key: s.key, ticket: s.ticket, event: .start))
                }
                recordRedraw(visibleHeader(s))
            }
        }
    }

    /// Ends a reload (inside `mutate`) without CANCEL: its children
    /// arrived, or it failed. The header is redrawn.
    func endReload(_ s: Section) {
        endLoad(s, .loaded, cancel: false)
        recordRedraw(visibleHeader(s))
    }

    /// `finishLoad` for a reload of `s`: `entries` describe its children
    /// as for a load (depth 0 its own rows and subsections), and they are
    /// reconciled with those it holds now, in one change set:
    ///   - A subsection is matched by key among the old children of the
    ///     section its entry is under (`s` for depth 0): it keeps its id,
    ///     collapsed state, selection, measured heights, its rows' heights
    ///     and expanded states, and, when its entry has no child entries,
    ///     its children as they are (a subfolder listed without its
    ///     contents; loaded or not). With child entries (a rows entry of 0
    ///     rows counts) they are reconciled with its children the same way.
    ///   - Subsections moved among their siblings are moves in the change
    ///     set (their items redrawn where they land); the longest run in
    ///     their old order stays in place.
    ///   - Rows are anonymous, matched in order between the subsections that
    ///     stay, as `applySnapshot` matches them.
    ///   - Old subsections not named go with their children (loads in them
    ///     get CANCEL); new ones are inserted (`flags` as for a load).
    ///   - A key that names a section elsewhere in the table (also deeper
    ///     in `s`: a section does not change level in a reload) is
    ///     `.duplicateKey`.
    /// Every entry is checked before anything changes; a failure changes
    /// nothing and the reload keeps waiting with its ticket.
    /// - Complexity: O(e + c) to match, for e entries and c old children
    ///   of the sections matched (row runs counted as pieces), plus
    ///   O(k log k) to order k kept siblings, plus O(m · depth · log n) for
    ///   m changes; while a filter is on, one answer per row or section
    ///   added and O(p) to derive what shows.
    func finishReload<S: SnapshotSource>(_ s: Section, ticket: UInt64, source entries: S) throws -> SnapshotReport {
        try mutate {
            try checkTicket(s, ticket, failedToo: false)
            try checkMemory(entries: entries.count, whole: false)  // Table+Memory.swift
            // Per depth, the section whose old children a section entry at
            // that depth is matched among (nil: a new section, which has
            // none): parents[d] is the last section entry's at depth d - 1.
            var parents = [Section?](repeating: nil, count: Limits.maxDepth + 1)
            parents[0] = s
            // A kept section's `snapshotNumber` is its entry's section
            // number, confirmed by `keptOf` (other sections hold stale
            // numbers from earlier snapshots and reloads).
            var keptOf: [Section?] = []
            keptOf.reserveCapacity(entries.count)
            func keptNumber(_ x: Section) -> Int? {
                let n = x.snapshotNumber
                return n >= 0 && n < keptOf.count && keptOf[n] === x ? n : nil
            }
            // The children of `s` in order, tried first by comparing keys in
            // place (a reload mostly lists them in the same order): only a
            // key met elsewhere is made into a string and hashed.
            var old: [Section] = []
            s.list.forEachSection { old.append($0) }
            var guess = 0
            func candidate(_ k: Int, _ i: Int) -> Section? {
                guard k >= 0, k < old.count, entries.key(i, equals: old[k].key) else { return nil }
                guess = k + 1
                return old[k]
            }
            var fresh: [String: Int] = [:]
            var texts = SnapshotTexts(capacity: entries.count)
            // Limits are checked on the result below, once the old children are known.
            let scope = SnapshotPlan.Scope(rowsAtTop: true, levelsAbove: s.depth + 1, whole: "the reload")
            let plan = try SnapshotPlan(entries, label: "load entry", scope: scope) { i, n in
                let depth = entries.depth(i)
                var found = depth == 0 ? candidate(guess, i) ?? candidate(guess - 2, i) ?? candidate(guess + 1, i) : nil
                if found == nil {
                    let key = try entries.key(i)
                    found = sectionsByKey[key]
                    guard let found else {
                        parents[depth + 1] = nil
                        keptOf.append(nil)
                        texts.setKey(n, key)
                        texts.setHeader(n, try entries.header(i))
                        return fresh.updateValue(n, forKey: key)
                    }
                    guard let parent = parents[depth], found.parent === parent else {
                        throw FoldError(.duplicateKey, "a section with the key \"\(key)\" already exists outside "
                                        + "the children it is matched among (a reload matches a section among "
                                        + "its old siblings only)")
                    }
                }
                guard let found else { return nil }
                if let earlier = keptNumber(found) { return earlier }  // the plan names both
                found.snapshotNumber = n
                keptOf.append(found)
                parents[depth + 1] = found
                if !entries.header(i, equals: found.header) { texts.setHeader(n, try entries.header(i)) }
                return nil
            }
            // The old sections in pre-order: the subsections of `s`, and
            // theirs, except below a kept one that keeps its children.
            var olds: [OldSection] = []
            var oldOf = [Int](repeating: -1, count: plan.sectionCount)
            var removed = 0, keptRows = 0
            // `opened`: x is `s` or kept with child entries (its kept
            // children were matched among its own); inside a removed
            // section every subsection goes.
            func walk(_ x: Section, depth: Int, opened: Bool) {
                var rank = 0, rows = 0
                x.list.forEachPiece { piece in
                    switch piece {
                    case .rows(let run):
                        rows += run.count
                    case .section(let sub):
                        let n = opened ? keptNumber(sub) : nil
                        let keeps = n.map { !plan.hasChildEntries($0) } ?? false
                        let sum = sub.list.sum
                        let own = !keeps && sub.load == .loaded && sum.children == sum.rows ? sum.rows : -1
                        olds.append(OldSection(section: sub, parent: x, depth: depth, rank: rank, rowsBefore: rows,
                                               rows: own, keepsChildren: keeps))
                        if let n { oldOf[n] = olds.count - 1 } else { removed += 1 }
                        if keeps { keptRows += sum.rowsDeep } else { walk(sub, depth: depth + 1, opened: n != nil) }
                        rank += 1
                    }
                    return true
                }
            }
            walk(s, depth: 0, opened: true)
            var match = SnapshotMatch(old: olds, capacity: plan.sectionCount)
            for n in 0..<plan.sectionCount {
                if oldOf[n] >= 0 { match.claimKept(n, old: oldOf[n]) } else { match.claimNew() }
            }
            let sections = sectionsByKey.count - removed + match.newCount
            guard sections <= Limits.maxSections else {
                throw FoldError(.outOfRange, "the reload would leave \(sections) sections in the table, more than "
                                + "\(Limits.maxSections)")
            }
            let rows = totalRows - s.list.sum.rowsDeep + keptRows + plan.rowCount
            guard rows <= Limits.maxRows else {
                throw FoldError(.outOfRange, "the reload would leave \(rows) rows in the table, more than "
                                + "\(Limits.maxRows)")
            }
            try checkMemory(plan, newSections: match.newCount, whole: false)
            let report = try reconcile(plan, texts, &match, top: s)
            endReload(s)
            return report
        }
    }
}
