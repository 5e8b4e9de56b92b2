#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CFoldTable
import FoldTableCore

private func defaultOptions() -> fold_table_options {
    let d = TableOptions()
    return fold_table_options(size: UInt32(MemoryLayout<fold_table_options>.size),
                              start_collapsed: d.startCollapsed ? 1 : 0,
                              row_height: d.rowHeight, header_height: d.headerHeight,
                              footer_height: d.footerHeight, padding_top: d.paddingTop,
                              padding_bottom: d.paddingBottom)
}

@_cdecl("fold_table_options_init")
public func fold_table_options_init(_ options: UnsafeMutablePointer<fold_table_options>?) {
    options?.pointee = defaultOptions()
}

@_cdecl("fold_table_new")
public func fold_table_new(_ options: UnsafePointer<fold_table_options>?,
                           _ outTable: UnsafeMutablePointer<OpaquePointer?>?) -> Int32 {
    guard let outTable else { return fail(FOLD_E_INVALID, "out_table is NULL") }
    var given = defaultOptions()
    if let options {
        // Read only the fields the caller's struct has (its size says which).
        let size = Int(options.pointee.size)
        guard size >= MemoryLayout<fold_table_options>.size else {
            return fail(FOLD_E_INVALID, "options->size is \(size); call fold_table_options_init() first")
        }
        memcpy(&given, options, MemoryLayout<fold_table_options>.size)
    }
    var o = TableOptions()
    o.startCollapsed = given.start_collapsed != 0
    o.rowHeight = given.row_height
    o.headerHeight = given.header_height
    o.footerHeight = given.footer_height
    o.paddingTop = given.padding_top
    o.paddingBottom = given.padding_bottom
    do {
        outTable.pointee = TableBox(try Table(options: o)).retainedHandle()
        return FOLD_OK
    } catch let error as FoldError {
        return fail(error)
    } catch {
        return fail(FOLD_E_INTERNAL, "\(error)")
    }
}

@_cdecl("fold_table_free")
public func fold_table_free(_ table: OpaquePointer?) {
    if let table { TableBox.release(table) }
}

@_cdecl("fold_table_get_options")
public func fold_table_get_options(_ table: OpaquePointer?,
                                   _ out: UnsafeMutablePointer<fold_table_options>?) -> Int32 {
    withTable(table) { t in
        let out = try required(out, "out_options")
        let o = t.options
        out.pointee = fold_table_options(size: UInt32(MemoryLayout<fold_table_options>.size),
                                         start_collapsed: o.startCollapsed ? 1 : 0,
                                         row_height: o.rowHeight, header_height: o.headerHeight,
                                         footer_height: o.footerHeight, padding_top: o.paddingTop,
                                         padding_bottom: o.paddingBottom)
    }
}
