import CFoldTable
import FoldTableCore

@inline(__always)
private func flag(_ changed: Bool) -> Int32 { changed ? 1 : 0 }

/// A `how` from C (FOLD_SELECT_*).
private func selectHow(_ how: Int32) throws -> SelectHow {
    guard let h = SelectHow(rawValue: how) else {
        throw FoldError(.invalidArgument, "how \(how) is not known (FOLD_SELECT_REPLACE 0, FOLD_SELECT_ADD 1, "
                        + "FOLD_SELECT_REMOVE 2, FOLD_SELECT_TOGGLE 3)")
    }
    return h
}

@_cdecl("fold_table_set_selection_mode")
public func fold_table_set_selection_mode(_ table: OpaquePointer?, _ mode: Int32) -> Int32 {
    withTable(table) { t in
        guard let m = SelectionMode(rawValue: mode) else {
            throw FoldError(.invalidArgument, "selection mode \(mode) is not known (FOLD_SELECTION_MULTIPLE 0, "
                            + "FOLD_SELECTION_SINGLE 1, FOLD_SELECTION_NONE 2)")
        }
        try t.setSelectionMode(m)
    }
}

@_cdecl("fold_table_selection_mode")
public func fold_table_selection_mode(_ table: OpaquePointer?, _ out: UnsafeMutablePointer<Int32>?) -> Int32 {
    withTable(table, output: out, "out_mode") { t in t.selectionMode.rawValue }
}

@_cdecl("fold_table_select_row")
public func fold_table_select_row(_ table: OpaquePointer?, _ section: UInt64, _ row: Int64, _ how: Int32,
                                  _ out: UnsafeMutablePointer<Int32>?) -> Int32 {
    withTable(table) { t in
        store(out, flag(try t.selectRow(section: sectionRef(section), row: int(row), how: selectHow(how))))
    }
}

@_cdecl("fold_table_select_section")
public func fold_table_select_section(_ table: OpaquePointer?, _ section: UInt64, _ how: Int32,
                                      _ out: UnsafeMutablePointer<Int32>?) -> Int32 {
    withTable(table) { t in store(out, flag(try t.selectSection(sectionRef(section), how: selectHow(how)))) }
}

@_cdecl("fold_table_select_item")
public func fold_table_select_item(_ table: OpaquePointer?, _ position: Int64, _ how: Int32,
                                   _ out: UnsafeMutablePointer<Int32>?) -> Int32 {
    withTable(table) { t in store(out, flag(try t.selectItem(at: int(position), how: selectHow(how)))) }
}

@_cdecl("fold_table_select_range")
public func fold_table_select_range(_ table: OpaquePointer?, _ position: Int64, _ how: Int32,
                                    _ out: UnsafeMutablePointer<Int32>?) -> Int32 {
    withTable(table) { t in store(out, flag(try t.selectRange(to: int(position), how: selectHow(how)))) }
}

@_cdecl("fold_table_select_positions")
public func fold_table_select_positions(_ table: OpaquePointer?, _ position: Int64, _ count: Int64, _ how: Int32,
                                        _ out: UnsafeMutablePointer<Int32>?) -> Int32 {
    withTable(table) { t in
        store(out, flag(try t.selectPositions(int(position), count: int(count), how: selectHow(how))))
    }
}

@_cdecl("fold_table_select_all")
public func fold_table_select_all(_ table: OpaquePointer?, _ out: UnsafeMutablePointer<Int32>?) -> Int32 {
    withTable(table) { t in store(out, flag(try t.selectAll())) }
}

@_cdecl("fold_table_clear_selection")
public func fold_table_clear_selection(_ table: OpaquePointer?, _ out: UnsafeMutablePointer<Int32>?) -> Int32 {
    withTable(table) { t in store(out, flag(try t.clearSelection())) }
}

@_cdecl("fold_table_is_row_selected")
public func fold_table_is_row_selected(_ table: OpaquePointer?, _ section: UInt64, _ row: Int64,
                                       _ out: UnsafeMutablePointer<Int32>?) -> Int32 {
    withSection(table, section, output: out, "out_selected") { t, s in flag(try t.isRowSelected(section: s, row: int(row))) }
}

@_cdecl("fold_table_is_section_selected")
public func fold_table_is_section_selected(_ table: OpaquePointer?, _ section: UInt64,
                                           _ out: UnsafeMutablePointer<Int32>?) -> Int32 {
    withSection(table, section, output: out, "out_selected") { t, s in flag(try t.isSectionSelected(s)) }
}

@_cdecl("fold_table_selection_count")
public func fold_table_selection_count(_ table: OpaquePointer?, _ within: UInt64, _ outRows: UnsafeMutablePointer<Int64>?,
                                       _ outSections: UnsafeMutablePointer<Int64>?) -> Int32 {
    withTable(table) { t in store(outRows, outSections, try t.selectionCount(within: parentRef(within))) }
}

@_cdecl("fold_table_selection")
public func fold_table_selection(_ table: OpaquePointer?,
                                 _ outRuns: UnsafeMutablePointer<UnsafeMutablePointer<fold_selected_run>?>?,
                                 _ outCount: UnsafeMutablePointer<Int64>?) -> Int32 {
    withTable(table) { t in
        try packWithKeys(t.selection(), key: { $0.section }, {
            fold_selected_run(section: $1.sectionID, key: $0, row: Int64($1.row), count: Int64($1.count))
        }, into: outRuns, "out_runs", count: outCount)
    }
}

@_cdecl("fold_table_selection_anchor")
public func fold_table_selection_anchor(_ table: OpaquePointer?, _ outSection: UnsafeMutablePointer<UInt64>?,
                                        _ outRow: UnsafeMutablePointer<Int64>?) -> Int32 {
    withTable(table) { t in
        let section = try required(outSection, "out_section")
        let row = try required(outRow, "out_row")
        guard let anchor = t.selectionAnchor else {
            throw FoldError(.notFound, "there is no selection anchor (select a row or section, or set one)")
        }
        section.pointee = anchor.section
        row.pointee = Int64(anchor.row)
    }
}

@_cdecl("fold_table_set_selection_anchor")
public func fold_table_set_selection_anchor(_ table: OpaquePointer?, _ section: UInt64, _ row: Int64) -> Int32 {
    withTable(table) { t in try t.setSelectionAnchor(section: sectionRef(section), row: int(row)) }
}
