import Testing
@testable import FoldTableCore

// Snapshot steps for the tree fuzzer (`TreeFuzz.snapshots`): the model's own
// tree written out as snapshot entries and changed in one of the ways the
// model already knows — nothing, a section left out, a section added at the
// end of a parent, the rows of a rows-only section grown or shrunk at the
// end — then applied to the table and to the model, every answer compared
// afterwards as for any step. While a filter is on, what the snapshot adds
// is asked about, and now and then the match function stops it.

extension TreeFuzz {
    /// The model's tree as snapshot entries, header texts read from the
    /// table so that they stay: `skip` left out with everything in it,
    /// `resize` given `rows` rows, `add` appended to its parent.
    func snapshotEntries(skip: TreeSection? = nil, resize: (TreeSection, Int)? = nil,
                         add: (parent: TreeSection, key: String, rows: Int)? = nil) throws -> [SnapshotEntry] {
        var out: [SnapshotEntry] = []
        func children(of s: TreeSection, depth: Int) throws {
            if let (r, rows) = resize, r === s {
                if rows > 0 { out.append(.rows(rows, depth: depth)) }
            } else {
                var run = 0
                for c in s.children {
                    switch c {
                    case .row: run += 1
                    case .section(let sub):
                        if run > 0 { out.append(.rows(run, depth: depth)) }
                        run = 0
                        guard sub !== skip else { continue }
                        out.append(.section(sub.key, depth: depth, header: try table.headerText(section: .key(sub.key))))
                        try children(of: sub, depth: depth + 1)
                    }
                }
                if run > 0 { out.append(.rows(run, depth: depth)) }
            }
            if let add, add.parent === s {
                out.append(.section(add.key, depth: depth))
                if add.rows > 0 { out.append(.rows(add.rows, depth: depth + 1)) }
            }
        }
        try children(of: model.root, depth: 0)
        return out
    }

    mutating func snapshotStep() throws {
        var skip: TreeSection?
        var resize: (TreeSection, Int)?
        var add: (parent: TreeSection, key: String, rows: Int)?
        var asks = false  // whether the snapshot adds anything to ask about
        switch Int.random(in: 0..<4, using: &rng) {
        case 0: break
        case 1: skip = pick(model.allSections())
        case 2:
            // A loaded parent: child entries would end another's load.
            let parents = [model.root] + model.allSections().filter { $0.load == .loaded }
            guard let p = pick(parents) else { return }
            add = (p, "s\(nextKey)", Int.random(in: 0...3, using: &rng))
            nextKey += 1
            asks = true
        default:
            let rowsOnly = model.allSections().filter { s in
                s.load == .loaded && s.children.allSatisfy { if case .row = $0 { return true } else { return false } }
            }
            guard let s = pick(rowsOnly) else { return }
            let rows = Int.random(in: 0...6, using: &rng)
            resize = (s, rows)
            asks = rows > s.rowCount
        }
        let entries = try snapshotEntries(skip: skip, resize: resize, add: add)
        let stopped = maybeStop() && asks
        defer { stop.on = false }
        log.append("applySnapshot(skip: \(skip?.key ?? "-"), resize: \(resize.map { "\($0.0.key) to \($0.1)" } ?? "-"), "
                   + "add: \(add.map { "\($0.key) in \($0.parent.key)" } ?? "-"))")
        guard expect(!stopped, { _ = try table.applySnapshot(entries) }) else { return }
        if let skip {
            skip.parent?.children.removeAll { if case .section(let x) = $0 { return x === skip } else { return false } }
        }
        if let add {
            let s = TreeSection(key: add.key, collapsed: model.options.startCollapsed, options: model.options)
            s.parent = add.parent
            s.children = (0..<add.rows).map { _ in newRow() }
            add.parent.children.append(.section(s))
            modelAsk(new: s, rows: 0..<add.rows)
        }
        if let (s, rows) = resize {
            let old = s.rowCount
            if rows > old {
                s.children += (old..<rows).map { _ in newRow() }
                modelAsk(new: nil, in: s, rows: old..<rows)
            } else {
                s.children.removeLast(old - rows)
            }
        }
    }
}

@Suite struct RandomizedSnapshotTests {
    /// Snapshot steps among all the others (filters, selection, loads),
    /// every answer compared with the model after each step.
    @Test(arguments: [41, 42, 43, 44] as [UInt64])
    func snapshotsMatchTheModel(seed: UInt64) throws {
        var fuzz = try RandomizedSelectionTests.selectingFuzz(seed)
        fuzz.snapshots = true
        for _ in 0..<500 {
            try fuzz.stepCheckingEvents()
            try fuzz.check()
        }
        let applied = fuzz.log.filter { $0.hasPrefix("applySnapshot") }.count
        #expect(applied > 30, "\(applied) snapshots")
    }
}
