extension Table {
    /// Inserts a section with `rows` rows of the default height as child
    /// `index` of `parent` (nil: the top level, where index is a section index).
    /// `flags`: `.collapsed` starts it collapsed, `.expanded` expanded
    /// (without either, the table's `startCollapsed` option decides, for
    /// collapsible sections); `.fixed`
    /// makes it not collapsible; `.noHeader` gives it no header item (and
    /// makes it fixed). A fixed section cannot start collapsed. One change,
    /// whatever the flags.
    /// Returns the new section's id.
    /// - Complexity: O(depth · log n)
    @discardableResult
    public func insertSection(in parentRef: SectionRef? = nil, at index: Int, key: String, header: String = "",
                              rows: Int = 0, flags: SectionFlags = []) throws -> SectionID {
        let parent = try parent(parentRef)
        return try mutate(anchoring: .beforeChange) {
            try insertSection(parent, at: index, key: key, header: header, rows: rows, flags: flags)
        }
    }

    /// What is wrong with a new section's flags, nil if nothing: unknown
    /// bits, collapsed and expanded both, or collapsed while not collapsible.
    /// One rule for insertSection and applySnapshot (which names the entry).
    /// - Complexity: O(1)
    /// `inserted`: for `insertSection`, where an unloaded section may also
    /// start expanded (it starts loading at once).
    static func problem(newSectionFlags flags: SectionFlags, key: @autoclosure () -> String,
                        inserted: Bool = false) -> String? {
        guard flags.isSubset(of: [.collapsed, .fixed, .noHeader, .expanded, .unloaded, .noFocus, .noDrop]) else {
            return "section flags \(flags.rawValue) are not known (collapsed 1, fixed 2, no header 4, expanded 16, unloaded 32, no focus 256, no drop 512)"
        }
        if flags.isSuperset(of: [.collapsed, .expanded]) {
            return "section \"\(key())\" cannot start both collapsed and expanded"
        }
        if !flags.isDisjoint(with: [.fixed, .noHeader]), flags.contains(.collapsed) {
            return "section \"\(key())\" cannot start collapsed: it is not collapsible (fixed or without a header)"
        }
        if flags.contains(.unloaded), !flags.isDisjoint(with: inserted ? [.fixed, .noHeader] : [.expanded, .fixed, .noHeader]) {
            return inserted
                ? "section \"\(key())\" cannot start unloaded and fixed or without a header "
                    + "(it must be collapsible: its header shows that it loads)"
                : "section \"\(key())\" cannot start unloaded and expanded, fixed or without a header "
                    + "(an unloaded section starts collapsed and loads when it expands; "
                    + "fold_table_insert_section can insert one expanded, loading at once)"
        }
        return nil
    }

    /// Gives a new section the state its insert flags ask for (checked by
    /// `problem(newSectionFlags:key:)`): one rule for insertSection,
    /// applySnapshot and finishLoad.
    func setUp(_ s: Section, flags: SectionFlags) {
        let fixed = !flags.isDisjoint(with: [.fixed, .noHeader])
        s.fixed = fixed
        s.hasHeader = !flags.contains(.noHeader)
        s.noFocus = flags.contains(.noFocus)
        s.noDrop = flags.contains(.noDrop)
        let expanded = flags.contains(.expanded)
        s.collapsed = flags.contains(.collapsed) || (flags.contains(.unloaded) && !expanded)
            || (options.startCollapsed && !fixed && !expanded)
        // Unloaded and expanded (insertSection only): loading, its placeholder shown.
        s.load = !flags.contains(.unloaded) ? .loaded : expanded ? .loading : .unloaded
    }

    func insertSection(_ parent: Section, at index: Int, key: String, header: String, rows: Int,
                       flags: SectionFlags = []) throws -> SectionID {
        if let why = Table.problem(newSectionFlags: flags, key: key, inserted: true) {
            throw FoldError(.invalidArgument, why)
        }
        guard !key.isEmpty else { throw FoldError(.invalidArgument, "a section key must not be empty") }
        let hash = SectionKeys.hash(key)
        guard sectionsByKey[key, hash: hash] == nil else {
            throw FoldError(.duplicateKey, "a section with the key \"\(key)\" already exists")
        }
        guard index >= 0, index <= parent.childCount else {
            let c = FoldError.children(of: parent)
            throw FoldError.insertion(c.index, index, c.has, count: parent.childCount)
        }
        try checkNewRows(rows)
        guard sectionsByKey.count < Limits.maxSections else {
            throw FoldError(.outOfRange, "the table already holds \(Limits.maxSections) sections")
        }
        guard parent === root || parent.depth + 1 < Limits.maxDepth else {
            throw FoldError(.outOfRange, "sections nest at most \(Limits.maxDepth) levels deep")
        }
        guard parent.load == .loaded else { throw FoldError.notLoaded(parent, "a subsection") }
        if rows > 0, flags.contains(.unloaded) {
            throw FoldError(.invalidArgument, "section \"\(key)\" cannot start unloaded with \(rows) rows: "
                            + "its children arrive when it loads")
        }
        let s = Section(key: key, header: header, headerHeight: options.headerHeight,
                        footerHeight: options.footerHeight, rowHeight: options.rowHeight, collapsed: false)
        setUp(s, flags: flags)
        if rows > 0 { s.replaceChildren(0..<0, with: [.rows(RowRun(defaultRows: rows))]) }
        // While filtering it shows once it is asked about (Table+Filter.swift).
        s.filterHidden = filter != nil
        attach([.section(s)], to: parent, at: index)
        sectionsByKey.put(s, hash: hash)
        ids.register(s)
        totalRows += rows
        if filter != nil { try filterNewSection(s) }
        if s.load == .loading { beginLoad(s) }  // inserted expanded: its load starts now
        return s.id
    }

    /// Inserts a section after the last one.
    /// - Complexity: O(log n)
    @discardableResult
    func appendSection(key: String, header: String = "", rows: Int = 0) throws -> SectionID {
        try insertSection(at: sectionCount, key: key, header: header, rows: rows)
    }

    /// Removes a section with everything in it.
    /// - Complexity: O(depth · log n), plus O(1) per subsection and freeing memory.
    public func removeSection(_ ref: SectionRef) throws {
        let s = try section(ref)
        try mutate(anchoring: .beforeChange) {
            let parent = s.parent
            detach(s)
            forget(s)
            if let parent { refreshFilterAfterChange(parent) }
        }
    }

    /// Moves the top-level section at `from` so that it ends up at index `to`.
    /// - Complexity: O(log n)
    func moveSection(from: Int, to: Int) throws {
        try moveSection(.index(from), to: nil, at: to)
    }

    /// Moves a section (with its children and state) to be child `index` of
    /// `parent` (nil: the top level). Index counts the parent's children
    /// without the moved section. Moving a section into itself or below
    /// itself is refused.
    /// - Complexity: O(depth · log n)
    public func moveSection(_ ref: SectionRef, to parentRef: SectionRef?, at index: Int) throws {
        let s = try section(ref)
        let target = try parent(parentRef)
        guard !s.contains(target) else {
            throw FoldError(.invalidArgument, "section \"\(s.key)\" cannot move into itself or its own subsections")
        }
        let count = target.childCount - (s.parent === target ? 1 : 0)
        guard index >= 0, index <= count else {
            let c = FoldError.children(of: target, other: s.parent === target)
            throw FoldError.insertion("target " + c.index, index, c.has, count: count, verb: "move to")
        }
        guard target.load == .loaded else { throw FoldError.notLoaded(target, "a section") }
        let targetDepth = target === root ? -1 : target.depth
        guard targetDepth + 1 + s.list.sum.nesting < Limits.maxDepth else {
            throw FoldError(.outOfRange, "sections nest at most \(Limits.maxDepth) levels deep")
        }
        if s.parent === target, s.indexInParent == index { return }
        try mutate {
            let source = s.parent
            detach(s, moving: { _ in true })
            attach([.section(s)], to: target, at: index)
            if let source { refilterMoved(s, from: source) }
            refreshFilterAfterChange(target)
        }
    }

    /// Replaces the header text ("Title|Detail" or "Title") of a section.
    /// - Complexity: O(log n)
    public func setHeader(_ header: String, section ref: SectionRef) throws {
        let s = try section(ref)
        guard s.header != header else { return }
        try mutate {
            s.header = header
            recordRedraw(visibleHeader(s))
        }
    }

    /// The header text of a section, split into title and detail.
    /// - Complexity: O(log n)
    public func header(section ref: SectionRef) throws -> HeaderText {
        HeaderText(try section(ref).header)
    }

    /// The full header text of a section.
    /// - Complexity: O(log n)
    public func headerText(section ref: SectionRef) throws -> String {
        try section(ref).header
    }

    /// Sets a section's header height; nil returns to the table's default.
    /// - Complexity: O(depth · log n)
    public func setHeaderHeight(_ height: Double?, section ref: SectionRef) throws {
        let h = try resolved(height, default: options.headerHeight, "header height")
        let s = try section(ref)
        let measured = height != nil
        guard s.headerHeight != h || s.headerMeasured != measured else { return }
        // Everything changes inside `mutate`, after its checks (a listener gets FOLD_E_BUSY and no change).
        try mutate {
            s.headerMeasured = measured
            guard s.headerHeight != h else { return }
            s.headerHeight = h
            s.propagate()
            recordRedraw(visibleHeader(s))
        }
    }

    /// Sets a section's footer height (0: no footer); nil returns to the table's default.
    /// - Complexity: O(log n)
    public func setFooterHeight(_ height: Double?, section ref: SectionRef) throws {
        let h = try resolved(height, default: options.footerHeight, "footer height")
        let s = try section(ref)
        guard s.footerHeight != h else { return }
        try mutate {
            let had = s.hasFooter
            let footer = sectionStart(s).map { $0 + s.headerItems + s.shownChildrenItems }
            s.footerHeight = h
            s.propagate()
            if had != s.hasFooter {
                recordReplace(footer, removed: had ? 1 : 0, added: had ? 0 : 1)
            } else {
                recordRedraw(footer)
            }
        }
    }

    /// Sets the height of a section's rows that have none of their own; nil
    /// returns to the table's default. Rows stay where they are: O(1) work
    /// for them, because heights are summed as fixed part + default count.
    /// - Complexity: O(log n)
    public func setDefaultRowHeight(_ height: Double?, section ref: SectionRef) throws {
        let h = try resolved(height, default: options.rowHeight, "row height")
        let s = try section(ref)
        guard s.rowHeight != h else { return }
        try mutate {
            s.rowHeight = h
            dropUnexpandableRows(in: s)
            s.propagate()
            recordRedraw(childPosition(s, 0), count: s.shownChildrenItems)
        }
    }

    /// The effective header, footer and default row heights of a section.
    /// - Complexity: O(log n)
    func heights(section ref: SectionRef) throws -> (header: Double, footer: Double, row: Double) {
        let s = try section(ref)
        return (s.hasHeader ? s.headerHeight : 0, s.footerHeight, s.rowHeight)
    }

    // MARK: Internals shared by every structural change

    func resolved(_ height: Double?, default fallback: Double, _ what: String) throws -> Double {
        guard let height else { return fallback }
        try Limits.check(height: height, what)
        return Units.quantized(height)
    }

    func checkNewRows(_ count: Int) throws {
        guard count >= 0 else { throw FoldError.negative("row count", count) }
        guard count <= Limits.maxRows - totalRows else {
            throw FoldError(.outOfRange,
                            "\(count) more rows would exceed the table's limit of \(Limits.maxRows) rows")
        }
    }

    /// Links `sections` (section pieces, in order) into `parent` as
    /// children `index...`: one step. The list points them at `parent`.
    /// Their items come from what the list gained: asking each section
    /// would read its own list too, a cache miss apiece among many.
    /// Sections that a step of this change removed to move them come back
    /// as moves (`ChangeSet.moveIn`).
    func attach(_ sections: [Piece], to parent: Section, at index: Int) {
        guard !sections.isEmpty else { return }
        let (position, top) = childPositionAndTop(parent, index)
        let hadChildren = parent.childCount > 0
        let before = parent.list.sum.items
        anchorBeforeChange(at: position, top: top)
        parent.replaceChildren(index..<index, with: sections)
        let items = parent.list.sum.items - before
        parent.propagate()
        recordReplace(position, removed: 0, added: items)
        if position != nil, items > 0 { recordMovesIn(sections) }
        recordChildrenChanged(parent, hadChildren: hadChildren, rowsChanged: false)
    }

    /// Records that the last step added back, among `sections` (section
    /// pieces, its added part from the start), those an earlier step of
    /// this change removed (`ChangeSet.moveIn`). O(sections).
    func recordMovesIn(_ sections: [Piece]) {
        eventState.changes?.moveIn(sections)
    }

    /// Records that the last step removed the sections `out` names (where
    /// each lies in its removed part, and its items) to add them back later
    /// (`ChangeSet.moveOut`). O(sections).
    func recordMovesOut(_ out: [(id: ObjectIdentifier, offset: Int, count: Int)]) {
        guard !out.isEmpty else { return }
        eventState.changes?.moveOut(out)
    }

    /// Unlinks `count` adjacent subsections, `first` and the ones after it,
    /// from their parent (they keep their own children): one step. The
    /// list unlinks them as it reaches them; their items come from what it
    /// lost (see `attach`). Those that `moving` names are about to be
    /// attached elsewhere: the change set follows their items
    /// (`ChangeSet.moveOut`). O(depth · log n), plus O(count · log n) with `moving`.
    func detach(_ first: Section, count: Int = 1, moving: ((Section) -> Bool)? = nil) {
        guard let parent = first.parent else { return }
        let index = first.indexInParent
        let (position, top) = childPositionAndTop(parent, index)
        var out: [(id: ObjectIdentifier, offset: Int, count: Int)] = []
        if let moving, position != nil, eventState.recording {
            var offset = 0
            // Along the leaf while it lasts: a descent per section cost a
            // tenth of a reversal.
            var leaf: ListNode?
            var slot = 0
            for k in 0..<count {
                let s: Section
                if let l = leaf, slot + 1 < l.pieces.count, case .section(let next) = l.pieces[slot + 1] {
                    s = next
                    slot += 1
                } else {
                    guard let found = k == 0 ? first : try? child(of: parent, at: index + k) else { break }
                    s = found
                    if count > 1, let at = found.place { (leaf, slot) = (at.leaf, at.slot) }
                }
                let items = s.contribution.items
                if moving(s) { out.append((ObjectIdentifier(s), offset, items)) }
                offset += items
            }
        }
        let before = parent.list.sum.items
        // One section out: its items and height from its summary, its
        // header (when it has one) the first item.
        let one = count == 1 && eventState.anchorPending ? first.contribution : nil
        anchorBeforeChange(at: position, top: top,
                           removing: one.map { .items(count: $0.items, height: $0.height(parent.rowUnits),
                                                      first: first.shownHeaderUnits) } ?? .several)
        parent.replaceChildren(index..<(index + count), with: [], unlinking: true)
        let items = before - parent.list.sum.items
        parent.propagate()
        recordReplace(position, removed: items, added: 0)
        if items > 0 { recordMovesOut(out) }
        recordChildrenChanged(parent, hadChildren: true, rowsChanged: false)
    }

    /// Drops the keys and row counts of a detached section and its
    /// subsections, and cancels their loads.
    func forget(_ s: Section) {
        if s.ticket != 0 { endLoad(s, .unloaded) }  // loading, failed or reloading
        heldForget(s)
        sectionsByKey[s.key] = nil
        ids.unregister(s)
        totalRows -= s.rowCount
        s.list.forEachSection { forget($0) }
    }
}

/// How a section is inserted (`Table.insertSection`); the raw values are the
/// C ABI's FOLD_SECTION_* flags.
public struct SectionFlags: OptionSet, Hashable, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// It starts collapsed (an empty section keeps the state for when it gets children).
    static let collapsed = SectionFlags(rawValue: 1)
    /// Not collapsible: no indicator; collapse and toggle are `.notAllowed`.
    static let fixed = SectionFlags(rawValue: 2)
    /// No header item: a group of rows only; never collapsible (implies `.fixed`).
    static let noHeader = SectionFlags(rawValue: 4)
    /// Reported only (`Table.flags(section:)`; not an insert flag): not fixed
    /// and has children, so its header shows an indicator.
    static let collapsible = SectionFlags(rawValue: 8)
    /// At insertion: starts expanded even when the table's `startCollapsed` is set.
    static let expanded = SectionFlags(rawValue: 16)
    /// At insertion: its children are not loaded yet (Table+Loading.swift);
    /// it starts collapsed. Reported while its load state is not `.loaded`.
    static let unloaded = SectionFlags(rawValue: 32)
    /// Reported only: a filter hides it and everything in it.
    static let filtered = SectionFlags(rawValue: 64)
    /// Reported only: collapsed, but shown expanded by a filter (`FilterOptions.expandMatches`).
    static let filterOpened = SectionFlags(rawValue: 128)
    /// Its header, footer, placeholder and own rows take no keyboard focus:
    /// navigation passes over them (Table+Focus.swift). Given or set.
    static let noFocus = SectionFlags(rawValue: 256)
    /// Dragged items cannot be dropped into it (Table+Drop.swift). Given or set.
    static let noDrop = SectionFlags(rawValue: 512)
    /// The flags `Table.setSectionFlags` changes.
    static let settable: SectionFlags = [.noFocus, .noDrop]
}

extension Table {
    /// A section's flags as FOLD_SECTION_* reports them: `.collapsed` (its
    /// stored state), `.fixed` (also for a section without a header item),
    /// `.noHeader`, `.collapsible` (not fixed, and has children or children
    /// to load), `.unloaded` (its children are not loaded).
    /// - Complexity: O(1) after resolving the section.
    func flags(section ref: SectionRef) throws -> SectionFlags {
        flags(of: try section(ref))
    }

    func flags(of s: Section) -> SectionFlags {
        var f: SectionFlags = []
        if s.collapsed { f.insert(.collapsed) }
        if s.fixed { f.insert(.fixed) }
        if !s.hasHeader { f.insert(.noHeader) }
        if s.collapsible { f.insert(.collapsible) }
        if s.load != .loaded { f.insert(.unloaded) }
        if s.filterHidden { f.insert(.filtered) }
        if s.filterOpened { f.insert(.filterOpened) }
        if s.noFocus { f.insert(.noFocus) }
        if s.noDrop { f.insert(.noDrop) }
        return f
    }

    /// Sets the bits of `mask` (only `.noFocus` and `.noDrop`; other bits
    /// in `mask` or `flags` are `.invalidArgument`) to those of `flags`. Items whose focusability changes are not redrawn: nothing
    /// about them is drawn differently. A focused item that can no longer
    /// take focus keeps it until focus moves.
    /// - Complexity: O(1) after resolving the section.
    public func setSectionFlags(_ flags: SectionFlags, mask: SectionFlags, section ref: SectionRef) throws {
        for (name, bits) in [("mask", mask), ("flags", flags)] where !bits.isSubset(of: .settable) {
            throw FoldError(.invalidArgument,
                            "only the section flags no focus (256) and no drop (512) can be changed; \(name) is \(bits.rawValue)")
        }
        let s = try section(ref)
        try mutate {
            if mask.contains(.noFocus) { s.noFocus = flags.contains(.noFocus) }
            if mask.contains(.noDrop) { s.noDrop = flags.contains(.noDrop) }
        }
    }
}
