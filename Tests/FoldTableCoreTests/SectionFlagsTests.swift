import Testing
@testable import FoldTableCore

/// Records every change set and section event a table reports.
private final class Log {
    var sets: [ChangeSet] = []
    var events: [String] = []
    /// Keys whose "will" events are refused.
    var refuse: Set<String> = []
    init(_ t: Table) {
        t.onChange { [unowned self] in self.sets.append($0) }
        t.onSection { [unowned self] key, event in
            self.events.append("\(key) \(event)")
            return !self.refuse.contains(key)
        }
        t.onRow { [unowned self] ref, event in
            self.events.append("\(ref.section).\(ref.row) \(event)")
            return !self.refuse.contains("\(ref.section).\(ref.row)")
        }
    }
    var last: ChangeSet? { sets.last }
}

/// Section flags (FOLD_SECTION_COLLAPSED / FIXED / NO_HEADER), not collapsible
/// sections, empty sections that keep a collapsed state, header redraws on
/// row-count changes, and Activation.refused.
@Suite struct SectionFlagsTests {
    /// "a" (3 rows), "f" fixed (2 rows), "b" (1 row); header 28, row 44.
    /// Items: a 0, rows 1-3; f 4, rows 5-6; b 7, row 8.
    private func table(_ options: TableOptions = TableOptions()) throws -> Table {
        let t = try Table(options: options)
        try t.insertSection(at: 0, key: "a", rows: 3)
        try t.insertSection(at: 1, key: "f", rows: 2, flags: .fixed)
        try t.insertSection(at: 2, key: "b", rows: 1)
        return t
    }

    @Test func flagValues() {
        #expect(SectionFlags.collapsed.rawValue == 1)
        #expect(SectionFlags.fixed.rawValue == 2)
        #expect(SectionFlags.noHeader.rawValue == 4)
        #expect(SectionFlags.collapsible.rawValue == 8)
        #expect(FoldError.Code.notAllowed.rawValue == -7)
        #expect(Activation.refused.rawValue == 5)
    }

    @Test func fixedSectionRefusesCollapseAndShowsNoIndicator() throws {
        let t = try table()
        let log = Log(t)
        #expect(try t.item(at: 4).withoutID == Item(kind: .header, section: 1, collapsible: false))
        #expect(try t.item(at: 0).withoutID == Item(kind: .header, section: 0, collapsible: true))
        #expect(try t.indicator(section: "f") == "")
        #expect(try t.indicator(section: "a") == "\u{2013}")
        #expect(try t.isCollapsible(section: "f") == false)
        #expect(throws: FoldError(.notAllowed, "section \"f\" is not collapsible")) {
            try t.setCollapsed(true, section: "f")
        }
        #expect(throws: FoldError(.notAllowed, "section \"f\" is not collapsible")) {
            try t.toggle(section: "f")
        }
        // Expanding it does nothing.
        #expect(try t.setCollapsed(false, section: "f") == false)
        // Refusals change nothing and say nothing.
        #expect(log.sets.isEmpty && log.events.isEmpty)
        #expect(t.itemCount == 9)
        #expect(try t.isCollapsed(section: "f") == false)
        // Activating its header does nothing.
        #expect(try t.activate(position: 4) == .none)
        #expect(log.sets.isEmpty && log.events.isEmpty)
        // Collapse-all skips it.
        #expect(try t.setAllCollapsed(true) == 2)
        #expect(try t.isCollapsed(section: "f") == false)
        #expect(t.itemCount == 1 + 3 + 1)
        #expect(log.events == ["a willCollapse", "b willCollapse", "a didCollapse", "b didCollapse"])
    }

    @Test func insertFlagsAreCheckedFirst() throws {
        var o = TableOptions()
        o.startCollapsed = true
        let t = try table(o)
        // start_collapsed applies to collapsible sections only.
        #expect(try t.isCollapsed(section: "a") == true)
        #expect(try t.isCollapsed(section: "f") == false)
        #expect(t.itemCount == 1 + 3 + 1)
        let log = Log(t)
        #expect(throws: FoldError(.invalidArgument, "section \"x\" cannot start collapsed: it is not collapsible (fixed or without a header)")) {
            try t.insertSection(at: 0, key: "x", flags: [.collapsed, .fixed])
        }
        #expect(throws: FoldError.self) { try t.insertSection(at: 0, key: "x", flags: [.collapsed, .noHeader]) }
        #expect(throws: FoldError(.invalidArgument, "section flags 8 are not known (collapsed 1, fixed 2, no header 4, expanded 16, unloaded 32, no focus 256, no drop 512)")) {
            try t.insertSection(at: 0, key: "x", flags: SectionFlags(rawValue: 8))
        }
        #expect(throws: FoldError(.invalidArgument, "section flags 8 are not known (collapsed 1, fixed 2, no header 4, expanded 16, unloaded 32, no focus 256, no drop 512)")) {
            try t.insertSection(at: 0, key: "x", flags: .collapsible)
        }
        #expect(log.sets.isEmpty)
        #expect(t.sectionCount == 3)
        // What is reported.
        try t.insertSection(at: 3, key: "g", flags: .noHeader)
        try t.insertSection(at: 4, key: "e", flags: .collapsed)
        #expect(try t.flags(section: "a") == [.collapsed, .collapsible])
        #expect(try t.flags(section: "f") == [.fixed])
        #expect(try t.flags(section: "b") == [.collapsed, .collapsible])
        #expect(try t.flags(section: "g") == [.fixed, .noHeader])
        #expect(try t.flags(section: "e") == [.collapsed])
        #expect(throws: FoldError.self) { try t.section(.key("x")) }
    }

    @Test func insertedCollapsedInOneChange() throws {
        let t = try table()
        let log = Log(t)
        try t.insertSection(in: "a", at: 1, key: "sub", header: "Sub", rows: 4, flags: .collapsed)
        // a's header 0, row 1, sub's header 2 (rows hidden), rows 3, 4 of a.
        #expect(log.sets.count == 1)
        #expect(log.last?.changes == [FlatChange(position: 2, removed: 0, added: 1)])
        #expect(log.last?.contentHeightDelta == 28)
        #expect(log.events.isEmpty)
        #expect(try t.item(at: 2).withoutID == Item(kind: .header, depth: 1, section: 1, collapsed: true, collapsible: true))
        #expect(try t.indicator(section: "sub") == "+")
        #expect(t.itemCount == 10)
        #expect(try t.setCollapsed(false, section: "sub"))
        #expect(log.last?.changes == [FlatChange(position: 3, removed: 0, added: 4)])
    }

    @Test func emptySectionKeepsCollapsedStateWithEvents() throws {
        let t = try table()
        try t.insertSection(at: 3, key: "e")  // header at 9
        let log = Log(t)
        #expect(try t.setCollapsed(true, section: "e"))
        #expect(log.events == ["e willCollapse", "e didCollapse"])
        #expect(log.sets.count == 1)
        #expect(log.last?.changes == [])
        #expect(log.last?.redraw == [9..<10])
        #expect(log.last?.contentHeightDelta == 0)
        #expect(try t.item(at: 9).withoutID == Item(kind: .header, section: 3, collapsed: true, collapsible: false))
        #expect(try t.indicator(section: "e") == "")
        // Rows inserted into it stay hidden; its header is redrawn (count and indicator).
        try t.insertRows(section: "e", at: 0, count: 5)
        #expect(log.last?.changes == [])
        #expect(log.last?.redraw == [9..<10])
        #expect(log.last?.contentHeightDelta == 0)
        #expect(t.itemCount == 10)
        #expect(try t.indicator(section: "e") == "+")
        #expect(try t.item(at: 9).withoutID == Item(kind: .header, section: 3, collapsed: true, collapsible: true))
        // A subsection inserted into it adds nothing visible (and no rows): nothing to report.
        let sent = log.sets.count
        try t.insertSection(in: "e", at: 0, key: "e1", rows: 2)
        #expect(log.sets.count == sent)
        #expect(t.itemCount == 10)
        #expect(try t.setCollapsed(false, section: "e"))
        #expect(log.last?.changes == [FlatChange(position: 10, removed: 0, added: 1 + 2 + 5)])
        // A refused collapse of an empty section changes nothing.
        try t.insertSection(at: 4, key: "e2")  // header at 18
        let count = log.sets.count
        log.refuse = ["e2"]
        log.events = []
        #expect(try t.setCollapsed(true, section: "e2") == false)
        #expect(log.events == ["e2 willCollapse"])
        #expect(log.sets.count == count)
        #expect(try t.isCollapsed(section: "e2") == false)
    }

    @Test func setCollapsible() throws {
        var o = TableOptions()
        o.footerHeight = 10
        let t = try table(o)
        // a 0, rows 1-3, footer 4; f 5, rows 6-7, footer 8; b 9, row 10, footer 11.
        let log = Log(t)
        try t.setCollapsible(false, section: "a")
        #expect(log.last?.changes == [])
        #expect(log.last?.redraw == [0..<1, 4..<5])
        #expect(try t.item(at: 4).withoutID == Item(kind: .footer, section: 0, collapsible: false))
        #expect(throws: FoldError(.notAllowed, "section \"a\" is not collapsible")) { try t.toggle(section: "a") }
        // The same again says nothing.
        try t.setCollapsible(false, section: "a")
        #expect(log.sets.count == 1)
        try t.setCollapsible(true, section: "f")
        #expect(log.last?.redraw == [5..<6, 8..<9])
        #expect(try t.toggle(section: "f"))
        // A collapsed section cannot be made fixed.
        let count = log.sets.count
        #expect(throws: FoldError(.notAllowed, "section \"f\" is collapsed: expand it first, then make it not collapsible")) {
            try t.setCollapsible(false, section: "f")
        }
        #expect(log.sets.count == count)
        #expect(try t.isCollapsible(section: "f"))
        // An empty section changes flag but no indicator: nothing to redraw, nothing said.
        try t.insertSection(at: 3, key: "e")
        let before = log.sets.count
        try t.setCollapsible(false, section: "e")
        #expect(log.sets.count == before)
        #expect(try t.isCollapsible(section: "e") == false)
        // A section without a header item stays fixed.
        try t.insertSection(at: 4, key: "g", rows: 1, flags: .noHeader)
        #expect(try t.isCollapsible(section: "g") == false)
        #expect(throws: FoldError(.notAllowed, "section \"g\" has no header item, so it stays not collapsible")) {
            try t.setCollapsible(true, section: "g")
        }
        try t.setCollapsible(false, section: "g")
    }

    @Test func headerRedrawnWhenItsRowCountChanges() throws {
        let t = try table()
        let log = Log(t)
        try t.removeRows(section: "a", at: 0, count: 1)
        // a 0, rows 1-2; f 3, rows 4-5; b 6, row 7.
        #expect(log.last?.changes == [FlatChange(position: 1, removed: 1, added: 0)])
        #expect(log.last?.redraw == [0..<1])
        // Collapsed: no items change, the header is still redrawn.
        try t.setCollapsed(true, section: "b")
        try t.insertRows(section: "b", at: 1, count: 2)
        #expect(log.last?.changes == [])
        #expect(log.last?.redraw == [6..<7])
        try t.removeRows(section: "b", at: 0, count: 1)
        #expect(log.last?.redraw == [6..<7])
        // A row moved from a to the collapsed b: both headers.
        try t.moveChild(from: [0, 0], to: [2, 0])
        #expect(log.last?.changes == [FlatChange(position: 1, removed: 1, added: 0)])
        #expect(log.last?.redraw == [0..<1, 5..<6])
        // Within one section: its count stays, no header: only the moved row (bound again).
        try t.moveChild(from: [1, 0], to: [1, 1])
        #expect(log.last?.changes == [FlatChange(position: 3, removed: 1, added: 0), FlatChange(position: 4, removed: 0, added: 1)])
        #expect(log.last?.redraw == [4..<5])
        // removeChildren that removes rows.
        try t.removeChildren(of: "f", at: 0, count: 1)
        #expect(log.last?.redraw == [2..<3])
        // A subsection inserted among rows does not change the row count.
        try t.insertSection(in: "a", at: 0, key: "s", rows: 0)
        #expect(log.last?.redraw == [])
        try t.removeChildren(of: "a", at: 0, count: 1)
        #expect(log.last?.redraw == [])
    }

    @Test func activationTellsRefusalFromNothing() throws {
        var o = TableOptions()
        o.footerHeight = 10
        let t = try table(o)
        // a 0, rows 1-3, footer 4; f 5, rows 6-7, footer 8; b 9, row 10, footer 11.
        try t.setExpandedHeight(100, section: "a", row: 0)
        let log = Log(t)
        log.refuse = ["a", "a.0"]
        #expect(try t.activate(position: 0) == .refused)
        #expect(try t.activate(position: 1) == .refused)
        #expect(log.events == ["a willCollapse", "a.0 willExpand"])
        #expect(log.sets.isEmpty)
        #expect(try t.activate(position: 2) == .none)  // cannot expand
        #expect(try t.activate(position: 4) == .none)  // footer
        #expect(try t.activate(position: 5) == .none)  // fixed header
        #expect(log.sets.isEmpty)
        #expect(try t.activate(position: 9) == .sectionCollapsed)
        log.refuse = []
        #expect(try t.activate(position: 1) == .rowExpanded)
        log.refuse = ["a.0"]
        #expect(try t.activate(position: 1) == .refused)
        #expect(try t.isRowExpanded(section: "a", row: 0))
    }

    @Test func savedCollapseOfAFixedSectionIsNotApplied() throws {
        let t = try table()
        try t.insertSection(at: 3, key: "e")
        let report = try t.importState(#"{"version": 1, "collapsed": {"a": true, "f": true, "b": false, "e": true}, "expanded": []}"#)
        #expect(report.sections == 3)
        #expect(try t.isCollapsed(section: "f") == false)
        #expect(try t.isCollapsed(section: "a"))
        #expect(try t.isCollapsed(section: "e"))
        // A saved expansion of a fixed section is in effect (it is expanded).
        let again = try t.importState(#"{"version": 1, "collapsed": {"f": false}, "expanded": []}"#)
        #expect(again.sections == 1)
    }
}
