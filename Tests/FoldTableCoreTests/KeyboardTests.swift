import Testing
@testable import FoldTableCore

// The keyboard model (foldtable.h, "Focus and keyboard"): every key of the
// table with each modifier, from a fixed start, checked for the focus, the
// selection, the anchor, what was handled and done, and one change set.

/// A 0, rows 1-2, B 3 (inside A), rows 4-5, C 6, rows 7-8.
/// Tops with headers 28 and rows 44: 0, 28, 72, 116, 144, 188, 232, 260, 304; content 348.
private func keyTable() throws -> Table {
    try makeTable([.section("A", rows: 2, children: [.section("B", rows: 2)]), .section("C", rows: 2)])
}

/// The selection as "key:row+count" and "key" for sections.
private func listed(_ t: Table) -> String {
    t.selection().map { $0.row < 0 ? $0.section : "\($0.section):\($0.row)+\($0.count)" }.joined(separator: " ")
}

private func anchor(_ t: Table) -> String {
    guard let a = t.selectionAnchor, let key = try? t.sectionKey(.id(a.section)) else { return "-" }
    return "\(key) \(a.row)"
}

private struct KeyCase: CustomTestStringConvertible {
    var name: String
    var focus: Int?
    var setup: (Table) throws -> Void = { _ in }
    var key: Key
    var modifiers: KeyModifiers = []
    var want: Int?
    var selection: String
    var anchor: String
    var handled = true
    var action = Activation.none
    var testDescription: String { name }
}

private let none: (Table) throws -> Void = { _ in }
private let anchorAt1: (Table) throws -> Void = { t in try t.selectItem(at: 1, how: .replace) }

private let cases: [KeyCase] = [
    // Movement keys alone: focus, select only it, make it the anchor.
    KeyCase(name: "down", focus: 1, key: .down, want: 2, selection: "A:1+1", anchor: "A 1"),
    KeyCase(name: "up to a header", focus: 1, key: .up, want: 0, selection: "A", anchor: "A -1"),
    KeyCase(name: "home", focus: 5, key: .home, want: 0, selection: "A", anchor: "A -1"),
    KeyCase(name: "end", focus: 1, key: .end, want: 8, selection: "C:1+1", anchor: "C 1"),
    KeyCase(name: "down on the last item", focus: 8, key: .down, want: 8, selection: "C:1+1", anchor: "C 1"),
    KeyCase(name: "up on the first item", focus: 0, key: .up, want: 0, selection: "A", anchor: "A -1"),
    // Without a focus: the first (up, end, page up: the last) and no further.
    KeyCase(name: "down without focus", focus: nil, key: .down, want: 0, selection: "A", anchor: "A -1"),
    KeyCase(name: "up without focus", focus: nil, key: .up, want: 8, selection: "C:1+1", anchor: "C 1"),
    KeyCase(name: "end without focus", focus: nil, key: .end, want: 8, selection: "C:1+1", anchor: "C 1"),
    KeyCase(name: "home without focus", focus: nil, key: .home, want: 0, selection: "A", anchor: "A -1"),
    // Shift: the range from the anchor, replacing.
    KeyCase(name: "shift down", focus: 1, setup: anchorAt1, key: .down, modifiers: .shift, want: 2,
            selection: "A:0+2", anchor: "A 0"),
    KeyCase(name: "shift down past a header", focus: 2, setup: anchorAt1, key: .down, modifiers: .shift, want: 3,
            selection: "A:0+2 B", anchor: "A 0"),
    KeyCase(name: "shift end", focus: 1, setup: anchorAt1, key: .end, modifiers: .shift, want: 8,
            selection: "A:0+2 B B:0+2 C C:0+2", anchor: "A 0"),
    KeyCase(name: "shift up replaces", focus: 4, setup: { t in try t.selectItem(at: 4, how: .replace); try t.selectItem(at: 7, how: .add); try t.setSelectionAnchor(section: "B", row: 0) },
            key: .up, modifiers: .shift, want: 3, selection: "B B:0+1", anchor: "B 0"),
    KeyCase(name: "shift down without anchor", focus: 1, key: .down, modifiers: .shift, want: 2,
            selection: "A:1+1", anchor: "A 1"),
    // Ctrl: focus only.
    KeyCase(name: "ctrl down", focus: 1, setup: anchorAt1, key: .down, modifiers: .ctrl, want: 2,
            selection: "A:0+1", anchor: "A 0"),
    KeyCase(name: "ctrl home", focus: 4, setup: anchorAt1, key: .home, modifiers: .ctrl, want: 0,
            selection: "A:0+1", anchor: "A 0"),
    // Ctrl+Shift: the range added.
    KeyCase(name: "ctrl shift down", focus: 4, setup: { t in try t.selectItem(at: 7, how: .replace); try t.selectItem(at: 1, how: .add) },
            key: .down, modifiers: [.ctrl, .shift], want: 5, selection: "A:0+2 B B:0+2 C:0+1", anchor: "A 0"),
    // Left: collapse an expanded header (focus stays), else to the parent's header.
    KeyCase(name: "left collapses", focus: 0, key: .left, want: 0, selection: "", anchor: "-", action: .sectionCollapsed),
    KeyCase(name: "left on a nested header collapses", focus: 3, key: .left, want: 3, selection: "", anchor: "-",
            action: .sectionCollapsed),
    KeyCase(name: "left on a row", focus: 4, key: .left, want: 3, selection: "B", anchor: "B -1"),
    KeyCase(name: "shift left on a row", focus: 5, setup: { t in try t.selectItem(at: 5, how: .replace) }, key: .left,
            modifiers: .shift, want: 3, selection: "B B:0+2", anchor: "B 1"),
    KeyCase(name: "ctrl left on a row", focus: 7, key: .left, modifiers: .ctrl, want: 6, selection: "", anchor: "-"),
    KeyCase(name: "left on a collapsed top header", focus: 6, setup: { t in try t.setCollapsed(true, section: "C") },
            key: .left, want: 6, selection: "", anchor: "-", handled: false),
    KeyCase(name: "left on a collapsed nested header", focus: 3, setup: { t in try t.setCollapsed(true, section: "B") },
            key: .left, want: 0, selection: "A", anchor: "A -1"),
    // Right: expand a collapsed header, else to its first child.
    KeyCase(name: "right expands", focus: 6, setup: { t in try t.setCollapsed(true, section: "C") }, key: .right,
            want: 6, selection: "", anchor: "-", action: .sectionExpanded),
    KeyCase(name: "right to the first child", focus: 0, key: .right, want: 1, selection: "A:0+1", anchor: "A 0"),
    KeyCase(name: "ctrl right", focus: 3, key: .right, modifiers: .ctrl, want: 4, selection: "", anchor: "-"),
    KeyCase(name: "right on a row", focus: 4, key: .right, want: 4, selection: "", anchor: "-", handled: false),
    // Space: toggle and anchor; Shift: the range from the anchor; Ctrl: toggle.
    KeyCase(name: "space", focus: 2, setup: anchorAt1, key: .space, want: 2, selection: "A:0+2", anchor: "A 1"),
    KeyCase(name: "space again", focus: 1, setup: anchorAt1, key: .space, want: 1, selection: "", anchor: "A 0"),
    KeyCase(name: "ctrl space", focus: 3, setup: anchorAt1, key: .space, modifiers: .ctrl, want: 3,
            selection: "A:0+1 B", anchor: "B -1"),
    KeyCase(name: "shift space", focus: 4, setup: { t in try t.selectItem(at: 7, how: .replace); try t.setSelectionAnchor(section: "A", row: 0) },
            key: .space, modifiers: .shift, want: 4, selection: "A:0+2 B B:0+1", anchor: "A 0"),
    KeyCase(name: "ctrl shift space adds", focus: 4, setup: { t in try t.selectItem(at: 7, how: .replace); try t.setSelectionAnchor(section: "A", row: 1) },
            key: .space, modifiers: [.ctrl, .shift], want: 4, selection: "A:1+1 B B:0+1 C:0+1", anchor: "A 1"),
    KeyCase(name: "space without focus", focus: nil, key: .space, want: nil, selection: "", anchor: "-", handled: false),
    // Plus, minus, asterisk on the focused header.
    KeyCase(name: "plus expands", focus: 0, setup: { t in try t.setCollapsed(true, section: "A") }, key: .plus, want: 0,
            selection: "", anchor: "-", action: .sectionExpanded),
    KeyCase(name: "plus on an expanded header", focus: 0, key: .plus, want: 0, selection: "", anchor: "-"),
    KeyCase(name: "minus collapses", focus: 6, key: .minus, want: 6, selection: "", anchor: "-", action: .sectionCollapsed),
    KeyCase(name: "minus on a row", focus: 7, key: .minus, want: 7, selection: "", anchor: "-", handled: false),
    KeyCase(name: "asterisk", focus: 0,
            setup: { t in try t.setCollapsed(true, section: "B"); try t.setCollapsed(true, section: "A") },
            key: .asterisk, want: 0, selection: "", anchor: "-"),
]

@Suite struct KeyboardTests {
    @Test(arguments: cases)
    fileprivate func key(_ c: KeyCase) throws {
        let t = try keyTable()
        try c.setup(t)
        try t.setFocus(c.focus)
        let recorder = ChangeRecorder(t)
        let r = try t.pressKey(c.key, modifiers: c.modifiers)
        #expect(r.focus == c.want)
        #expect(t.focusPosition == c.want)
        #expect(listed(t) == c.selection)
        #expect(anchor(t) == c.anchor)
        #expect(r.handled == c.handled)
        #expect(r.action == c.action)
        #expect(recorder.sets.count <= 1)  // one change set for everything
        #expect(r.scrollOffset == 0 && !r.scroll)  // no viewport
    }

    @Test func asteriskExpandsEverythingBelow() throws {
        let t = try keyTable()
        try t.setCollapsed(true, section: "B")
        try t.setCollapsed(true, section: "A")
        try t.setCollapsed(true, section: "C")
        try t.setFocus(0)
        let recorder = ChangeRecorder(t)
        var heard: [String] = []
        t.onSection { key, event in heard.append("\(key) \(event)"); return true }
        _ = try t.pressKey(.asterisk)
        #expect(t.itemCount == 7)  // C stays collapsed
        #expect(heard == ["A willExpand", "B willExpand", "A didExpand", "B didExpand"])
        #expect(recorder.sets.count == 1)
        #expect(recorder.last?.changes == [FlatChange(position: 1, removed: 0, added: 3), FlatChange(position: 4, removed: 0, added: 2)])
    }

    @Test func aRefusalIsReported() throws {
        let t = try keyTable()
        t.onSection { _, _ in false }
        try t.setFocus(0)
        let r = try t.pressKey(.left)
        #expect(r.handled && r.action == .refused)
        #expect(t.itemCount == 9)
    }

    @Test func modesAndFooters() throws {
        var o = TableOptions()
        o.footerHeight = 10
        let t = try makeTable([.section("A", rows: 1), .section("B", rows: 1)], options: o)
        // A 0, row 1, footer 2, B 3, row 4, footer 5.
        try t.setFocus(1)
        try t.selectItem(at: 1, how: .replace)
        _ = try t.pressKey(.down)
        #expect(t.focusPosition == 2)
        #expect(listed(t) == "A:0+1")  // a footer is never selected
        #expect(try !t.pressKey(.space).handled)
        try t.setSelectionMode(.single)
        _ = try t.pressKey(.down, modifiers: .shift)  // as alone
        #expect(listed(t) == "B")
        try t.setSelectionMode(.none)
        _ = try t.pressKey(.down)
        #expect(t.focusPosition == 4)
        #expect(listed(t) == "")
        #expect(try !t.pressKey(.space).handled)
        #expect(throws: FoldError.self) { try t.pressKey(.down, modifiers: KeyModifiers(rawValue: 4)) }
        #expect(t.focusPosition == 4)
    }

    @Test func pagesKeepTheFocusOnScreen() throws {
        let t = try keyTable()
        try t.setViewport(Viewport(offset: 0, height: 100))
        try t.setFocus(0)
        var r = try t.pressKey(.pageDown)
        #expect(r.focus == 2)  // y 100 in row A 1 (72..116)
        #expect(r.scrollOffset == 72 && r.scroll)
        try t.setViewport(Viewport(offset: 72, height: 100))
        r = try t.pressKey(.pageDown)
        #expect(r.focus == 4)  // 72 + 100: B row 0 (144..188)
        #expect(r.scrollOffset == 144)
        r = try t.pressKey(.pageUp)  // 144 - 100: A row 0 (28..72)
        #expect(r.handled && r.focus == 1)
        #expect(r.scrollOffset == 0 && r.scroll)  // 72 + (28 - 144), clamped
        #expect(listed(t) == "A:0+1")
        r = try t.pressKey(.pageDown, modifiers: .shift)  // 28 + 100: B's header (116..144)
        #expect(r.focus == 3)
        #expect(listed(t) == "A:0+2 B")
        // Down scrolls as little as shows the item.
        try t.setViewport(Viewport(offset: 0, height: 100))
        try t.setFocus(2)
        r = try t.pressKey(.down)
        #expect(r.focus == 3)
        #expect(r.scrollOffset == 44 && r.scroll)  // bottom 144 - 100
        // Without a viewport pages are not handled.
        try t.setViewport(nil)
        #expect(try !t.pressKey(.pageDown).handled)
    }
}
