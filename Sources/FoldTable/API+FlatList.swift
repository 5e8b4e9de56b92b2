import CFoldTable
import FoldTableCore

/// An item's FOLD_ITEM_FLAG_* bits: the core's `ItemFlags` are those bits.
@inline(__always)
func flags(_ item: Item) -> UInt32 { item.flags.rawValue }

@_cdecl("fold_table_item_count")
public func fold_table_item_count(_ table: OpaquePointer?, _ out: UnsafeMutablePointer<Int64>?) -> Int32 {
    withTable(table, output: out, "out_count") { t in Int64(t.itemCount) }
}

@_cdecl("fold_table_item_at")
public func fold_table_item_at(_ table: OpaquePointer?, _ position: Int64,
                               _ out: UnsafeMutablePointer<fold_item>?) -> Int32 {
    // Written in place, not returned through withTable(output:): that costs
    // about 1% more instructions on this hot call (bench/instructions.sh).
    withTable(table) { t in
        let out = try required(out, "out_item")
        out.pointee = cItem(try t.item(at: int(position)))
    }
}

/// An item as the header's fold_item.
@inline(__always)
private func cItem(_ item: Item) -> fold_item {
    fold_item(kind: item.kind.rawValue, depth: Int32(clamping: item.depth), section: item.sectionID,
              row: Int64(item.row), flags: flags(item), reserved: 0)
}

@_cdecl("fold_table_item_at_with_index")
public func fold_table_item_at_with_index(_ table: OpaquePointer?, _ position: Int64,
                                          _ out: UnsafeMutablePointer<fold_item>?,
                                          _ outIndex: UnsafeMutablePointer<Int64>?) -> Int32 {
    withTable(table) { t in
        let out = try required(out, "out_item")
        let outIndex = try required(outIndex, "out_section_index")
        let item = try t.item(at: int(position))
        out.pointee = cItem(item)
        outIndex.pointee = Int64(item.section)
    }
}

@_cdecl("fold_table_header_position")
public func fold_table_header_position(_ table: OpaquePointer?, _ section: UInt64,
                                       _ out: UnsafeMutablePointer<Int64>?) -> Int32 {
    withSection(table, section, output: out, "out_position") { t, s in Int64(try t.headerPosition(section: s)) }
}

@_cdecl("fold_table_row_position")
public func fold_table_row_position(_ table: OpaquePointer?, _ section: UInt64, _ row: Int64,
                                    _ out: UnsafeMutablePointer<Int64>?) -> Int32 {
    withSection(table, section, output: out, "out_position") { t, s in Int64(try t.rowPosition(section: s, row: int(row))) }
}

@_cdecl("fold_table_footer_position")
public func fold_table_footer_position(_ table: OpaquePointer?, _ section: UInt64,
                                       _ out: UnsafeMutablePointer<Int64>?) -> Int32 {
    withSection(table, section, output: out, "out_position") { t, s in Int64(try t.footerPosition(section: s)) }
}

@_cdecl("fold_table_item_height")
public func fold_table_item_height(_ table: OpaquePointer?, _ position: Int64,
                                   _ out: UnsafeMutablePointer<Double>?) -> Int32 {
    withTable(table, output: out, "out_height") { t in
        try t.itemHeight(at: int(position))
    }
}

@_cdecl("fold_table_item_top")
public func fold_table_item_top(_ table: OpaquePointer?, _ position: Int64,
                                _ out: UnsafeMutablePointer<Double>?) -> Int32 {
    withTable(table, output: out, "out_top") { t in
        try t.itemTop(at: int(position))
    }
}

@_cdecl("fold_table_item_at_offset")
public func fold_table_item_at_offset(_ table: OpaquePointer?, _ y: Double,
                                      _ outPosition: UnsafeMutablePointer<Int64>?,
                                      _ outPlace: UnsafeMutablePointer<Int32>?) -> Int32 {
    withTable(table) { t in
        let outPosition = try required(outPosition, "out_position")
        let outPlace = try required(outPlace, "out_place")
        let hit = try t.item(atOffset: y)
        outPosition.pointee = Int64(hit.position)
        outPlace.pointee = hit.place.rawValue
    }
}

@_cdecl("fold_table_content_height")
public func fold_table_content_height(_ table: OpaquePointer?, _ out: UnsafeMutablePointer<Double>?) -> Int32 {
    withTable(table, output: out, "out_height") { t in t.contentHeight }
}

/// `fold_table_visible_items`' output as its batches fill it.
private struct VisibleCopy {
    let out: UnsafeMutablePointer<fold_visible_item>?
    var written: Int
}

@_cdecl("fold_table_visible_items")
public func fold_table_visible_items(_ table: OpaquePointer?, _ offset: Double, _ height: Double,
                                     _ overscan: Int64, _ out: UnsafeMutablePointer<fold_visible_item>?,
                                     _ capacity: Int64, _ outWritten: UnsafeMutablePointer<Int64>?,
                                     _ outTotal: UnsafeMutablePointer<Int64>?) -> Int32 {
    withTable(table) { t in
        let outWritten = try required(outWritten, "out_written")
        try checkArray(out, capacity)
        // Where the batches go, handed to the walk by address (a C
        // function and its context: no closure to box).
        var copied = VisibleCopy(out: out, written: 0)
        let total = try withUnsafeMutablePointer(to: &copied) { context in
            try t.forEachVisibleItem(offset: offset, height: height, overscan: int(overscan),
                                     limit: out == nil ? 0 : int(capacity), context: context) { context, records, count in
                guard let copied = context?.assumingMemoryBound(to: VisibleCopy.self),
                      let out = copied.pointee.out,
                      let records = records?.assumingMemoryBound(to: ItemRecord.self) else { return }
                var written = copied.pointee.written
                for r in UnsafeBufferPointer(start: records, count: count) {
                    out[written] = fold_visible_item(position: Int64(r.position), kind: r.kind.rawValue,
                                                     depth: Int32(clamping: r.depth), section: r.sectionID,
                                                     row: Int64(r.row), top: r.top, height: r.height,
                                                     flags: r.flags.rawValue, reserved: 0)
                    written += 1
                }
                copied.pointee.written = written
            }
        }
        outWritten.pointee = Int64(copied.written)
        store(outTotal, Int64(total))
    }
}
