import CFoldTable
import FoldTableCore

/// The dragged items from C: `count` refs (NULL and 0 for none), checked
/// before they become an array.
private func dragItems(_ pointer: UnsafePointer<fold_item_ref>?, _ count: Int64, _ name: String) throws -> [DragItem] {
    guard count >= 0 else { throw FoldError(.outOfRange, "\(name) count \(count) must be >= 0") }
    // More than a table can hold would name some item twice: refused before reading.
    guard count <= Int64(Limits.maxSections) + Int64(Limits.maxRows) else {
        throw FoldError(.outOfRange, "\(name) count \(count) is more items than a table can hold")
    }
    guard count > 0 else { return [] }
    guard let pointer else { throw FoldError(.invalidArgument, "\(name) is NULL but the count is \(count)") }
    return UnsafeBufferPointer(start: pointer, count: int(count)).map { DragItem(section: $0.section, row: int($0.row)) }
}

@_cdecl("fold_table_drop_target")
public func fold_table_drop_target(_ table: OpaquePointer?, _ x: Double, _ y: Double, _ indentWidth: Double,
                                   _ dragged: UnsafePointer<fold_item_ref>?, _ draggedCount: Int64,
                                   _ out: UnsafeMutablePointer<fold_drop_target>?) -> Int32 {
    withTable(table, output: out, "out_target") { t in
        let d = try t.dropTarget(x: x, y: y, indentWidth: indentWidth,
                                 dragged: dragItems(dragged, draggedCount, "dragged"))
        return fold_drop_target(kind: d.kind.rawValue, depth: Int32(clamping: d.depth), parent: d.parent,
                                index: Int64(d.index), position: Int64(d.position), line_y: d.lineY,
                                line_x: d.lineX, highlight_top: d.highlightTop, highlight_height: d.highlightHeight)
    }
}

@_cdecl("fold_table_drop")
public func fold_table_drop(_ table: OpaquePointer?, _ parent: UInt64, _ index: Int64,
                            _ items: UnsafePointer<fold_item_ref>?, _ count: Int64) -> Int32 {
    withTable(table) { t in
        let ref = parentRef(parent)
        let at = try insertionIndex(index) { try t.childCount(ref) }
        try t.drop(parent: ref, at: at, items: dragItems(items, count, "items"))
    }
}
