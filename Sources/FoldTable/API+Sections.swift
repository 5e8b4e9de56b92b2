import CFoldTable
import FoldTableCore

@_cdecl("fold_table_insert_section")
public func fold_table_insert_section(_ table: OpaquePointer?, _ index: Int64, _ key: UnsafePointer<CChar>?,
                                      _ header: UnsafePointer<CChar>?, _ rowCount: Int64) -> Int32 {
    withTable(table) { t in
        try t.insertSection(at: int(index), key: try string(key, "key"),
                            header: try optionalString(header, "header"), rows: int(rowCount))
    }
}

@_cdecl("fold_table_append_section")
public func fold_table_append_section(_ table: OpaquePointer?, _ key: UnsafePointer<CChar>?,
                                      _ header: UnsafePointer<CChar>?, _ rowCount: Int64) -> Int32 {
    withTable(table) { t in
        try t.appendSection(key: try string(key, "key"), header: try optionalString(header, "header"),
                            rows: int(rowCount))
    }
}

@_cdecl("fold_table_remove_section")
public func fold_table_remove_section(_ table: OpaquePointer?, _ index: Int64) -> Int32 {
    withTable(table) { t in try t.removeSection(.index(int(index))) }
}

@_cdecl("fold_table_move_section")
public func fold_table_move_section(_ table: OpaquePointer?, _ from: Int64, _ to: Int64) -> Int32 {
    withTable(table) { t in try t.moveSection(from: int(from), to: int(to)) }
}

@_cdecl("fold_table_section_count")
public func fold_table_section_count(_ table: OpaquePointer?, _ out: UnsafeMutablePointer<Int64>?) -> Int32 {
    withTable(table) { t in try required(out, "out_count").pointee = Int64(t.sectionCount) }
}

@_cdecl("fold_table_section_index")
public func fold_table_section_index(_ table: OpaquePointer?, _ key: UnsafePointer<CChar>?,
                                     _ out: UnsafeMutablePointer<Int64>?) -> Int32 {
    withTable(table) { t in
        let out = try required(out, "out_index")
        let key = try string(key, "key")
        guard try t.parentKey(.key(key)) == nil else {
            throw FoldError(.invalidArgument, "section \"\(key)\" is nested: it has no top-level index (use its path or the *_key functions)")
        }
        out.pointee = Int64(try t.sectionIndex(forKey: key))
    }
}

@_cdecl("fold_table_section_key")
public func fold_table_section_key(_ table: OpaquePointer?, _ index: Int64,
                                   _ out: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    withTable(table) { t in
        let out = try required(out, "out_key")
        out.pointee = mallocString(try t.sectionKey(.index(int(index))))
    }
}

@_cdecl("fold_table_set_section_header")
public func fold_table_set_section_header(_ table: OpaquePointer?, _ index: Int64,
                                          _ header: UnsafePointer<CChar>?) -> Int32 {
    withTable(table) { t in try t.setHeader(try optionalString(header, "header"), section: .index(int(index))) }
}

@_cdecl("fold_table_section_header")
public func fold_table_section_header(_ table: OpaquePointer?, _ index: Int64,
                                      _ outTitle: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
                                      _ outDetail: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    withTable(table) { t in
        let header = try t.header(section: .index(int(index)))
        storeString(outTitle, header.title)
        storeString(outDetail, header.detail)
    }
}

@_cdecl("fold_table_set_section_header_height")
public func fold_table_set_section_header_height(_ table: OpaquePointer?, _ index: Int64, _ height: Double) -> Int32 {
    withTable(table) { t in try t.setHeaderHeight(heightOrDefault(height), section: .index(int(index))) }
}

@_cdecl("fold_table_set_section_footer_height")
public func fold_table_set_section_footer_height(_ table: OpaquePointer?, _ index: Int64, _ height: Double) -> Int32 {
    withTable(table) { t in try t.setFooterHeight(heightOrDefault(height), section: .index(int(index))) }
}

@_cdecl("fold_table_set_section_row_height")
public func fold_table_set_section_row_height(_ table: OpaquePointer?, _ index: Int64, _ height: Double) -> Int32 {
    withTable(table) { t in try t.setDefaultRowHeight(heightOrDefault(height), section: .index(int(index))) }
}

@_cdecl("fold_table_section_heights")
public func fold_table_section_heights(_ table: OpaquePointer?, _ index: Int64,
                                       _ outHeader: UnsafeMutablePointer<Double>?,
                                       _ outFooter: UnsafeMutablePointer<Double>?,
                                       _ outRow: UnsafeMutablePointer<Double>?) -> Int32 {
    withTable(table) { t in
        let h = try t.heights(section: .index(int(index)))
        store(outHeader, h.header)
        store(outFooter, h.footer)
        store(outRow, h.row)
    }
}
