/// A child of a section: a row (by its row index) or a subsection (by key).
public enum Child: Equatable, Sendable {
    case row(Int)
    case section(String)
}

extension Table {
    /// Removes children `index..<index+count` (rows and subsections alike) of
    /// `parent` (nil: top-level sections).
    /// - Complexity: O(depth · log n), plus O(1) per removed subsection and freeing memory.
    public func removeChildren(of parentRef: SectionRef?, at index: Int, count: Int) throws {
        let parent = try parent(parentRef)
        guard count >= 0 else { throw FoldError.negative("child count", count) }
        guard index >= 0, index <= parent.childCount - count else {
            if parent === root {
                throw FoldError.span("section", "sections", index, count, of: "",
                                     has: "the table has \(FoldError.counted(parent.childCount, "section", "sections"))")
            }
            throw FoldError.span("child", "children", index, count, of: "section \"\(parent.key)\"",
                                 has: "it has \(FoldError.counted(parent.childCount, "child", "children"))")
        }
        guard count > 0 else { return }
        try mutate {
            heldWillRemoveChildren(parent, index..<(index + count))
            let position = childPosition(parent, index)
            let items = childItems(parent, index..<(index + count))
            let removed = parent.replaceChildren(index..<(index + count), with: [])
            let removedRows = removed.reduce(0) { $0 + $1.summary.rows }
            totalRows -= removedRows
            for piece in removed {
                if case .section(let sub) = piece {
                    sub.parent = nil
                    sub.node = nil
                    forget(sub)
                }
            }
            parent.propagate()
            recordReplace(position, removed: items, added: 0)
            recordChildrenChanged(parent, hadChildren: true, rowsChanged: removedRows > 0)
            refreshFilterAfterChange(parent)
        }
    }

    /// Moves the child at path `from` (a row or a section, with its state) so
    /// that it ends up at path `to`, whose last index counts the target
    /// parent's children without the moved one. A row must land in a section;
    /// a section cannot move into itself.
    /// - Complexity: O(depth · log n)
    func moveChild(from: [Int], to: [Int]) throws {
        let (source, index) = try parentAndIndex(from)
        let (target, targetIndex) = try parentAndIndex(to)
        guard index < source.childCount else {
            throw FoldError.child(index, of: source)
        }
        guard let (node, within, _) = source.list.locateSettled(.children, index) else {
            throw FoldError(.internalError, "child \(index) was not found")
        }
        switch node.piece {
        case .section(let s):
            try moveSection(.key(s.key), to: target === root ? nil : .key(target.key), at: targetIndex)
        case .rows(let run):
            guard target !== root else { throw FoldError(.invalidArgument, "rows belong in a section, not at the top level") }
            guard target.load == .loaded else { throw FoldError.notLoaded(target, "a row") }
            let count = target.childCount - (source === target ? 1 : 0)
            guard targetIndex <= count else {
                let c = FoldError.children(of: target, other: source === target)
                throw FoldError.insertion("target " + c.index, targetIndex, c.has, count: count, verb: "move to")
            }
            // Back to where it is: nothing changes, so nothing is reported.
            if source === target, targetIndex == index { return }
            var record = run.record(within)
            // Its normal height may follow the target's default: expanded must stay expandable.
            let normal = record.height == RowRun.none ? target.rowUnits : Int(record.height)
            if record.expanded, !(record.expandedHeight != RowRun.none && Int(record.expandedHeight) > normal) { record.expanded = false }
            // While filtering it keeps its answer; a section that shows all below it shows it.
            let wasHidden = record.hidden
            record.hidden = filter != nil && !record.matched && !forcedBy(target)
            try mutate {
                let fromRow = rowIndex(ofChild: index, in: source)
                let from = childPosition(source, index)
                if !removeRowInPlace(from: source, atChild: index) {
                    source.replaceChildren(index..<(index + 1), with: [])
                }
                source.propagate()
                recordReplace(from, removed: wasHidden ? 0 : 1, added: 0)
                let outStep = from != nil && !wasHidden ? eventState.changes?.changes.indices.last : nil
                // Within one section the row count stays: only its header's flags may change.
                recordChildrenChanged(source, hadChildren: true, rowsChanged: source !== target)
                let to = childPosition(target, targetIndex)
                let hadChildren = target.childCount > 0
                if !insertInPlace(into: target, at: targetIndex, count: 1, records: [record]) {
                    target.replaceChildren(targetIndex..<targetIndex, with: [.rows(RowRun(records: [record]))])
                }
                target.propagate()
                heldDidMoveRow(source, fromRow, target, rowIndex(ofChild: targetIndex, in: target))
                recordReplace(to, removed: 0, added: record.hidden ? 0 : 1)
                if let outStep, to != nil, !record.hidden { eventState.changes?.moveItem(outStep: outStep, from: 0, to: 0) }
                recordChildrenChanged(target, hadChildren: hadChildren, rowsChanged: source !== target)
                refreshFilterAfterChange(source)
                refreshFilterAfterChange(target)
                if source === target {
                    recordRowIndicesShifted(source, fromChild: min(index, targetIndex))
                } else {
                    recordRowIndicesShifted(source, fromChild: index)
                    recordRowIndicesShifted(target, fromChild: targetIndex + 1)
                }
            }
        }
    }

    /// The section a path's leading indices name (the root for a one-index
    /// path) and its last index, which must be >= 0.
    func parentAndIndex(_ path: [Int]) throws -> (Section, Int) {
        guard let last = path.last, path.count <= Limits.maxDepth + 1 else {
            throw FoldError(.invalidArgument, "a path has 1 to \(Limits.maxDepth + 1) indices, not \(path.count)")
        }
        let parent = path.count == 1 ? root : try section(.path(Array(path.dropLast())))
        guard last >= 0 else { throw FoldError.negative("child index", last) }
        return (parent, last)
    }

    /// The key of a section's parent; nil for a top-level section.
    /// - Complexity: O(depth · log n)
    func parentKey(_ ref: SectionRef) throws -> String? {
        let s = try section(ref)
        return s.parent === root ? nil : s.parent?.key
    }

    /// The number of children (rows and subsections) of a section; nil: top-level sections.
    /// - Complexity: O(depth · log n)
    public func childCount(_ ref: SectionRef?) throws -> Int {
        try parent(ref).childCount
    }

    /// Child `index` of a section (nil: the top level).
    /// - Complexity: O(depth · log n)
    public func child(of parentRef: SectionRef?, at index: Int) throws -> Child {
        let parent = try parent(parentRef)
        guard index >= 0, index < parent.childCount,
              let (node, within, before) = parent.list.locate(.children, index) else {
            throw FoldError.child(index, of: parent)
        }
        switch node.piece {
        case .rows: return .row(before.rows + within)
        case .section(let sub): return .section(sub.key)
        }
    }

    /// Nesting depth of a section (0 for top-level sections).
    /// - Complexity: O(depth · log n)
    func depth(_ ref: SectionRef) throws -> Int {
        try section(ref).depth
    }

    /// The path of a section: its child index at each level from the top.
    /// - Complexity: O(depth · log n)
    public func path(_ ref: SectionRef) throws -> [Int] {
        var out: [Int] = []
        var s = try section(ref)
        while let p = s.parent {
            out.append(s.indexInParent)
            s = p
        }
        return out.reversed()
    }

    /// The flat position of what `path` names: a section's header, or a row.
    /// `.notVisible` if a section on the way is collapsed.
    /// - Complexity: O(depth · log n)
    func position(ofPath path: [Int]) throws -> Int {
        guard !path.isEmpty, path.count <= Limits.maxDepth + 1 else {
            throw FoldError(.invalidArgument, "a path has 1 to \(Limits.maxDepth + 1) indices, not \(path.count)")
        }
        var s = root
        for (level, index) in path.enumerated() {
            guard index >= 0, index < s.childCount, let (node, within, before) = s.list.locate(.children, index) else {
                throw FoldError.range("path index \(index) at level", level, FoldError.children(of: s).has)
            }
            switch node.piece {
            case .section(let sub):
                s = sub
            case .rows:
                guard level == path.count - 1 else {
                    throw FoldError(.invalidArgument, "path index \(index) at level \(level) names a row, which has no children")
                }
                return try rowPosition(of: s, row: before.rows + within)
            }
        }
        guard s.hasHeader else { throw FoldError(.notFound, "section \"\(s.key)\" has no header item") }
        return try headerPosition(of: s)
    }

    /// The path of the item at `position`: its section's path, plus the row's
    /// child index for a row.
    /// - Complexity: O(depth · log n)
    func itemPath(at position: Int) throws -> [Int] {
        var path: [Int] = []
        var last: Section?
        let placed = try locateItem(position) { sub, index, _, _ in path.append(index); last = sub }
        if placed.item.kind == .row, let s = last {
            path.append(childIndex(ofRow: placed.item.row, in: s))
        }
        return path
    }

    /// The key of the section the item at `position` belongs to.
    /// - Complexity: O(depth · log n)
    func itemKey(at position: Int) throws -> String {
        var last: Section?
        _ = try locateItem(position) { sub, _, _, _ in last = sub }
        guard let last else { throw FoldError(.internalError, "item \(position) has no section") }
        return last.key
    }
}
