/// The focused item in saved state (Table+SavedState.swift), by key.
extension Table {
    /// Adds "focus" ({"section", "kind", "row"}, "row" for a row only) to
    /// exported state when an item is focused.
    /// - Complexity: O(1)
    func exportFocus(into fields: inout [(String, JSON)]) {
        guard let f = focusState.focused else { return }
        let kind: String
        switch f.kind {
        case .header: kind = "header"
        case .row: kind = "row"
        case .footer: kind = "footer"
        case .placeholder: kind = "placeholder"
        }
        var focus: [(String, JSON)] = [("section", .string(f.item.section.key)), ("kind", .string(kind))]
        if f.kind == .row { focus.append(("row", .number(Double(f.item.row)))) }
        fields.append(("focus", .object(focus)))
    }

    /// Focuses the saved item when it exists, is shown and can take focus;
    /// otherwise applies the focus rule to where it would be (the header of
    /// a collapsed section that hides it, else the first item that can take
    /// focus at or after its place, else the last before). A saved focus in
    /// an unknown section changes nothing. Inside the import's mutation.
    /// - Complexity: O(depth · log n), plus O(depth · log n) per section
    ///   passed over that cannot take focus.
    func importFocus(_ saved: SavedStateReader) {
        guard let f = saved.focus, let s = sectionsByKey[f.section] else { return }
        let wanted = FocusedItem(item: HeldItem(section: s, row: f.row), kind: f.kind)
        let exists: Bool
        switch f.kind {
        case .header: exists = s.hasHeader
        case .row: exists = f.row < s.rowCount
        case .footer: exists = s.hasFooter
        case .placeholder: exists = s.placeholderItems > 0
        }
        let shown = exists ? shownPosition(wanted) : nil
        if let shown, canTakeFocus(f.kind, in: s) {
            placeFocus(wanted, at: shown)
            return
        }
        if exists, shown == nil, let cover = collapsedCover(wanted), canTakeFocus(.header, in: cover),
           let header = visibleHeader(cover) {
            placeFocus(FocusedItem(item: HeldItem(section: cover, row: -1), kind: .header), at: header)
            return
        }
        // Where it would be: its own place, or in its section.
        let end = childPosition(s, s.childCount)
        let at: Int?
        switch f.kind {
        case .row where exists: at = shown ?? wouldBePosition(s, row: f.row)
        case .row, .footer: at = shown ?? end ?? wouldBePosition(s, row: -1)
        case .header: at = shown ?? wouldBePosition(s, row: -1)
        case .placeholder: at = shown ?? childPosition(s, 0) ?? wouldBePosition(s, row: -1)
        }
        if let (target, p) = focusTarget(near: at ?? 0) {
            placeFocus(target, at: p)
        } else {
            placeFocus(nil, at: nil)
        }
    }
}
