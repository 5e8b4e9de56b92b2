import CFoldTable
import FoldTableCore

@_cdecl("fold_table_insert_section")
public func fold_table_insert_section(_ table: OpaquePointer?, _ parent: UInt64, _ index: Int64,
                                      _ key: UnsafePointer<CChar>?, _ header: UnsafePointer<CChar>?,
                                      _ rowCount: Int64, _ flags: UInt32, _ outID: UnsafeMutablePointer<UInt64>?) -> Int32 {
    withTable(table) { t in
        let known = UInt32(FOLD_SECTION_COLLAPSED | FOLD_SECTION_FIXED | FOLD_SECTION_NO_HEADER | FOLD_SECTION_EXPANDED
                           | FOLD_SECTION_UNLOADED | FOLD_SECTION_NO_FOCUS | FOLD_SECTION_NO_DROP)
        guard flags & ~known == 0 else {
            throw FoldError(.invalidArgument, "flags \(flags) has bits that are not FOLD_SECTION_COLLAPSED, _FIXED, "
                            + "_NO_HEADER, _EXPANDED, _UNLOADED, _NO_FOCUS or _NO_DROP")
        }
        let key = try string(key, "key")
        let header = try optionalString(header, "header")
        let parent = parentRef(parent)
        let at = try insertionIndex(index) { try t.childCount(parent) }
        let id = try t.insertSection(in: parent, at: at, key: key, header: header, rows: int(rowCount),
                                     flags: SectionFlags(rawValue: flags))
        store(outID, id)
    }
}

@_cdecl("fold_table_remove_section")
public func fold_table_remove_section(_ table: OpaquePointer?, _ section: UInt64) -> Int32 {
    withTable(table) { t in try t.removeSection(sectionRef(section)) }
}

@_cdecl("fold_table_move_section")
public func fold_table_move_section(_ table: OpaquePointer?, _ section: UInt64, _ parent: UInt64,
                                    _ index: Int64) -> Int32 {
    withSection(table, section) { t, ref in
        let target = parentRef(parent)
        let at = try insertionIndex(index) {
            let count = try t.childCount(target)
            // Counted without the moved section when it stays under the same parent.
            let sameParent = try t.info(section: ref).parentID == parent
            return sameParent ? count - 1 : count
        }
        try t.moveSection(ref, to: target, at: at)
    }
}

@_cdecl("fold_table_remove_children")
public func fold_table_remove_children(_ table: OpaquePointer?, _ parent: UInt64, _ index: Int64,
                                       _ count: Int64) -> Int32 {
    withTable(table) { t in try t.removeChildren(of: parentRef(parent), at: int(index), count: int(count)) }
}

@_cdecl("fold_table_set_section_header")
public func fold_table_set_section_header(_ table: OpaquePointer?, _ section: UInt64,
                                          _ header: UnsafePointer<CChar>?) -> Int32 {
    withTable(table) { t in try t.setHeader(try optionalString(header, "header"), section: sectionRef(section)) }
}

@_cdecl("fold_table_set_section_height")
public func fold_table_set_section_height(_ table: OpaquePointer?, _ section: UInt64, _ which: Int32,
                                          _ height: Double) -> Int32 {
    withSection(table, section) { t, ref in
        switch which {
        case FOLD_HEIGHT_HEADER: try t.setHeaderHeight(heightOrDefault(height), section: ref)
        case FOLD_HEIGHT_FOOTER: try t.setFooterHeight(heightOrDefault(height), section: ref)
        case FOLD_HEIGHT_ROW: try t.setDefaultRowHeight(heightOrDefault(height), section: ref)
        default:
            throw FoldError(.invalidArgument, "which \(which) is not FOLD_HEIGHT_HEADER, _FOOTER or _ROW")
        }
    }
}

@_cdecl("fold_table_set_collapsible")
public func fold_table_set_collapsible(_ table: OpaquePointer?, _ section: UInt64, _ collapsible: Int32) -> Int32 {
    withTable(table) { t in try t.setCollapsible(collapsible != 0, section: sectionRef(section)) }
}

@_cdecl("fold_table_set_section_flags")
public func fold_table_set_section_flags(_ table: OpaquePointer?, _ section: UInt64, _ flags: UInt32,
                                         _ mask: UInt32) -> Int32 {
    withTable(table) { t in
        try t.setSectionFlags(SectionFlags(rawValue: flags), mask: SectionFlags(rawValue: mask), section: sectionRef(section))
    }
}
