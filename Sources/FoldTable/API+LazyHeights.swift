import CFoldTable
import FoldTableCore

@_cdecl("fold_table_set_height_provider")
public func fold_table_set_height_provider(_ table: OpaquePointer?, _ fn: fold_height_fn?,
                                           _ userData: UnsafeMutableRawPointer?) -> Int32 {
    withTable(table) { t in
        guard let fn else { t.setHeightProvider(nil); return }
        t.setHeightProvider { key, row in
            var height = 0.0
            let given = key.withCString { k in CallbackDepth.inside { fn(table, k, Int64(row), &height, userData) } }
            return given != 0 ? height : nil
        }
    }
}

@_cdecl("fold_table_measure")
public func fold_table_measure(_ table: OpaquePointer?, _ offset: Double, _ height: Double, _ overscan: Int64,
                               _ out: UnsafeMutablePointer<Int64>?) -> Int32 {
    withTable(table) { t in
        store(out, Int64(try t.measure(offset: offset, height: height, overscan: int(overscan))))
    }
}

@_cdecl("fold_table_invalidate_row_height")
public func fold_table_invalidate_row_height(_ table: OpaquePointer?, _ key: UnsafePointer<CChar>?,
                                             _ row: Int64) -> Int32 {
    withTable(table) { t in try t.invalidateHeight(section: try keyRef(key), row: int(row)) }
}

@_cdecl("fold_table_invalidate_section_heights")
public func fold_table_invalidate_section_heights(_ table: OpaquePointer?, _ key: UnsafePointer<CChar>?) -> Int32 {
    withTable(table) { t in try t.invalidateHeights(section: try keyRef(key)) }
}

@_cdecl("fold_table_invalidate_all_heights")
public func fold_table_invalidate_all_heights(_ table: OpaquePointer?) -> Int32 {
    withTable(table) { t in try t.invalidateHeights(section: nil) }
}

@_cdecl("fold_table_set_header_height_provider")
public func fold_table_set_header_height_provider(_ table: OpaquePointer?, _ fn: fold_header_height_fn?,
                                                  _ userData: UnsafeMutableRawPointer?) -> Int32 {
    withTable(table) { t in
        guard let fn else { t.setHeaderHeightProvider(nil); return }
        t.setHeaderHeightProvider { key in
            var height = 0.0
            let given = key.withCString { k in CallbackDepth.inside { fn(table, k, &height, userData) } }
            return given != 0 ? height : nil
        }
    }
}
