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

/// Whether the core's `VisibleRecord` is laid out as `fold_visible_item`,
/// field for field: then the walk writes the caller's array itself.
/// (Swift lays out a struct's stored fields in order today, but does not
/// promise it: a compiler that did otherwise gets the copy below.)
private let recordsAreVisibleItems: Bool = {
    typealias R = VisibleRecord
    typealias C = fold_visible_item
    func same<A, B>(_ a: KeyPath<R, A>, _ b: KeyPath<C, B>) -> Bool {
        MemoryLayout<A>.size == MemoryLayout<B>.size && MemoryLayout<R>.offset(of: a) == MemoryLayout<C>.offset(of: b)
    }
    return MemoryLayout<R>.size == MemoryLayout<C>.size && MemoryLayout<R>.stride == MemoryLayout<C>.stride
        && MemoryLayout<R>.alignment == MemoryLayout<C>.alignment
        && same(\.position, \.position) && same(\.kind, \.kind) && same(\.depth, \.depth)
        && same(\.section, \.section) && same(\.row, \.row) && same(\.top, \.top)
        && same(\.height, \.height) && same(\.flags, \.flags) && same(\.reserved, \.reserved)
}()

@_cdecl("fold_table_visible_items")
public func fold_table_visible_items(_ table: OpaquePointer?, _ offset: Double, _ height: Double,
                                     _ overscan: Int64, _ out: UnsafeMutablePointer<fold_visible_item>?,
                                     _ capacity: Int64, _ outWritten: UnsafeMutablePointer<Int64>?,
                                     _ outTotal: UnsafeMutablePointer<Int64>?) -> Int32 {
    withTable(table) { t in
        let outWritten = try required(outWritten, "out_written")
        try checkArray(out, capacity)
        let limit = out == nil ? 0 : int(capacity)
        let (total, written): (Int, Int)
        if let out, limit > 0, recordsAreVisibleItems {
            (total, written) = try out.withMemoryRebound(to: VisibleRecord.self, capacity: limit) { records in
                try t.forEachVisibleItem(offset: offset, height: height, overscan: int(overscan),
                                         into: records, capacity: limit)
            }
        } else if let out, limit > 0 {
            let records = UnsafeMutablePointer<VisibleRecord>.allocate(capacity: limit)
            defer { records.deallocate() }
            (total, written) = try t.forEachVisibleItem(offset: offset, height: height, overscan: int(overscan),
                                                        into: records, capacity: limit)
            for (i, r) in UnsafeBufferPointer(start: records, count: written).enumerated() {
                out[i] = fold_visible_item(position: r.position, kind: r.kind, depth: r.depth, section: r.section,
                                           row: r.row, top: r.top, height: r.height, flags: r.flags, reserved: 0)
            }
        } else {
            (total, written) = try t.forEachVisibleItem(offset: offset, height: height, overscan: int(overscan),
                                                        into: nil, capacity: 0)
        }
        outWritten.pointee = Int64(written)
        store(outTotal, Int64(total))
    }
}
