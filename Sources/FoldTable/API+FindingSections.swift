import CFoldTable
import FoldTableCore

@_cdecl("fold_table_find_section")
public func fold_table_find_section(_ table: OpaquePointer?, _ key: UnsafePointer<CChar>?,
                                    _ out: UnsafeMutablePointer<UInt64>?) -> Int32 {
    withTable(table, output: out, "out_id") { t in
        let key = try string(key, "key")
        guard let id = t.sectionID(forKey: key) else {
            throw FoldError(.notFound, "no section has the key \"\(key)\"")
        }
        return id
    }
}

@_cdecl("fold_table_child_count")
public func fold_table_child_count(_ table: OpaquePointer?, _ parent: UInt64,
                                   _ out: UnsafeMutablePointer<Int64>?) -> Int32 {
    withTable(table, output: out, "out_count") { t in
        Int64(try t.childCount(parentRef(parent)))
    }
}

@_cdecl("fold_table_structure_version")
public func fold_table_structure_version(_ table: OpaquePointer?, _ out: UnsafeMutablePointer<UInt64>?) -> Int32 {
    withTable(table, output: out, "out_version") { t in t.structureVersion }
}

@_cdecl("fold_table_child_at")
public func fold_table_child_at(_ table: OpaquePointer?, _ parent: UInt64, _ index: Int64,
                                _ outKind: UnsafeMutablePointer<Int32>?, _ outSection: UnsafeMutablePointer<UInt64>?,
                                _ outRow: UnsafeMutablePointer<Int64>?) -> Int32 {
    withTable(table) { t in
        let outKind = try required(outKind, "out_kind")
        switch try t.child(of: parentRef(parent), at: int(index)) {
        case .row(let row):
            outKind.pointee = FOLD_CHILD_ROW
            store(outSection, 0)
            store(outRow, Int64(row))
        case .section(let key):
            outKind.pointee = FOLD_CHILD_SECTION
            store(outSection, t.sectionID(forKey: key) ?? 0)
            store(outRow, -1)
        }
    }
}

@_cdecl("fold_table_section_at_path")
public func fold_table_section_at_path(_ table: OpaquePointer?, _ pathPointer: UnsafePointer<Int64>?, _ length: Int64,
                                       _ out: UnsafeMutablePointer<UInt64>?) -> Int32 {
    withTable(table, output: out, "out_id") { t in
        try t.sectionID(.path(try path(pathPointer, length)))
    }
}

@_cdecl("fold_table_section_path")
public func fold_table_section_path(_ table: OpaquePointer?, _ section: UInt64, _ out: UnsafeMutablePointer<Int64>?,
                                    _ capacity: Int64, _ outLength: UnsafeMutablePointer<Int64>?) -> Int32 {
    withTable(table) { t in try writePath(try t.path(sectionRef(section)), out, capacity, outLength) }
}

@_cdecl("fold_table_section_info")
public func fold_table_section_info(_ table: OpaquePointer?, _ section: UInt64,
                                    _ out: UnsafeMutablePointer<fold_section_info>?) -> Int32 {
    withSection(table, section, output: out, "out_info") { t, s in
        let i = try t.info(section: s)
        // SectionFlags' raw values are the FOLD_SECTION_* bits.
        return fold_section_info(parent: i.parentID, index: Int64(i.index), depth: Int32(clamping: i.depth),
                                 flags: i.flags.rawValue, child_count: Int64(i.childCount), row_count: Int64(i.rowCount),
                                 visible_row_count: Int64(i.visibleRowCount), header_height: i.headerHeight,
                                 footer_height: i.footerHeight, row_height: i.rowHeight, reserved: (0, 0, 0, 0))
    }
}

@_cdecl("fold_table_section_text")
public func fold_table_section_text(_ table: OpaquePointer?, _ section: UInt64, _ which: Int32,
                                    _ buffer: UnsafeMutablePointer<CChar>?, _ capacity: Int,
                                    _ outLength: UnsafeMutablePointer<Int>?) -> Int32 {
    withSection(table, section) { t, ref in
        let text: String
        switch which {
        case FOLD_TEXT_KEY: text = try t.sectionKey(ref)
        case FOLD_TEXT_HEADER: text = try t.headerText(section: ref)
        case FOLD_TEXT_TITLE: text = try t.header(section: ref).title
        case FOLD_TEXT_DETAIL:
            guard let detail = try t.header(section: ref).detail else {
                throw FoldError(.notFound, "the header of section \"\(try t.sectionKey(ref))\" has no detail (no '|')")
            }
            text = detail
        case FOLD_TEXT_INDICATOR: text = try t.indicator(section: ref)
        case FOLD_TEXT_LOAD_ERROR: text = try t.loadError(section: ref)
        default: throw FoldError(.invalidArgument, "which \(which) is not a FOLD_TEXT_* value")
        }
        try writeText(text, buffer, capacity, outLength)
    }
}
