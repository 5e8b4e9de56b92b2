import CFoldTable
import FoldTableCore

/// `count` heights at `pointer` (NULL: defaults), after checking `count`.
func heightBuffer(_ pointer: UnsafePointer<Double>?, _ count: Int64) throws -> UnsafeBufferPointer<Double>? {
    guard count >= 0 else { throw FoldError(.outOfRange, "row count \(count) must be >= 0") }
    guard let pointer else { return nil }
    return UnsafeBufferPointer(start: pointer, count: int(count))
}

@_cdecl("fold_table_insert_subsection")
public func fold_table_insert_subsection(_ table: OpaquePointer?, _ parentKey: UnsafePointer<CChar>?, _ index: Int64,
                                         _ key: UnsafePointer<CChar>?, _ header: UnsafePointer<CChar>?,
                                         _ rowCount: Int64) -> Int32 {
    withTable(table) { t in
        try t.insertSection(in: try parentRef(parentKey), at: int(index), key: try string(key, "key"),
                            header: try optionalString(header, "header"), rows: int(rowCount))
    }
}

@_cdecl("fold_table_insert_child_rows")
public func fold_table_insert_child_rows(_ table: OpaquePointer?, _ parentKey: UnsafePointer<CChar>?, _ index: Int64,
                                         _ count: Int64, _ heights: UnsafePointer<Double>?) -> Int32 {
    withTable(table) { t in
        try t.insertRows(in: .key(try string(parentKey, "parent_key")), atChild: int(index), count: int(count),
                         heights: try heightBuffer(heights, count))
    }
}

@_cdecl("fold_table_remove_children")
public func fold_table_remove_children(_ table: OpaquePointer?, _ parentKey: UnsafePointer<CChar>?, _ index: Int64,
                                       _ count: Int64) -> Int32 {
    withTable(table) { t in try t.removeChildren(of: try parentRef(parentKey), at: int(index), count: int(count)) }
}

@_cdecl("fold_table_move_section_to")
public func fold_table_move_section_to(_ table: OpaquePointer?, _ key: UnsafePointer<CChar>?,
                                       _ parentKey: UnsafePointer<CChar>?, _ index: Int64) -> Int32 {
    withTable(table) { t in try t.moveSection(try keyRef(key), to: try parentRef(parentKey), at: int(index)) }
}

@_cdecl("fold_table_section_parent")
public func fold_table_section_parent(_ table: OpaquePointer?, _ key: UnsafePointer<CChar>?,
                                      _ out: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    withTable(table) { t in
        let out = try required(out, "out_parent_key")
        out.pointee = try t.parentKey(try keyRef(key)).flatMap(mallocString)
    }
}

@_cdecl("fold_table_section_depth")
public func fold_table_section_depth(_ table: OpaquePointer?, _ key: UnsafePointer<CChar>?,
                                     _ out: UnsafeMutablePointer<Int64>?) -> Int32 {
    withTable(table) { t in
        let out = try required(out, "out_depth")
        out.pointee = Int64(try t.depth(try keyRef(key)))
    }
}

@_cdecl("fold_table_child_count")
public func fold_table_child_count(_ table: OpaquePointer?, _ parentKey: UnsafePointer<CChar>?,
                                   _ out: UnsafeMutablePointer<Int64>?) -> Int32 {
    withTable(table) { t in
        let out = try required(out, "out_count")
        out.pointee = Int64(try t.childCount(try parentRef(parentKey)))
    }
}

@_cdecl("fold_table_child_at")
public func fold_table_child_at(_ table: OpaquePointer?, _ parentKey: UnsafePointer<CChar>?, _ index: Int64,
                                _ outKind: UnsafeMutablePointer<Int32>?, _ outRow: UnsafeMutablePointer<Int64>?,
                                _ outKey: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    withTable(table) { t in
        let outKind = try required(outKind, "out_kind")
        switch try t.child(of: try parentRef(parentKey), at: int(index)) {
        case .row(let row):
            outKind.pointee = FOLD_CHILD_ROW
            store(outRow, Int64(row))
            storeString(outKey, nil)
        case .section(let key):
            outKind.pointee = FOLD_CHILD_SECTION
            store(outRow, -1)
            storeString(outKey, key)
        }
    }
}

@_cdecl("fold_table_section_path")
public func fold_table_section_path(_ table: OpaquePointer?, _ key: UnsafePointer<CChar>?,
                                    _ out: UnsafeMutablePointer<Int64>?, _ capacity: Int64,
                                    _ outLength: UnsafeMutablePointer<Int64>?) -> Int32 {
    withTable(table) { t in try writePath(try t.path(try keyRef(key)), out, capacity, outLength) }
}

@_cdecl("fold_table_path_key")
public func fold_table_path_key(_ table: OpaquePointer?, _ p: UnsafePointer<Int64>?, _ length: Int64,
                                _ out: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    withTable(table) { t in
        let out = try required(out, "out_key")
        out.pointee = mallocString(try t.sectionKey(.path(try path(p, length))))
    }
}

@_cdecl("fold_table_path_position")
public func fold_table_path_position(_ table: OpaquePointer?, _ p: UnsafePointer<Int64>?, _ length: Int64,
                                     _ out: UnsafeMutablePointer<Int64>?) -> Int32 {
    withTable(table) { t in
        let out = try required(out, "out_position")
        out.pointee = Int64(try t.position(ofPath: try path(p, length)))
    }
}

@_cdecl("fold_table_item_path")
public func fold_table_item_path(_ table: OpaquePointer?, _ position: Int64, _ out: UnsafeMutablePointer<Int64>?,
                                 _ capacity: Int64, _ outLength: UnsafeMutablePointer<Int64>?) -> Int32 {
    withTable(table) { t in
        _ = try required(outLength, "out_length")
        try writePath(try t.itemPath(at: int(position)), out, capacity, outLength)
    }
}

@_cdecl("fold_table_item_key")
public func fold_table_item_key(_ table: OpaquePointer?, _ position: Int64,
                                _ out: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    withTable(table) { t in
        let out = try required(out, "out_key")
        out.pointee = mallocString(try t.itemKey(at: int(position)))
    }
}

/// The parent (nil: top level) and child index a path's leading indices and last index name.
private func insertionPoint(_ t: Table, _ p: [Int]) throws -> (SectionRef?, Int) {
    (p.count == 1 ? nil : .path(Array(p.dropLast())), p[p.count - 1])
}

@_cdecl("fold_table_insert_section_at_path")
public func fold_table_insert_section_at_path(_ table: OpaquePointer?, _ p: UnsafePointer<Int64>?, _ length: Int64,
                                              _ key: UnsafePointer<CChar>?, _ header: UnsafePointer<CChar>?,
                                              _ rowCount: Int64) -> Int32 {
    withTable(table) { t in
        let (parent, index) = try insertionPoint(t, try path(p, length))
        try t.insertSection(in: parent, at: index, key: try string(key, "key"),
                            header: try optionalString(header, "header"), rows: int(rowCount))
    }
}

@_cdecl("fold_table_insert_rows_at_path")
public func fold_table_insert_rows_at_path(_ table: OpaquePointer?, _ p: UnsafePointer<Int64>?, _ length: Int64,
                                           _ count: Int64, _ heights: UnsafePointer<Double>?) -> Int32 {
    withTable(table) { t in
        let (parent, index) = try insertionPoint(t, try path(p, length))
        guard let parent else { throw FoldError(.invalidArgument, "rows belong in a section, not at the top level") }
        try t.insertRows(in: parent, atChild: index, count: int(count), heights: try heightBuffer(heights, count))
    }
}

@_cdecl("fold_table_remove_at_path")
public func fold_table_remove_at_path(_ table: OpaquePointer?, _ p: UnsafePointer<Int64>?, _ length: Int64,
                                      _ count: Int64) -> Int32 {
    withTable(table) { t in
        let (parent, index) = try insertionPoint(t, try path(p, length))
        try t.removeChildren(of: parent, at: index, count: int(count))
    }
}

@_cdecl("fold_table_move_at_path")
public func fold_table_move_at_path(_ table: OpaquePointer?, _ from: UnsafePointer<Int64>?, _ fromLength: Int64,
                                    _ to: UnsafePointer<Int64>?, _ toLength: Int64) -> Int32 {
    withTable(table) { t in try t.moveChild(from: try path(from, fromLength), to: try path(to, toLength)) }
}

@_cdecl("fold_table_header_position_key")
public func fold_table_header_position_key(_ table: OpaquePointer?, _ key: UnsafePointer<CChar>?,
                                           _ out: UnsafeMutablePointer<Int64>?) -> Int32 {
    withTable(table) { t in
        let out = try required(out, "out_position")
        out.pointee = Int64(try t.headerPosition(section: try keyRef(key)))
    }
}

@_cdecl("fold_table_footer_position_key")
public func fold_table_footer_position_key(_ table: OpaquePointer?, _ key: UnsafePointer<CChar>?,
                                           _ out: UnsafeMutablePointer<Int64>?) -> Int32 {
    withTable(table) { t in
        let out = try required(out, "out_position")
        out.pointee = Int64(try t.footerPosition(section: try keyRef(key)))
    }
}

@_cdecl("fold_table_row_position_key")
public func fold_table_row_position_key(_ table: OpaquePointer?, _ key: UnsafePointer<CChar>?, _ row: Int64,
                                        _ out: UnsafeMutablePointer<Int64>?) -> Int32 {
    withTable(table) { t in
        let out = try required(out, "out_position")
        out.pointee = Int64(try t.rowPosition(section: try keyRef(key), row: int(row)))
    }
}

@_cdecl("fold_table_row_count_key")
public func fold_table_row_count_key(_ table: OpaquePointer?, _ key: UnsafePointer<CChar>?,
                                     _ out: UnsafeMutablePointer<Int64>?) -> Int32 {
    withTable(table) { t in
        let out = try required(out, "out_count")
        out.pointee = Int64(try t.rowCount(section: try keyRef(key)))
    }
}

@_cdecl("fold_table_insert_rows_key")
public func fold_table_insert_rows_key(_ table: OpaquePointer?, _ key: UnsafePointer<CChar>?, _ row: Int64,
                                       _ count: Int64, _ heights: UnsafePointer<Double>?) -> Int32 {
    withTable(table) { t in
        try t.insertRows(section: try keyRef(key), at: int(row), count: int(count),
                         heights: try heightBuffer(heights, count))
    }
}

@_cdecl("fold_table_remove_rows_key")
public func fold_table_remove_rows_key(_ table: OpaquePointer?, _ key: UnsafePointer<CChar>?, _ row: Int64,
                                       _ count: Int64) -> Int32 {
    withTable(table) { t in try t.removeRows(section: try keyRef(key), at: int(row), count: int(count)) }
}

@_cdecl("fold_table_set_row_height_key")
public func fold_table_set_row_height_key(_ table: OpaquePointer?, _ key: UnsafePointer<CChar>?, _ row: Int64,
                                          _ height: Double) -> Int32 {
    withTable(table) { t in try t.setRowHeight(section: try keyRef(key), row: int(row), height: heightOrDefault(height)) }
}

@_cdecl("fold_table_row_height_key")
public func fold_table_row_height_key(_ table: OpaquePointer?, _ key: UnsafePointer<CChar>?, _ row: Int64,
                                      _ out: UnsafeMutablePointer<Double>?) -> Int32 {
    withTable(table) { t in
        let out = try required(out, "out_height")
        out.pointee = try t.rowHeight(section: try keyRef(key), row: int(row))
    }
}

@_cdecl("fold_table_set_row_heights_key")
public func fold_table_set_row_heights_key(_ table: OpaquePointer?, _ key: UnsafePointer<CChar>?, _ row: Int64,
                                           _ count: Int64, _ values: UnsafePointer<Double>?) -> Int32 {
    withTable(table) { t in
        var buffer = try heightBuffer(values, count)
        if buffer == nil, count == 0 { buffer = UnsafeBufferPointer(start: nil, count: 0) }
        guard let buffer else { throw FoldError(.invalidArgument, "heights is NULL") }
        try t.setRowHeights(section: try keyRef(key), row: int(row), heights: buffer)
    }
}

@_cdecl("fold_table_visible_row_count_key")
public func fold_table_visible_row_count_key(_ table: OpaquePointer?, _ key: UnsafePointer<CChar>?,
                                             _ out: UnsafeMutablePointer<Int64>?) -> Int32 {
    withTable(table) { t in
        let out = try required(out, "out_count")
        out.pointee = Int64(try t.visibleRowCount(section: try keyRef(key)))
    }
}

@_cdecl("fold_table_set_section_header_key")
public func fold_table_set_section_header_key(_ table: OpaquePointer?, _ key: UnsafePointer<CChar>?,
                                              _ header: UnsafePointer<CChar>?) -> Int32 {
    withTable(table) { t in try t.setHeader(try optionalString(header, "header"), section: try keyRef(key)) }
}

@_cdecl("fold_table_section_header_key")
public func fold_table_section_header_key(_ table: OpaquePointer?, _ key: UnsafePointer<CChar>?,
                                          _ outTitle: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
                                          _ outDetail: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    withTable(table) { t in
        let header = try t.header(section: try keyRef(key))
        storeString(outTitle, header.title)
        storeString(outDetail, header.detail)
    }
}

@_cdecl("fold_table_set_section_header_height_key")
public func fold_table_set_section_header_height_key(_ table: OpaquePointer?, _ key: UnsafePointer<CChar>?,
                                                     _ height: Double) -> Int32 {
    withTable(table) { t in try t.setHeaderHeight(heightOrDefault(height), section: try keyRef(key)) }
}

@_cdecl("fold_table_set_section_footer_height_key")
public func fold_table_set_section_footer_height_key(_ table: OpaquePointer?, _ key: UnsafePointer<CChar>?,
                                                     _ height: Double) -> Int32 {
    withTable(table) { t in try t.setFooterHeight(heightOrDefault(height), section: try keyRef(key)) }
}

@_cdecl("fold_table_set_section_row_height_key")
public func fold_table_set_section_row_height_key(_ table: OpaquePointer?, _ key: UnsafePointer<CChar>?,
                                                  _ height: Double) -> Int32 {
    withTable(table) { t in try t.setDefaultRowHeight(heightOrDefault(height), section: try keyRef(key)) }
}

@_cdecl("fold_table_section_heights_key")
public func fold_table_section_heights_key(_ table: OpaquePointer?, _ key: UnsafePointer<CChar>?,
                                           _ outHeader: UnsafeMutablePointer<Double>?,
                                           _ outFooter: UnsafeMutablePointer<Double>?,
                                           _ outRow: UnsafeMutablePointer<Double>?) -> Int32 {
    withTable(table) { t in
        let h = try t.heights(section: try keyRef(key))
        store(outHeader, h.header)
        store(outFooter, h.footer)
        store(outRow, h.row)
    }
}

@_cdecl("fold_table_section_indicator_key")
public func fold_table_section_indicator_key(_ table: OpaquePointer?, _ key: UnsafePointer<CChar>?,
                                             _ out: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    withTable(table) { t in
        let out = try required(out, "out_indicator")
        out.pointee = mallocString(try t.indicator(section: try keyRef(key)))
    }
}
