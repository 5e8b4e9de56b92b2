import CFoldTable
import FoldTableCore

@_cdecl("fold_table_set_row_expanded_height")
public func fold_table_set_row_expanded_height(_ table: OpaquePointer?, _ key: UnsafePointer<CChar>?, _ row: Int64,
                                               _ height: Double) -> Int32 {
    withTable(table) { t in try t.setExpandedHeight(heightOrDefault(height), section: try keyRef(key), row: int(row)) }
}

@_cdecl("fold_table_row_expanded_height")
public func fold_table_row_expanded_height(_ table: OpaquePointer?, _ key: UnsafePointer<CChar>?, _ row: Int64,
                                           _ out: UnsafeMutablePointer<Double>?) -> Int32 {
    withTable(table) { t in
        let out = try required(out, "out_height")
        out.pointee = try t.expandedHeight(section: try keyRef(key), row: int(row)) ?? FOLD_HEIGHT_DEFAULT
    }
}

@_cdecl("fold_table_expand_row")
public func fold_table_expand_row(_ table: OpaquePointer?, _ key: UnsafePointer<CChar>?, _ row: Int64,
                                  _ out: UnsafeMutablePointer<Int32>?) -> Int32 {
    withTable(table) { t in store(out, try t.setRowExpanded(true, section: try keyRef(key), row: int(row)) ? 1 : 0) }
}

@_cdecl("fold_table_collapse_row")
public func fold_table_collapse_row(_ table: OpaquePointer?, _ key: UnsafePointer<CChar>?, _ row: Int64,
                                    _ out: UnsafeMutablePointer<Int32>?) -> Int32 {
    withTable(table) { t in store(out, try t.setRowExpanded(false, section: try keyRef(key), row: int(row)) ? 1 : 0) }
}

@_cdecl("fold_table_toggle_row")
public func fold_table_toggle_row(_ table: OpaquePointer?, _ key: UnsafePointer<CChar>?, _ row: Int64,
                                  _ out: UnsafeMutablePointer<Int32>?) -> Int32 {
    withTable(table) { t in store(out, try t.toggleRow(section: try keyRef(key), row: int(row)) ? 1 : 0) }
}

@_cdecl("fold_table_is_row_expanded")
public func fold_table_is_row_expanded(_ table: OpaquePointer?, _ key: UnsafePointer<CChar>?, _ row: Int64,
                                       _ out: UnsafeMutablePointer<Int32>?) -> Int32 {
    withTable(table) { t in
        let out = try required(out, "out")
        out.pointee = try t.isRowExpanded(section: try keyRef(key), row: int(row)) ? 1 : 0
    }
}

@_cdecl("fold_table_is_row_expandable")
public func fold_table_is_row_expandable(_ table: OpaquePointer?, _ key: UnsafePointer<CChar>?, _ row: Int64,
                                         _ out: UnsafeMutablePointer<Int32>?) -> Int32 {
    withTable(table) { t in
        let out = try required(out, "out")
        out.pointee = try t.isRowExpandable(section: try keyRef(key), row: int(row)) ? 1 : 0
    }
}

@_cdecl("fold_table_expanded_rows")
public func fold_table_expanded_rows(_ table: OpaquePointer?,
                                     _ outRows: UnsafeMutablePointer<UnsafeMutablePointer<fold_row_ref>?>?,
                                     _ outCount: UnsafeMutablePointer<Int64>?) -> Int32 {
    withTable(table) { t in
        let outRows = try required(outRows, "out_rows")
        let outCount = try required(outCount, "out_count")
        try packWithKeys(t.expandedRows(), key: { $0.section }, {
            fold_row_ref(key: $0, row: Int64($1.row))
        }, into: outRows, count: outCount)
    }
}

@_cdecl("fold_table_set_accordion")
public func fold_table_set_accordion(_ table: OpaquePointer?, _ mode: Int32) -> Int32 {
    withTable(table) { t in
        guard let accordion = Accordion(rawValue: mode) else {
            throw FoldError(.invalidArgument, "accordion \(mode) is not a FOLD_ACCORDION_* value")
        }
        t.accordion = accordion
    }
}

@_cdecl("fold_table_activate")
public func fold_table_activate(_ table: OpaquePointer?, _ position: Int64, _ out: UnsafeMutablePointer<Int32>?) -> Int32 {
    withTable(table) { t in store(out, try t.activate(position: int(position)).rawValue) }
}
