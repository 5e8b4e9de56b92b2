#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CFoldTable
import FoldTableCore

/// The C struct for `o`, with the table's current accordion, sticky levels
/// and follow_end.
private func cOptions(_ o: TableOptions, accordion: Accordion, stickyLevels: Int,
                      followEnd: Bool) -> fold_table_options {
    fold_table_options(size: UInt32(MemoryLayout<fold_table_options>.size),
                       start_collapsed: o.startCollapsed ? 1 : 0,
                       row_height: o.rowHeight, header_height: o.headerHeight,
                       footer_height: o.footerHeight, padding_top: o.paddingTop,
                       padding_bottom: o.paddingBottom, accordion: accordion.rawValue,
                       sticky_levels: Int32(clamping: stickyLevels),
                       follow_end: followEnd ? 1 : 0)
}

private func defaultOptions() -> fold_table_options {
    let d = TableOptions()
    return cOptions(d, accordion: d.accordion, stickyLevels: d.stickyLevels, followEnd: d.followEnd)
}

/// Writes `value` into `out` field by field after zeroing all of it: since
/// follow_end the struct ends in 4 bytes of padding, and a caller comparing
/// two option structs byte for byte (memcmp) must see equal options as equal.
private func store(_ value: fold_table_options, to out: UnsafeMutablePointer<fold_table_options>) {
    _ = memset(out, 0, MemoryLayout<fold_table_options>.size)
    out.pointee.size = value.size
    out.pointee.start_collapsed = value.start_collapsed
    out.pointee.row_height = value.row_height
    out.pointee.header_height = value.header_height
    out.pointee.footer_height = value.footer_height
    out.pointee.padding_top = value.padding_top
    out.pointee.padding_bottom = value.padding_bottom
    out.pointee.accordion = value.accordion
    out.pointee.sticky_levels = value.sticky_levels
    out.pointee.follow_end = value.follow_end
}

/// follow_end as a Bool: 0 or 1, anything else is refused (other values are
/// kept for later modes).
private func followEnd(_ value: Int32, _ what: String) throws -> Bool {
    guard value == 0 || value == 1 else {
        throw FoldError(.invalidArgument, "\(what) \(value) must be 0 or 1")
    }
    return value == 1
}

/// The first layout of fold_table_options ended after padding_bottom.
private let firstOptionsSize = MemoryLayout<fold_table_options>.offset(of: \fold_table_options.accordion) ?? 48

@_cdecl("fold_table_options_init")
public func fold_table_options_init(_ options: UnsafeMutablePointer<fold_table_options>?) {
    if let options { store(defaultOptions(), to: options) }
}

@_cdecl("fold_table_new")
public func fold_table_new(_ options: UnsafePointer<fold_table_options>?,
                           _ outTable: UnsafeMutablePointer<OpaquePointer?>?) -> Int32 {
    guard let outTable else { return fail(FOLD_E_INVALID, "out_table is NULL") }
    var given = defaultOptions()
    if let options {
        // Read only the fields the caller's struct has (its size says which).
        let size = Int(options.pointee.size)
        guard size >= firstOptionsSize else {
            return fail(FOLD_E_INVALID, "options->size is \(size); call fold_table_options_init() first")
        }
        memcpy(&given, options, min(size, MemoryLayout<fold_table_options>.size))
        given.size = UInt32(MemoryLayout<fold_table_options>.size)
    }
    guard let accordion = Accordion(rawValue: given.accordion) else {
        return fail(FOLD_E_INVALID, "accordion \(given.accordion) is not a FOLD_ACCORDION_* value")
    }
    var o = TableOptions()
    o.startCollapsed = given.start_collapsed != 0
    o.rowHeight = given.row_height
    o.headerHeight = given.header_height
    o.footerHeight = given.footer_height
    o.paddingTop = given.padding_top
    o.paddingBottom = given.padding_bottom
    o.accordion = accordion
    o.stickyLevels = Int(given.sticky_levels)
    do {
        o.followEnd = try followEnd(given.follow_end, "options->follow_end")
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
    // Inside one of the table's own callbacks the free is deferred (Handle.swift).
    if let table { TableBox.from(table).free() }
}

@_cdecl("fold_table_get_options")
public func fold_table_get_options(_ table: OpaquePointer?,
                                   _ out: UnsafeMutablePointer<fold_table_options>?) -> Int32 {
    withTable(table) { t in
        let out = try required(out, "out_options")
        // Write only as much as the caller's struct holds (its size says).
        let size = Int(out.pointee.size)
        guard size >= firstOptionsSize else {
            throw FoldError(.invalidArgument, "out_options->size is \(size); call fold_table_options_init() first")
        }
        var current = cOptions(t.options, accordion: t.accordion, stickyLevels: t.stickyLevels,
                               followEnd: t.followEnd)
        let count = min(size, MemoryLayout<fold_table_options>.size)
        current.size = UInt32(count)
        let full = UnsafeMutablePointer<fold_table_options>.allocate(capacity: 1)
        defer { full.deallocate() }
        store(current, to: full)
        _ = memcpy(out, full, count)
    }
}

@_cdecl("fold_table_set_accordion")
public func fold_table_set_accordion(_ table: OpaquePointer?, _ mode: Int32) -> Int32 {
    withTable(table) { t in
        guard let accordion = Accordion(rawValue: mode) else {
            throw FoldError(.invalidArgument, "accordion \(mode) is not a FOLD_ACCORDION_* value")
        }
        t.accordion = accordion
    }
}

@_cdecl("fold_table_set_sticky_levels")
public func fold_table_set_sticky_levels(_ table: OpaquePointer?, _ levels: Int32) -> Int32 {
    withTable(table) { t in
        guard levels >= 0 else { throw FoldError(.outOfRange, "sticky levels \(levels) must be >= 0") }
        t.stickyLevels = Int(levels)
    }
}

@_cdecl("fold_table_set_follow_end")
public func fold_table_set_follow_end(_ table: OpaquePointer?, _ follow: Int32) -> Int32 {
    withTable(table) { t in t.followEnd = try followEnd(follow, "follow") }
}

@_cdecl("fold_table_set_indicators")
public func fold_table_set_indicators(_ table: OpaquePointer?, _ collapsed: UnsafePointer<CChar>?,
                                      _ expanded: UnsafePointer<CChar>?) -> Int32 {
    withTable(table) { t in
        t.setIndicators(collapsed: try string(collapsed, "collapsed"), expanded: try string(expanded, "expanded"))
    }
}
