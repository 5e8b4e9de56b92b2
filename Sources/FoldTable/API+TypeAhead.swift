import CFoldTable
import FoldTableCore

@_cdecl("fold_table_find_text")
public func fold_table_find_text(_ table: OpaquePointer?, _ prefix: UnsafePointer<CChar>?, _ start: Int64,
                                 _ findFlags: UInt32, _ text: fold_item_text_fn?, _ userData: UnsafeMutableRawPointer?,
                                 _ out: UnsafeMutablePointer<Int64>?) -> Int32 {
    withTable(table, output: out, "out_position") { t in
        let prefix = try string(prefix, "prefix")
        // The C function's answer, as a String: NULL or invalid UTF-8 is no text.
        let asked = text.map { fn in
            { (item: Item, position: Int) -> String? in
                var c = fold_item(kind: item.kind.rawValue, depth: Int32(clamping: item.depth), section: item.sectionID,
                                  row: Int64(item.row), flags: flags(item), reserved: 0)
                return CallbackDepth.inside {
                    fn(&c, Int64(position), userData).flatMap { String(validatingCString: $0) }
                }
            }
        }
        return Int64(try t.findText(prefix: prefix, start: int(start), flags: FindFlags(rawValue: findFlags), text: asked))
    }
}
