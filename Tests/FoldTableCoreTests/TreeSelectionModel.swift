import Testing
@testable import FoldTableCore

// The selection in the reference model: rows and sections carry `selected`
// (TreeModel.swift), so it follows them through every change by identity;
// here the mode, the anchor (a row by its id, or a section), the rules of
// each call, and the checks that compare every answer after each step.

/// The model's selection mode and anchor.
final class ModelSelection {
    var mode = SelectionMode.multiple
    /// The anchor: a row by id, or a section (`anchorRow` nil).
    var anchorSection: TreeSection?
    var anchorRow: Int?
}

/// A row (by its section and child index) or a section's header.
enum ModelTarget {
    case section(TreeSection)
    case row(TreeSection, Int)
}

extension TreeModel {
    /// The items shown before where a section's first item, or the row with
    /// id `rowID` of `target`, is or would be: what comes before it in list
    /// order and is shown (a filter hides rows and sections, and opens
    /// collapsed sections: `shownStates`). nil when there is no such target.
    func itemsBefore(_ target: TreeSection, rowID: Int? = nil) -> Int? {
        var n = 0
        var found: Int?
        let states = shownStates()
        let filtering = filter.options != nil
        // Walks everything, counting only what is shown (`counting`).
        func walk(_ s: TreeSection, counting: Bool) -> Bool {
            let forced = states[ObjectIdentifier(s)]?.forceChildren ?? false
            for child in s.children {
                switch child {
                case .row(let r):
                    if s === target, r.id == rowID { found = n; return true }
                    if counting, !filtering || forced || r.matched { n += 1 }
                case .section(let sub):
                    if sub === target, rowID == nil { found = n; return true }
                    let shown = counting && states[ObjectIdentifier(sub)]?.hidden != true
                    let open = shown && shows(sub, states)
                    if shown, sub.hasHeader { n += 1 }
                    if open, sub.showsPlaceholder { n += 1 }
                    if walk(sub, counting: open && !sub.showsPlaceholder) { return true }
                    if shown, sub.footerHeight > 0 { n += 1 }
                }
            }
            return false
        }
        _ = walk(root, counting: true)
        return found
    }

    /// Selected rows and sections below `s`, all levels down.
    func selectionCount(below s: TreeSection) -> (rows: Int, sections: Int) {
        var rows = 0, sections = 0
        for c in s.children {
            switch c {
            case .row(let r): if r.selected { rows += 1 }
            case .section(let sub):
                if sub.selected { sections += 1 }
                let inner = selectionCount(below: sub)
                rows += inner.rows
                sections += inner.sections
            }
        }
        return (rows, sections)
    }

    /// The selection as `Table.selection()` lists it.
    func selectedRuns(_ id: (String) -> SectionID) -> [SelectedRun] {
        var out: [SelectedRun] = []
        func walk(_ s: TreeSection) {
            var r = 0
            for c in s.children {
                switch c {
                case .row(let row):
                    if row.selected {
                        if let last = out.last, last.section == s.key, last.row >= 0, last.row + last.count == r {
                            out[out.count - 1].count += 1
                        } else {
                            out.append(SelectedRun(section: s.key, sectionID: id(s.key), row: r, count: 1))
                        }
                    }
                    r += 1
                case .section(let sub):
                    if sub.selected { out.append(SelectedRun(section: sub.key, sectionID: id(sub.key), row: -1, count: 1)) }
                    walk(sub)
                }
            }
        }
        walk(root)
        return out
    }

    func isSelected(_ t: ModelTarget) -> Bool {
        switch t {
        case .section(let s): return s.selected
        case .row(let s, let child):
            guard case .row(let r) = s.children[child] else { return false }
            return r.selected
        }
    }

    func set(_ t: ModelTarget, _ on: Bool) {
        switch t {
        case .section(let s): s.selected = on
        case .row(let s, let child):
            guard case .row(var r) = s.children[child] else { return }
            r.selected = on
            s.children[child] = .row(r)
        }
    }

    func clearSelection() {
        for s in allSections() {
            s.selected = false
            for i in s.rowIndices { set(.row(s, i), false) }
        }
    }

    /// What the item `it` selects; nil for footers and placeholders.
    func target(_ it: TreeItem) -> ModelTarget? {
        guard let s = it.chain.last?.section else { return nil }
        switch it.item.kind {
        case .header: return .section(s)
        case .row: return .row(s, it.path.last!)
        case .footer, .placeholder: return nil
        }
    }

    /// Everything selected, to tell whether a call changed it.
    func selectionSignature() -> [String] {
        selectedRuns { _ in 0 }.map { "\($0.section) \($0.row) \($0.count)" }
    }
}

extension TreeFuzz {
    /// The anchor's section and row (-1: the section), while they exist.
    func resolvedAnchor() -> (TreeSection, Int, rowID: Int?)? {
        if let id = selection.anchorRow {
            for s in model.allSections() {
                for (r, child) in s.rowIndices.enumerated() {
                    if case .row(let row) = s.children[child], row.id == id { return (s, r, id) }
                }
            }
            return nil
        }
        guard let s = selection.anchorSection, model.allSections().contains(where: { $0 === s }) else { return nil }
        return (s, -1, nil)
    }

    func setAnchor(_ t: ModelTarget) {
        switch t {
        case .section(let s):
            selection.anchorSection = s
            selection.anchorRow = nil
        case .row(let s, let child):
            guard case .row(let r) = s.children[child] else { return }
            selection.anchorSection = nil
            selection.anchorRow = r.id
        }
    }

    /// The range rule's start: the anchor's item, the header of its
    /// outermost collapsed ancestor, or the item before where it would be.
    func anchorPosition(_ flat: [TreeItem]) -> Int? {
        guard !flat.isEmpty, let (s, row, id) = resolvedAnchor() else { return nil }
        let states = model.shownStates()
        var hidden: TreeSection?
        var c: TreeSection? = row >= 0 ? s : s.parent
        while let x = c, x !== model.root {
            if !model.shows(x, states) { hidden = x }
            c = x.parent
        }
        if let h = hidden, let p = model.headerPosition(h.key, in: flat) { return p }
        if let id, let p = flat.firstIndex(where: { $0.identity == "R:\(id)" }) { return p }
        if id == nil, s.hasHeader, let p = model.headerPosition(s.key, in: flat) { return p }
        // No header item, or hidden by a filter: the shown item before where it would be.
        return min(max(0, (model.itemsBefore(s, rowID: id) ?? 0) - 1), flat.count - 1)
    }

    /// `how` over `targets` by the model's rules.
    func apply(_ how: SelectHow, _ targets: [ModelTarget]) {
        if how == .replace { model.clearSelection() }
        for t in targets { model.set(t, how == .toggle ? !model.isSelected(t) : how != .remove) }
    }

    /// One target by the mode's rules.
    func applySingle(_ t: ModelTarget, _ how: SelectHow) {
        var how = how
        if selection.mode == .single, how == .add || how == .toggle, !model.isSelected(t) { how = .replace }
        apply(how, [t])
    }

    /// `how` over the selectable items of `positions`, or in `.single` mode
    /// the first selectable one from `from` going by `step`.
    func applyPositions(_ flat: [TreeItem], _ positions: ClosedRange<Int>, _ how: SelectHow, from: Int, step: Int) {
        if selection.mode == .single && how != .remove {
            var p = from
            while positions.contains(p) {
                if let t = model.target(flat[p]) { return applySingle(t, how) }
                p += step
            }
            return
        }
        apply(how, positions.compactMap { model.target(flat[$0]) })
    }

    /// Select all or clear, at random, checked against the model.
    mutating func allOrNoneStep() throws {
        let flat = model.flat()
        let before = model.selectionSignature()
        var changed = false
        if Bool.random(using: &rng) {
            log.append("selectAll()")
            guard expect(selection.mode != .none, { changed = try table.selectAll() }) else { return }
            if !flat.isEmpty { applyPositions(flat, 0...(flat.count - 1), .add, from: flat.count - 1, step: -1) }
        } else {
            log.append("clearSelection()")
            changed = try table.clearSelection()
            model.clearSelection()
            selection.anchorRow = nil
            selection.anchorSection = nil
        }
        #expect(changed == (model.selectionSignature() != before), "changed \(log.suffix(2))")
    }

    mutating func selectionStep() throws {
        let flat = model.flat()
        let how = SelectHow(rawValue: Int32(Int.random(in: 0..<4, using: &rng)))!
        let allowed = selection.mode != .none || how == .remove
        let before = model.selectionSignature()
        var changed = false
        func expectChanged(_ got: Bool) {
            #expect(got == (model.selectionSignature() != before), "changed \(log.suffix(2))")
        }
        switch Int.random(in: 0..<10, using: &rng) {
        case 0, 1:
            guard let (s, r, child) = pick(allRows()) else { return }
            log.append("selectRow(\(s.key), \(r), \(how))")
            guard expect(allowed, { changed = try table.selectRow(section: .key(s.key), row: r, how: how) }) else { return }
            setAnchor(.row(s, child))
            applySingle(.row(s, child), how)
            expectChanged(changed)
        case 2:
            guard let s = pick(model.allSections()) else { return }
            log.append("selectSection(\(s.key), \(how))")
            guard expect(allowed, { changed = try table.selectSection(.key(s.key), how: how) }) else { return }
            setAnchor(.section(s))
            applySingle(.section(s), how)
            expectChanged(changed)
        case 3:
            let p = Int.random(in: -1...flat.count, using: &rng)
            let t = flat.indices.contains(p) ? model.target(flat[p]) : nil
            log.append("selectItem(\(p), \(how))")
            guard expect(allowed && t != nil, { changed = try table.selectItem(at: p, how: how) }), let t else { return }
            setAnchor(t)
            applySingle(t, how)
            expectChanged(changed)
        case 4, 5, 6:
            let p = Int.random(in: 0...flat.count, using: &rng)
            log.append("selectRange(\(p), \(how))")
            guard p < flat.count, let start = anchorPosition(flat) else {
                // Without an anchor: a click on the target.
                let t = p < flat.count ? model.target(flat[p]) : nil
                guard expect(allowed && t != nil, { changed = try table.selectRange(to: p, how: how) }), let t else { return }
                setAnchor(t)
                applySingle(t, how)
                expectChanged(changed)
                return
            }
            guard expect(allowed, { changed = try table.selectRange(to: p, how: how) }) else { return }
            applyPositions(flat, min(start, p)...max(start, p), how, from: p, step: p >= start ? -1 : 1)
            expectChanged(changed)
        case 7:
            let p = Int.random(in: 0...flat.count, using: &rng)
            let count = Int.random(in: 0...8, using: &rng)
            log.append("selectPositions(\(p), \(count), \(how))")
            let valid = p + count <= flat.count && allowed
            guard expect(valid, { changed = try table.selectPositions(p, count: count, how: how) }) else { return }
            if count > 0 { applyPositions(flat, p...(p + count - 1), how, from: p + count - 1, step: -1) }
            expectChanged(changed)
        case 8:
            try allOrNoneStep()
        default:
            if Int.random(in: 0..<3, using: &rng) == 0 {
                // Mostly multiple: the other modes drop what is selected.
                let mode = [SelectionMode.multiple, .multiple, .single, .none][Int.random(in: 0..<4, using: &rng)]
                log.append("setSelectionMode(\(mode))")
                try table.setSelectionMode(mode)
                selection.mode = mode
                switch mode {
                case .multiple: break
                case .none: model.clearSelection()
                case .single:
                    var keep: ModelTarget?
                    if let (s, row, _) = resolvedAnchor() {
                        let t: ModelTarget = row < 0 ? .section(s) : .row(s, s.rowIndices[row])
                        if model.isSelected(t) { keep = t }
                    }
                    model.clearSelection()
                    if let keep { model.set(keep, true) }
                }
                return
            }
            guard let s = pick(model.allSections()) else { return }
            let row = Int.random(in: -1...s.rowCount, using: &rng)
            log.append("setSelectionAnchor(\(s.key), \(row))")
            guard expect(row < s.rowCount, { try table.setSelectionAnchor(section: .key(s.key), row: row) }) else { return }
            setAnchor(row < 0 ? .section(s) : .row(s, s.rowIndices[row]))
        }
    }

    /// Every selection answer against the model.
    func checkSelection(_ context: String) throws {
        let id = { (key: String) in table.sectionID(forKey: key) ?? 0 }
        #expect(table.selection() == model.selectedRuns(id), "selection \(context)")
        let total = model.selectionCount(below: model.root)
        #expect(try table.selectionCount(within: nil) == total, "count \(context)")
        #expect(table.selectionMode == selection.mode)
        for s in model.allSections() {
            #expect(try table.isSectionSelected(.key(s.key)) == s.selected, "\(s.key) \(context)")
            #expect(try table.selectionCount(within: .key(s.key)) == model.selectionCount(below: s), "\(s.key) \(context)")
            for (r, child) in s.rowIndices.enumerated() {
                #expect(try table.isRowSelected(section: .key(s.key), row: r) == model.isSelected(.row(s, child)),
                        "\(s.key) row \(r) \(context)")
            }
        }
        let anchor = resolvedAnchor().map { (id($0.0.key), $0.1) }
        #expect(table.selectionAnchor?.section == anchor?.0 && table.selectionAnchor?.row == anchor?.1,
                "anchor \(String(describing: table.selectionAnchor)) \(context)")
    }
}

extension TreeFuzz {
    /// Saved state carries the selection and its anchor: a fresh table of
    /// the same sections and rows (built from the model) that imports the
    /// exported state lists the same selection and anchor, by key.
    func checkSavedSelection(_ context: String) throws {
        var entries: [SnapshotEntry] = []
        func walk(_ s: TreeSection, depth: Int) {
            for c in s.children {
                switch c {
                case .row: entries.append(.rows(1, depth: depth))
                case .section(let sub):
                    entries.append(.section(sub.key, depth: depth, flags: sub.hasHeader ? [] : [.noHeader]))
                    walk(sub, depth: depth + 1)
                }
            }
        }
        walk(model.root, depth: 0)
        let copy = try Table(options: model.options)
        _ = try copy.applySnapshot(entries)
        _ = try copy.importState(table.exportState())
        func byKey(_ t: Table) -> [String] { t.selection().map { "\($0.section) \($0.row) \($0.count)" } }
        #expect(byKey(copy) == byKey(table), "saved selection \(context)")
        func anchor(_ t: Table) -> String? {
            t.selectionAnchor.map { "\((try? t.sectionKey(.id($0.section))) ?? "?") \($0.row)" }
        }
        #expect(anchor(copy) == anchor(table), "saved anchor \(context)")
    }
}

@Suite struct RandomizedSelectionTests {
    /// A tree fuzzer with selection steps, its accordion rule by the seed.
    static func selectingFuzz(_ seed: UInt64) throws -> TreeFuzz {
        var options = TableOptions.seeded(seed, footer: 4, paddingStep: 3)
        options.accordion = Accordion(rawValue: Int32(seed % 3)) ?? .multiple
        var fuzz = try TreeFuzz(seed: seed, options: options)
        fuzz.selecting = true
        return fuzz
    }

    /// Random selection steps among the structural ones, every answer and
    /// change set compared with the model after each step.
    @Test(arguments: [21, 22, 23, 24] as [UInt64])
    func selectionMatchesTheModel(seed: UInt64) throws {
        var fuzz = try Self.selectingFuzz(seed)
        var selectedSteps = 0
        for step in 0..<500 {
            try fuzz.stepCheckingEvents()
            try fuzz.check()
            if !fuzz.table.selection().isEmpty { selectedSteps += 1 }
            if step % 50 == 49 { try fuzz.checkSavedSelection("after step \(step): \(fuzz.log.suffix(2))") }
        }
        // The selection was really exercised (exact answers are compared at every check).
        #expect(selectedSteps > 30, "\(selectedSteps) steps with a selection")
    }

    /// Select all and clear leave a tag pending on the tree (`SelectionTag`)
    /// until something reads or changes what is below it. Checking every
    /// answer after each step would settle it at once, so here several
    /// steps, structural ones among them, run between checks: a change that
    /// forgets to settle what it touches shows as a wrong answer later.
    @Test(arguments: [31, 32, 33, 34, 35, 36] as [UInt64])
    func pendingSelectAllAndClearMatchTheModel(seed: UInt64) throws {
        var fuzz = try Self.selectingFuzz(seed)
        fuzz.snapshots = true
        var tagged = 0
        for step in 0..<800 {
            if Int.random(in: 0..<6, using: &fuzz.rng) == 0 {
                try fuzz.allOrNoneStep()
                fuzz.changes.sets = []  // (its redraws are checked in SelectionTests)
                tagged += 1
            }
            try fuzz.stepCheckingEvents()
            // Read without settling anything: the step that breaks it is named.
            #expect(fuzz.table.unsettledSelection() == fuzz.model.selectionStrings(), "after \(fuzz.log.suffix(3))")
            if step % 8 == 7 { try fuzz.check() }
        }
        try fuzz.check()
        #expect(tagged > 100, "\(tagged) select-all or clear steps")
    }
}

extension Table {
    /// The selection as the tags pending on the tree say it is, read without
    /// settling them (what `SelectionTag.pushTag` would do, composed on the
    /// way down): "key" for a section, "key:row" for a row, in list order.
    /// Comparing it after every step finds the step that broke it.
    func unsettledSelection() -> [String] {
        var out: [String] = []
        func list(_ s: Section, _ inherited: SelectionTag) {
            var row = 0
            func node(_ n: ListNode, _ above: SelectionTag) {
                let t = n.tag.then(above)  // a node's own tag is older than those above it
                if !n.isLeaf { n.children.forEach { node($0, t) }; return }
                for p in n.pieces {
                    switch p {
                    case .rows(var run):
                        run.apply(t)
                        for i in 0..<run.count where run.marks.bit(run.marks.selected, run.isExplicit ? i : 0) {
                            out.append("\(s.key):\(row + i)")
                        }
                        row += run.count
                    case .section(let sub):
                        var selected = sub.selected
                        var inner = SelectionTag.none
                        if t.clears { selected = false; inner = .clear }
                        if t.selects, !sub.filterHidden {
                            if sub.hasHeader { selected = true }
                            if sub.showsChildren { inner = inner.then(.selectShown) }
                        }
                        if selected { out.append(sub.key) }
                        list(sub, inner)
                    }
                }
            }
            if let r = s.list.root { node(r, inherited) }
        }
        list(root, .none)
        return out
    }
}

extension TreeModel {
    /// The model's selection in the form of `Table.unsettledSelection`.
    func selectionStrings() -> [String] {
        selectedRuns { _ in 0 }.flatMap { r in
            r.row < 0 ? [r.section] : (r.row..<(r.row + r.count)).map { "\(r.section):\($0)" }
        }
    }
}
