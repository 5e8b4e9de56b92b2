import CFoldTable
import FoldTableCore

@_cdecl("fold_table_sticky_headers")
public func fold_table_sticky_headers(_ table: OpaquePointer?, _ offset: Double,
                                      _ out: UnsafeMutablePointer<fold_sticky_header>?, _ capacity: Int64,
                                      _ outWritten: UnsafeMutablePointer<Int64>?,
                                      _ outTotal: UnsafeMutablePointer<Int64>?) -> Int32 {
    withTable(table) { t in
        let outWritten = try required(outWritten, "out_written")
        try checkArray(out, capacity)
        let headers = try t.stickyHeaders(offset: offset)
        let written = min(headers.count, int(capacity))
        if let out {
            for (i, h) in headers.prefix(written).enumerated() {
                out[i] = fold_sticky_header(position: Int64(h.position), section: h.sectionID, depth: Int32(clamping: h.depth), reserved: 0,
                                            top: h.top, height: h.height)
            }
        }
        outWritten.pointee = Int64(written)
        store(outTotal, Int64(headers.count))
    }
}
