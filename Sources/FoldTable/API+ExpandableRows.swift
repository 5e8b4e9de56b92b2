import CFoldTable
import FoldTableCore

@_cdecl("fold_table_set_row_expanded_height")
public func fold_table_set_row_expanded_height(_ table: OpaquePointer?, _ section: UInt64, _ row: Int64,
                                               _ height: Double) -> Int32 {
    withTable(table) { t in try t.setExpandedHeight(heightOrDefault(height), section: sectionRef(section), row: int(row)) }
}

@_cdecl("fold_table_expand_row")
public func fold_table_expand_row(_ table: OpaquePointer?, _ section: UInt64, _ row: Int64,
                                  _ out: UnsafeMutablePointer<Int32>?) -> Int32 {
    withTable(table) { t in store(out, try t.setRowExpanded(true, section: sectionRef(section), row: int(row)) ? 1 : 0) }
}

@_cdecl("fold_table_collapse_row")
public func fold_table_collapse_row(_ table: OpaquePointer?, _ section: UInt64, _ row: Int64,
                                    _ out: UnsafeMutablePointer<Int32>?) -> Int32 {
    withTable(table) { t in store(out, try t.setRowExpanded(false, section: sectionRef(section), row: int(row)) ? 1 : 0) }
}

@_cdecl("fold_table_toggle_row")
public func fold_table_toggle_row(_ table: OpaquePointer?, _ section: UInt64, _ row: Int64,
                                  _ out: UnsafeMutablePointer<Int32>?) -> Int32 {
    withTable(table) { t in store(out, try t.toggleRow(section: sectionRef(section), row: int(row)) ? 1 : 0) }
}

@_cdecl("fold_table_expanded_rows")
public func fold_table_expanded_rows(_ table: OpaquePointer?,
                                     _ outRows: UnsafeMutablePointer<UnsafeMutablePointer<fold_row_ref>?>?,
                                     _ outCount: UnsafeMutablePointer<Int64>?) -> Int32 {
    withTable(table) { t in
        try packWithKeys(t.expandedRows(), key: { $0.section }, {
            fold_row_ref(section: t.sectionID(forKey: $1.section) ?? 0, key: $0, row: Int64($1.row))
        }, into: outRows, "out_rows", count: outCount)
    }
}

@_cdecl("fold_table_activate")
public func fold_table_activate(_ table: OpaquePointer?, _ position: Int64, _ out: UnsafeMutablePointer<Int32>?) -> Int32 {
    withTable(table) { t in store(out, try t.activate(position: int(position)).rawValue) }
}
