import CFoldTable
import FoldTableCore

/// A move from C (FOLD_NAV_*).
private func navigationMove(_ move: Int32) throws -> NavigationMove {
    guard let m = NavigationMove(rawValue: move) else {
        throw FoldError(.invalidArgument, "move \(move) is not known (FOLD_NAV_NEXT 0, FOLD_NAV_PREVIOUS 1, "
                        + "FOLD_NAV_FIRST 2, FOLD_NAV_LAST 3, FOLD_NAV_PARENT 4, FOLD_NAV_FIRST_CHILD 5, "
                        + "FOLD_NAV_NEXT_SIBLING 6, FOLD_NAV_PREVIOUS_SIBLING 7, FOLD_NAV_PAGE_DOWN 8, "
                        + "FOLD_NAV_PAGE_UP 9)")
    }
    return m
}

/// A key from C (FOLD_KEY_*).
private func keyFromC(_ key: Int32) throws -> Key {
    guard let k = Key(rawValue: key) else {
        throw FoldError(.invalidArgument, "key \(key) is not known (FOLD_KEY_UP 1, FOLD_KEY_DOWN 2, FOLD_KEY_LEFT 3, "
                        + "FOLD_KEY_RIGHT 4, FOLD_KEY_HOME 5, FOLD_KEY_END 6, FOLD_KEY_PAGE_UP 7, "
                        + "FOLD_KEY_PAGE_DOWN 8, FOLD_KEY_SPACE 9, FOLD_KEY_PLUS 10, FOLD_KEY_MINUS 11, "
                        + "FOLD_KEY_ASTERISK 12)")
    }
    return k
}

/// A position from C where -1 means none.
private func optionalPosition(_ position: Int64) -> Int? {
    position == -1 ? nil : int(position)
}

@_cdecl("fold_table_set_focus_kinds")
public func fold_table_set_focus_kinds(_ table: OpaquePointer?, _ kinds: UInt32) -> Int32 {
    withTable(table) { t in try t.setFocusKinds(FocusKinds(rawValue: kinds)) }
}

@_cdecl("fold_table_set_focus")
public func fold_table_set_focus(_ table: OpaquePointer?, _ position: Int64) -> Int32 {
    withTable(table) { t in try t.setFocus(optionalPosition(position)) }
}

@_cdecl("fold_table_focus")
public func fold_table_focus(_ table: OpaquePointer?, _ out: UnsafeMutablePointer<Int64>?) -> Int32 {
    withTable(table, output: out, "out_position") { t in Int64(t.focusPosition ?? -1) }
}

@_cdecl("fold_table_navigate")
public func fold_table_navigate(_ table: OpaquePointer?, _ from: Int64, _ move: Int32,
                                _ out: UnsafeMutablePointer<Int64>?) -> Int32 {
    withTable(table, output: out, "out_position") { t in
        Int64(try t.navigate(from: optionalPosition(from), navigationMove(move)))
    }
}

@_cdecl("fold_table_press_key")
public func fold_table_press_key(_ table: OpaquePointer?, _ key: Int32, _ modifiers: UInt32,
                                 _ out: UnsafeMutablePointer<fold_key_result>?) -> Int32 {
    withTable(table) { t in
        let r = try t.pressKey(keyFromC(key), modifiers: KeyModifiers(rawValue: modifiers))
        store(out, fold_key_result(handled: r.handled ? 1 : 0, action: r.action.rawValue, focus: Int64(r.focus ?? -1),
                                   scroll_offset: r.scrollOffset, scroll: r.scroll ? 1 : 0, reserved: 0))
    }
}
