import CFoldTable
import FoldTableCore

@_cdecl("fold_table_set_viewport")
public func fold_table_set_viewport(_ table: OpaquePointer?, _ offset: Double, _ height: Double) -> Int32 {
    withTable(table) { t in try t.setViewport(Viewport(offset: offset, height: height)) }
}

@_cdecl("fold_table_clear_viewport")
public func fold_table_clear_viewport(_ table: OpaquePointer?) -> Int32 {
    withTable(table) { t in try t.setViewport(nil) }
}

@_cdecl("fold_table_viewport")
public func fold_table_viewport(_ table: OpaquePointer?, _ outSet: UnsafeMutablePointer<Int32>?,
                                _ outOffset: UnsafeMutablePointer<Double>?,
                                _ outHeight: UnsafeMutablePointer<Double>?) -> Int32 {
    withTable(table) { t in
        let outSet = try required(outSet, "out_set")
        guard let v = t.viewport else { outSet.pointee = 0; return }
        outSet.pointee = 1
        store(outOffset, v.offset)
        store(outHeight, v.height)
    }
}

@_cdecl("fold_table_scroll_offset")
public func fold_table_scroll_offset(_ table: OpaquePointer?, _ position: Int64, _ alignment: Int32,
                                     _ offset: Double, _ viewportHeight: Double,
                                     _ out: UnsafeMutablePointer<Double>?) -> Int32 {
    withTable(table, output: out, "out_offset") { t in
        guard let align = ScrollAlignment(rawValue: alignment) else {
            throw FoldError(.invalidArgument, "alignment \(alignment) is not a FOLD_ALIGN_* value")
        }
        return try t.scrollOffset(toItem: int(position), alignment: align, offset: offset, viewportHeight: viewportHeight)
    }
}

@_cdecl("fold_table_reveal_offset")
public func fold_table_reveal_offset(_ table: OpaquePointer?, _ section: UInt64, _ rows: Int64,
                                     _ offset: Double, _ viewportHeight: Double,
                                     _ out: UnsafeMutablePointer<Double>?) -> Int32 {
    withTable(table, output: out, "out_offset") { t in
        guard rows >= 0 else { throw FoldError(.outOfRange, "rows \(rows) must be >= 0") }
        return try t.revealOffset(section: sectionRef(section), rows: int(rows), offset: offset,
                                  viewportHeight: viewportHeight)
    }
}

@_cdecl("fold_table_reveal_row")
public func fold_table_reveal_row(_ table: OpaquePointer?, _ section: UInt64, _ row: Int64,
                                  _ expandAncestors: Int32, _ out: UnsafeMutablePointer<Int64>?) -> Int32 {
    withTable(table, output: out, "out_position") { t in
        Int64(try t.revealRow(section: sectionRef(section), row: int(row), expandAncestors: expandAncestors != 0))
    }
}
