import CFoldTable
import FoldTableCore

/// `count` values at `pointer`, after checking the count can describe a buffer.
private func heights(_ pointer: UnsafePointer<Double>?, _ count: Int64) throws -> UnsafeBufferPointer<Double>? {
    guard count >= 0 else { throw FoldError(.outOfRange, "row count \(count) must be >= 0") }
    guard let pointer else { return nil }
    return UnsafeBufferPointer(start: pointer, count: int(count))
}

@_cdecl("fold_table_insert_rows")
public func fold_table_insert_rows(_ table: OpaquePointer?, _ section: Int64, _ row: Int64, _ count: Int64,
                                   _ values: UnsafePointer<Double>?) -> Int32 {
    withTable(table) { t in
        try t.insertRows(section: .index(int(section)), at: int(row), count: int(count), heights: try heights(values, count))
    }
}

@_cdecl("fold_table_remove_rows")
public func fold_table_remove_rows(_ table: OpaquePointer?, _ section: Int64, _ row: Int64, _ count: Int64) -> Int32 {
    withTable(table) { t in try t.removeRows(section: .index(int(section)), at: int(row), count: int(count)) }
}

@_cdecl("fold_table_set_row_height")
public func fold_table_set_row_height(_ table: OpaquePointer?, _ section: Int64, _ row: Int64,
                                      _ height: Double) -> Int32 {
    withTable(table) { t in try t.setRowHeight(section: .index(int(section)), row: int(row), height: heightOrDefault(height)) }
}

@_cdecl("fold_table_set_row_heights")
public func fold_table_set_row_heights(_ table: OpaquePointer?, _ section: Int64, _ row: Int64, _ count: Int64,
                                       _ values: UnsafePointer<Double>?) -> Int32 {
    withTable(table) { t in
        var buffer = try heights(values, count)
        if buffer == nil, count == 0 { buffer = UnsafeBufferPointer(start: nil, count: 0) }
        guard let buffer else { throw FoldError(.invalidArgument, "heights is NULL") }
        try t.setRowHeights(section: .index(int(section)), row: int(row), heights: buffer)
    }
}

@_cdecl("fold_table_row_height")
public func fold_table_row_height(_ table: OpaquePointer?, _ section: Int64, _ row: Int64,
                                  _ out: UnsafeMutablePointer<Double>?) -> Int32 {
    withTable(table) { t in
        let out = try required(out, "out_height")
        out.pointee = try t.rowHeight(section: .index(int(section)), row: int(row))
    }
}

@_cdecl("fold_table_row_count")
public func fold_table_row_count(_ table: OpaquePointer?, _ section: Int64,
                                 _ out: UnsafeMutablePointer<Int64>?) -> Int32 {
    withTable(table) { t in
        let out = try required(out, "out_count")
        out.pointee = Int64(try t.rowCount(section: .index(int(section))))
    }
}

@_cdecl("fold_table_visible_row_count")
public func fold_table_visible_row_count(_ table: OpaquePointer?, _ section: Int64,
                                         _ out: UnsafeMutablePointer<Int64>?) -> Int32 {
    withTable(table) { t in
        let out = try required(out, "out_count")
        out.pointee = Int64(try t.visibleRowCount(section: .index(int(section))))
    }
}
