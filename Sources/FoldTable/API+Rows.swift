import CFoldTable
import FoldTableCore

/// `count` values at `pointer`, after checking the count can describe a buffer.
private func heights(_ pointer: UnsafePointer<Double>?, _ count: Int64) throws -> UnsafeBufferPointer<Double>? {
    guard count >= 0 else { throw FoldError(.outOfRange, "row count \(count) must be >= 0") }
    guard let pointer else { return nil }
    return UnsafeBufferPointer(start: pointer, count: int(count))
}

@_cdecl("fold_table_insert_rows")
public func fold_table_insert_rows(_ table: OpaquePointer?, _ section: UInt64, _ index: Int64, _ count: Int64,
                                   _ values: UnsafePointer<Double>?) -> Int32 {
    withSection(table, section) { t, ref in
        let at = try insertionIndex(index) { try t.childCount(ref) }
        try t.insertRows(in: ref, atChild: at, count: int(count), heights: try heights(values, count))
    }
}

@_cdecl("fold_table_remove_rows")
public func fold_table_remove_rows(_ table: OpaquePointer?, _ section: UInt64, _ row: Int64, _ count: Int64) -> Int32 {
    withTable(table) { t in try t.removeRows(section: sectionRef(section), at: int(row), count: int(count)) }
}

@_cdecl("fold_table_move_row")
public func fold_table_move_row(_ table: OpaquePointer?, _ section: UInt64, _ row: Int64, _ target: UInt64,
                                _ index: Int64) -> Int32 {
    withSection(table, section) { t, ref in
        let to = try sectionRef(target)
        let at = try insertionIndex(index) { try t.childCount(to) - (section == target ? 1 : 0) }
        try t.moveRow(section: ref, row: int(row), to: to, atChild: at)
    }
}

@_cdecl("fold_table_set_row_height")
public func fold_table_set_row_height(_ table: OpaquePointer?, _ section: UInt64, _ row: Int64,
                                      _ height: Double) -> Int32 {
    withTable(table) { t in try t.setRowHeight(section: sectionRef(section), row: int(row), height: heightOrDefault(height)) }
}

@_cdecl("fold_table_set_row_heights")
public func fold_table_set_row_heights(_ table: OpaquePointer?, _ section: UInt64, _ row: Int64, _ count: Int64,
                                       _ values: UnsafePointer<Double>?) -> Int32 {
    withSection(table, section) { t, ref in
        var buffer = try heights(values, count)
        if buffer == nil, count == 0 { buffer = UnsafeBufferPointer(start: nil, count: 0) }
        guard let buffer else { throw FoldError(.invalidArgument, "heights is NULL") }
        try t.setRowHeights(section: ref, row: int(row), heights: buffer)
    }
}

@_cdecl("fold_table_row_info")
public func fold_table_row_info(_ table: OpaquePointer?, _ section: UInt64, _ row: Int64,
                                _ out: UnsafeMutablePointer<fold_row_info>?) -> Int32 {
    withSection(table, section, output: out, "out_info") { t, s in
        let i = try t.rowInfo(section: s, row: int(row))
        var flags: UInt32 = 0
        if i.expanded { flags |= UInt32(FOLD_ITEM_FLAG_EXPANDED) }
        if i.expandable { flags |= UInt32(FOLD_ITEM_FLAG_EXPANDABLE) }
        return fold_row_info(height: i.height, expanded_height: i.expandedHeight ?? FOLD_HEIGHT_DEFAULT,
                             child_index: Int64(i.childIndex), flags: flags, reserved: 0)
    }
}
