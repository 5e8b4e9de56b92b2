/// The selection in saved state (Table+SavedState.swift): exported by key
/// and rows with the anchor, imported as additions.
extension Table {
    // MARK: Saved state

    /// Adds "selected" (runs in list order: {"section", "row", "count"}, or
    /// {"section"} for a section) and "selection_anchor" ({"section", "row"},
    /// no "row" for a section) to exported state, each only when there is one,
    /// so state without a selection reads as before.
    /// - Complexity: O(p · depth · log n) for p runs.
    func exportSelection(into fields: inout [(String, JSON)]) {
        let runs = selection()
        if !runs.isEmpty {
            fields.append(("selected", .array(runs.map { r in
                r.row < 0 ? JSON.object([("section", .string(r.section))])
                    : JSON.object([("section", .string(r.section)), ("row", .number(Double(r.row))),
                                   ("count", .number(Double(r.count)))])
            })))
        }
        if let a = selectionState.anchor {
            let s = a.section, row = a.row
            var anchor: [(String, JSON)] = [("section", .string(s.key))]
            if row >= 0 { anchor.append(("row", .number(Double(row)))) }
            fields.append(("selection_anchor", .object(anchor)))
        }
    }

    /// Selects what saved state names, in addition to what is selected (by
    /// the mode's rules: nothing in `.none`, the last one in `.single`), and
    /// sets the saved anchor. Unknown keys and rows are skipped (rows past a
    /// section's end are cut off) and not counted in the import report.
    /// The runs are merged per section first (sorted, overlapping and
    /// adjacent runs joined), so each row is marked once however many
    /// saved runs name it. Inside the import's mutation.
    /// - Complexity: O(p log p + p · depth · log n) for p saved entries,
    ///   plus the stored row chunks the merged runs cover, each once
    ///   (as `selectRange` over them).
    func importSelection(_ saved: SavedStateReader) throws {
        if let entries = saved.selected, selectionState.mode != .none {
            var t = SelectionTargets()
            var last: (Section, Int)?
            for i in 0..<entries.count {
                let e = entries[i]
                guard let s = sectionsByKey[saved.text(e.section)] else { continue }
                if e.row < 0 { t.sections.append(s); last = (s, -1); continue }
                guard e.row < s.rowCount, e.count > 0 else { continue }
                let rows = e.row..<(e.row + min(e.count, s.rowCount - e.row))
                t.rows.append((s, rows))
                last = (s, rows.upperBound - 1)
            }
            if selectionState.mode == .single {
                if let (s, row) = last { _ = try applySingle(s, row: row, how: .add) }
            } else {
                t.rows = Self.merged(t.rows)
                _ = try applySelection(.add, t)
            }
        }
        if let a = saved.selectionAnchor, let s = sectionsByKey[a.section], a.row < s.rowCount {
            selectionState.anchor = HeldItem(section: s, row: a.row)
        }
    }

    /// `runs` as disjoint runs: sorted by section (by identity: the order
    /// of sections does not matter) and first row, overlapping and adjacent
    /// runs of a section joined. O(p log p) for p runs.
    static func merged(_ runs: [(section: Section, rows: Range<Int>)]) -> [(section: Section, rows: Range<Int>)] {
        let sorted = runs.sorted { a, b in
            let x = ObjectIdentifier(a.section), y = ObjectIdentifier(b.section)
            return x < y || (x == y && a.rows.lowerBound < b.rows.lowerBound)
        }
        var out: [(section: Section, rows: Range<Int>)] = []
        out.reserveCapacity(sorted.count)
        for r in sorted {
            if let prev = out.last, prev.section === r.section, r.rows.lowerBound <= prev.rows.upperBound {
                out[out.count - 1].rows = prev.rows.lowerBound..<max(prev.rows.upperBound, r.rows.upperBound)
            } else {
                out.append(r)
            }
        }
        return out
    }
}
